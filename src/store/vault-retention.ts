/**
 * The vault's retention: removing contacts last updated before a cutoff. The background's alone (apart from the vault,
 * so the pages, which never purge, do not load it).
 */
import { db } from './db';
import { removeRecords } from './vault-write';

/**
 * Up to `limit` vault keys of contacts last updated before `cutoff`, oldest first, read from the `updatedAt` index
 * alone (no record is read): a start with nothing expired costs one index step whatever the vault holds.
 */
export async function expiredKeys(cutoff: Date, limit: number): Promise<string[]> {
  const range = IDBKeyRange.upperBound(cutoff.toISOString(), true);
  return (await db()).getAllKeysFromIndex('contacts', 'updatedAt', range, limit);
}

export const vaultRetention = {
  /**
   * Removes up to `limit` contacts last updated before `cutoff` in one transaction; returns how many it removed.
   */
  async purgeOlderThan(cutoff: Date, limit: number): Promise<number> {
    const keys = await expiredKeys(cutoff, limit);
    await removeRecords(keys);
    return keys.length;
  },
};
