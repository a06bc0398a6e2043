/**
 * The ledger's records: every paid call the extension made (what it was, what it cost, what it belongs to) and every
 * balance the service reported. Pure data and pure functions; storage is in `store.ts`, the background's use in
 * `src/background/ledger.ts`.
 */
import * as z from 'zod/mini';
import { ITEM_PRICE } from '../api/pricing';
import { RETRIEVABLE, type Retrievable } from '../api/schema-parts';

/** What a paid call was: a search page, a job-description search page, a single reveal, a lookup of a bulk reveal. */
export const LEDGER_ACTIONS = ['search', 'jd-search', 'reveal', 'bulk-reveal'] as const;
export type LedgerAction = (typeof LEDGER_ACTIONS)[number];

/**
 * A paid call's charge. Every paid call is written `uncertain` (sent, outcome unknown, up to `maxCredits`) before
 * its request leaves; its answer settles it as `charged` (what the service said it cost). One whose answer never
 * came (no readable answer, or the worker stopped mid-call) stays `uncertain` until a balance from the account call
 * settles it as `confirmed` (charged) or `not-charged`.
 */
export const CHARGE_STATES = ['charged', 'uncertain', 'confirmed', 'not-charged'] as const;
export type ChargeState = (typeof CHARGE_STATES)[number];

export const ChargeEntry = z.object({
  kind: z.literal('charge'),
  id: z.string(),
  at: z.string(),
  action: z.enum(LEDGER_ACTIONS),
  /** The items the service returned and charged for (lookups); empty for searches and uncertain calls. */
  items: z.array(z.enum(RETRIEVABLE)),
  /** Credits charged; for an uncertain call, what reconciliation found (0 until then). */
  credits: z.int().check(z.gte(0)),
  /** The most the call could cost (what a cap check counted). */
  maxCredits: z.int().check(z.gte(0)),
  state: z.enum(CHARGE_STATES),
  /** The search session, reveal job or bulk job the call belongs to. */
  ref: z.string(),
  /** What the call was about, in plain words (a profile, "page 2"), for the history and the CSV. */
  label: z.optional(z.string()),
  /** The balance the response reported, when it did. */
  remaining: z.optional(z.int()),
  /** When an uncertain charge was settled. */
  settledAt: z.optional(z.string()),
  /** The contact a lookup was for (its vault key): how a restarted bulk reveal knows which lookups went out. */
  subject: z.optional(z.string()),
  /**
   * Settled by the balance as one of `calls` calls whose answers never came, when the fall could not be put on each
   * of them: `credits` is the fall they account for in all (more than they can cost together when the key was also
   * used elsewhere). Each entry's own `credits` is a share of it, so sums agree; the split is not a fact.
   */
  shared: z.optional(z.object({ calls: z.int().check(z.gte(1)), credits: z.int().check(z.gte(0)) })),
});
export type ChargeEntry = z.infer<typeof ChargeEntry>;

/** A balance the free account call reported. */
export const BalanceEntry = z.object({
  kind: z.literal('balance'),
  id: z.string(),
  at: z.string(),
  remaining: z.int(),
});
export type BalanceEntry = z.infer<typeof BalanceEntry>;

export const LedgerEntry = z.union([ChargeEntry, BalanceEntry]);
export type LedgerEntry = z.infer<typeof LedgerEntry>;

/** The local calendar day of a timestamp, `YYYY-MM-DD`: caps and the chart count the user's days. */
export function dayOf(at: string | Date): string {
  // Stryker disable next-line ConditionalExpression: a Date copied is the same date
  const d = typeof at === 'string' ? new Date(at) : at;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

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
 * Returns null when it cannot settle yet: a call sent less than `settleAfterMs` before the balance may still be
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
  const recent = pending.some((e) => new Date(at).getTime() - new Date(e.at).getTime() < settleAfterMs);
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
