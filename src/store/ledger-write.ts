/**
 * The ledger's storage side for its one writer (`src/ledger/append.ts`, the background alone): a draft of one write,
 * holding the bookkeeping and the parts of days the write reads, changed in memory and stored in one storage call,
 * so every reader sees a write whole. An append changes the last part of its day only, and a settled entry the part
 * that holds it: a write stores a few KB however long the day. Apart from `ledger.ts`, which the pages read, so they
 * do not load it.
 */
import { browser } from 'wxt/browser';
import type { LedgerEntry } from '../ledger/entry';
import { type LedgerMeta, META_KEY, metaFrom, PART_SIZE, partKey, partKeys, readDay } from './ledger';

/** One write of the ledger: read with {@link openDraft}, changed in memory, stored with {@link LedgerDraft.store}. */
export interface LedgerDraft {
  /** The bookkeeping as this write has it (replace it, or change it in place). */
  meta: LedgerMeta;
  /** The whole of `day` as this write has it (every part, read once). */
  day(day: string): Promise<LedgerEntry[]>;
  /** Appends `entry` to the last part of `day` (a new part when it is full); resolves with the part's number. */
  append(day: string, entry: LedgerEntry): Promise<number>;
  /**
   * The entry `id` of `day`, looked for in part `part` first when the caller knows it, then in the whole day;
   * undefined when it is not on the ledger.
   */
  find(day: string, id: string, part?: number): Promise<LedgerEntry | undefined>;
  /** Replaces the entry `id` where it stands (null: takes it off); it must have been found or read first. */
  put(id: string, next: LedgerEntry | null): void;
  /** The keys {@link LedgerDraft.store} writes: the bookkeeping's and the parts changed. */
  keys(): string[];
  /** Stores the bookkeeping and the parts changed, in one storage write. */
  store(): Promise<void>;
  /** What the next write may start from instead of reading: the bookkeeping, and each day's last part. */
  snapshot(): LedgerSnapshot;
}

/** The ledger as a write left it, for the next write to start from (see {@link openDraft}). */
export interface LedgerSnapshot {
  meta: LedgerMeta;
  /** Parts by key: each day's last, and those holding an open call. Never changed in place. */
  parts: ReadonlyMap<string, LedgerEntry[]>;
}

/**
 * Reads the bookkeeping, with the parts in `guess` in the same storage call (the keys a write expects to need, from
 * the bookkeeping it last saw: usually all it needs, so a paid call's write-ahead waits on one read and one write).
 * A part it needs and did not guess is read when asked for. With `from` (what the previous write stored, known to
 * be what storage holds) nothing is read for the bookkeeping and the parts it has: the write waits on one storage
 * call.
 */
export async function openDraft(
  guess: readonly string[] = [],
  from: LedgerSnapshot | null = null,
): Promise<LedgerDraft> {
  const guessed = from ? [] : guess;
  const stored = from ? {} : await browser.storage.local.get([META_KEY, ...guessed]);
  // Changed by reassigning its fields, never its lists in place: a snapshot's bookkeeping is only copied.
  let meta = from ? { ...from.meta } : await metaFrom(stored[META_KEY]);
  /** Parts read so far, by key (replaced, never changed in place: a snapshot shares them). */
  const parts = new Map<string, LedgerEntry[]>(from?.parts);
  /** Where each entry read is: its part's key. */
  const where = new Map<string, string>();
  for (const [key, entries] of parts) for (const entry of entries) where.set(entry.id, key);
  const changed = new Set<string>();

  const take = (key: string, day: string, value: unknown) => {
    const entries = readDay(value, day, key);
    parts.set(key, entries);
    for (const entry of entries) where.set(entry.id, key);
  };
  /** Reads the parts of `day` in `keys` not read yet (a guessed key counts as read: the first call asked it). */
  const load = async (day: string, keys: readonly string[]) => {
    const fromFirst = keys.filter((key) => !parts.has(key) && guessed.includes(key));
    for (const key of fromFirst) take(key, day, stored[key]);
    const missing = keys.filter((key) => !parts.has(key));
    if (missing.length === 0) return;
    const read = await browser.storage.local.get(missing);
    for (const key of missing) take(key, day, read[key]);
  };
  const count = (day: string) => draft.meta.parts[day] ?? 1;

  const draft: LedgerDraft = {
    get meta() {
      return meta;
    },
    set meta(next) {
      meta = next;
    },
    async day(day) {
      const keys = partKeys(day, draft.meta.parts);
      await load(day, keys);
      return keys.flatMap((key) => parts.get(key)!);
    },
    async append(day, entry) {
      let n = count(day) - 1;
      await load(day, [partKey(day, n)]);
      if (parts.get(partKey(day, n))!.length >= PART_SIZE) {
        n++;
        draft.meta.parts = { ...draft.meta.parts, [day]: n + 1 };
        parts.set(partKey(day, n), []);
      }
      const key = partKey(day, n);
      parts.set(key, [...parts.get(key)!, entry]);
      where.set(entry.id, key);
      changed.add(key);
      return n;
    },
    async find(day, id, part) {
      if (!where.has(id) && part !== undefined && part < count(day)) await load(day, [partKey(day, part)]);
      if (!where.has(id)) await draft.day(day);
      const key = where.get(id);
      return key === undefined ? undefined : parts.get(key)!.find((entry) => entry.id === id);
    },
    put(id, next) {
      const key = where.get(id);
      if (key === undefined) return;
      parts.set(
        key,
        parts.get(key)!.flatMap((entry) => (entry.id !== id ? [entry] : next ? [next] : [])),
      );
      if (!next) where.delete(id);
      changed.add(key);
    },
    async store() {
      const writes: Record<string, unknown> = { [META_KEY]: meta };
      for (const key of changed) writes[key] = parts.get(key);
      await browser.storage.local.set(writes);
    },
    keys: () => [META_KEY, ...changed],
    snapshot() {
      const keep = new Set([
        ...meta.days.map((day) => partKey(day, count(day) - 1)),
        ...meta.open.map((call) => partKey(call.day, call.part ?? 0)),
      ]);
      return { meta: { ...meta }, parts: new Map([...parts].filter(([key]) => keep.has(key))) };
    },
  };
  return draft;
}
