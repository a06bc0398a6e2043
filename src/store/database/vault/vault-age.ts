/**
 * How old a held item is against the user's "check again after" setting: an item bought longer ago than that many
 * calendar months may have gone stale (people change address and number), so the card offers to check it again, a
 * priced click, never by itself. Kept beside `itemsToAsk`, which the background's reveal applies it through, so the
 * popup's offer and the paid call judge an item's age by one rule.
 */
import type { Retrievable } from '../../../api/schema-parts';

/** The default of `checkAgainAfterMonths`: an item held longer than a year is offered "Check again". */
export const DEFAULT_CHECK_AGAIN_MONTHS = 12;

/** The setting in force: absent means the default; 0 means never offer. */
export const checkAgainMonths = (setting: number | undefined): number =>
  setting ?? DEFAULT_CHECK_AGAIN_MONTHS;

/**
 * True when `at` is more than `months` calendar months before `now` (bought 6 Dec 2025 is older than 12 months from
 * 7 Dec 2026 on). `months` 0 never makes an item old: the user chose never to be offered a check.
 */
export function olderThanMonths(at: string, months: number, now: number = Date.now()): boolean {
  if (!(months > 0)) return false;
  const bought = new Date(at);
  if (Number.isNaN(bought.getTime())) return false;
  const due = new Date(bought);
  due.setMonth(due.getMonth() + months);
  return now > due.getTime();
}

/**
 * The held items (found, and not flagged wrong since: those are bought again through their own button) bought longer
 * ago than `months`.
 */
export function itemsToCheckAgain(
  record:
    | (Partial<Record<Retrievable, { found: boolean; at: string } | undefined>> & {
        unknownAt?: string | undefined;
      })
    | null
    | undefined,
  items: readonly Retrievable[],
  months: number,
  flagged: (item: Retrievable) => boolean,
  now: number = Date.now(),
): Retrievable[] {
  if (!record) return [];
  return items.filter((item) => {
    const state = record[item];
    return !!state?.found && !flagged(item) && olderThanMonths(state.at, months, now);
  });
}
