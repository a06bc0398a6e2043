/**
 * How every context writes a number and a counted noun: "12,345", "1 contact", "2 contacts". One formatter for the
 * whole house, so a figure reads the same on every screen, in every message and in the service's refusals. It sits
 * below every layer (src/api imports it), and so imports nothing of the house.
 */

/**
 * Figures are written the US way (a comma between thousands), whatever the browser's language: the words around them
 * are English. One `Intl.NumberFormat`, made once: `toLocaleString` makes a new one at every call, which a list of
 * 50,000 rows feels.
 */
const NUMBERS = new Intl.NumberFormat('en-US');

/** A number as written on screen: 12,345. */
export const formatNumber = (n: number): string => NUMBERS.format(n);

/** The noun for a count: `one` for exactly 1, else `many` (by default `one` with an s). */
export const plural = (n: number, one: string, many = `${one}s`): string => (n === 1 ? one : many);

/** A count with its noun: "1 contact", "12,345 contacts". */
export const countOf = (n: number, one: string, many = `${one}s`): string =>
  `${formatNumber(n)} ${plural(n, one, many)}`;
