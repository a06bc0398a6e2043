/**
 * A small CSV writer (RFC 4180) that spreadsheets open correctly: every field quoted when it needs to be, quotes
 * doubled, CRLF line ends, and a UTF-8 byte-order mark so Excel reads non-ASCII names as UTF-8.
 */

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
/**
 * Cells a spreadsheet would run as a formula (CSV injection, OWASP): a leading `=`, `@`, tab or carriage return, or
 * a leading `+` or `-` followed by anything but a phone number or a plain number. Those are prefixed with an
 * apostrophe so they stay text. A phone number stays as written (`+1 363-555-0162`): digits, spaces and phone
 * punctuation can at most be sums, never a function, a cell reference or another program.
 */
const FORMULA_START = /^[=@\t\r]/;
const SIGNED = /^[+-]/;
const PHONE_OR_NUMBER = /^[+-]?[\d\s().-]*\d[\d\s().-]*$/;

/**
 * What any of the rules above looks at: a quote, a comma or a line end anywhere, space at either end, or a start a
 * spreadsheet may run. Most fields (and every empty one) have none and are written as they are, after one test.
 */
const MAY_CHANGE = /[",\r\n]|^[\s=@+-]|\s$/;

/** One field, quoted when it must be and guarded when a spreadsheet would run it. */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (!MAY_CHANGE.test(text)) return text;
  if (FORMULA_START.test(text) || (SIGNED.test(text) && !PHONE_OR_NUMBER.test(text))) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One row's line, without its line end (one flat string: kept by the thousand, it holds no pieces). */
export function csvLine(row: readonly unknown[]): string {
  const fields = new Array<string>(row.length);
  for (let i = 0; i < row.length; i++) fields[i] = csvField(row[i]);
  return fields.join(',');
}

/** Where a file starts: the BOM and the header row, with its line end. */
export const csvHead = (header: readonly string[]): string => `\uFEFF${csvLine(header)}\r\n`;

/** The whole file: a header row, then one row per record, with a BOM. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  let text = csvHead(header);
  for (const row of rows) text += `${csvLine(row)}\r\n`;
  return text;
}
