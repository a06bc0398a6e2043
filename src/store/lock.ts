/**
 * One keyed lock: tasks under the same key run one after another, tasks under different keys run side by side.
 * The store takes it for read-modify-write steps on one item; a reveal takes its own for a contact's turn.
 */

/** Runs `task` once every earlier task under the same key has settled (whether it succeeded or not). */
export type KeyedLock = <T>(key: string, task: () => Promise<T>) => Promise<T>;

/**
 * A new lock with keys of its own. A Map keyed by string, so any key (a `__proto__` candidate id or slug included)
 * is plain data; a key's entry is dropped once its last task settles, so the map does not grow with the keys seen.
 */
export function keyedLock(): KeyedLock {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const next = (tails.get(key) ?? Promise.resolve()).catch(() => undefined).then(task);
    tails.set(key, next);
    const settle = () => {
      if (tails.get(key) === next) tails.delete(key);
    };
    // Both paths settle; the caller handles the rejection itself.
    next.then(settle, settle);
    return next;
  };
}

/**
 * The store's lock, keyed by item name: two read-modify-write steps on one stored item (reveals of different
 * contacts updating the same list from the same snapshot) would otherwise lose one update.
 */
export const serialized: KeyedLock = keyedLock();

/**
 * A read shared by every call that asks while it is under way: a bulk reveal's fifteen lookups that get ready
 * together make one storage read, not fifteen queued behind the run's writes. A call after it has settled reads
 * again, so nothing older than the call is ever answered.
 */
export function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let reading: Promise<T> | null = null;
  return () => {
    reading ??= read().finally(() => {
      reading = null;
    });
    return reading;
  };
}
