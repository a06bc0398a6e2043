/**
 * The vault's retention: removing contacts last updated before a cutoff, by a rule the caller gives. The background's
 * alone (apart from the vault, so the pages, which never purge, do not load it). The store knows no rule: which
 * contacts a rule removes (by region, unless sent) is `src/retention/rules.ts`, applied by the background.
 *
 * A record that no longer reads is never removed by it: what cannot be read may be a contact the user paid for, and
 * is kept to be said ("could not be read") until the user chooses. Two guards make sure: the `updatedAt` range is
 * bounded on both sides (IndexedDB orders numbers and dates before every string, so an upper bound alone takes a
 * record whose `updatedAt` is a number or a date for the oldest of all), and each record is read through zod in the
 * removing transaction before it is deleted.
 */
import { db } from '../db';
import type { ContactRecord } from './vault-record';
import { removeReadable } from './vault-write';

/** Where a pass stopped in the `updatedAt` index: the next starts after it. */
export interface RetentionPlace {
  updatedAt: string;
  key: string;
}

/**
 * Up to `limit` vault keys of contacts last updated before `cutoff` (and after `after`), oldest first, read from the
 * `updatedAt` index alone (no record is read): a start with nothing expired costs one index step whatever the vault
 * holds. `last` is where it stopped, null when nothing more is in range.
 */
export async function expiredKeys(
  cutoff: Date,
  limit: number,
  after: RetentionPlace | null = null,
): Promise<{ keys: string[]; last: RetentionPlace | null }> {
  const range = IDBKeyRange.bound(after?.updatedAt ?? '', cutoff.toISOString(), false, true);
  const index = (await db()).transaction('contacts').store.index('updatedAt');
  let cursor = await index.openKeyCursor(range);
  // Entries at the place's own moment up to its key were seen (IndexedDB orders string keys as `<` does).
  while (cursor && after && cursor.key === after.updatedAt && cursor.primaryKey <= after.key) {
    cursor = await cursor.continue();
  }
  const keys: string[] = [];
  let last: RetentionPlace;
  while (cursor) {
    keys.push(cursor.primaryKey);
    last = { updatedAt: cursor.key, key: cursor.primaryKey };
    if (keys.length === limit) return { keys, last };
    cursor = await cursor.continue();
  }
  return { keys, last: null };
}

/** Whether a contact last updated before the cutoff is removed: told whether it has a send mark. */
export type Removable = (record: ContactRecord, sent: boolean) => boolean;

export const vaultRetention = {
  /**
   * Removes up to `limit` readable contacts last updated before `cutoff` in one transaction, starting after `after`,
   * those `removable` accepts (all, without it); says how many it removed and where to go on from (null when the
   * pass is done).
   */
  async purgeOlderThan(
    cutoff: Date,
    limit: number,
    after: RetentionPlace | null = null,
    removable?: Removable,
  ): Promise<{ removed: number; next: RetentionPlace | null }> {
    const { keys, last } = await expiredKeys(cutoff, limit, after);
    const limitAt = cutoff.toISOString();
    // A moment that is no date ('' sorts before every date) says nothing of the record's age: kept.
    const expired = (record: ContactRecord, sent: boolean) =>
      record.updatedAt < limitAt &&
      !Number.isNaN(Date.parse(record.updatedAt)) &&
      (removable ? removable(record, sent) : true);
    const removed = await removeReadable(keys, expired, { withSent: removable !== undefined });
    return { removed, next: last };
  },
};
