/**
 * A compact index of the vault for the "Revealed contacts" library: one short row per contact (name, title,
 * employer, which items are held or known missing, when it changed), so the library lists, searches and counts
 * 50,000 contacts without reading every full record (detailed profiles and all) out of storage.
 *
 * The rows are spread over {@link SHARDS} stored items by a hash of the vault key, so writing one contact rewrites
 * a thirty-second of the index, not all of it. The vault keeps it current (`vault.put`, `remove`, `clear` in
 * `storage.ts`); `built` says a full build has run, so a vault from before the index is indexed once, at startup.
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { RETRIEVABLE, type Retrievable } from './api/schema-parts';
import type { ContactRecord } from './storage';

export const SHARDS = 32;
const shardKey = (n: number) => `contacts-index:${n}`;
const BUILT_KEY = 'contacts-index:built';

/** One contact's row: short keys, since 50,000 of them are stored. */
const Row = z.object({
  /** Name, current title, current employer. */
  n: z.nullable(z.string()),
  t: z.nullable(z.string()),
  e: z.nullable(z.string()),
  /** Items held, and items known missing, as bits in RETRIEVABLE's order. */
  h: z.int(),
  m: z.int(),
  /** When the record last changed. */
  u: z.string(),
  /** The service did not know the profile. */
  x: z.optional(z.literal(1)),
});
type Row = z.infer<typeof Row>;
const Shard = z.record(z.string(), Row);
type Shard = z.infer<typeof Shard>;

/** One contact as the library lists it. */
export interface ContactSummary {
  key: string;
  name: string | null;
  title: string | null;
  employer: string | null;
  /** Items the vault holds. */
  held: Retrievable[];
  /** Items looked up and not found. */
  missing: Retrievable[];
  updatedAt: string;
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
const items = (mask: number) => RETRIEVABLE.filter((_, i) => mask & (1 << i));

/** The index row of a record. */
export function rowOf(record: ContactRecord): Row {
  const row: Row = {
    n: record.name,
    t: record.currentTitle,
    e: record.currentEmployer,
    h: bits(record, true),
    m: bits(record, false),
    u: record.updatedAt,
  };
  if (record.unknownAt) row.x = 1;
  return row;
}

/** A record's summary, as the index would give it (for a vault not indexed yet). */
export const summarize = (record: ContactRecord): ContactSummary => summaryOf(record.key, rowOf(record));

function summaryOf(key: string, row: Row): ContactSummary {
  return {
    key,
    name: row.n,
    title: row.t,
    employer: row.e,
    held: items(row.h),
    missing: items(row.m),
    updatedAt: row.u,
    unknown: row.x === 1,
  };
}

function readShard(value: unknown): Shard {
  if (value === undefined || value === null) return {};
  const parsed = z.safeParse(Shard, value);
  // An unreadable shard is rebuilt from the vault at the next start (see `ensureBuilt`): the vault is the truth.
  return parsed.success ? parsed.data : {};
}

/** Each shard's writes run one after another within this context (the background is the only writer). */
const locks = new Map<number, Promise<unknown>>();
function change(shard: number, edit: (rows: Shard) => void): Promise<void> {
  const run = async () => {
    const key = shardKey(shard);
    const rows = readShard((await browser.storage.local.get(key))[key]);
    edit(rows);
    await browser.storage.local.set({ [key]: rows });
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
    const groups = byShard(records.map((r): [string, Row] => [r.key, rowOf(r)]));
    await Promise.all(
      [...groups].map(([n, rows]) =>
        change(n, (shard) => {
          for (const [key, row] of rows) shard[key] = row;
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
          for (const [key] of gone) delete shard[key];
        }),
      ),
    );
  },
  /** Replaces the whole index with these records (a full build, or [] after "Delete all"), and marks it built. */
  async rebuild(records: readonly ContactRecord[]): Promise<void> {
    const shards: Shard[] = Array.from({ length: SHARDS }, () => ({}));
    for (const record of records) shards[shardOf(record.key)]![record.key] = rowOf(record);
    await Promise.all(shards.map((_, n) => change(n, (rows) => void Object.assign(clear(rows), shards[n]))));
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
      for (const [vaultKey, row] of Object.entries(readShard(stored[key])))
        out.push(summaryOf(vaultKey, row));
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

function clear(rows: Shard): Shard {
  for (const key of Object.keys(rows)) delete rows[key];
  return rows;
}
