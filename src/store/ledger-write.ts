/**
 * The ledger's storage side for its one writer (`src/ledger/append.ts`, the background alone): the bookkeeping and
 * the days a write changes, read in one storage call and written in one, so every reader sees a write whole and a
 * paid call's write-ahead waits on two storage calls, not one per day. Apart from `ledger.ts`, which the pages
 * read, so they do not load it.
 */
import { browser } from 'wxt/browser';
import type { LedgerEntry } from '../ledger/entry';
import { dayKey, type LedgerMeta, META_KEY, metaFrom, readDay } from './ledger';

/** The bookkeeping and each of `days`' entries, in one storage read. */
export async function readForWrite(
  days: readonly string[],
): Promise<{ meta: LedgerMeta; days: Map<string, LedgerEntry[]> }> {
  const stored = await browser.storage.local.get([META_KEY, ...days.map(dayKey)]);
  return {
    meta: await metaFrom(stored[META_KEY]),
    days: new Map(days.map((day) => [day, readDay(stored[dayKey(day)], day)])),
  };
}

/** Writes the bookkeeping and these days' entries (each day whole), in one storage write. */
export async function writeLedger(meta: LedgerMeta, days: ReadonlyMap<string, LedgerEntry[]>): Promise<void> {
  const writes: Record<string, unknown> = { [META_KEY]: meta };
  for (const [day, entries] of days) writes[dayKey(day)] = entries;
  await browser.storage.local.set(writes);
}
