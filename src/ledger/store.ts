/**
 * The ledger in storage: one key per local day (`ledger:day:YYYY-MM-DD`, the entries in the order they were
 * written), and one small key of bookkeeping (the days that have entries, the last balance, the uncertain charges
 * not yet settled and the balance they are settled against). An append reads and writes one day, so it stays as
 * fast with years of history as with none; the usage view reads 30 keys in one call. Reads are here, each its own
 * export (a page loads only what it uses); the background's append is in `append.ts`.
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { BalanceEntry, dayOf, LedgerEntry, monthToDate, spent } from './entry';

/** The storage key of a day's entries. */
export const dayKey = (day: string) => `ledger:day:${day}`;
export const META_KEY = 'ledger:meta';

export const LedgerMeta = z.object({
  v: z.literal(1),
  /** Days with entries, oldest first. */
  days: z.array(z.string()),
  lastBalance: z.nullable(BalanceEntry),
  /** The last balance before the first uncertain charge still open (null when none is open). */
  anchor: z.nullable(BalanceEntry),
  /** Uncertain charges still open: their days and ids. */
  open: z.array(z.object({ day: z.string(), id: z.string() })),
});
export type LedgerMeta = z.infer<typeof LedgerMeta>;

/** The bookkeeping key, or an empty one when none is stored or it no longer reads. */
export async function readMeta(): Promise<LedgerMeta> {
  const parsed = z.safeParse(LedgerMeta, (await browser.storage.local.get(META_KEY))[META_KEY]);
  return parsed.success ? parsed.data : { v: 1, days: [], lastBalance: null, anchor: null, open: [] };
}

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

/** The entries of each day asked for, in one read (a day without entries maps to an empty list). */
export async function readLedgerDays(days: readonly string[]): Promise<Map<string, LedgerEntry[]>> {
  const stored = days.length ? await browser.storage.local.get(days.map(dayKey)) : {};
  return new Map(days.map((day) => [day, readDay(stored[dayKey(day)])]));
}

/** Credits spent today and this month (local days), uncertain charges at their maximum. */
export async function spendingNow(now = new Date()): Promise<{ today: number; month: number }> {
  const days = await readLedgerDays(monthToDate(now));
  const today = spent(days.get(dayOf(now)) ?? []);
  const month = [...days.values()].reduce((sum, entries) => sum + spent(entries), 0);
  return { today, month };
}

/**
 * Credits the service charged for the extension's other calls (every call not belonging to `except`) recorded at
 * or after `since`: what explains a fall in the balance besides one call whose charge is not known.
 */
export async function chargedSince(since: string, except: string): Promise<number> {
  const days = (await readMeta()).days.filter((day) => day >= dayOf(since));
  let sum = 0;
  for (const entries of (await readLedgerDays(days)).values()) {
    for (const entry of entries) {
      if (entry.kind === 'charge' && entry.ref !== except && entry.at >= since) sum += entry.credits;
    }
  }
  return sum;
}

/** Calls back when any entry is written (the popup's and side panel's warnings, the usage page). */
export function watchLedger(cb: () => void): () => void {
  const listener = (changes: Record<string, unknown>, area: string) => {
    if (area === 'local' && Object.keys(changes).some((key) => key.startsWith('ledger:'))) cb();
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
