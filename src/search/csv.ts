/**
 * A small CSV writer (RFC 4180) that spreadsheets open correctly: every field quoted when it needs to be, quotes
 * doubled, CRLF line ends, and a UTF-8 byte-order mark so Excel reads non-ASCII names as UTF-8.
 */

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
/**
 * Cells a spreadsheet would read as a formula (CSV injection, and phone numbers like `+1 555…` shown as #NAME?):
 * prefixed with an apostrophe so they stay text. Plain negative numbers are left alone.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: a header row, then one row per record, with a BOM. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
