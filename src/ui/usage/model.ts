/**
 * The usage page's model: the ledger of the last 30 days (and of the month, which can be a day longer), read from
 * storage and read again whenever an entry is written. It only reads; the background writes the ledger.
 */
import { computed, signal } from '@preact/signals';
import { type LedgerEntry, lastDays, monthToDate } from '../../ledger/entry';
import { balanceSeries, dailyBars, ledgerCsv, periodTotals, topJobs } from '../../ledger/usage';
import { ledgerDays, readLedgerDays, watchLedger } from '../../store/database/ledger/ledger';
import { downloadText } from '../helpers/download';
import { type Caps, readCaps, spentUnderCaps, watchCaps } from './caps';

export const CHART_DAYS = 30;

export function createUsageModel() {
  const byDay = signal<Map<string, LedgerEntry[]>>(new Map());
  const loaded = signal(false);
  const now = signal(new Date());
  /** The spending caps set in Options, and what they count today and this month. */
  const caps = signal<Caps>({});
  const spent = signal({ today: 0, month: 0 });

  async function load() {
    now.value = new Date();
    const days = [...new Set([...monthToDate(now.value), ...lastDays(CHART_DAYS, now.value)])];
    const [read, spending, set] = await Promise.all([readLedgerDays(days), spentUnderCaps(), readCaps()]);
    byDay.value = read;
    spent.value = { today: spending.today, month: spending.month };
    caps.value = set;
    loaded.value = true;
  }

  const entries = computed(() =>
    lastDays(CHART_DAYS, now.value).flatMap((day) => byDay.value.get(day) ?? []),
  );
  const bars = computed(() => dailyBars(lastDays(CHART_DAYS, now.value), byDay.value));
  const totals = computed(() => periodTotals(byDay.value, now.value));
  const balances = computed(() => balanceSeries(entries.value));
  const jobs = computed(() => topJobs(entries.value));

  /** Every entry ever written, oldest first, as a CSV file. */
  async function exportCsv() {
    const days = await ledgerDays();
    const all = [...(await readLedgerDays(days)).values()].flat();
    downloadText(`candidate-lens-ledger-${lastDays(1, new Date())[0]}.csv`, ledgerCsv(all));
  }

  let stop: (() => void) | null = null;
  function init() {
    const stopLedger = watchLedger(() => void load());
    const stopCaps = watchCaps((set) => (caps.value = set));
    stop = () => {
      stopLedger();
      stopCaps();
    };
    void load();
  }

  return { loaded, bars, totals, balances, jobs, caps, spent, init, stop: () => stop?.(), exportCsv };
}
export type UsageModel = ReturnType<typeof createUsageModel>;
