/**
 * A compact index of the vault for the "Revealed contacts" library: one short line per contact (name, title,
 * employer, which items are held or known missing, when it changed), so the library lists, searches and counts
 * 50,000 contacts without reading every full record (detailed profiles and all) out of storage.
 *
 * The lines are spread over {@link SHARDS} stored strings by a hash of the vault key, so writing one contact
 * rewrites a sixty-fourth of the index, not all of it. Beside them, a small "first page" holds the newest
 * {@link FIRST_PAGE} lines in the library's default order and each shard's counts, so the library lists its first
 * rows and its header at once, whatever the vault holds, and reads the shards afterwards for search, filters and
 * export. This module reads and encodes; the background is the only writer (`src/background/contacts-index-writer.ts`)
 * and keeps both in step with the vault; `built` says a full build has run, so a vault from before the index is
 * indexed once, at startup.
 *
 * Its key names come from `src/store/keys.ts`. It reads and writes `browser.storage` itself rather than through the
 * store's item helper: a change writes the shards it touched, the first page and the oldest changes in ONE storage
 * call (so no reader ever sees a first page out of step with its shards, and each call costs a storage write whose
 * price in Chrome grows with the number of stored keys), which one item per key cannot do.
 */
import { browser } from 'wxt/browser';
import { RETRIEVABLE, type Retrievable } from './api/schema-parts';
import { hashOf } from './hash';
import { KEYS, nameOf, PREFIXES } from './store/keys';
import type { ContactRecord } from './store/vault-record';

/** How many stored strings the lines are spread over. */
export const SHARDS = 64;
/** Lines the first page holds: two of the library's pages of rows. */
export const FIRST_PAGE = 200;
const PREFIX = PREFIXES.contactsIndex.prefix;
/** Storage key of shard `n`. */
export const shardKey = (n: number) => PREFIXES.contactsIndex.name(n);
/** Storage key of the first page. */
export const FIRST_KEY = nameOf(KEYS.contactsIndexFirst);
/** Storage key of the "a full build has run" mark. */
export const BUILT_KEY = nameOf(KEYS.contactsIndexBuilt);
/**
 * Storage key of each shard's oldest change (version 1): what retention reads at a worker's start instead of the
 * vault, so it opens only the shards that hold a contact past the retention period, and none on most starts.
 */
export const OLDEST_KEY = nameOf(KEYS.contactsIndexOldest);

/**
 * A shard is one string, a line per contact: `key TAB name TAB title TAB employer TAB held TAB missing TAB
 * updated (ms) TAB unknown (1 or empty)`. Measured in Chromium at 50,000 contacts, storage hands back a few large
 * strings several times faster than 50,000 small objects (~0.4 s against ~2.5 s), and splitting them takes ~60 ms.
 * Held and missing are bit masks in RETRIEVABLE's order.
 */
export type Shard = Map<string, string>;

/** When the line's contact last changed, in ms since the epoch (0 when its record's date did not read). */
export const updatedOf = (row: string) => Number(row.split('\t', 6)[5]) || 0;

/** One contact as the library lists it. */
export interface ContactSummary {
  key: string;
  name: string | null;
  title: string | null;
  employer: string | null;
  /** Items the vault holds (shared, read-only arrays: 50,000 summaries allocate none). */
  held: readonly Retrievable[];
  /** Items looked up and not found. */
  missing: readonly Retrievable[];
  /** When the record last changed, in ms since the epoch. */
  updated: number;
  unknown: boolean;
}

/** How many contacts there are, and how many hold each item. */
export interface Totals {
  total: number;
  held: Record<Retrievable, number>;
}

export { hashOf };

/** The shard a key's line is in. */
export const shardOf = (key: string): number => hashOf(key) % SHARDS;

/**
 * The library's default order: newest first, then by key, so equal times have one order everywhere (the first
 * page's rows stay where they are when the whole index arrives).
 */
export const newestFirst = (a: { updated: number; key: string }, b: { updated: number; key: string }) =>
  b.updated - a.updated || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

const bits = (record: ContactRecord, found: boolean) =>
  RETRIEVABLE.reduce((mask, item, i) => (record[item]?.found === found ? mask | (1 << i) : mask), 0);
/** Every combination of items, by bit mask, built once. */
const BY_MASK: ReadonlyArray<readonly Retrievable[]> = Array.from(
  { length: 1 << RETRIEVABLE.length },
  (_, mask) => RETRIEVABLE.filter((_, i) => mask & (1 << i)),
);
const items = (mask: number) => BY_MASK[mask] ?? [];

/** Tabs and line breaks would split a row: a name never needs them. */
export const field = (text: string | null) => (text ?? '').replace(/[\t\r\n]+/g, ' ');

/** The index line of a record (without its key). */
export function rowOf(record: ContactRecord): string {
  return [
    field(record.name),
    field(record.currentTitle),
    field(record.currentEmployer),
    bits(record, true),
    bits(record, false),
    Date.parse(record.updatedAt) || 0,
    record.unknownAt ? 1 : '',
  ].join('\t');
}

const orNull = (text: string | undefined) => (text ? text : null);

/** The summary a stored line (without its key) reads as. */
export function summaryOf(key: string, row: string): ContactSummary {
  const [name, title, employer, held, missing, updated, unknown] = row.split('\t');
  return {
    key,
    name: orNull(name),
    title: orNull(title),
    employer: orNull(employer),
    held: items(Number(held) || 0),
    missing: items(Number(missing) || 0),
    updated: Number(updated) || 0,
    unknown: unknown === '1',
  };
}

/** Key -> row of stored lines. Anything but a string reads as empty (rebuilt from the vault at the next start). */
export function readShard(value: unknown): Shard {
  const rows: Shard = new Map();
  if (typeof value !== 'string' || value === '') return rows;
  for (const line of value.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0) rows.set(line.slice(0, tab), line.slice(tab + 1));
  }
  return rows;
}

/** The summaries of a stored shard's lines. */
export const summariesOf = (value: unknown): ContactSummary[] =>
  Array.from(readShard(value), ([key, row]) => summaryOf(key, row));

/** Shard `n` for its storage key, or null for any other key of the index. */
export function shardNumber(key: string): number | null {
  const n = PREFIXES.contactsIndex.idOf(key);
  return n === null || !/^\d+$/.test(n) || Number(n) >= SHARDS ? null : Number(n);
}

/** A shard as stored: a line per contact. */
export const writeShard = (rows: Shard) => [...rows].map(([key, row]) => `${key}\t${row}`).join('\n');

/**
 * One shard's counts: contacts, then how many hold each item (RETRIEVABLE's order). Counted whole after every
 * write, never added up from changes, so a count cannot drift from the lines it counts.
 */
export type ShardCounts = number[];

/** Counts a shard's lines. */
export function countShard(rows: Shard): ShardCounts {
  const out = [rows.size, ...RETRIEVABLE.map(() => 0)];
  for (const row of rows.values()) {
    const held = Number(row.split('\t', 4)[3]) || 0;
    for (let i = 0; i < RETRIEVABLE.length; i++) if (held & (1 << i)) out[i + 1]!++;
  }
  return out;
}

/** The first page as stored: the newest lines in order, and every shard's counts. */
export interface FirstPage {
  rows: Shard;
  counts: ShardCounts[];
}

/** Stored as one string: `1` and the shards' counts (`total,email,…` separated by spaces), then a line per contact. */
export const writeFirstPage = (page: FirstPage) =>
  [`1 ${page.counts.map((c) => c.join(',')).join(' ')}`, writeShard(page.rows)].join('\n');

/** The stored first page, or null when there is none or it does not read (the writer then makes it again). */
export function readFirstPage(value: unknown): FirstPage | null {
  if (typeof value !== 'string') return null;
  const end = value.indexOf('\n');
  const [version, ...groups] = (end < 0 ? value : value.slice(0, end)).split(' ');
  const counts = groups.map((group) => group.split(',').map(Number));
  const width = RETRIEVABLE.length + 1;
  // NaN (anything but a number) fails `>= 0`.
  const fit = counts.length === SHARDS && counts.every((c) => c.length === width && c.every((n) => n >= 0));
  if (version !== '1' || !fit) return null;
  return { rows: readShard(end < 0 ? '' : value.slice(end + 1)), counts };
}

/**
 * The oldest change among a shard's lines, Infinity when it has none. A line without a readable date (0) is left
 * out: retention cannot tell its age, so it never removes that contact, and the shard is not read for it.
 */
export function oldestOf(rows: Shard): number {
  let oldest = Number.POSITIVE_INFINITY;
  for (const row of rows.values()) {
    const updated = updatedOf(row);
    if (updated > 0 && updated < oldest) oldest = updated;
  }
  return oldest;
}

/** The shards' oldest changes as stored: `1`, then one number (ms) per shard, `-` for a shard with no dated line. */
export const writeOldest = (oldest: readonly number[]) =>
  ['1', ...oldest.map((t) => (Number.isFinite(t) ? String(t) : '-'))].join(' ');

/** The stored oldest changes, or null when there are none or they do not read (the writer then makes them again). */
export function readOldest(value: unknown): number[] | null {
  if (typeof value !== 'string') return null;
  const [version, ...fields] = value.split(' ');
  if (version !== '1' || fields.length !== SHARDS) return null;
  const oldest = fields.map((f) =>
    f === '-' ? Number.POSITIVE_INFINITY : /^\d+$/.test(f) ? Number(f) : Number.NaN,
  );
  return oldest.every((t) => !Number.isNaN(t)) ? oldest : null;
}

/** The sum of the shards' counts. */
export function totalsOf(counts: readonly ShardCounts[]): Totals {
  const sum = RETRIEVABLE.map(() => 0);
  let total = 0;
  for (const c of counts) {
    total += c[0]!;
    for (let i = 0; i < sum.length; i++) sum[i]! += c[i + 1]!;
  }
  return { total, held: Object.fromEntries(RETRIEVABLE.map((item, i) => [item, sum[i]])) as Totals['held'] };
}

/** The index as its readers (the library) see it. */
export const contactsIndex = {
  /** True once a full build has run (a vault from before the index needs one). */
  async built(): Promise<boolean> {
    return (await browser.storage.local.get(BUILT_KEY))[BUILT_KEY] === true;
  },
  /**
   * The newest contacts (up to {@link FIRST_PAGE}, in {@link newestFirst} order) and the counts of all of them,
   * from one small stored value; null while there is none (the index or its first page not built yet).
   */
  async first(): Promise<{ rows: ContactSummary[]; totals: Totals } | null> {
    const stored = await browser.storage.local.get([FIRST_KEY, BUILT_KEY]);
    const page = stored[BUILT_KEY] === true ? readFirstPage(stored[FIRST_KEY]) : null;
    if (!page) return null;
    return { rows: [...page.rows].map(([key, row]) => summaryOf(key, row)), totals: totalsOf(page.counts) };
  },
  /**
   * Each shard's oldest change (Infinity for a shard with none); null until the index is built and they are
   * written. One small stored value, whatever the vault holds.
   */
  async oldest(): Promise<number[] | null> {
    const stored = await browser.storage.local.get([OLDEST_KEY, BUILT_KEY]);
    return stored[BUILT_KEY] === true ? readOldest(stored[OLDEST_KEY]) : null;
  },
  /** The vault keys of shard `n`'s lines with when each changed, from that shard alone. */
  async datesIn(n: number): Promise<Map<string, number>> {
    const key = shardKey(n);
    const rows = readShard((await browser.storage.local.get(key))[key]);
    return new Map([...rows].map(([vaultKey, row]) => [vaultKey, updatedOf(row)]));
  },
  /** Every contact's summary, from the index alone. */
  async all(): Promise<ContactSummary[]> {
    return (await contactsIndex.shards()).flat();
  },
  /** Every contact's summary, shard by shard (item `n` is shard `n`'s), in one storage read. */
  async shards(): Promise<ContactSummary[][]> {
    const keys = Array.from({ length: SHARDS }, (_, n) => shardKey(n));
    const stored = await browser.storage.local.get(keys);
    return keys.map((key) => summariesOf(stored[key]));
  },
  /**
   * Calls back when any part of the index changes, with the stored values that changed (key -> new value,
   * undefined when removed): a reader holding the shards applies a change from it, reading nothing again.
   */
  watch(cb: (changed: ReadonlyMap<string, unknown>) => void): () => void {
    const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
      if (area !== 'local') return;
      const changed = new Map<string, unknown>();
      for (const [key, change] of Object.entries(changes)) {
        if (key.startsWith(PREFIX)) changed.set(key, change.newValue);
      }
      if (changed.size > 0) cb(changed);
    };
    browser.storage.onChanged.addListener(listener);
    return () => browser.storage.onChanged.removeListener(listener);
  },
};
