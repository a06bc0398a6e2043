/**
 * Writing the ledger (the background alone): entries appended to their day, an entry settled where it stands (a
 * paid call's answer), and the bookkeeping of the calls still uncertain; a balance settles the open ones through
 * `settle`. One write at a time.
 *
 * Changes that arrive while a write is under way are written together by the next one (a bulk reveal's fifteen
 * lookups are sent, and answer, within milliseconds of each other): each still resolves only once it is stored, in
 * the order asked for, and a day is read and written once per write rather than once per entry.
 */

import { browser } from 'wxt/browser';
import { groupCommit } from '../group-commit';
import { PREFIXES } from '../store/keys';
import { type LedgerMeta, partKey, type readLedgerDays } from '../store/ledger';
import { type LedgerSnapshot, openDraft } from '../store/ledger-write';
import { type ChargeEntry, dayOf, LedgerEntry, openCallOf } from './entry';

/** What a settle step decides: entries to write back, and the new bookkeeping. */
export type Settle = (
  meta: LedgerMeta,
  read: typeof readLedgerDays,
) => Promise<{ changed: ChargeEntry[]; meta: LedgerMeta }>;

/** One change of the ledger. */
type Change =
  /** A new entry; for a balance, the step that settles open uncertain charges with it. */
  | { kind: 'append'; entry: LedgerEntry; settle: Settle | undefined }
  /** An entry settled where it stands (`change` returns null to take it off the ledger). */
  | { kind: 'resolve'; day: string; id: string; change: (entry: ChargeEntry) => ChargeEntry | null };

/** One write at a time; changes asked for while it is under way are written together by the next (group commit). */
const commit = groupCommit<Change>((batch) => write(batch));

/**
 * Appends one entry to its day (and, for a balance, settles open uncertain charges with `settle`; a balance with
 * `settle` is also the one later settlements count from). Resolves once the entry is stored.
 */
export function appendEntry(entry: LedgerEntry, settle?: Settle): Promise<void> {
  let checked: LedgerEntry;
  try {
    checked = LedgerEntry.parse(entry);
  } catch (error) {
    return Promise.reject(error);
  }
  // Settles held for a write-ahead ride with this entry, before it (a balance counts them).
  void flushSettles();
  return commit({ kind: 'append', entry: checked, settle });
}

/**
 * How long a held settle waits for an append (a bulk reveal's next write-ahead) to carry it before it is written on
 * its own (see {@link resolveEntry}).
 */
export const SETTLE_HOLD_MS = 250;
/** Settles waiting to ride with the next append (see {@link resolveEntry}), in the order asked for. */
const held: Array<() => Promise<void>> = [];
let holdTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * Sends the held settles to be written now (with whatever is asked for in the same moment); resolves once they are
 * stored (or their write failed: each settle's own caller hears of that).
 */
export function flushSettles(): Promise<void> {
  if (holdTimer) clearTimeout(holdTimer);
  holdTimer = null;
  const sent = held.splice(0).map((send) => send().catch(() => undefined));
  return Promise.all(sent).then(() => undefined);
}

/**
 * Settles the charge `id` written at `at` with `change` (its answer came): stored in place, out of the open calls
 * once it is no longer uncertain. Resolves once stored; an entry no longer on the ledger is left alone.
 *
 * A settle is held, and written by the next append's storage call or on its own after {@link SETTLE_HOLD_MS}, while
 * a bulk reveal keeps the ledger warm (its next lookup's write-ahead comes a moment later: a write-ahead then never
 * queues behind a write of settles alone, and the run writes the ledger about half as often), and when `hold` asks
 * (a search page's answer, which the side panel is reading the vault for that moment: its rows with their status
 * come first, the bookkeeping a moment after). Until it is stored the entry still says "sent, at most its
 * maximum", which every count of spending takes as spent.
 */
export function resolveEntry(
  id: string,
  at: string,
  change: (entry: ChargeEntry) => ChargeEntry | null,
  hold = false,
): Promise<void> {
  const resolve: Change = { kind: 'resolve', day: dayOf(at), id, change };
  if (warm === 0 && !hold) return commit(resolve);
  return new Promise((stored, failed) => {
    held.push(() => {
      const written = commit(resolve);
      written.then(stored, failed);
      return written;
    });
    holdTimer ??= setTimeout(() => void flushSettles(), SETTLE_HOLD_MS);
  });
}

/** Whether a bulk reveal keeps the ledger warm now (a settle is then held for a moment: see {@link resolveEntry}). */
export const ledgerWarm = (): boolean => warm > 0;

/** Takes `ids` out of the open calls, and the anchor with the last of them. */
function close(meta: LedgerMeta, ids: ReadonlySet<string>): LedgerMeta {
  const open = meta.open.filter((call) => !ids.has(call.id));
  return { ...meta, open, anchor: open.length > 0 ? meta.anchor : null };
}

/**
 * The bookkeeping the last write stored (null before the first): which parts the next write will need is guessed
 * from it, so they are read with the bookkeeping in one call. Only a guess: the write works from what it reads.
 */
let lastStored: LedgerMeta | null = null;

/**
 * While a bulk reveal runs ({@link keepLedgerWarm}), what the last write stored: the next write starts from it
 * rather than reading it back, so a lookup's write-ahead waits on one storage call, not two. Dropped the moment
 * storage reports a change of the ledger this writer did not make (or one it cannot match), and when a write fails.
 */
let kept: LedgerSnapshot | null = null;
let warm = 0;
/** More writes than this not reported back: storage is not reporting, so nothing kept can be trusted. */
const UNREPORTED_MOST = 20;
/** The ledger keys of each write of this writer whose change has not been reported back yet, oldest first. */
const unreported: string[] = [];

/** Counts {@link forget}s: a write under way when one happens does not keep what it stored. */
let forgotten = 0;

function forget(): void {
  forgotten++;
  kept = null;
  unreported.length = 0;
}

/** Storage reports changes in the order they were made: each of ours comes back as written, anything else is news. */
function onStorageChange(changes: Record<string, unknown>, area: string): void {
  if (area !== PREFIXES.ledger.area) return;
  const keys = ledgerKeysOf(Object.keys(changes));
  if (!keys) return;
  if (unreported[0] === keys) unreported.shift();
  else forget();
}

const ledgerKeysOf = (keys: readonly string[]) =>
  keys
    .filter((key) => PREFIXES.ledger.idOf(key) !== null)
    .sort()
    .join('\n');

/**
 * Lets the ledger's writes start from what this writer last stored instead of reading it back, until the returned
 * function is called: a bulk reveal's run, whose write-aheads are on the path of every lookup. Outside such a run
 * every write reads what storage holds.
 */
export function keepLedgerWarm(): () => void {
  if (warm++ === 0) browser.storage.onChanged.addListener(onStorageChange);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--warm > 0) return;
    void flushSettles();
    browser.storage.onChanged.removeListener(onStorageChange);
    forget();
  };
}

/** The parts `batch` is likely to change, by the bookkeeping last stored: each day's last, each settled call's. */
function guessParts(batch: readonly Change[]): string[] {
  const parts = lastStored?.parts ?? {};
  const keys = batch.map((change) => {
    if (change.kind === 'append') {
      const day = dayOf(change.entry.at);
      return partKey(day, (parts[day] ?? 1) - 1);
    }
    const call = lastStored?.open.find((open) => open.id === change.id);
    return partKey(change.day, call?.part ?? (parts[change.day] ?? 1) - 1);
  });
  return [...new Set(keys)];
}

/** Applies the changes in order to the stored parts and bookkeeping, and stores what changed in one write. */
async function write(batch: readonly Change[]): Promise<void> {
  // The bookkeeping and the parts likely changed, in one storage read (none while warm): each read on this path
  // delays a request.
  const draft = await openDraft(guessParts(batch), kept);
  /** Days as this write has them so far (a settle step sees the entries appended before its balance). */
  const read = async (wanted: readonly string[]) =>
    new Map(await Promise.all(wanted.map(async (day) => [day, await draft.day(day)] as const)));
  for (const change of batch) {
    if (change.kind === 'resolve') {
      const part = draft.meta.open.find((call) => call.id === change.id)?.part;
      const entry = await draft.find(change.day, change.id, part);
      if (entry?.kind !== 'charge') continue;
      const next = change.change(entry);
      draft.put(change.id, next);
      if (next?.state !== 'uncertain') draft.meta = close(draft.meta, new Set([change.id]));
      continue;
    }
    const { entry, settle } = change;
    const day = dayOf(entry.at);
    if (entry.kind === 'balance' && settle) {
      if (draft.meta.open.length > 0) {
        const settled = await settle(draft.meta, read);
        draft.meta = settled.meta;
        for (const changed of settled.changed) {
          if (await draft.find(dayOf(changed.at), changed.id)) draft.put(changed.id, changed);
        }
      }
      draft.meta.lastBalance = entry;
    }
    const part = await draft.append(day, entry);
    const meta = draft.meta;
    if (!meta.days.includes(day)) meta.days = [...meta.days, day].sort();
    if (entry.kind === 'charge' && entry.state === 'uncertain') {
      if (meta.open.length === 0) meta.anchor = meta.lastBalance;
      meta.open = [...meta.open, openCallOf(entry, day, part)];
    }
  }
  const since = forgotten;
  // Said before the write: its change may be reported before the write's own call returns.
  if (warm > 0) unreported.push(ledgerKeysOf(draft.keys()));
  // Changes that are not being reported (no one listening any more) leave nothing to check a kept copy against.
  if (unreported.length > UNREPORTED_MOST) forget();
  try {
    await draft.store();
  } catch (error) {
    forget();
    throw error;
  }
  lastStored = draft.meta;
  if (warm > 0 && forgotten === since) kept = draft.snapshot();
}
