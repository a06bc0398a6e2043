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
import { ITEM_PRICE } from '../src/api/pricing';
import type { Retrievable } from '../src/api/schema';
import type { Database, Sql } from './db/database';
import type { CapRefusal } from './spend';
import { type Person, type PersonKey, type PersonRow, toPerson } from './vault';

export const FLIGHT_CHANNEL = 'gateway_flights';

/** The error a failed flight's waiters answer with: the gateway's response status and body. */
export interface FlightError {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** Credits per item, as `gateway_begin_lookup` reads them (one string, made once). */
const PRICES = JSON.stringify(ITEM_PRICE);

/** How a lookup begins (see {@link beginLookup}). */
export type Begun =
  | { state: 'held'; person: Person; balance: number | null }
  | {
      state: 'wait';
      personId: number;
      flightId: string;
      /** When this request asked, by the database's clock: before any erasure it then waits through. */
      startedAt: string;
    }
  | { state: 'refused'; refusal: CapRefusal }
  | { state: 'revoked' }
  | {
      state: 'flight';
      personId: number;
      flightId: string;
      /** When the flight began, by the database's clock: an erasure after it keeps its answer out of the vault. */
      startedAt: string;
      /** The pending ledger row, at the missing items' most. */
      entryId: number;
      missing: Retrievable[];
    };

interface BegunRow {
  state: Begun['state'];
  person?: PersonRow;
  balance?: number | null;
  person_id?: number;
  flight_id?: string;
  started_at?: string;
  entry_id?: number;
  missing?: Retrievable[];
  refusal?: { period: 'day' | 'month'; cap: number; spent: number; required: number; resets_at: string };
}

/**
 * A foreign key or unique violation (a person row erased or made by another request meanwhile), or a serialization
 * failure (a cap set on the member while the reservation read them: `gateway_reserve`).
 */
export const RACED = new Set(['23503', '23505', '40001']);

/**
 * Begins a lookup of `asked` for a member, in one round trip (`gateway_begin_lookup`): finds the
 * person (made when new, with the other identifier when a search linked it), and answers `held` when the vault
 * answers every item asked; otherwise claims the person's flight (`wait` when another request has it), reads the
 * person again under it, and reserves the missing items' most under the member's caps (`refused`, `revoked`), all in
 * one transaction, so a flight is never claimed without its reservation nor a reservation made without its flight.
 */
export async function beginLookup(
  db: Sql,
  key: PersonKey,
  memberId: number,
  asked: readonly Retrievable[],
  settings: { flightTtlMs: number; notFoundTtlMs: number },
  subject: string,
): Promise<Begun> {
  for (let attempt = 0; ; attempt++) {
    let row: BegunRow;
    try {
      const rows = await db.query<{ begun: BegunRow }>(
        'select gateway_begin_lookup($1, $2, $3, $4, $5, $6, $7, $8) as begun',
        [
          key.socialUrl ?? null,
          key.candidateId ?? null,
          memberId,
          JSON.stringify(asked),
          PRICES,
          settings.flightTtlMs,
          Math.min(settings.notFoundTtlMs, 2 ** 31 - 1),
          subject,
        ],
      );
      row = rows[0]!.begun;
    } catch (error) {
      // The person was erased (or made by another request) between this statement's read and its write: read again.
      if (attempt < 3 && RACED.has(String((error as { code?: unknown }).code))) continue;
      throw error;
    }
    switch (row.state) {
      case 'held':
        return { state: 'held', person: toPerson(row.person!), balance: row.balance ?? null };
      case 'wait':
        return {
          state: 'wait',
          personId: row.person_id!,
          flightId: row.flight_id ?? '',
          startedAt: row.started_at!,
        };
      case 'revoked':
        return { state: 'revoked' };
      case 'refused': {
        const { resets_at, ...refusal } = row.refusal!;
        return { state: 'refused', refusal: { ...refusal, resetsAt: new Date(resets_at) } };
      }
      case 'flight':
        return {
          state: 'flight',
          personId: row.person_id!,
          flightId: row.flight_id!,
          startedAt: row.started_at!,
          entryId: row.entry_id!,
          missing: row.missing!,
        };
    }
  }
}

/** Ends a flight whose upstream call failed, keeping its error for its waiters. */
export async function failFlight(
  db: Sql,
  personId: number,
  flightId: string,
  error: FlightError,
): Promise<void> {
  // One statement: the error kept, and the waiters woken (on commit) when there are any, as a lookup's end does.
  await db.query(
    `with ended as (
       update flights set ended_at = now(), error = $3::text::jsonb where person_id = $1 and flight_id = $2
       returning waited
     )
     select pg_notify($4, $1::text) from ended where waited`,
    [personId, flightId, JSON.stringify(error), FLIGHT_CHANNEL],
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
