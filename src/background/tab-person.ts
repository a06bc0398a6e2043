/**
 * The popup's first screen in one round: the person the tab shows (its detection), the vault's record of them and
 * their reveal jobs. A page reading these itself opens the database first (a connection of its own, tens of
 * milliseconds on a busy machine) and reads the tab before it can ask the vault; the worker holds the database open.
 */
import type { TabPerson } from '../protocol/shapes';
import { vault } from '../store/database/vault/vault';
import { revealJobs } from '../store/items/reveal-jobs';
import { tabProfiles } from '../store/items/tabs';

export async function tabPerson(tabId: number): Promise<TabPerson> {
  // The vault's read waits on the tab's person; the jobs' does not.
  const jobs = revealJobs.all();
  const profile = await tabProfiles.get(tabId);
  if (!profile) return { profile: null, held: null, jobs: [] };
  const [held, all] = await Promise.all([vault.lookup({ socialUrl: profile.socialUrl }), jobs]);
  return { profile, held, jobs: all.filter((job) => job.vaultKey === profile.socialUrl) };
}
