/**
 * Single flight across the team: one upstream lookup per person at a time, whichever instance the requests reach.
 *
 * A flight is a row in `flights`, keyed by person, taken with an insert that only one caller can win (the primary
 * key decides, under PostgreSQL's row lock on the key); the others wait for it to end and then read the vault. No
 * lock or connection is held while the service answers, so PGlite's single connection keeps serving meanwhile. The
 * winner ends the flight in the same transaction that stores the answer, which notifies on commit (LISTEN/NOTIFY,
 * `gateway_finish_lookup`); waiters
 * also poll, so a lost notification costs a few milliseconds, never an answer. A flight whose instance died is
 * taken over once it expires. A failed flight stays readable until the next claim, so its waiters (woken at once)
 * answer with its error instead of calling again (a call that timed out may have been charged).
 */
import type { Retrievable } from '../src/api/schema';
import type { Database, Sql } from './db/database';
import { type Person, type PersonRow, toPerson } from './vault';

export const FLIGHT_CHANNEL = 'gateway_flights';

/** The error a failed flight's waiters answer with: the gateway's response status and body. */
export interface FlightError {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** The flight claimed (with the person as read after the claim), or the one already under way. */
export type Claim = { won: true; flightId: string; person: Person | null } | { won: false; flightId: string };

/**
 * Takes the flight of `personId` for `items`, or names the flight already under way: one round trip (the
 * `gateway_claim_flight` function of migration 2). A won claim comes with the person read after it, so items
 * another flight stored between the caller's read and this claim are seen.
 */
export async function claimFlight(
  db: Sql,
  personId: number,
  memberId: number,
  items: readonly Retrievable[],
  ttlMs: number,
): Promise<Claim> {
  // A new flight, or the takeover of one that ended (its waiters have read its error) or expired (its instance
  // died); a flight under way keeps its row.
  const rows = await db.query<{
    claim: { won: boolean; flight_id: string | null; person?: PersonRow | null };
  }>('select gateway_claim_flight($1, $2, $3, $4) as claim', [
    personId,
    memberId,
    JSON.stringify(items),
    ttlMs,
  ]);
  const claim = rows[0]!.claim;
  if (claim.won) {
    return { won: true, flightId: claim.flight_id!, person: claim.person ? toPerson(claim.person) : null };
  }
  // Gone meanwhile: report a flight that has ended, so the caller plans again.
  return { won: false, flightId: claim.flight_id ?? '' };
}

/** Ends a flight whose upstream call failed, keeping its error for its waiters. */
export async function failFlight(
  db: Sql,
  personId: number,
  flightId: string,
  error: FlightError,
): Promise<void> {
  // One statement: the error kept, and the waiters woken (on commit).
  await db.query(
    `with ended as (
       update flights set ended_at = now(), error = $3::text::jsonb where person_id = $1 and flight_id = $2
     )
     select pg_notify($4, $1::text)`,
    [personId, flightId, JSON.stringify(error), FLIGHT_CHANNEL],
  );
}

/** Ends a flight that stored nothing (nothing was missing after all, or a cap refused it) and wakes its waiters. */
export async function dropFlight(db: Sql, personId: number, flightId: string): Promise<void> {
  await db.query(
    `with dropped as (delete from flights where person_id = $1 and flight_id = $2)
     select pg_notify($3, $1::text)`,
    [personId, flightId, FLIGHT_CHANNEL],
  );
}

/**
 * Wakes waiters when a flight ends: one LISTEN per instance, fanned out to the waiters of each person. It holds
 * nothing another instance needs: a waiter that misses a wake-up finds out by polling.
 */
export class FlightWaiters {
  private readonly waiting = new Map<string, Set<() => void>>();
  private unlisten: (() => Promise<void>) | undefined;

  async start(db: Database): Promise<void> {
    this.unlisten = await db.listen(FLIGHT_CHANNEL, (payload) => {
      for (const wake of this.waiting.get(payload) ?? []) wake();
    });
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    for (const wakes of this.waiting.values()) for (const wake of wakes) wake();
    this.waiting.clear();
  }

  /** Resolves at the next notification for `personId`, or after `ms`. */
  next(personId: number, ms: number): Promise<void> {
    const key = String(personId);
    return new Promise((resolve) => {
      const set = this.waiting.get(key) ?? new Set();
      this.waiting.set(key, set);
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        if (set.size === 0) this.waiting.delete(key);
        resolve();
      };
      const timer = setTimeout(done, ms);
      set.add(done);
    });
  }
}

export type FlightOutcome = { ended: true } | { ended: true; error: FlightError } | { ended: false };

/**
 * Waits until the flight `flightId` of `personId` is over (or `deadline` passes, `ended: false`). Its error, when
 * it failed; otherwise the caller reads the vault again.
 */
export async function awaitFlight(
  db: Sql,
  waiters: FlightWaiters,
  personId: number,
  flightId: string,
  deadline: number,
): Promise<FlightOutcome> {
  let pollMs = 20;
  for (;;) {
    const rows = await db.query<{ flight_id: string; ended_at: Date | null; error: FlightError | null }>(
      'select flight_id, ended_at, error from flights where person_id = $1',
      [personId],
    );
    const row = rows[0];
    if (!row || row.flight_id !== flightId) return { ended: true };
    if (row.ended_at !== null) return row.error ? { ended: true, error: row.error } : { ended: true };
    const left = deadline - Date.now();
    if (left <= 0) return { ended: false };
    await waiters.next(personId, Math.min(pollMs, left));
    pollMs = Math.min(250, pollMs * 2);
  }
}
