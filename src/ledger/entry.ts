/**
 * The ledger's records: every paid call the extension made (what it was, what it cost, what it belongs to) and every
 * balance the service reported, as the store keeps them (`src/store/database/ledger/ledger-entry.ts`), and the pure
 * functions that read them; storage is `src/store/database/ledger/` (its reads in `ledger.ts`, its writes beside
 * them in `ledger-write.ts`), the background's use `src/background/paid-call-gate.ts`.
 */
import { ITEM_PRICE } from '../api/pricing';
import { RETRIEVABLE, type Retrievable } from '../api/schema-parts';
import { type ChargeEntry, dayOf, type LedgerEntry } from '../store/database/ledger/ledger-entry';

export {
  BalanceEntry,
  CHARGE_STATES,
  ChargeEntry,
  type ChargeState,
  dayOf,
  LEDGER_ACTIONS,
  type LedgerAction,
  LedgerEntry,
} from '../store/database/ledger/ledger-entry';

/** The `n` local days ending with `today`, oldest first. */
export function lastDays(n: number, today: Date = new Date()): string[] {
  return Array.from({ length: n }, (_, i) => {
    const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (n - 1 - i));
    return dayOf(d);
  });
}

/** The local days of the month of `today`, up to and including it. */
export function monthToDate(today: Date = new Date()): string[] {
  return lastDays(today.getDate(), today);
}

/** What counts against a cap: charges as charged; an uncertain one at its maximum until it is settled. */
export function countedCredits(entry: LedgerEntry): number {
  if (entry.kind !== 'charge') return 0;
  return entry.state === 'uncertain' ? entry.maxCredits : entry.credits;
}

/** Sum of {@link countedCredits}. */
export function spent(entries: readonly LedgerEntry[]): number {
  return entries.reduce((sum, entry) => sum + countedCredits(entry), 0);
}

/** The parts of a chart bar: the four reveal items, searches, and charges whose items are not known. */
export const SPEND_PARTS = [...RETRIEVABLE, 'search', 'unknown'] as const;
export type SpendPart = (typeof SPEND_PARTS)[number];

/**
 * A charge split by what it paid for. A lookup's credits go to its items at their prices; any difference between
 * what the service charged and the items' prices (and a settled uncertain charge, whose items are not known) goes
 * to `unknown`, so the parts always add up to what was charged.
 */
export function partsOf(entry: ChargeEntry): Partial<Record<SpendPart, number>> {
  if (entry.credits === 0) return {};
  if (entry.action === 'search' || entry.action === 'jd-search') return { search: entry.credits };
  const parts: Partial<Record<SpendPart, number>> = {};
  let left = entry.credits;
  for (const item of new Set<Retrievable>(entry.items)) {
    const price = Math.min(ITEM_PRICE[item], left);
    if (price > 0) parts[item] = price;
    left -= price;
  }
  if (left > 0) parts.unknown = left;
  return parts;
}

/**
 * Settles the uncertain charges among `since` (every charge written after the `anchor` balance, in order) against a
 * new balance. Every charge after the anchor is known except the uncertain ones, so what the balance fell beyond
 * the known charges is what they cost, as a group:
 * - nothing unexplained: none was charged; every one is `not-charged`;
 * - the group's whole maximum (or more) unexplained: each was charged its maximum (`confirmed`);
 * - one call: it was charged what is unexplained (a call is charged at once or not at all);
 * - several, and part of their maximum: the total is known, the split is not. They are settled in order, each up to
 *   its maximum, and each carries `shared` (the group's total and size) so nobody reads the split as fact.
 * A fall beyond the group's maximum (the key used elsewhere too) marks them `shared` as well, with the whole fall:
 * each is put at its maximum, the most it could have cost, and whether it was charged at all cannot be told.
 *
 * Returns null when it cannot settle yet: a call last sent ({@link lastHandOver}) less than `settleAfterMs` before the balance may still be
 * being processed (the service may charge it after this balance), so a group not fully charged waits. A balance that
 * rose (credits bought) cannot settle anything: returns [] (the calls stay uncertain, counted at their maximum).
 */
export function reconcile(
  anchor: number,
  since: readonly ChargeEntry[],
  remaining: number,
  at: string,
  settleAfterMs = 0,
): ChargeEntry[] | null {
  const pending = since.filter((e) => e.state === 'uncertain');
  // Stryker disable next-line ConditionalExpression: with nothing pending the rest maps no entry, so [] either way
  if (pending.length === 0) return [];
  // Stryker disable next-line MethodExpression,ConditionalExpression,StringLiteral: an uncertain charge's credits are 0 (see ChargeEntry)
  const known = since.filter((e) => e.state !== 'uncertain').reduce((sum, e) => sum + e.credits, 0);
  const unexplained = anchor - remaining - known;
  if (unexplained < 0) return [];
  const most = pending.reduce((sum, e) => sum + e.maxCredits, 0);
  const recent = pending.some((e) => new Date(at).getTime() - lastHandOver(e) < settleAfterMs);
  if (unexplained < most && recent && !(pending.length === 1 && unexplained > 0)) return null;
  const shared =
    (pending.length > 1 && unexplained > 0 && unexplained < most) || unexplained > most
      ? { calls: pending.length, credits: unexplained }
      : undefined;
  let left = unexplained;
  return pending.map((entry) => {
    const credits = Math.min(entry.maxCredits, left);
    left -= credits;
    const settled: ChargeEntry = {
      ...entry,
      credits,
      state: credits > 0 ? 'confirmed' : 'not-charged',
      settledAt: at,
    };
    if (shared) settled.shared = shared;
    return settled;
  });
}

/**
 * When a call was last handed to the network (ms): its latest attempt's hand-over (a retry of the same call is
 * recorded on its entry), or when it was written for an entry that has none recorded.
 */
export function lastHandOver(entry: ChargeEntry): number {
  const written = new Date(entry.at).getTime();
  return entry.handedAt ? Math.max(written, new Date(entry.handedAt).getTime()) : written;
}

/** What a set of charges came to: settled credits, and the uncertain calls with the most they may still cost. */
export function chargeTotals(entries: readonly LedgerEntry[]): {
  credits: number;
  uncertain: number;
  uncertainMax: number;
} {
  let credits = 0;
  let uncertain = 0;
  let uncertainMax = 0;
  for (const e of entries) {
    if (e.kind !== 'charge') continue;
    if (e.state === 'uncertain') {
      uncertain++;
      uncertainMax += e.maxCredits;
    } else credits += e.credits;
  }
  return { credits, uncertain, uncertainMax };
}
