/**
 * Writing the ledger (the background alone): entries appended in the order written, an entry settled where it
 * stands (a paid call's answer), and the bookkeeping of the calls still open; a balance settles the open ones
 * through `settle`. Each write is one transaction over the entries and their bookkeeping, and resolves once it has
 * completed: a paid call's entry is in the database before its request leaves.
 *
 * Changes that arrive while a write is under way are written together by the next one (a bulk reveal's fifteen
 * lookups are sent, and answer, within milliseconds of each other): each still resolves only once it is stored, in
 * the order asked for. The reads are beside it (`ledger.ts`); what a balance settles is the caller's rule (`Settle`,
 * given by the paid-call gate), so the store keeps the entries and knows no rule.
 */
import type { IDBPTransaction } from 'idb';
import { groupCommit } from '../../../group-commit';
import { announce } from '../changes';
import { db, type LensSchema } from '../db';
import { daysRange, LEDGER, LEDGER_META, metaFrom, readEntries } from './ledger';
import { type BalanceEntry, type ChargeEntry, dayOf, LedgerEntry } from './ledger-entry';

/**
 * What a balance settles: given the anchor balance and every charge written after it, the charges settled (null:
 * not yet, they stay open; []: none can be, and the open calls are closed as they are).
 */
export type Settle = (anchor: BalanceEntry, after: ChargeEntry[]) => ChargeEntry[] | null;

/** One change of the ledger. */
type Change =
  /** A new entry; for a balance, the step that settles open uncertain charges with it. */
  | { kind: 'append'; entry: LedgerEntry; settle: Settle | undefined }
  /** An entry settled where it stands (`change` returns null to take it off the ledger). */
  | { kind: 'resolve'; id: string; change: (entry: ChargeEntry) => ChargeEntry | null };

/** One write at a time; changes asked for while it is under way are written together by the next (group commit). */
const commit = groupCommit<Change>((batch) => write(batch));

/**
 * Appends one entry (and, for a balance, settles open uncertain charges with `settle`; a balance with `settle` is
 * also the one later settlements count from). Resolves once the entry is stored. `settle` is given only with no
 * paid call of this worker in flight: it also takes off the calls that never left (see {@link dropNeverLeft}).
 */
export function appendEntry(entry: LedgerEntry, settle?: Settle): Promise<void> {
  let checked: LedgerEntry;
  try {
    checked = LedgerEntry.parse(entry);
  } catch (error) {
    return Promise.reject(error);
  }
  // Stryker disable next-line StringLiteral: write() tells the kinds apart by 'resolve' alone; any other is an append
  return commit({ kind: 'append', entry: checked, settle });
}

/**
 * Settles the charge `id` with `change` (its answer came): stored in place, no longer open once it is no longer
 * uncertain. Resolves once stored; an entry no longer on the ledger is left alone.
 */
export function resolveEntry(id: string, change: (entry: ChargeEntry) => ChargeEntry | null): Promise<void> {
  return commit({ kind: 'resolve', id, change });
}

/**
 * Records that the call `id` (written ahead, `handedAt` null) is being handed to the network, at `at`. Resolves once
 * stored; rejects when it cannot be, or when the entry is no longer on the ledger: the request must not leave then.
 */
export async function markHandedOver(id: string, at: string): Promise<void> {
  let marked = false;
  await commit({
    kind: 'resolve',
    id,
    change: (entry) => {
      marked = true;
      return { ...entry, handedAt: at };
    },
  });
  if (!marked) throw new Error('The paid call is no longer on the ledger.');
}

/**
 * Takes off the ledger those of `entries` that never left: still open and never handed to the network. For a worker
 * that took over the work of one that is gone (its calls can no longer leave). Resolves once stored.
 */
export async function dropNeverLeftOf(entries: readonly ChargeEntry[]): Promise<void> {
  // Stryker disable next-line ConditionalExpression: only an open call lacks a hand-over (a call refused before leaving is taken off, a settled one was handed over or predates the field), so the state alone says the same
  const never = (entry: ChargeEntry) => entry.state === 'uncertain' && entry.handedAt === null;
  await Promise.all(
    entries.filter(never).map((entry) =>
      // Read again in the write: a hand-over recorded since keeps the entry.
      commit({ kind: 'resolve', id: entry.id, change: (current) => (never(current) ? null : current) }),
    ),
  );
}

type Tx = IDBPTransaction<LensSchema, ('ledger' | 'meta')[], 'readwrite'>;

/** An entry as stored: its day and number, and `open` while it is an uncertain charge. */
function stored(entry: LedgerEntry, seq: number) {
  // Stryker disable next-line ConditionalExpression: a balance has no state, so the state alone says the same
  const open = entry.kind === 'charge' && entry.state === 'uncertain';
  return { ...entry, day: dayOf(entry.at), seq, ...(open ? { open: seq } : {}) };
}

/**
 * Settles the open calls against a new balance, in the write's transaction: those that never left are taken off
 * ({@link dropNeverLeft}), and every charge written after the anchor balance is given to `settle`. Every open call is then closed, settled with what the balance tells or left
 * uncertain when it cannot tell (no anchor, or a balance that rose); none is when `settle` says "not yet". Returns the
 * ids it wrote.
 */
async function settleOpen(tx: Tx, anchor: BalanceEntry | null, settle: Settle): Promise<string[]> {
  const ledger = tx.objectStore('ledger');
  const neverLeft = await dropNeverLeft(tx);
  const open = await ledger.index('open').getAll();
  // Stryker disable next-line ConditionalExpression: with no call open, no charge after the anchor is uncertain: nothing settles
  if (open.length === 0) return neverLeft;
  let settled: ChargeEntry[] = [];
  if (anchor) {
    const from = (await ledger.get(anchor.id))?.seq ?? -1;
    const since = await ledger.index('day').getAll(daysRange(dayOf(anchor.at), '9999-12-31'));
    // Stryker disable next-line EqualityOperator: the entry at `from` is the anchor, a balance, and only charges are given
    const later = since.filter((value) => value.seq > from).sort((a, b) => a.seq - b.seq);
    const changed = settle(
      anchor,
      readEntries(later).filter((e): e is ChargeEntry => e.kind === 'charge'),
    );
    if (changed === null) return neverLeft;
    settled = changed;
  }
  const ids = new Set([...neverLeft, ...settled.map((entry) => entry.id)]);
  for (const entry of settled) {
    const current = await ledger.get(entry.id);
    // Stryker disable next-line ConditionalExpression: `settled` comes from entries read in this transaction, so each is there
    if (current) await ledger.put(stored(entry, current.seq));
  }
  for (const value of open) {
    if (ids.has(value.id)) continue;
    const closed = { ...value };
    delete closed.open;
    await ledger.put(closed);
    ids.add(value.id);
  }
  return [...ids];
}

/**
 * Takes off the ledger the open calls whose request was written ahead and never handed to the network (`handedAt`
 * still null): a balance settles only with no call of this worker in flight, so such a call's worker is gone, and
 * its request can no longer leave. It cost nothing, and its work may be asked again. Returns the ids it removed.
 */
async function dropNeverLeft(tx: Tx): Promise<string[]> {
  const ledger = tx.objectStore('ledger');
  const ids: string[] = [];
  for (const value of await ledger.index('open').getAll()) {
    const [entry] = readEntries([value]);
    if (entry?.kind !== 'charge' || entry.handedAt !== null) continue;
    await ledger.delete(entry.id);
    ids.push(entry.id);
  }
  return ids;
}

/** Applies the changes in order in one transaction; announces the entries written once it has completed. */
async function write(batch: readonly Change[]): Promise<void> {
  // Stryker disable next-line ObjectLiteral: fake-indexeddb ignores durability; test/e2e/write-ahead.spec.ts fails without it
  const tx = (await db()).transaction(['ledger', 'meta'], 'readwrite', { durability: 'strict' });
  const ledger = tx.objectStore('ledger');
  const meta = metaFrom(await tx.objectStore('meta').get(LEDGER_META));
  const written: string[] = [];
  for (const change of batch) {
    if (change.kind === 'resolve') {
      const current = await ledger.get(change.id);
      // Stryker disable next-line ArrayDeclaration: without `current` the next line goes on before `entry` is read
      const [entry] = current ? readEntries([current]) : [];
      if (!current || entry?.kind !== 'charge') continue;
      const next = change.change(entry);
      if (next) await ledger.put(stored(next, current.seq));
      else await ledger.delete(change.id);
      written.push(change.id);
      // Stryker disable next-line ConditionalExpression,StringLiteral: an entry left uncertain is stored open, so the count is not 0
      if (next?.state !== 'uncertain' && (await ledger.index('open').count()) === 0) meta.anchor = null;
      continue;
    }
    const { entry, settle } = change;
    // Stryker disable next-line ConditionalExpression: only a balance is given a settle step (appendEntry's contract)
    if (entry.kind === 'balance' && settle) {
      const settled = await settleOpen(tx, meta.anchor, settle);
      if ((await ledger.index('open').count()) === 0) meta.anchor = null;
      written.push(...settled);
      meta.lastBalance = entry;
    }
    if (
      // Stryker disable next-line ConditionalExpression: a balance has no state, so the state alone says the same
      entry.kind === 'charge' &&
      entry.state === 'uncertain' &&
      (await ledger.index('open').count()) === 0
    ) {
      meta.anchor = meta.lastBalance;
    }
    await ledger.put(stored(entry, meta.seq++));
    written.push(entry.id);
  }
  await tx.objectStore('meta').put(meta, LEDGER_META);
  await tx.done;
  // Stryker disable next-line MethodExpression: no write holds 10,000 entries (a bulk reveal asks at most 1,000 contacts); the bound is the announcement's own limit
  if (written.length > 0) announce({ store: LEDGER, keys: [...new Set(written)].slice(0, 10_000) });
}
