/**
 * The dataset's calendar. Dates are computed from a fixed reference month rather than from today, so the same seed
 * yields the same dataset whatever day the simulator runs.
 */

/** The month the synthetic dataset was "crawled". */
export const REFERENCE_MONTH = { year: 2025, month: 6 } as const;

/** Months since year 0 of the reference month. */
export const REFERENCE_INDEX = REFERENCE_MONTH.year * 12 + (REFERENCE_MONTH.month - 1);

/** Month index (year*12 + month-1) → "YYYY-MM". */
export function monthString(index: number): string {
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** "YYYY-MM" → month index. */
export function monthIndex(month: string): number {
  const [year, mm] = month.split('-').map(Number);
  return (year ?? 0) * 12 + ((mm ?? 1) - 1);
}
