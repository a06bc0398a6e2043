/**
 * The background's use of the ledger: every paid call goes through {@link paidLookup} or {@link paidSearch}, which
 * check the user's spending caps (counting the most the call can cost, and what calls under way may cost) before
 * anything is sent, and write exactly one ledger entry for the call: what it was charged, or "uncertain" when no
 * answer came back. Every balance from the free account call is recorded, and settles uncertain charges.
 */
import { ApiError } from '../api/errors';
import { formatCredits, maxCostOfItems, searchCost } from '../api/pricing';
import type { LookupResponse, SearchRequest, SearchResponse } from '../api/schema';
import type { Retrievable } from '../api/schema-parts';
import { appendEntry, type Settle } from '../ledger/append';
import { roomUnderCaps } from '../ledger/caps';
import { type ChargeEntry, dayOf, type LedgerAction, type LedgerEntry, reconcile } from '../ledger/entry';
import { spendingNow } from '../ledger/store';
import { type Settings, serialized, settings } from '../storage';

/** A refusal because a spending cap would be passed. Nothing was sent. */
export class CapReached extends ApiError {
  constructor(message: string) {
    super({ kind: 'over-cap', message });
  }
}

/** What a paid call is, for its ledger entry. */
export interface PaidCall {
  action: LedgerAction;
  /** The search session, reveal job or bulk job it belongs to. */
  ref: string;
  label?: string | undefined;
}

/** The most the calls under way may still cost: counted by every cap check until their entries are written. */
let reserved = 0;

/** The caps in force: read once per call, before its turn (see {@link withinCaps}). */
type Caps = Pick<Settings, 'dailyCapCredits' | 'monthlyCapCredits'>;

/** Why a call that may cost `max` credits would pass one of `caps`, in plain words; null when it would not. */
async function capProblem(max: number, caps: Caps, now = new Date()): Promise<string | null> {
  if (caps.dailyCapCredits === undefined && caps.monthlyCapCredits === undefined) return null;
  const { today, month } = await spendingNow(now);
  // Calls under way count as spent until their entries are written.
  const room = roomUnderCaps(caps, { today: today + reserved, month: month + reserved });
  if (!room || max <= room.left) return null;
  const limit = (room.cap === 'daily' ? caps.dailyCapCredits : caps.monthlyCapCredits) ?? 0;
  const period = room.cap === 'daily' ? 'today' : 'this month';
  return `This may cost up to ${formatCredits(max)}, which would pass your ${room.cap} cap: ${(limit - room.left).toLocaleString('en-US')} of ${formatCredits(limit)} are spent or under way ${period}. To go ahead, raise the cap in Options (Spending caps).`;
}

/**
 * Runs a paid call that may cost up to `max` credits if no cap would be passed; refuses with {@link CapReached}
 * otherwise. The check and the reservation are one step, so calls started together (a bulk reveal's lookups)
 * cannot pass a cap between them.
 */
export async function withinCaps<T>(max: number, task: () => Promise<T>): Promise<T> {
  // The caps are read before the turn: with none set (the usual case) the turn reads nothing, so calls started
  // together (a bulk reveal's fifteen) do not queue behind each other's reads. The spending is read in the turn.
  const caps = await settings.get();
  await serialized('ledger-caps', async () => {
    const problem = await capProblem(max, caps);
    if (problem) throw new CapReached(problem);
    reserved += max;
  });
  try {
    return await task();
  } finally {
    reserved -= max;
  }
}

/** Refuses now if a call of `max` credits would pass a cap (before a search replaces the one on screen). */
export async function assertWithinCaps(max: number): Promise<void> {
  const problem = await capProblem(max, await settings.get());
  if (problem) throw new CapReached(problem);
}

async function record(call: PaidCall, entry: Omit<ChargeEntry, 'kind' | 'id' | 'at' | 'action' | 'ref'>) {
  const charge: ChargeEntry = {
    kind: 'charge',
    id: crypto.randomUUID(),
    at: new Date().toISOString(),
    action: call.action,
    ref: call.ref,
    ...(call.label ? { label: call.label } : {}),
    ...entry,
  };
  // The ledger is the record of money, but a failure to write it must not lose the paid result itself.
  await appendEntry(charge).catch((error) => console.warn('Could not write the ledger', error));
}

/** One paid call through the caps, with its one entry: charged as the service said, or uncertain. */
async function paid<R>(
  call: PaidCall,
  max: number,
  send: () => Promise<R>,
  charged: (response: R) => { credits: number; items: Retrievable[]; remaining: number },
): Promise<R> {
  return withinCaps(max, async () => {
    let response: R;
    try {
      response = await send();
    } catch (error) {
      if (error instanceof ApiError && error.outcomeUnknown) {
        await record(call, { items: [], credits: 0, maxCredits: max, state: 'uncertain' });
      }
      throw error;
    }
    const { credits, items, remaining } = charged(response);
    await record(call, { items, credits, maxCredits: max, state: 'charged', remaining });
    return response;
  });
}

/** A lookup asking for `asked`, through the caps and into the ledger. */
export function paidLookup(
  call: PaidCall,
  asked: readonly Retrievable[],
  send: () => Promise<LookupResponse>,
): Promise<LookupResponse> {
  return paid(call, maxCostOfItems(asked), send, (response) => {
    const contact = response.data.contacts[0];
    return {
      credits: response.credits.used,
      items: contact?.success ? contact.contact_data_retrieved.filter((item) => asked.includes(item)) : [],
      remaining: response.credits.remaining,
    };
  });
}

/** A search page, through the caps and into the ledger. */
export function paidSearch(
  call: Omit<PaidCall, 'action'>,
  body: SearchRequest,
  send: () => Promise<SearchResponse>,
): Promise<SearchResponse> {
  const action: LedgerAction = body.jd_search !== undefined ? 'jd-search' : 'search';
  return paid({ ...call, action }, searchCost(body), send, (response) => ({
    credits: response.credits.used ?? 0,
    items: [],
    remaining: response.credits.remaining,
  }));
}

/**
 * Settles open uncertain charges against a new balance: every charge written after the anchor balance, read from
 * the anchor's day on.
 */
const settleAgainst =
  (remaining: number, at: string): Settle =>
  async (meta, read) => {
    const done = { ...meta, anchor: null, open: [] };
    const anchor = meta.anchor;
    if (!anchor) return { changed: [], meta: done };
    const days = meta.days.filter((day) => day >= dayOf(anchor.at));
    const entries: LedgerEntry[] = [...(await read(days)).values()].flat();
    const after = entries.slice(entries.findIndex((e) => e.id === anchor.id) + 1);
    const charges = after.filter((e): e is ChargeEntry => e.kind === 'charge');
    return { changed: reconcile(anchor.remaining, charges, remaining, at), meta: done };
  };

/** Records a balance the account call reported, and settles uncertain charges with it. */
export async function recordAccountBalance(remaining: number, at: string): Promise<void> {
  await appendEntry(
    { kind: 'balance', id: crypto.randomUUID(), at, remaining },
    settleAgainst(remaining, at),
  ).catch((error) => console.warn('Could not write the ledger', error));
}
