/**
 * Group commit: one write at a time, and everything asked for while a write is under way is stored together by the
 * next one. A bulk reveal's fifteen answers (and the fifteen lookups that take their connections) come within
 * milliseconds of each other: one storage call for the lot instead of fifteen, and one change for every reader of
 * storage (the side panel re-renders its rows on each) instead of fifteen.
 */

interface Pending<T> {
  item: T;
  stored: () => void;
  failed: (error: unknown) => void;
}

/**
 * A writer of `T`s through `write` (one storage call for a batch, in the order asked for). Each call resolves once
 * the write that carried its item is stored, and rejects when that write failed (with every item of the batch).
 * With no write under way, a write starts as soon as the code asking has run on (a microtask later), so what is
 * asked for in one moment (a settle and the write-ahead it rides with) is stored by one write.
 */
export function groupCommit<T>(write: (batch: T[]) => Promise<void>): (item: T) => Promise<void> {
  let waiting: Pending<T>[] = [];
  let writing = false;

  async function drain(): Promise<void> {
    writing = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        await write(batch.map((pending) => pending.item));
        for (const pending of batch) pending.stored();
      } catch (error) {
        for (const pending of batch) pending.failed(error);
      }
    }
    writing = false;
  }

  return (item) =>
    new Promise<void>((stored, failed) => {
      waiting.push({ item, stored, failed });
      if (!writing) {
        writing = true;
        queueMicrotask(() => void drain());
      }
    });
}
