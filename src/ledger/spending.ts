/**
 * What the caps count: credits spent today and this month, read from the stored ledger. A rule over the records, so
 * it lives with the ledger's rules rather than in the store, which only keeps them.
 */
import { readLedgerDays } from '../store/database/ledger/ledger';
import { chargeTotals, dayOf, type LedgerEntry, monthToDate, spent } from './entry';

/**
 * Credits spent today and this month (local days), uncertain charges (sent, not known yet) at their maximum; and of
 * those, how much is such calls (`underWay`). Entries in `except` are left out (calls the caller counts itself).
 */
export async function spendingNow(
  now = new Date(),
  except: ReadonlySet<string> = new Set(),
): Promise<{ today: number; month: number; underWay: { today: number; month: number } }> {
  const days = await readLedgerDays(monthToDate(now));
  const counted = (entries: readonly LedgerEntry[]) => spent(entries.filter((e) => !except.has(e.id)));
  const open = (entries: readonly LedgerEntry[]) =>
    chargeTotals(entries.filter((e) => !except.has(e.id))).uncertainMax;
  // Stryker disable next-line ArrayDeclaration: readLedgerDays seeds every day asked for (today is one), so never read
  const todays = days.get(dayOf(now)) ?? [];
  const all = [...days.values()];
  return {
    today: counted(todays),
    month: all.reduce((sum, entries) => sum + counted(entries), 0),
    underWay: { today: open(todays), month: all.reduce((sum, entries) => sum + open(entries), 0) },
  };
}
