/**
 * The durable list of a bulk reveal's lookups that were sent and have not answered: what a restarted worker reads
 * to know which contacts may have been charged (never sent again). A lookup goes out only once a write holding it
 * is stored.
 *
 * The list is written by group commit (`src/group-commit.ts`): the lookups that take the connections a round of
 * answers frees get ready within milliseconds of each other, and those asked for while a write is under way are
 * stored together by the next one; each resolves only once that write is stored, and a failed write rejects every
 * lookup it carried (none of them may go out). An answered lookup leaves the list without a write of its own: the
 * next write carries it, or {@link SentRecord.flush}.
 */
import { groupCommit } from '../../group-commit';

export interface SentRecord {
  /** Adds `key`; resolves once a write that holds it is stored, rejects (leaving it out) when that write fails. */
  add(key: string): Promise<void>;
  /** Takes `key` out of the list: stored by the next write, with no write of its own. */
  remove(key: string): void;
  /** Resolves once the list as it is now is stored (one write if it changed since the last one). */
  flush(): Promise<void>;
}

/** A record kept through `write`, which stores the whole list (one storage call). */
export function createSentRecord(write: (keys: string[]) => Promise<void>): SentRecord {
  const keys = new Set<string>();
  /** Keys added since the last write started: a write that fails takes the ones it carried out again. */
  let added = new Set<string>();
  /** The list changed since the last write started. */
  let changed = false;
  /** Resolves once the latest write asked for is stored (writes are stored in the order asked for). */
  let latest: Promise<void> = Promise.resolve();
  const commit = groupCommit<null>(async () => {
    const carried = added;
    added = new Set();
    changed = false;
    try {
      await write([...keys]);
    } catch (error) {
      // Their lookups will not go out: out of the list before the next write, which carries any removal again.
      for (const key of carried) keys.delete(key);
      changed = true;
      throw error;
    }
  });
  const store = () => {
    latest = commit(null);
    return latest;
  };

  return {
    add(key) {
      keys.add(key);
      added.add(key);
      changed = true;
      return store();
    },
    remove(key) {
      added.delete(key);
      if (keys.delete(key)) changed = true;
    },
    flush() {
      return changed ? store() : latest;
    },
  };
}
