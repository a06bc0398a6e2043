/**
 * The ledger in storage: one key per local day (`ledger:day:YYYY-MM-DD`, the entries in the order they were
 * written), and one small key of bookkeeping (the days that have entries, the last balance, the uncertain charges
 * not yet settled and the balance they are settled against). An append reads and writes one day, so it stays as
 * fast with years of history as with none; the usage view reads 30 keys in one call.
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { serialized } from '../storage';
import { BalanceEntry, type ChargeEntry, dayOf, LedgerEntry, monthToDate, spent } from './entry';

const dayKey = (day: string) => `ledger:day:${day}`;
const META_KEY = 'ledger:meta';
const LOCK = 'ledger';

const Meta = z.object({
  v: z.literal(1),
  /** Days with entries, oldest first. */
  days: z.array(z.string()),
  lastBalance: z.nullable(BalanceEntry),
  /** The last balance before the first uncertain charge still open (null when none is open). */
  anchor: z.nullable(BalanceEntry),
  /** Uncertain charges still open: their days and ids. */
  open: z.array(z.object({ day: z.string(), id: z.string() })),
});
type Meta = z.infer<typeof Meta>;
const emptyMeta = (): Meta => ({ v: 1, days: [], lastBalance: null, anchor: null, open: [] });

/** A day's entries; an entry that no longer reads is skipped with a warning rather than hiding the whole day. */
function readDay(value: unknown): LedgerEntry[] {
  if (!Array.isArray(value)) return [];
  const entries: LedgerEntry[] = [];
  for (const raw of value) {
    const parsed = z.safeParse(LedgerEntry, raw);
    if (parsed.success) entries.push(parsed.data);
    else console.warn('A ledger entry is not readable and was skipped', z.prettifyError(parsed.error));
  }
  return entries;
}

function readMeta(value: unknown): Meta {
  const parsed = z.safeParse(Meta, value);
  return parsed.success ? parsed.data : emptyMeta();
}

async function getMeta(): Promise<Meta> {
  return readMeta((await browser.storage.local.get(META_KEY))[META_KEY]);
}

/** The entries of each day asked for, by day (a day without entries maps to an empty list). */
async function getDays(days: readonly string[]): Promise<Map<string, LedgerEntry[]>> {
  const stored = days.length ? await browser.storage.local.get(days.map(dayKey)) : {};
  return new Map(days.map((day) => [day, readDay(stored[dayKey(day)])]));
}

/** What a settle step decides: entries to write back, and the new bookkeeping. */
export type Settle = (
  meta: Meta,
  read: (days: readonly string[]) => Promise<Map<string, LedgerEntry[]>>,
) => Promise<{ changed: ChargeEntry[]; meta: Meta }>;

export const ledgerStore = {
  /** Appends one entry to its day (and, for a balance, settles open uncertain charges with `settle`). */
  append(entry: LedgerEntry, settle?: Settle): Promise<void> {
    return serialized(LOCK, async () => {
      const day = dayOf(entry.at);
      let meta = await getMeta();
      const writes: Record<string, unknown> = {};
      const days = await getDays([day]);
      if (entry.kind === 'balance' && settle && meta.open.length > 0) {
        const settled = await settle(meta, getDays);
        meta = settled.meta;
        const byDay = new Map<string, ChargeEntry[]>();
        for (const changed of settled.changed) {
          const d = dayOf(changed.at);
          byDay.set(d, [...(byDay.get(d) ?? []), changed]);
        }
        const touched = await getDays([...byDay.keys()].filter((d) => d !== day));
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
  },
  /** The entries of the days asked for, in one read. */
  days: getDays,
  /** Credits spent today and this month (local days), uncertain charges at their maximum. */
  async spending(now = new Date()): Promise<{ today: number; month: number }> {
    const days = await getDays(monthToDate(now));
    const today = spent(days.get(dayOf(now)) ?? []);
    const month = [...days.values()].reduce((sum, entries) => sum + spent(entries), 0);
    return { today, month };
  },
  /** Every day that has entries, oldest first. */
  async allDays(): Promise<string[]> {
    return (await getMeta()).days;
  },
  /** The last balance the account call reported. */
  async lastBalance(): Promise<BalanceEntry | null> {
    return (await getMeta()).lastBalance;
  },
  /** Calls back when any entry is written (the popup's and side panel's warnings, the usage view). */
  watch(cb: () => void): () => void {
    const listener = (changes: Record<string, unknown>, area: string) => {
      if (area === 'local' && Object.keys(changes).some((key) => key.startsWith('ledger:'))) cb();
    };
    browser.storage.onChanged.addListener(listener);
    return () => browser.storage.onChanged.removeListener(listener);
  },
};

export type { Meta as LedgerMeta };
