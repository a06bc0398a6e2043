/**
 * The "Revealed contacts" library's reads of the vault: contacts as the library lists them (name, title, employer,
 * which items are held or known missing, when they changed), the newest first page through the vault's `updatedAt`
 * index, every contact through one cursor, and the kept totals (`store/vault-totals.ts`) for the header. No second
 * copy of the vault is kept: the library reads the records and keeps what it lists, and each listed contact's line of
 * its CSV export (`export-rows.ts`).
 */
import { RETRIEVABLE, type Retrievable } from '../../api/schema-parts';
import { isFlagged } from '../../domain/flags';
import { db } from '../../store/database/db';
import { inspectRecord, watchVaultKeys } from '../../store/database/vault/vault';
import type { ContactRecord } from '../../store/database/vault/vault-record';
import {
  emptyTotals,
  readTotals,
  TOTALS_KEY,
  type Totals,
  tally,
} from '../../store/database/vault/vault-totals';
import { keepLine } from './export-rows';

export type { Totals };

/** Contacts the first page holds: two of the library's pages of rows. */
export const FIRST_PAGE = 200;

/**
 * Records read at a time when every contact is read: small enough that a search typed meanwhile, which goes first,
 * waits for one such read at most.
 */
export const ALL_CHUNK = 2_000;

/** Contacts read between two runs of a query in {@link libraryReads.firstMatching}. */
const MATCH_STEP = 250;
/** … until a first match is found: a common word shows its first matches after this many are read. */
const FIRST_MATCH_STEP = 100;

/** One contact as the library lists it. */
export interface ContactSummary {
  key: string;
  name: string | null;
  title: string | null;
  employer: string | null;
  /** Where the person is, as LinkedIn said (the table's Location column sorts by it). */
  location?: string;
  /** Items the vault holds (shared, read-only arrays: 50,000 summaries allocate none). */
  held: readonly Retrievable[];
  /** Items looked up and not found. */
  missing: readonly Retrievable[];
  /** When the record last changed, in ms since the epoch (0 when its date does not read). */
  updated: number;
  unknown: boolean;
  /** Some of its data is flagged wrong (`src/domain/flags.ts`). */
  flagged?: boolean;
  /** Its LinkedIn page showed another job since the reveal (`src/domain/job-change.ts`). */
  changed?: boolean;
  /** When its first held item was bought, in ms (the day a privacy notice's month starts); absent when none is. */
  obtained?: number;
  /** When its privacy notice was last copied, in ms; absent when never. */
  noticed?: number;
}

/**
 * The library's default order: newest first, then by key, so equal times have one order everywhere (the first
 * page's rows stay where they are when every contact arrives).
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

/** The summary of a record. */
export function summaryOf(record: ContactRecord): ContactSummary {
  return {
    key: record.key,
    name: record.name || null,
    title: record.currentTitle || null,
    employer: record.currentEmployer || null,
    ...(record.location ? { location: record.location } : {}),
    held: BY_MASK[bits(record, true)] ?? [],
    missing: BY_MASK[bits(record, false)] ?? [],
    updated: Date.parse(record.updatedAt) || 0,
    unknown: Boolean(record.unknownAt),
    ...(record.flags && isFlagged(record) ? { flagged: true } : {}),
    ...(record.observed ? { changed: true } : {}),
    ...obtainedAndNoticed(record),
  };
}

/** The summary's notice dates: the first held item's purchase and the notice's last copy (`src/store/database/vault/vault-notice.ts`). */
function obtainedAndNoticed(record: ContactRecord): { obtained?: number; noticed?: number } {
  let first = '';
  for (const item of RETRIEVABLE) {
    const state = record[item];
    if (state?.found && (first === '' || state.at < first)) first = state.at;
  }
  const obtained = Date.parse(first);
  const noticed = record.notice ? Date.parse(record.notice.at) : Number.NaN;
  return {
    ...(Number.isFinite(obtained) ? { obtained } : {}),
    ...(Number.isFinite(noticed) ? { noticed } : {}),
  };
}

const summaryOfValue = (value: unknown, key: string): ContactSummary | null => {
  const read = inspectRecord(value, key);
  return read.state === 'ok' ? summaryOf(read.value) : null;
};

/** The summary of a contact the page keeps, with its CSV line beside it (an export writes what the page holds). */
const keptSummary = (value: unknown, key: string): ContactSummary | null => {
  const read = inspectRecord(value, key);
  if (read.state !== 'ok') return null;
  const summary = summaryOf(read.value);
  keepLine(summary, read.value);
  return summary;
};

/** The library's reads. */
export const libraryReads = {
  /**
   * The newest contacts (up to {@link FIRST_PAGE}, in {@link newestFirst} order) and the totals of all of them:
   * a step of the `updatedAt` index and one kept value, whatever the vault holds.
   */
  async first(): Promise<{ rows: ContactSummary[]; totals: Totals }> {
    const tx = (await db()).transaction(['contacts', 'meta']);
    const rows: ContactSummary[] = [];
    const index = tx.objectStore('contacts').index('updatedAt');
    for (let cursor = await index.openCursor(null, 'prev'); cursor && rows.length < FIRST_PAGE; ) {
      const summary = keptSummary(cursor.value, cursor.primaryKey);
      if (summary) rows.push(summary);
      cursor = await cursor.continue();
    }
    const kept = readTotals(await tx.objectStore('meta').get(TOTALS_KEY));
    // Every write keeps the totals in its own transaction; none are kept only before the first write of the vault's
    // writer (records an older version left, or none): they are counted then.
    const totals = kept ?? (await countAll());
    return { rows: rows.sort(newestFirst), totals };
  },
  /**
   * Every contact's summary, {@link ALL_CHUNK} records a read in key order: each read its own short transaction, so a
   * write waits for one chunk at most, and only a chunk's records are held at once. `before` is awaited before each
   * chunk (the page's search for a first page of matches goes first).
   */
  async all(before: () => Promise<unknown> = async () => {}): Promise<ContactSummary[]> {
    const database = await db();
    const out: ContactSummary[] = [];
    let after: IDBKeyRange | null = null;
    for (;;) {
      await before();
      const chunk = await database.getAll('contacts', after, ALL_CHUNK);
      for (const value of chunk) {
        const key = (value as { key: string }).key;
        const summary = keptSummary(value, key);
        if (summary) out.push(summary);
      }
      if (chunk.length < ALL_CHUNK) return out;
      after = IDBKeyRange.lowerBound((chunk.at(-1) as { key: string }).key, true);
    }
  },
  /**
   * The first `limit` contacts a query takes, newest first (or oldest), through the `updatedAt` index, and no more:
   * a search typed before every contact is read answers once a page of matches is found, not after the whole vault.
   * It reads at most about `most` contacts: a rare match's first few are then the answer until every contact is read
   * (they are the first in the order, fewer than a page). `matching` is the query, given the contacts read in a step
   * (in the index's order); `stop` is asked before each read, and null is the answer when it says to stop (a newer
   * query, or every contact read meanwhile).
   *
   * `sure` hears, after each step that found more, the matches already known to be the first of the order: those
   * changed strictly before (newest first; after, oldest first) the last contact read, whose place no contact read
   * later can take. A page shows them at once, rather than after a page's worth is found.
   */
  async firstMatching(
    matching: (batch: ContactSummary[]) => ContactSummary[],
    limit: number,
    newest: boolean,
    stop: () => boolean,
    most = Number.POSITIVE_INFINITY,
    sure: (rows: ContactSummary[]) => void = () => {},
  ): Promise<ContactSummary[] | null> {
    const index = (await db()).transaction('contacts').store.index('updatedAt');
    const order = newest ? newestFirst : (a: ContactSummary, b: ContactSummary) => newestFirst(b, a);
    const found: ContactSummary[] = [];
    let told = 0;
    let batch: ContactSummary[] = [];
    // Once a page is found, the contacts changed at the same moment as the last one read may still rank above
    // some found (equal times are ordered by key): they are read too, and the read stops at the next moment.
    let last: unknown;
    let read = 0;
    for (let cursor = await index.openCursor(null, newest ? 'prev' : 'next'); cursor; ) {
      if (stop()) return null;
      if (last !== undefined && cursor.key !== last) break;
      const summary = summaryOfValue(cursor.value, cursor.primaryKey);
      if (summary) batch.push(summary);
      read++;
      if (batch.length === (found.length === 0 ? FIRST_MATCH_STEP : MATCH_STEP)) {
        found.push(...matching(batch));
        batch = [];
        if (last === undefined && (found.length >= limit || read >= most)) last = cursor.key;
        const moment = typeof cursor.key === 'string' ? Date.parse(cursor.key) : Number.NaN;
        const known = found.filter((row) => (newest ? row.updated > moment : row.updated < moment));
        if (known.length > told && !stop()) {
          told = known.length;
          sure(known.sort(order).slice(0, limit));
        }
      }
      cursor = await cursor.continue();
    }
    found.push(...matching(batch));
    return found.sort(order).slice(0, limit);
  },
  /** The summaries of these contacts (null for one removed or unreadable), in one transaction. */
  async some(keys: readonly string[]): Promise<Array<ContactSummary | null>> {
    const store = (await db()).transaction('contacts').store;
    const values = await Promise.all(keys.map((key) => store.get(key)));
    return keys.map((key, i) => keptSummary(values[i], key));
  },
  /** How many contacts the vault holds: its kept totals, or a count of every record when none are kept yet. */
  async total(): Promise<number> {
    const kept = readTotals(await (await db()).get('meta', TOTALS_KEY));
    return (kept ?? (await countAll())).total;
  },
  /** Every contact's key, a record that no longer reads included: what deleting every contact takes out. */
  async keys(): Promise<string[]> {
    return (await (await db()).getAllKeys('contacts')).map(String);
  },
  /**
   * Calls back with the vault keys of each write another context announces (null when every contact was removed):
   * the library reads those contacts again, never every one.
   */
  watch: watchVaultKeys,
};

/** The totals counted over every record. */
async function countAll(): Promise<Totals> {
  const totals = emptyTotals();
  const store = (await db()).transaction('contacts').store;
  for (let cursor = await store.openCursor(); cursor; cursor = await cursor.continue()) {
    const read = inspectRecord(cursor.value, cursor.key);
    tally(totals, read.state === 'ok' ? read.value : null, 1);
  }
  return totals;
}
