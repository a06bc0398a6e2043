/**
 * Writing the ledger (the background alone): one entry appended to its day, serialised with every other write to
 * the ledger, with the bookkeeping of uncertain charges; a balance settles the open ones through `settle`.
 */
import { browser } from 'wxt/browser';
import { serialized } from '../storage';
import { type ChargeEntry, dayOf, LedgerEntry } from './entry';
import { dayKey, type LedgerMeta, META_KEY, readLedgerDays, readMeta } from './store';

/** What a settle step decides: entries to write back, and the new bookkeeping. */
export type Settle = (
  meta: LedgerMeta,
  read: typeof readLedgerDays,
) => Promise<{ changed: ChargeEntry[]; meta: LedgerMeta }>;

/** Appends one entry to its day (and, for a balance, settles open uncertain charges with `settle`). */
export function appendEntry(entry: LedgerEntry, settle?: Settle): Promise<void> {
  return serialized('ledger', async () => {
    const day = dayOf(entry.at);
    let meta = await readMeta();
    const writes: Record<string, unknown> = {};
    const days = await readLedgerDays([day]);
    if (entry.kind === 'balance' && settle && meta.open.length > 0) {
      const settled = await settle(meta, readLedgerDays);
      meta = settled.meta;
      const byDay = new Map<string, ChargeEntry[]>();
      for (const changed of settled.changed) {
        const d = dayOf(changed.at);
        byDay.set(d, [...(byDay.get(d) ?? []), changed]);
      }
      const touched = await readLedgerDays([...byDay.keys()].filter((d) => d !== day));
      touched.set(day, days.get(day)!);
      for (const [d, list] of byDay) {
        const replace = new Map(list.map((e) => [e.id, e]));
        const updated = touched.get(d)!.map((e) => replace.get(e.id) ?? e);
        touched.set(d, updated);
        writes[dayKey(d)] = updated;
      }
      days.set(day, touched.get(day)!);
    }
    writes[dayKey(day)] = [...days.get(day)!, LedgerEntry.parse(entry)];
    if (!meta.days.includes(day)) meta.days = [...meta.days, day].sort();
    if (entry.kind === 'balance') meta.lastBalance = entry;
    if (entry.kind === 'charge' && entry.state === 'uncertain') {
      if (meta.open.length === 0) meta.anchor = meta.lastBalance;
      meta.open = [...meta.open, { day, id: entry.id }];
    }
    writes[META_KEY] = meta;
    await browser.storage.local.set(writes);
  });
}
