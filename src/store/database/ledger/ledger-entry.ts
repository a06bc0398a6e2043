/**
 * The ledger's records as stored: every paid call the extension made (what it was, what it cost, what it belongs to)
 * and every balance the service reported, and the local day each is filed under. The store's own schemas, so the
 * store imports no rule; what the records mean (what counts against a cap, how a balance settles a lost call) is
 * `src/ledger/`, which re-exports these.
 */
import * as z from 'zod/mini';
import { RETRIEVABLE } from '../../../api/schema-parts';

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
   * When the request was handed to the network: written, durably, after the entry and before `fetch` is called, so
   * an entry still `null` after its worker stopped provably never left (nothing was sent, nothing can be charged)
   * and its work can be asked again. Absent on entries written before this was recorded: those cannot tell, and
   * only the balance settles them.
   */
  handedAt: z.optional(z.nullable(z.string())),
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
