/**
 * The ledger in the database (`db.ts`): one entry a paid call or balance, read by day (an index on `[day, seq]`), by
 * the calls still open (an index on `open`) or by the work it belongs to (`ref`); the bookkeeping (the last balance,
 * the anchor the open calls settle against, the next entry's number) in `meta`. Reads are here, each its own
 * export (a page loads only what it uses); the background's writes are beside them, in `ledger-write.ts`.
 */
import * as z from 'zod/mini';
import { onChange } from '../changes';
import { db } from '../db';
import { BalanceEntry, type ChargeEntry, dayOf, LedgerEntry } from './ledger-entry';

/** The store's name, as announced on the changes channel. */
export const LEDGER = 'ledger';
/** The `meta` key of the ledger's bookkeeping. */
export const LEDGER_META = 'ledger';

/** The ledger's bookkeeping (version 1 of the database). */
export const LedgerMeta = z.object({
  /** The number the next entry is written with: entries are read in the order written. */
  seq: z.int().check(z.gte(0)),
  /** The last balance that settles against: one taken with no call of this worker in flight. */
  lastBalance: z.nullable(BalanceEntry),
  /** The last balance before the first uncertain charge still open (null when none is open). */
  anchor: z.nullable(BalanceEntry),
});
export type LedgerMeta = z.infer<typeof LedgerMeta>;

export const EMPTY_META: LedgerMeta = { seq: 0, lastBalance: null, anchor: null };

/** The bookkeeping as stored, or an empty one (none stored, or it no longer reads: warned of). */
export function metaFrom(raw: unknown): LedgerMeta {
  if (raw === undefined) return { ...EMPTY_META };
  const parsed = z.safeParse(LedgerMeta, raw);
  if (parsed.success) return parsed.data;
  console.warn(`The ledger bookkeeping is not readable; it starts afresh:\n${z.prettifyError(parsed.error)}`);
  return { ...EMPTY_META };
}

/** The ledger's bookkeeping. */
export async function readMeta(): Promise<LedgerMeta> {
  return metaFrom(await (await db()).get('meta', LEDGER_META));
}

/** Stored entries read through zod; one that no longer reads is skipped with a warning rather than hiding the rest. */
export function readEntries(values: readonly unknown[]): LedgerEntry[] {
  const entries: LedgerEntry[] = [];
  for (const value of values) {
    const parsed = z.safeParse(LedgerEntry, value);
    if (parsed.success) entries.push(parsed.data);
    else console.warn('A ledger entry is not readable and was skipped', z.prettifyError(parsed.error));
  }
  return entries;
}

/** The `day` index's range of the days from `first` to `last` (local days, `YYYY-MM-DD`). */
export const daysRange = (first: string, last: string) =>
  IDBKeyRange.bound([first, Number.NEGATIVE_INFINITY], [last, Number.POSITIVE_INFINITY]);

/** The entries of each day asked for (a day without entries maps to an empty list), each in the order written. */
export async function readLedgerDays(days: readonly string[]): Promise<Map<string, LedgerEntry[]>> {
  const out = new Map<string, LedgerEntry[]>(days.map((day) => [day, []]));
  if (days.length === 0) return out;
  const sorted = [...days].sort();
  const values = await (await db()).getAllFromIndex('ledger', 'day', daysRange(sorted[0]!, sorted.at(-1)!));
  for (const entry of readEntries(values)) out.get(dayOf(entry.at))?.push(entry);
  return out;
}

/**
 * The days that have entries, oldest first (one step of the `day` index per day). Only days written as strings: a
 * damaged entry's `day` of another type (IndexedDB orders numbers and dates before strings, arrays after) is no day,
 * and its entry stays stored, skipped like any entry that does not read.
 */
export async function ledgerDays(): Promise<string[]> {
  const days: string[] = [];
  const index = (await db()).transaction('ledger').store.index('day');
  const strings = IDBKeyRange.bound([''], [[]], false, true);
  for (let cursor = await index.openKeyCursor(strings); cursor; ) {
    const day = cursor.key[0];
    if (typeof day === 'string' && days.at(-1) !== day) days.push(day);
    // A damaged `seq` that is not a number sorts after every number of its day, so past it is one step on (its day
    // is then met again, and counted once).
    cursor =
      typeof cursor.key[1] === 'number'
        ? await cursor.continue([day, Number.POSITIVE_INFINITY])
        : await cursor.continue();
  }
  return days;
}

/** The calls still open (sent, not settled), in the order they were sent. */
export async function openCharges(): Promise<ChargeEntry[]> {
  const values = await (await db()).getAllFromIndex('ledger', 'open');
  return readEntries(values).filter((entry): entry is ChargeEntry => entry.kind === 'charge');
}

/** The charges of one search session, reveal or job (`ref`) written at or after `since`, in the order written. */
export async function chargesOf(ref: string, since: string): Promise<ChargeEntry[]> {
  const values = await (await db()).getAllFromIndex('ledger', 'ref', ref);
  values.sort((a, b) => a.seq - b.seq);
  return readEntries(values).filter(
    (e): e is ChargeEntry => e.kind === 'charge' && dayOf(e.at) >= dayOf(since),
  );
}

/**
 * Calls back when entries are written in another context (the popup's and side panel's warnings, the usage page),
 * at most once per `everyMs`: a bulk reveal writes the ledger several times a second, and each call back reads the
 * month again.
 */
export function watchLedger(cb: () => void, everyMs = 300): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = onChange((change) => {
    if (change.store !== LEDGER) return;
    timer ??= setTimeout(() => {
      timer = undefined;
      cb();
    }, everyMs);
  });
  return () => {
    clearTimeout(timer);
    stop();
  };
}
