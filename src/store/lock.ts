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

/** A read shared while under way ({@link sharedRead}) that can also be kept while held: see {@link heldRead}. */
export interface HeldRead<T> {
  /** The value: kept from the last read while held and unchanged since, else read (shared while under way). */
  get(): Promise<T>;
  /** Keeps what is read until the returned function is called (holds nest). */
  hold(): () => void;
}

/**
 * {@link sharedRead}, and while held (a bulk reveal's run) the value last read is answered again until `watch`
 * reports a change of it: a run's groups of lookups each ask the settings and the team membership before their
 * write-ahead, on the path of every request, and a storage read there is a round trip for each group. A change is
 * seen when storage reports it, the moment after it is written, as every page sees it; a read that began before a
 * change was reported is answered but not kept. Outside a hold every call reads.
 */
export function heldRead<T>(
  read: () => Promise<T>,
  watch: (onChange: () => void) => () => void,
): HeldRead<T> {
  let changes = 0;
  let holds = 0;
  let kept: { value: T } | null = null;
  let unwatch: (() => void) | null = null;
  // Each read says how many changes had been reported when it began: one that began before a change is not kept.
  const readNow = sharedRead(async () => {
    const before = changes;
    return { value: await read(), changes: before };
  });
  return {
    async get() {
      if (holds > 0 && kept) return kept.value;
      const got = await readNow();
      if (holds > 0 && got.changes === changes) kept = { value: got.value };
      return got.value;
    },
    hold() {
      if (holds++ === 0) {
        unwatch = watch(() => {
          changes++;
          kept = null;
        });
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (--holds > 0) return;
        unwatch?.();
        unwatch = null;
        kept = null;
      };
    },
  };
}
