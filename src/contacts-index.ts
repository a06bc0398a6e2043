/**
 * A compact index of the vault for the "Revealed contacts" library: one short line per contact (name, title,
 * employer, which items are held or known missing, when it changed), so the library lists, searches and counts
 * 50,000 contacts without reading every full record (detailed profiles and all) out of storage.
 *
 * The lines are spread over {@link SHARDS} stored strings by a hash of the vault key, so writing one contact
 * rewrites a sixty-fourth of the index, not all of it. The background keeps it in step with the vault
 * (`src/background/contacts-indexer.ts`); `built` says a full build has run, so a vault from before the index is
 * indexed once, at startup.
 */
import { browser } from 'wxt/browser';
import { RETRIEVABLE, type Retrievable } from './api/schema-parts';
import type { ContactRecord } from './storage';

export const SHARDS = 64;
const shardKey = (n: number) => `contacts-index:${n}`;
const BUILT_KEY = 'contacts-index:built';

/**
 * A shard is one string, a line per contact: `key TAB name TAB title TAB employer TAB held TAB missing TAB
 * updated (ms) TAB unknown (1 or empty)`. Measured in Chromium at 50,000 contacts, storage hands back a few large
 * strings several times faster than 50,000 small objects (~0.4 s against ~2.5 s), and splitting them takes ~60 ms.
 * Held and missing are bit masks in RETRIEVABLE's order.
 */
type Shard = Map<string, string>;

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

/** FNV-1a: a stable, cheap spread of keys over the shards. */
function shardOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % SHARDS;
}

const bits = (record: ContactRecord, found: boolean) =>
  RETRIEVABLE.reduce((mask, item, i) => (record[item]?.found === found ? mask | (1 << i) : mask), 0);
/** Every combination of items, by bit mask, built once. */
const BY_MASK: ReadonlyArray<readonly Retrievable[]> = Array.from(
  { length: 1 << RETRIEVABLE.length },
  (_, mask) => RETRIEVABLE.filter((_, i) => mask & (1 << i)),
);
const items = (mask: number) => BY_MASK[mask] ?? [];

/** Tabs and line breaks would split a row: a name never needs them. */
const field = (text: string | null) => (text ?? '').replace(/[\t\r\n]+/g, ' ');

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

/** A record's summary, as the index would give it (for a vault not indexed yet). */
export const summarize = (record: ContactRecord): ContactSummary => summaryOf(record.key, rowOf(record));

const orNull = (text: string | undefined) => (text ? text : null);

function summaryOf(key: string, row: string): ContactSummary {
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

/** Key -> row of one stored shard. Anything but a string reads as empty (rebuilt from the vault at the next start). */
function readShard(value: unknown): Shard {
  const rows: Shard = new Map();
  if (typeof value !== 'string' || value === '') return rows;
  for (const line of value.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0) rows.set(line.slice(0, tab), line.slice(tab + 1));
  }
  return rows;
}

const writeShard = (rows: Shard) => [...rows].map(([key, row]) => `${key}\t${row}`).join('\n');

/** Each shard's writes run one after another within this context (the background is the only writer). */
const locks = new Map<number, Promise<unknown>>();
function change(shard: number, edit: (rows: Shard) => void): Promise<void> {
  const run = async () => {
    const key = shardKey(shard);
    const rows = readShard((await browser.storage.local.get(key))[key]);
    edit(rows);
    await browser.storage.local.set({ [key]: writeShard(rows) });
  };
  const next = (locks.get(shard) ?? Promise.resolve()).catch(() => undefined).then(run);
  locks.set(shard, next);
  return next;
}

/** Groups keys by shard. */
function byShard<T>(entries: Array<[string, T]>): Map<number, Array<[string, T]>> {
  const groups = new Map<number, Array<[string, T]>>();
  for (const entry of entries) {
    const n = shardOf(entry[0]);
    const group = groups.get(n);
    if (group) group.push(entry);
    else groups.set(n, [entry]);
  }
  return groups;
}

export const contactsIndex = {
  /** Records (new or changed) enter the index. */
  async put(records: readonly ContactRecord[]): Promise<void> {
    const groups = byShard(records.map((r): [string, string] => [field(r.key), rowOf(r)]));
    await Promise.all(
      [...groups].map(([n, rows]) =>
        change(n, (shard) => {
          for (const [key, row] of rows) shard.set(key, row);
        }),
      ),
    );
  },
  /** Removed contacts leave the index. */
  async remove(keys: readonly string[]): Promise<void> {
    const groups = byShard(keys.map((key): [string, null] => [key, null]));
    await Promise.all(
      [...groups].map(([n, gone]) =>
        change(n, (shard) => {
          for (const [key] of gone) shard.delete(key);
        }),
      ),
    );
  },
  /** Replaces the whole index with these records (a full build, or [] after "Delete all"), and marks it built. */
  async rebuild(records: readonly ContactRecord[]): Promise<void> {
    const shards: Shard[] = Array.from({ length: SHARDS }, () => new Map());
    for (const record of records) shards[shardOf(record.key)]!.set(field(record.key), rowOf(record));
    await Promise.all(
      shards.map((fresh, n) =>
        change(n, (rows) => {
          rows.clear();
          for (const [key, row] of fresh) rows.set(key, row);
        }),
      ),
    );
    await browser.storage.local.set({ [BUILT_KEY]: true });
  },
  /** True once a full build has run (a vault from before the index needs one). */
  async built(): Promise<boolean> {
    return (await browser.storage.local.get(BUILT_KEY))[BUILT_KEY] === true;
  },
  /** Every contact's summary, from the index alone. */
  async all(): Promise<ContactSummary[]> {
    const keys = Array.from({ length: SHARDS }, (_, n) => shardKey(n));
    const stored = await browser.storage.local.get(keys);
    const out: ContactSummary[] = [];
    for (const key of keys) {
      for (const [vaultKey, row] of readShard(stored[key])) out.push(summaryOf(vaultKey, row));
    }
    return out;
  },
  /** Calls back when any part of the index changes. */
  watch(cb: () => void): () => void {
    const listener = (changes: Record<string, unknown>, area: string) => {
      if (area === 'local' && Object.keys(changes).some((key) => key.startsWith('contacts-index:'))) cb();
    };
    browser.storage.onChanged.addListener(listener);
    return () => browser.storage.onChanged.removeListener(listener);
  },
};
