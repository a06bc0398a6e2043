/**
 * Store migration 6: the vault from one key per record and per id (version 1: `contact:<vault key>`,
 * `vault-id:<candidate id>`) into its buckets (version 2, `src/store/vault-buckets.ts`), so Chrome's cost of a
 * storage write stops growing with the vault.
 *
 * At 50,000 contacts that is 100,000 keys and ~40 MB to move, so it does not hold up a start: it runs after the
 * other migrations and the first reads, in steps of {@link STEP} keys with a pause between, while every reader reads
 * both layouts and every write goes to buckets. A step is `moveToBuckets` (`vault-write.ts`): merged into buckets
 * (an entry already there wins), then removed; cut off anywhere, the next start lists what is left and moves it.
 * Done once no version 1 key is left.
 */

import { browser } from 'wxt/browser';
import { PREFIXES } from '../keys';
import { storedKeys } from '../read';
import { MOVING } from '../vault-buckets';
import { moveToBuckets } from '../vault-write';

/** Keys moved a step: a step's read, write and removal each stay small next to the reads the UI waits for. */
export const STEP = 1_000;
/** The pause between steps, in which the UI's reads and writes go first. */
export const PAUSE_MS = 50;

/** The version 1 vault keys still stored. */
const versionOneKeys = async () =>
  (await storedKeys()).filter(
    (name) => PREFIXES.contact.idOf(name) !== null || PREFIXES.vaultId.idOf(name) !== null,
  );

export async function moveVaultToBuckets(step = STEP, pauseMs = PAUSE_MS): Promise<void> {
  const names = await versionOneKeys();
  for (let start = 0; start < names.length; start += step) {
    if (start > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    await moveToBuckets(names.slice(start, start + step));
  }
  await browser.storage.local.remove(MOVING);
}
