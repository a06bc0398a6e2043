/**
 * The background's use of the ledger: every paid call goes through {@link paidLookup} or {@link paidSearch}, which
 * check the user's spending caps (counting the most the call can cost, and every call still uncertain, whichever
 * worker sent it) before anything is sent, and write the call's one ledger entry AHEAD of its request: "uncertain"
 * (sent, outcome unknown) at its most, durably stored before the request leaves. Its answer settles the entry with
 * what the service charged; a call the service refused is taken off; a call with no answer, or whose worker was
 * stopped mid-call, stays uncertain, and the next balance from the free account call settles it
 * (`balance-settlement.ts`).
 */

import { ApiError } from '../api/errors';
import { formatCredits, maxCostOfItems, searchCost } from '../api/pricing';
import type { LookupResponse, SearchRequest, SearchResponse } from '../api/schema';
import type { Retrievable } from '../api/schema-parts';
import { formatNumber } from '../format/numbers';
import { roomUnderCaps } from '../ledger/caps';
import type { ChargeEntry, LedgerAction } from '../ledger/entry';
import { spendingNow } from '../ledger/spending';
import { appendEntry, markHandedOver, resolveEntry } from '../store/database/ledger/ledger-write';
import { forgetRoom, roomForAnswer } from '../store/database/room';
import { type Settings, settings } from '../store/items/settings';
import { heldRead, serialized } from '../store/lock';
import { holdAwake } from './heartbeat';
import { CapReached, NotKept, NotRecorded } from './paid-call-errors';

// What the gate throws, exported beside it: a caller of the gate tells its refusals apart by these.
export { CapReached, NotKept, NotRecorded } from './paid-call-errors';

/** What a paid call is, for its ledger entry. */
export interface PaidCall {
  action: LedgerAction;
  /** The search session, reveal job or bulk job it belongs to. */
  ref: string;
  label?: string | undefined;
  /** The contact a lookup is for (its vault key). */
  subject?: string | undefined;
}

/**
 * This worker's paid calls, by ledger entry id, with the most each may cost: from its cap check until its answer
 * has settled its entry (or it ends without one). A cap check counts them here, at their maximum, and leaves their
 * entries out of what it reads from the ledger; everything else on the ledger (settled charges, and calls still
 * uncertain from a worker that is gone) it counts from the ledger. A balance taken while one is in flight cannot
 * settle anything: it may or may not hold that call's charge yet.
 */
const calls = new Map<string, number>();

/** The caps in force: read once per call, before its turn (see {@link withinCaps}). */
type Caps = Pick<Settings, 'dailyCapCredits' | 'monthlyCapCredits'>;

/** Why a call that may cost `max` credits would pass one of `caps`, in plain words; null when it would not. */
async function capProblem(max: number, caps: Caps, now = new Date()): Promise<string | null> {
  if (caps.dailyCapCredits === undefined && caps.monthlyCapCredits === undefined) return null;
  // This worker's calls first, then the ledger without them: a call settled in between is counted once, at most.
  const mine = new Set(calls.keys());
  const starting = [...calls.values()].reduce((sum, most) => sum + most, 0);
  const { today, month } = await spendingNow(now, mine);
  const room = roomUnderCaps(caps, { today: today + starting, month: month + starting });
  if (!room || max <= room.left) return null;
  const limit = (room.cap === 'daily' ? caps.dailyCapCredits : caps.monthlyCapCredits) ?? 0;
  const period = room.cap === 'daily' ? 'today' : 'this month';
  return `This may cost up to ${formatCredits(max)}, which would pass your ${room.cap} cap: ${formatNumber(limit - room.left)} of ${formatCredits(limit)} are spent or under way ${period}. To go ahead, raise the cap in Options (Spending caps).`;
}

/**
 * The settings, from one read shared by the calls that ask while it is under way, and kept while a bulk reveal
 * holds it until they change (see {@link heldRead}).
 */
export const settingsNow = heldRead(
  () => settings.get(),
  (onChange) => settings.watch(onChange),
);

/**
 * Runs a paid call (ledger entry `id`) that may cost up to `max` credits if no cap would be passed; refuses with
 * {@link CapReached} otherwise. The check and the reservation are one step, so calls started together (a bulk
 * reveal's lookups) cannot pass a cap between them. The reservation lasts until `task` has settled.
 */
async function withinCaps<T>(id: string, max: number, task: () => Promise<T>): Promise<T> {
  // The caps are read before the turn: with none set (the usual case) the turn reads nothing, so calls started
  // together (a bulk reveal's fifteen) do not queue behind each other's reads. The spending is read in the turn.
  const caps = await settingsNow.get();
  // Stryker disable next-line StringLiteral: the lock's name only has to be its own, and no other lock is named ''
  await serialized('ledger-caps', async () => {
    const problem = await capProblem(max, caps);
    if (problem) throw new CapReached(problem);
    calls.set(id, max);
  });
  // A paid call keeps its worker from being stopped until its answer is settled: Chrome stops an idle extension
  // service worker after 30 s without extension events or API calls, and each extension API call resets that
  // timer (Chrome's "The extension service worker lifecycle", Idle and shutdown, since Chrome 110); the heartbeat
  // calls `storage.session.set` every second while any call is held (`heartbeat.ts`).
  const awake = holdAwake();
  try {
    return await task();
  } finally {
    calls.delete(id);
    awake();
  }
}

/** Refuses now if a call of `max` credits would pass a cap (before a search replaces the one on screen). */
export async function assertWithinCaps(max: number): Promise<void> {
  const problem = await capProblem(max, await settings.get());
  if (problem) throw new CapReached(problem);
}

/** Writes `entry` ahead of its request; a write that fails is {@link NotRecorded}. */
function writeAhead(entry: ChargeEntry): Promise<void> {
  return appendEntry(entry).catch((error: unknown) => {
    // Stryker disable next-line StringLiteral: a developer's log line, never shown to the user
    console.warn('The ledger could not be written ahead of a paid call', error);
    throw new NotRecorded(error);
  });
}

/** Settles an entry with its answer; a failure to write it must not lose the paid result itself. */
function settleWithAnswer(entry: ChargeEntry, change: (entry: ChargeEntry) => ChargeEntry | null) {
  // Stryker disable next-line ArrowFunction,StringLiteral: swallowed either way; only the developer's log differs
  return resolveEntry(entry.id, change).catch((error) => console.warn('Could not write the ledger', error));
}

/**
 * How a paid call goes out: `send` is given `ahead`, which writes the call's entry (sent, outcome unknown, at its
 * most), runs `leaving` (a last check that may still refuse by throwing: nothing has left yet), then records that
 * the request is handed to the network; it must resolve before the request is given to `fetch` (it rejects with
 * {@link NotRecorded} when either write cannot be stored). Anything between the two is only a window in which a
 * stop counts a request that never left as one that may have (settled by the balance, never asked twice).
 * A caller that waits for a connection first calls it once it has one.
 *
 * Two writes, so a stop in between is told apart from a stop after: an entry whose hand-over was never recorded
 * provably never reached `fetch`, so it cost nothing and its work can be asked again (`dropNeverLeft` in
 * `src/store/database/ledger/ledger-write.ts`); one recorded may have left, and only the balance can tell what it cost.
 *
 * Called again once handed over (the client's retry of the same call: `CallOptions.beforeRetry`), it records the new
 * hand-over as the entry's `handedAt`: a balance is too early to call the call not charged until the time a call can
 * take has passed since its latest attempt left (`reconcile`, settled in `balance-settlement.ts`).
 */
export type PaidSend<R> = (ahead: (leaving?: () => void) => Promise<void>) => Promise<R>;

/** What a call's answer charged, and what of the answer must be kept before the ledger says so. */
interface Answered {
  credits: number;
  items: Retrievable[];
  remaining: number;
}

/**
 * One paid call through the caps, written ahead on the ledger and settled by its answer. `keep` stores what the
 * answer brought (the vault) before the entry is settled: a worker stopped between the two leaves the call
 * uncertain, which the balance settles, rather than a charge whose data was never stored. The caller is told once
 * the ledger says what the call cost.
 */
async function paid<R, K>(
  call: PaidCall,
  max: number,
  send: PaidSend<R>,
  charged: (response: R) => Answered,
  keep: (response: R) => Promise<K>,
): Promise<{ response: R; kept: K }> {
  const entry: ChargeEntry = {
    kind: 'charge',
    id: crypto.randomUUID(),
    at: new Date().toISOString(),
    action: call.action,
    ref: call.ref,
    ...(call.label ? { label: call.label } : {}),
    ...(call.subject ? { subject: call.subject } : {}),
    items: [],
    credits: 0,
    maxCredits: max,
    state: 'uncertain',
    handedAt: null,
  };
  // Room before money: an answer the storage cannot take would be paid for and lost. Nothing is sent then.
  const room = await roomForAnswer();
  if (!room.ok) {
    // Stryker disable next-line StringLiteral: a developer's log line, never shown to the user
    console.warn('No room to store a paid answer', room.cause);
    throw new NotRecorded(room.cause);
  }
  return withinCaps(entry.id, max, async () => {
    // Stryker disable next-line BooleanLiteral: taken as written before the write-ahead, a call refused before it takes off an entry never stored, and the ledger skips an id it does not hold
    let written = false;
    let handed = false;
    const ahead = async (leaving?: () => void) => {
      if (handed) {
        const again = new Date().toISOString();
        await markHandedOver(entry.id, again).catch((error: unknown) => {
          // Stryker disable next-line StringLiteral: a developer's log line, never shown to the user
          console.warn('The ledger could not record a paid call leaving again', error);
          throw new NotRecorded(error);
        });
        entry.handedAt = again;
        return;
      }
      entry.at = new Date().toISOString();
      await writeAhead(entry);
      written = true;
      leaving?.();
      const at = new Date().toISOString();
      await markHandedOver(entry.id, at).catch((error: unknown) => {
        // Stryker disable next-line StringLiteral: a developer's log line, never shown to the user
        console.warn('The ledger could not record a paid call as leaving', error);
        throw new NotRecorded(error);
      });
      entry.handedAt = at;
      handed = true;
    };
    let response: R;
    try {
      response = await send(ahead);
    } catch (error) {
      // Stryker disable next-line ConditionalExpression: an entry never written is not on the ledger, which the settle below leaves alone: the same error is thrown
      if (!written) throw error;
      // Written ahead and never handed to the network (refused by the last check, or its hand-over could not be
      // recorded): nothing left, nothing charged. Off the ledger; a failure to take it off leaves it open and never
      // handed over, which the next balance takes off.
      if (!handed) {
        // Stryker disable next-line ArrowFunction: a change that gives undefined takes the entry off as null does
        await settleWithAnswer(entry, () => null);
        throw error;
      }
      // Refused with nothing charged (the service's error answer, or a refusal before the request left): off the
      // ledger. Anything else after the request was handed over (no answer, or a failure of the extension's own)
      // may have been charged: it stays uncertain, and the balance settles it.
      if (error instanceof ApiError && !error.outcomeUnknown) {
        // Stryker disable next-line ArrowFunction: a change that gives undefined takes the entry off as null does
        await settleWithAnswer(entry, () => null);
        throw error;
      }
      if (error instanceof ApiError) throw error;
      // Stryker disable next-line StringLiteral: a developer's log line, never shown to the user
      console.error('A paid call failed after its request may have left', error);
      throw new ApiError({
        kind: 'unexpected',
        message: 'The answer could not be handled.',
        outcomeUnknown: true,
        ...(call.action === 'reveal' || call.action === 'bulk-reveal'
          ? { operation: 'lookup' as const }
          : {}),
      });
    }
    const settle = () => {
      const { credits, items, remaining } = charged(response);
      return settleWithAnswer(entry, (stored) => ({
        ...stored,
        items,
        credits,
        state: 'charged',
        remaining,
        settledAt: new Date().toISOString(),
      })).then(() => credits);
    };
    let kept: K;
    try {
      kept = await keep(response);
    } catch (error) {
      // Charged, but what it brought could not be stored: the ledger says the charge (its write may fail too, on a
      // full disk: the entry then stays uncertain, which the balance settles), and so does the error.
      // Stryker disable next-line StringLiteral: a developer's log line, never shown to the user
      console.warn('A paid answer could not be stored', error);
      forgetRoom();
      throw new NotKept(
        await settle(),
        call.action === 'reveal' || call.action === 'bulk-reveal' ? 'the contact' : 'the results',
        error,
      );
    }
    await settle();
    return { response, kept };
  });
}

/**
 * A lookup asking for `asked`, through the caps and written ahead on the ledger; `keep` stores its answer. Items in
 * `free` (a team gateway said the team holds them: it answers them at no charge) count 0 toward the caps and the
 * entry's most; the entry still settles at what the answer says was charged.
 */
export async function paidLookup<K>(
  call: PaidCall,
  asked: readonly Retrievable[],
  send: PaidSend<LookupResponse>,
  keep: (response: LookupResponse) => Promise<K>,
  // Stryker disable next-line ArrayDeclaration: the mutant's default names no item that can be asked, so it frees none
  free: readonly Retrievable[] = [],
): Promise<{ response: LookupResponse; kept: K }> {
  return paid(
    call,
    maxCostOfItems(asked.filter((item) => !free.includes(item))),
    send,
    (response) => {
      const contact = response.data.contacts[0];
      return {
        credits: response.credits.used,
        items: contact?.success ? contact.contact_data_retrieved.filter((item) => asked.includes(item)) : [],
        remaining: response.credits.remaining,
      };
    },
    keep,
  );
}

/**
 * A search page, through the caps and written ahead on the ledger; `keep` stores the page (the paid data) before the
 * entry is settled, so the page is shown without waiting for the ledger's write.
 */
export async function paidSearch(
  call: Omit<PaidCall, 'action'>,
  body: SearchRequest,
  /** `again`: records a retry's hand-over (the client's `beforeRetry`). */
  send: (again: () => Promise<void>) => Promise<SearchResponse>,
  keep: (response: SearchResponse) => Promise<void> = async () => undefined,
): Promise<SearchResponse> {
  const action: LedgerAction = body.jd_search !== undefined ? 'jd-search' : 'search';
  const { response } = await paid(
    { ...call, action },
    searchCost(body),
    // Handed to `fetch` in the turn the hand-over is recorded: the client calls it before its first await.
    (ahead) => ahead().then(() => send(() => ahead())),
    (response) => ({ credits: response.credits.used ?? 0, items: [], remaining: response.credits.remaining }),
    keep,
  );
  return response;
}

/** How many paid calls this worker has under way (checked, sent or waiting for their answers). */
export const callsInFlight = (): number => calls.size;
