/**
 * Writing the ledger (the background alone): entries appended to their day, one write at a time, with the
 * bookkeeping of uncertain charges; a balance settles the open ones through `settle`.
 *
 * Entries that arrive while a write is under way are written together by the next one (a bulk reveal's fifteen
 * lookups answer within milliseconds of each other): each append still resolves only once its entry is stored, in
 * the order the appends were asked for, and a day is read and written once per write rather than once per entry.
 */
import { browser } from 'wxt/browser';
import { groupCommit } from '../group-commit';
import { type ChargeEntry, dayOf, LedgerEntry } from './entry';
import { dayKey, type LedgerMeta, META_KEY, readLedgerDays, readMeta } from './store';

/** What a settle step decides: entries to write back, and the new bookkeeping. */
export type Settle = (
  meta: LedgerMeta,
  read: typeof readLedgerDays,
) => Promise<{ changed: ChargeEntry[]; meta: LedgerMeta }>;

/** One append: the entry, and for a balance the step that settles open uncertain charges with it. */
interface Append {
  entry: LedgerEntry;
  settle: Settle | undefined;
}

/** One write at a time; appends asked for while it is under way are written together by the next (group commit). */
const commit = groupCommit<Append>((batch) => write(batch));

/**
 * Appends one entry to its day (and, for a balance, settles open uncertain charges with `settle`). Resolves once
 * the entry is stored.
 */
export function appendEntry(entry: LedgerEntry, settle?: Settle): Promise<void> {
  let checked: LedgerEntry;
  try {
    checked = LedgerEntry.parse(entry);
  } catch (error) {
    return Promise.reject(error);
  }
  return commit({ entry: checked, settle });
}

/** Applies the appends in order to the stored days and bookkeeping, and stores what changed in one write. */
async function write(batch: readonly Append[]): Promise<void> {
  let meta = await readMeta();
  const days = await readLedgerDays([...new Set(batch.map(({ entry }) => dayOf(entry.at)))]);
  const changedDays = new Set<string>();
  /** Days as this write has them so far (a settle step sees the entries appended before its balance). */
  const read = async (wanted: readonly string[]) => {
    const missing = wanted.filter((day) => !days.has(day));
    for (const [day, entries] of await readLedgerDays(missing)) days.set(day, entries);
    return new Map(wanted.map((day) => [day, days.get(day)!]));
  };
  for (const { entry, settle } of batch) {
    const day = dayOf(entry.at);
    if (entry.kind === 'balance' && settle && meta.open.length > 0) {
      const settled = await settle(meta, read);
      meta = settled.meta;
      await read([...new Set(settled.changed.map((changed) => dayOf(changed.at)))]);
      for (const changed of settled.changed) {
        const d = dayOf(changed.at);
        days.set(
          d,
          days.get(d)!.map((e) => (e.id === changed.id ? changed : e)),
        );
        changedDays.add(d);
      }
    }
    days.set(day, [...days.get(day)!, entry]);
    changedDays.add(day);
    if (!meta.days.includes(day)) meta.days = [...meta.days, day].sort();
    if (entry.kind === 'balance') meta.lastBalance = entry;
    if (entry.kind === 'charge' && entry.state === 'uncertain') {
      if (meta.open.length === 0) meta.anchor = meta.lastBalance;
      meta.open = [...meta.open, { day, id: entry.id }];
    }
  }
  const writes: Record<string, unknown> = { [META_KEY]: meta };
  for (const day of changedDays) writes[dayKey(day)] = days.get(day);
  await browser.storage.local.set(writes);
}
