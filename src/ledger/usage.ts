/**
 * What the usage page shows, computed from ledger entries: credits per day split by what they paid for, totals
 * this week and this month, the balance over time, the searches and jobs that cost the most, and the CSV rows.
 */
import { toCsv } from '../search/csv';
import {
  type ChargeEntry,
  chargeTotals,
  dayOf,
  type LedgerAction,
  type LedgerEntry,
  lastDays,
  monthToDate,
  partsOf,
  SPEND_PARTS,
  type SpendPart,
} from './entry';

/**
 * What the usage page splits credits by: what they paid for, and, apart, the answers lost (a call charged whose
 * answer never came, as the balance settled it), so a user can count them per day and take them up with the service.
 */
export const USAGE_PARTS = [...SPEND_PARTS.filter((part) => part !== 'unknown'), 'lost', 'unknown'] as const;
export type UsagePart = SpendPart | 'lost';

/** One bar of the chart: a day and its credits by part. */
export interface DayBar {
  day: string;
  parts: Record<UsagePart, number>;
  total: number;
}

const noParts = (): Record<UsagePart, number> =>
  Object.fromEntries(USAGE_PARTS.map((part) => [part, 0])) as Record<UsagePart, number>;

/** A call the balance settled as charged (`confirmed`) got no answer: it was paid for, and its answer was lost. */
export const answerLost = (charge: ChargeEntry): boolean =>
  // Stryker disable next-line ConditionalExpression,EqualityOperator: reconcile confirms a charge only with credits > 0
  charge.state === 'confirmed' && charge.credits > 0;

/** A charge split by part: a lost answer whole, anything else by what it paid for. */
export function usagePartsOf(charge: ChargeEntry): Partial<Record<UsagePart, number>> {
  return answerLost(charge) ? { lost: charge.credits } : partsOf(charge);
}

const chargesOf = (entries: readonly LedgerEntry[]) =>
  // Stryker disable next-line MethodExpression,ConditionalExpression: a balance has no credits: partsOf gives it nothing
  entries.filter((e): e is ChargeEntry => e.kind === 'charge');

/** Credits per day for `days` (oldest first), split by part. Uncertain charges are not counted until settled. */
export function dailyBars(
  days: readonly string[],
  byDay: ReadonlyMap<string, readonly LedgerEntry[]>,
): DayBar[] {
  return days.map((day) => {
    const parts = noParts();
    // Stryker disable next-line ArrayDeclaration: chargesOf keeps no entry that is not a charge
    for (const charge of chargesOf(byDay.get(day) ?? [])) {
      for (const [part, credits] of Object.entries(usagePartsOf(charge)) as [UsagePart, number][]) {
        parts[part] += credits;
      }
    }
    return { day, parts, total: Object.values(parts).reduce((a, b) => a + b, 0) };
  });
}

/** The local days of the week of `today` (from Monday), up to and including it. */
export function weekToDate(today: Date = new Date()): string[] {
  return lastDays(((today.getDay() + 6) % 7) + 1, today);
}

/**
 * Credits charged in the days given (settled charges), and the calls not known yet (sent, no answer) with the most
 * they may have cost.
 */
export function totalOf(days: readonly string[], byDay: ReadonlyMap<string, readonly LedgerEntry[]>) {
  // Stryker disable next-line ArrayDeclaration: chargeTotals counts no entry that is not a charge
  return chargeTotals(days.flatMap((day) => byDay.get(day) ?? []));
}

/** Totals this week and this month, from the month's entries and the week's (which may reach into last month). */
export function periodTotals(byDay: ReadonlyMap<string, readonly LedgerEntry[]>, today = new Date()) {
  return { week: totalOf(weekToDate(today), byDay), month: totalOf(monthToDate(today), byDay) };
}

/** Every balance the service reported (account calls and paid responses), oldest first. */
export function balanceSeries(entries: readonly LedgerEntry[]): Array<{ at: string; remaining: number }> {
  return entries
    .flatMap((e) => (e.remaining === undefined ? [] : [{ at: e.at, remaining: e.remaining }]))
    .sort((a, b) => a.at.localeCompare(b.at));
}

/** A search session, reveal or bulk job, and what it cost. */
export interface JobCost {
  ref: string;
  action: LedgerAction;
  /** The contact of a single reveal; nothing for a search or bulk job (many calls). */
  label: string | null;
  credits: number;
  calls: number;
  startedAt: string;
}

/** The `n` searches and jobs that cost the most, dearest first. */
export function topJobs(entries: readonly LedgerEntry[], n = 10): JobCost[] {
  const jobs = new Map<string, JobCost>();
  for (const e of chargesOf(entries)) {
    const job = jobs.get(e.ref) ?? {
      ref: e.ref,
      action: e.action,
      label: e.action === 'reveal' ? (e.label ?? null) : null,
      credits: 0,
      calls: 0,
      startedAt: e.at,
    };
    job.credits += e.credits;
    job.calls += 1;
    jobs.set(e.ref, job);
  }
  return [...jobs.values()]
    .filter((job) => job.credits > 0)
    .sort((a, b) => b.credits - a.credits || a.startedAt.localeCompare(b.startedAt))
    .slice(0, n);
}

/** Plain names of what a charge was. */
export const ACTION_LABELS: Readonly<Record<LedgerAction, string>> = {
  search: 'Search',
  'jd-search': 'Job description search',
  reveal: 'Reveal',
  'bulk-reveal': 'Bulk reveal',
};

/** Plain names of the chart's parts. */
export const PART_LABELS: Readonly<Record<UsagePart, string>> = {
  email: 'Email',
  phone: 'Phone',
  detailed_profile: 'Detailed profile',
  healthcare_profile: 'Healthcare data',
  search: 'Searches',
  lost: 'Answer lost',
  unknown: 'Not split by item',
};

const STATE_LABELS: Readonly<Record<ChargeEntry['state'], string>> = {
  charged: 'Charged',
  uncertain: 'Sent, not known yet (may have been charged)',
  confirmed: 'Answer lost: charged with no answer (checked against the balance)',
  'not-charged': 'Not charged (checked against the balance)',
};

/** The whole ledger as a CSV file, one row per entry, in plain words. */
export function ledgerCsv(entries: readonly LedgerEntry[]): string {
  const header = [
    'Date',
    'Local day',
    'What',
    'Items',
    'Credits',
    'Most it could cost',
    'Status',
    'Search or job',
    'About',
    'Balance after',
  ];
  const rows = entries.map((e) =>
    e.kind === 'balance'
      ? [e.at, dayOf(e.at), 'Balance checked', '', '', '', '', '', '', e.remaining]
      : [
          e.at,
          dayOf(e.at),
          ACTION_LABELS[e.action],
          e.items.map((item) => PART_LABELS[item]).join('; '),
          e.credits,
          e.maxCredits,
          e.shared
            ? `${STATE_LABELS[e.state]}; one of ${e.shared.calls} calls with no answer charged ${e.shared.credits} in all, split not known`
            : STATE_LABELS[e.state],
          e.ref,
          e.label ?? '',
          e.remaining ?? '',
        ],
  );
  return toCsv(header, rows);
}
