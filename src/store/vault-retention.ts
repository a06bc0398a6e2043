/**
 * The vault's retention: removing expired contacts and old set-aside copies. The background's alone (apart from
 * the vault, so the pages, which never purge, do not load it).
 */
import { readMany, vault } from './vault';
import { purgeSetAsidesBefore } from './vault-asides';
import type { ContactRecord } from './vault-record';
import { vaultWrite } from './vault-write';

/** What a retention pass over some contacts found: removed, still within the period, or not there to read. */
export interface PurgeResult {
  removed: string[];
  kept: ContactRecord[];
  missing: string[];
}

/**
 * The vault's retention: removing expired contacts and old set-aside copies. The background's alone (outside
 * {@link vault}, so the pages, which never purge, do not load it).
 */
export const vaultRetention = {
  /**
   * Removes, of these contacts, the ones last updated before `cutoff`, their ids' keys with them. The records are
   * read again here (one read of these keys alone): the caller's list comes from the library's index, which may
   * lag a write. Says which were removed, which are still within the period, and which are not there to read (no
   * record, or one that does not read).
   */
  async purgeOlderThan(cutoff: Date, keys: readonly string[]): Promise<PurgeResult> {
    if (keys.length === 0) return { removed: [], kept: [], missing: [] };
    const result: PurgeResult = { removed: [], kept: [], missing: [] };
    for (const [key, read] of await readMany([...new Set(keys)])) {
      if (read.state !== 'ok') result.missing.push(key);
      else if (new Date(read.value.updatedAt) < cutoff) result.removed.push(key);
      else result.kept.push(read.value);
    }
    await vaultWrite.remove(result.removed);
    return result;
  },
  /** Removes the set-aside copies of unreadable contacts made before `cutoff`; returns how many. */
  purgeSetAsidesBefore,
};
