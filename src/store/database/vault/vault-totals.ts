/**
 * The vault's kept totals: how many contacts it holds and how many hold each item, kept beside the records in the
 * database's `meta` store and changed in the same transaction as every write, so the library's header reads one
 * value instead of counting 50,000 records (IndexedDB's `count()` walks them).
 */
import { RETRIEVABLE, type Retrievable } from '../../../api/schema-parts';
import type { ContactRecord } from './vault-record';

/** How many contacts there are, and how many hold each item. */
export interface Totals {
  total: number;
  held: Record<Retrievable, number>;
}

/** The `meta` key the totals are kept under. */
export const TOTALS_KEY = 'contacts-totals';

export const emptyTotals = (): Totals => ({
  total: 0,
  held: Object.fromEntries(RETRIEVABLE.map((item) => [item, 0])) as Totals['held'],
});

/** Stored totals as read back: anything else is none (the writer counts again). */
export function readTotals(value: unknown): Totals | null {
  const totals = value as Totals | null | undefined;
  const count = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 0;
  if (!totals || !count(totals.total) || typeof totals.held !== 'object' || totals.held === null) return null;
  return RETRIEVABLE.every((item) => count(totals.held[item])) ? totals : null;
}

/** Adds (`sign` 1) or takes away (-1) one record's part of the totals. */
export function tally(totals: Totals, record: ContactRecord | null, sign: 1 | -1): void {
  if (!record) return;
  totals.total += sign;
  for (const item of RETRIEVABLE) if (record[item]?.found) totals.held[item] += sign;
}
