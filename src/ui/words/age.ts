/**
 * How old a piece of data is, in words a recruiter reads at a glance ("revealed 3 months ago"), with the exact
 * moment kept for a tooltip. Part of `src/ui/words/`.
 */

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "just now", "5 minutes ago", "yesterday", "3 months ago": how long before `now` the moment `iso` was. */
export function ageInWords(iso: string | number, now: number = Date.now()): string {
  const elapsed = now - new Date(iso).getTime();
  // A clock a little behind another context's is still "just now", never "in 2 seconds".
  if (!(elapsed >= 60_000)) return 'just now';
  for (const [unit, ms] of UNITS) {
    if (elapsed >= ms) return relative.format(-Math.floor(elapsed / ms), unit);
  }
  return 'just now';
}

/**
 * One formatter for every call: `toLocaleString` with options builds a new `Intl.DateTimeFormat` each time (about
 * half a millisecond), and a list shows a tooltip of this on each of its rows.
 */
const EXACT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** "21 Nov 2026, 06:12": the exact moment, for the tooltip beside an age in words. */
export function exactTime(iso: string | number): string {
  const moment = new Date(iso);
  // As `toLocaleString` says it: `format` throws on a date that does not read.
  return Number.isNaN(moment.getTime()) ? 'Invalid Date' : EXACT.format(moment);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A date of a career as people write it: "2020-07" and "2020-07-15" read "Jul 2020", a year stays a year, and
 * anything else is kept as the service wrote it.
 */
export function careerDate(value: string): string {
  const match = /^(\d{4})-(\d{2})(?:-\d{2})?(?:T.*)?$/.exec(value.trim());
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${month} ${match[1]}` : value;
}

/**
 * "Revealed 6 Dec", "Revealed 3 Mar 2025": the day a held item was bought, in the short form the card's other dates
 * use ("Not found · 6 Dec"), with its year when it is not this year's (the age that makes it worth checking again).
 */
export function revealedOn(iso: string, now: number = Date.now()): string {
  const day = new Date(iso);
  const thisYear = day.getFullYear() === new Date(now).getFullYear();
  return `Revealed ${day.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', ...(thisYear ? {} : { year: 'numeric' }) })}`;
}
