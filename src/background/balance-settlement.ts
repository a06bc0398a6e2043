/**
 * What a balance from the free account call settles: the calls with no answer written since the balance before it
 * (what the balance fell beyond every charge known since is what they cost), unless a call of this worker is in
 * flight, the balance is a team's, or it is another connection's.
 */
import { CLIENT_DEFAULTS } from '../api/client';
import { reconcile } from '../ledger/entry';
import { appendEntry, type Settle } from '../store/database/ledger/ledger-write';
import { teamMembership } from '../store/items/team-membership';
import { callsInFlight } from './paid-call-gate';

/**
 * How long after it was sent a call with no answer may still be charged by the service: the client's own time
 * limit. A balance taken sooner settles it only as charged, never as "not charged".
 */
export const SETTLE_AFTER_MS = CLIENT_DEFAULTS.timeoutMs;

/**
 * Settles open uncertain charges against a new balance: every charge written after the anchor balance. The calls
 * that cannot be settled yet (sent too recently: {@link reconcile}) stay open.
 */
const settleAgainst =
  (remaining: number, at: string): Settle =>
  (anchor, after) =>
    reconcile(anchor.remaining, after, remaining, at, SETTLE_AFTER_MS);

/**
 * A team's balance settles nothing of a member's: teammates spend from it too, so a fall in it is not this member's
 * charge. The calls that never left are still taken off (the ledger does so before it asks what to settle); the
 * others stay uncertain, counted at their most.
 */
const settleNothing: Settle = () => null;

/**
 * An open call made through another connection (another account's balance): closed as it stands, "may have been
 * charged, up to" its most, and no later balance settles it either (the ledger's anchor is this new balance).
 */
const closeUnsettled: Settle = () => [];

/**
 * Records a balance the account call reported, and settles uncertain charges with it, unless a call of this worker
 * is in flight: the balance may or may not hold its charge yet, so it cannot tell the others' charges apart. Through
 * a team gateway the balance is the team's ({@link settleNothing}); of another connection than the calls', another
 * account's ({@link closeUnsettled}).
 */
export async function recordAccountBalance(
  remaining: number,
  at: string,
  otherAccount = false,
): Promise<void> {
  const settles = callsInFlight() === 0;
  const settle = !settles
    ? undefined
    : otherAccount
      ? closeUnsettled
      : (await onTeamConnection())
        ? settleNothing
        : settleAgainst(remaining, at);
  await appendEntry({ kind: 'balance', id: crypto.randomUUID(), at, remaining }, settle).catch(
    // Stryker disable next-line ArrowFunction,StringLiteral: swallowed either way; only the developer's log differs
    (error) => console.warn('Could not write the ledger', error),
  );
  if (settles) for (const listener of settledListeners) listener();
}

/**
 * Whether the saved service connection is a team gateway: its balance is then the team's. Unreadable counts as a team
 * (settling nothing is never wrong; settling from a team's balance is).
 */
export async function onTeamConnection(): Promise<boolean> {
  return teamMembership.get().then(
    (membership) => membership !== null,
    () => true,
  );
}

/** Who follows the ledger as balances settle it (a bulk reveal's receipt), in this worker. */
const settledListeners = new Set<() => void>();

/**
 * Calls `listener` after each balance this worker records that may have settled calls (the channel of
 * `src/store/database/changes.ts` reaches every context but the one that wrote). Returns how to stop.
 */
export function afterSettling(listener: () => void): () => void {
  settledListeners.add(listener);
  return () => settledListeners.delete(listener);
}
