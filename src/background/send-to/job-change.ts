/**
 * Keeps what a held person's LinkedIn page (or list row) showed of their job, when it differs from what was
 * revealed (`src/domain/job-change.ts`): free, from the page's own words, in the contact's turn so a reveal under way
 * is neither lost nor loses it. Called on every profile report and every page read; a contact not held is skipped.
 */
import { jobOfHeadline, withObservation } from '../../domain/job-change';
import { vault } from '../../store/database/vault/vault';
import { vaultWrite } from '../../store/database/vault/vault-write';
import { serialised } from '../lookup-contact';

export interface SeenOnPage {
  socialUrl: string | null;
  headline: string | null | undefined;
}

/** Compares each person seen with the contact held for them, and keeps a difference (or clears one gone). */
export async function noticeJobChanges(
  people: readonly SeenOnPage[],
  now = () => new Date().toISOString(),
): Promise<void> {
  for (const person of people) {
    const seen = jobOfHeadline(person.headline);
    if (!person.socialUrl || !seen) continue;
    const socialUrl = person.socialUrl;
    const held = await vault.find({ socialUrl });
    if (!held) continue;
    await serialised(held.key, async () => {
      const record = await vault.get(held.key);
      if (!record) return;
      const next = withObservation(record, seen, now());
      if (next !== record) await vaultWrite.put(next);
    });
  }
}
