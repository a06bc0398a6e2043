/**
 * The only writer of the library's index (`src/contacts-index.ts`). A change rewrites the shards it touches and the
 * first page together, in one storage write, one write at a time (changes made meanwhile join the next), so the
 * first page always holds the newest lines of the shards and their exact counts: a contact erased from the index is
 * gone from the first page in the same write, and a contact that was never on it cannot appear there out of order.
 * Each shard's oldest change (what retention reads instead of the vault) is written in the same write, worked out
 * whole from the shards written, like their counts.
 *
 * In a burst of changes (a bulk reveal stores its answers round after round) the index yields to the writes that
 * hold up lookups: after a write that took t ms, the next starts no sooner than {@link YIELD} x t ms later, and the
 * changes made meanwhile join it. Chrome's storage runs one write at a time, and each costs more the more keys are
 * stored (~100 ms at 50,000 contacts, ~1 ms at 1,000), so at a large vault the index would otherwise take a write
 * per round from the ledger's "sent" records queued behind it; at a small one the pause is a few milliseconds.
 */
import { browser } from 'wxt/browser';
import {
  BUILT_KEY,
  countShard,
  FIRST_KEY,
  FIRST_PAGE,
  type FirstPage,
  field,
  newestFirst,
  OLDEST_KEY,
  oldestOf,
  readFirstPage,
  readOldest,
  readShard,
  rowOf,
  SHARDS,
  type Shard,
  shardKey,
  shardOf,
  totalsOf,
  updatedOf,
  writeFirstPage,
  writeOldest,
  writeShard,
} from '../contacts-index';
import type { ContactRecord } from '../store/vault-record';
import {
  PACKS,
  PACKS_BUILT_KEY,
  PACKS_VERSION,
  type Pack,
  packEntry,
  packEntryKey,
  packKey,
  packOf,
  readPack,
  writePack,
} from '../vault/packs';

/**
 * Below this many rows (while the index holds more) the first page is made again from every shard: the library's
 * first screen shows half the page, so deletions from the top never leave it short.
 */
const REFILL_BELOW = FIRST_PAGE / 2;
const ALL = Array.from({ length: SHARDS }, (_, n) => n);

interface Line {
  key: string;
  row: string;
  updated: number;
  /** The contact's export pack entry (`src/vault/packs.ts`), when the line comes from its record. */
  packed?: { key: string; entry: [string, string] };
}
const line = (key: string, row: string): Line => ({ key, row, updated: updatedOf(row) });
const toShard = (lines: readonly Line[]): Shard => new Map(lines.map((l) => [l.key, l.row]));

/** Changes run one after another (the background is the only writer). */
let queue: Promise<unknown> = Promise.resolve();
/** Runs `run` in turn with the index's writes (a step that reads the vault and writes from it loses no change). */
export function serial<T>(run: () => Promise<T>): Promise<T> {
  const next = queue.catch(() => undefined).then(run);
  queue = next;
  return next;
}

/** The first page of these shards (all of them), counted whole. */
function pageOf(shards: readonly Shard[]): FirstPage {
  const lines: Line[] = [];
  for (const shard of shards) for (const [key, row] of shard) lines.push(line(key, row));
  return { rows: toShard(lines.sort(newestFirst).slice(0, FIRST_PAGE)), counts: shards.map(countShard) };
}

/** Every shard: the ones in hand, the others read. */
async function everyShard(known: ReadonlyMap<number, Shard>): Promise<Shard[]> {
  const missing = ALL.filter((n) => !known.has(n));
  const stored = missing.length > 0 ? await browser.storage.local.get(missing.map(shardKey)) : {};
  return ALL.map((n) => known.get(n) ?? readShard(stored[shardKey(n)]));
}

/**
 * The first page after a change, without reading the other shards: the rows it kept, plus the written ones that
 * rank above its last kept row (below it, lines it never held may come first), or all of them when it held the
 * whole index. Null when too few rows would be left: the caller makes it again from every shard.
 */
function advance(
  before: FirstPage,
  after: FirstPage['counts'],
  put: readonly Line[],
  gone: ReadonlySet<string>,
) {
  const complete = before.rows.size === totalsOf(before.counts).total;
  const kept = [...before.rows].filter(([key]) => !gone.has(key)).map(([key, row]) => line(key, row));
  const last = kept.at(-1);
  const entering = put.filter((l) => complete || (last !== undefined && newestFirst(l, last) < 0));
  const rows = [...kept, ...entering].sort(newestFirst).slice(0, FIRST_PAGE);
  return rows.length < Math.min(totalsOf(after).total, REFILL_BELOW) ? null : toShard(rows);
}

/** After a write that took t ms, the next one waits until YIELD x t ms have passed (at most {@link LONGEST_YIELD_MS}). */
const YIELD = 4;
const LONGEST_YIELD_MS = 2_000;
/**
 * While a bulk reveal runs ({@link contactsIndexWriter.pace}), writes are at least this far apart: each stores the
 * library's first page (~18 KB) and reads what it changes, and Chrome's storage takes one call at a time, the
 * lookups' write-aheads among them. The library shows a running job's contacts a second late at most.
 */
const BULK_PAUSE_MS = 1_000;
/** Bulk reveals under way that asked for {@link BULK_PAUSE_MS}. */
let paced = 0;
/** When the next change may be written (ms since the epoch). */
let calmAt = 0;

/** Changes not written yet: each key in one of the two, as its last change left it. */
interface Batch {
  put: Map<string, Line>;
  removed: Set<string>;
  written: Promise<void>;
}
let waiting: Batch | null = null;

/**
 * Writes these lines and removes these keys, in the shards and the first page at once. Changes made while an
 * earlier one is written join into one write (a bulk reveal writes many contacts close together).
 */
function change(lines: readonly Line[], removed: readonly string[]): Promise<void> {
  if (!waiting) {
    const batch: Batch = { put: new Map(), removed: new Set(), written: Promise.resolve() };
    const pause = calmAt - Date.now();
    const calm = pause > 0 ? new Promise((resolve) => setTimeout(resolve, pause)) : Promise.resolve();
    batch.written = calm.then(() =>
      serial(async () => {
        if (waiting === batch) waiting = null;
        const started = Date.now();
        try {
          await write([...batch.put.values()], [...batch.removed]);
        } finally {
          const took = Date.now() - started;
          const pause = Math.min(LONGEST_YIELD_MS, YIELD * took);
          calmAt = Date.now() + (paced > 0 ? Math.max(BULK_PAUSE_MS, pause) : pause);
        }
      }),
    );
    waiting = batch;
  }
  for (const key of removed) {
    waiting.put.delete(key);
    waiting.removed.add(key);
  }
  for (const l of lines) {
    waiting.removed.delete(l.key);
    waiting.put.set(l.key, l);
  }
  return waiting.written;
}

async function write(put: readonly Line[], removed: readonly string[]): Promise<void> {
  const touched = new Set([...put.map((l) => shardOf(l.key)), ...removed.map(shardOf)]);
  const packed = put.flatMap((l) => (l.packed ? [l.packed] : []));
  const packsTouched = new Set([...packed.map((p) => packOf(p.key)), ...removed.map(packOf)]);
  const stored = await browser.storage.local.get([
    ...[...touched].map(shardKey),
    ...[...packsTouched].map(packKey),
    FIRST_KEY,
    OLDEST_KEY,
  ]);
  const shards = new Map([...touched].map((n) => [n, readShard(stored[shardKey(n)])]));
  for (const key of removed) shards.get(shardOf(key))!.delete(key);
  for (const l of put) shards.get(shardOf(l.key))!.set(l.key, l.row);

  const before = readFirstPage(stored[FIRST_KEY]);
  const counts = before?.counts.map((c, n) => {
    const shard = shards.get(n);
    return shard ? countShard(shard) : c;
  });
  const changed = new Set([...removed, ...put.map((l) => l.key)]);
  const rows = before && counts ? advance(before, counts, put, changed) : null;
  const oldestBefore = readOldest(stored[OLDEST_KEY]);
  let page = rows && counts ? { rows, counts } : null;
  let oldest = oldestBefore?.map((t, n) => {
    const shard = shards.get(n);
    return shard ? oldestOf(shard) : t;
  });
  if (!page || !oldest) {
    // Made again from every shard: a first page too short or unreadable, or no oldest changes yet.
    const all = await everyShard(shards);
    page ??= pageOf(all);
    oldest ??= all.map(oldestOf);
  }

  const values: Record<string, string> = {
    [FIRST_KEY]: writeFirstPage(page),
    [OLDEST_KEY]: writeOldest(oldest),
  };
  for (const [n, shard] of shards) values[shardKey(n)] = writeShard(shard);
  // A pack not built yet (or that does not read) is left to its build, which reads the vault in turn with this.
  const packs = new Map<number, Pack>();
  for (const n of packsTouched) {
    const pack = readPack(stored[packKey(n)]);
    if (pack) packs.set(n, pack);
  }
  for (const key of removed) packs.get(packOf(key))?.delete(packEntryKey(key));
  for (const p of packed) packs.get(packOf(p.key))?.set(...p.entry);
  for (const [n, pack] of packs) values[packKey(n)] = writePack(pack);
  await browser.storage.local.set(values);
}

export const contactsIndexWriter = {
  /**
   * Spaces the index's writes at least {@link BULK_PAUSE_MS} apart until the returned function is called (a bulk
   * reveal's run); the changes made meanwhile join the next write, and the last is written when the pause ends.
   */
  pace(): () => void {
    paced++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The pause after the run's last write is the usual one again.
      if (--paced === 0) calmAt = 0;
    };
  },
  /** Records (new or changed) enter the index and removed keys leave it, its first page with it. */
  change: (records: readonly ContactRecord[], removed: readonly string[] = []) =>
    change(
      records.map((r) => ({ ...line(field(r.key), rowOf(r)), packed: { key: r.key, entry: packEntry(r) } })),
      removed,
    ),
  /**
   * Replaces the whole index with the records `read` returns, and marks it built. They are read in turn with
   * the other changes, so a contact written meanwhile is not lost under an older picture of the vault.
   */
  rebuild: (read: () => Promise<readonly ContactRecord[]>) =>
    serial(async () => {
      const shards: Shard[] = ALL.map(() => new Map());
      const packs: Pack[] = Array.from({ length: PACKS }, () => new Map());
      for (const record of await read()) {
        shards[shardOf(record.key)]!.set(field(record.key), rowOf(record));
        packs[packOf(record.key)]!.set(...packEntry(record));
      }
      const write: Record<string, unknown> = {
        [FIRST_KEY]: writeFirstPage(pageOf(shards)),
        [OLDEST_KEY]: writeOldest(shards.map(oldestOf)),
        [BUILT_KEY]: true,
        [PACKS_BUILT_KEY]: PACKS_VERSION,
      };
      for (const n of ALL) write[shardKey(n)] = writeShard(shards[n]!);
      for (const [n, pack] of packs.entries()) write[packKey(n)] = writePack(pack);
      await browser.storage.local.set(write);
    }),
  /**
   * Makes the first page and the shards' oldest changes from the shards when either is missing or does not read
   * (an index built before them): the upgrade of an existing index, which reads every shard once. Otherwise it
   * reads those two small values and writes nothing.
   */
  ensureSummaries: () =>
    serial(async () => {
      const stored = await browser.storage.local.get([FIRST_KEY, OLDEST_KEY]);
      const page = readFirstPage(stored[FIRST_KEY]);
      const oldest = readOldest(stored[OLDEST_KEY]);
      if (page && oldest) return;
      const all = await everyShard(new Map());
      const values: Record<string, string> = {};
      if (!page) values[FIRST_KEY] = writeFirstPage(pageOf(all));
      if (!oldest) values[OLDEST_KEY] = writeOldest(all.map(oldestOf));
      await browser.storage.local.set(values);
    }),
};
