/**
 * The library's exports: the contacts shown (after search and filters) as CSV, in the side panel's columns, or as
 * one vCard file. The CSV writes the lines the page keeps beside the contacts it holds (`export-rows.ts`), and reads
 * from the vault only the contacts it holds no line to trust of (changed since the page read them); the vCards, and
 * a CSV asked for without the page, read the records for the keys exported (`vault-spans.ts`: a span of the key
 * order at a time). Either is written a chunk at a time in the library's order, so the page paints its progress
 * between chunks instead of freezing.
 */

import { withoutFlagged } from '../../domain/flags';
import { csvHead } from '../../search/csv';
import type { ContactRecord } from '../../store/database/vault/vault-record';
import { readRecords } from '../../store/database/vault/vault-spans';
import { downloadText } from '../helpers/download';
import { toVCards } from '../helpers/vcard';
import { CSV_HEADER } from '../sidepanel/search/export-csv';
import { contactLine, keptLine } from './export-rows';

/** Contacts turned to text between two paints. */
export const EXPORT_CHUNK = 5_000;

/** Told, as the records are read, how many of the contacts have been read so far and of how many. */
export type ExportProgress = (done: number, total: number) => void;

const today = () => new Date().toISOString().slice(0, 10);
/**
 * Lets the page paint (and answer clicks) between chunks. A message to itself, not `setTimeout(0)`, which browsers
 * hold back at least 4 ms once nested: a wait for nothing after every chunk.
 */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

/**
 * The text of these contacts' records, made a chunk at a time by `write` in the order of `keys`; returns the parts
 * and how many records were found (a contact deleted meanwhile is left out). Items flagged wrong are left out of
 * each record unless `includeFlagged`.
 */
async function streamed(
  keys: readonly string[],
  write: (records: ContactRecord[]) => string,
  progress: ExportProgress,
  includeFlagged: boolean,
): Promise<{ parts: string[]; count: number }> {
  const records = await readRecords(keys, progress);
  const parts: string[] = [];
  let count = 0;
  for (let at = 0; at < keys.length; at += EXPORT_CHUNK) {
    const chunk = keys.slice(at, at + EXPORT_CHUNK).flatMap((key) => {
      const record = records.get(key);
      return record ? [withoutFlagged(record, includeFlagged)] : [];
    });
    count += chunk.length;
    parts.push(write(chunk));
    await nextTask();
  }
  return { parts, count };
}

/** The BOM and header row: written once, at the top of the file. */
const CSV_HEAD = csvHead(CSV_HEADER);

/** The page's summary of a contact by its key (the library's model); undefined when the page holds none. */
export type HeldSummary = (key: string) => object | undefined;

/** A frame's worth of work at most between two paints while lines are gathered (ms). */
const SLICE_MS = 12;

/**
 * The CSV lines of these contacts in the order of `keys`, from the lines the page keeps (`held`), reading only the
 * contacts it holds no line to trust of: each line as a fresh read of every contact would write it (a contact deleted
 * meanwhile is left out, one changed is written as it is now).
 */
async function linesFromPage(
  keys: readonly string[],
  held: HeldSummary,
  progress: ExportProgress,
  includeFlagged: boolean,
): Promise<string[]> {
  const lines: Array<string | null | undefined> = new Array(keys.length);
  const unread: string[] = [];
  let slice = performance.now();
  for (let i = 0; i < keys.length; i++) {
    const summary = held(keys[i]!);
    const line = summary && keptLine(summary, includeFlagged);
    lines[i] = line;
    if (line === undefined) unread.push(keys[i]!);
    if (performance.now() - slice > SLICE_MS) {
      progress(i + 1 - unread.length, keys.length);
      await nextTask();
      slice = performance.now();
    }
  }
  if (unread.length > 0) {
    const records = await readRecords(unread, (done) =>
      progress(keys.length - unread.length + done, keys.length),
    );
    for (let i = 0; i < keys.length; i++) {
      if (lines[i] !== undefined) continue;
      const record = records.get(keys[i]!);
      lines[i] = record ? contactLine(withoutFlagged(record, includeFlagged)) : null;
    }
  }
  progress(keys.length, keys.length);
  return lines.filter((line): line is string => typeof line === 'string');
}

/**
 * Exports these contacts as one CSV file; returns how many were written. With `held`, the page's summaries, the
 * lines the page keeps are written; without, every record is read.
 */
export async function exportCsv(
  keys: readonly string[],
  progress: ExportProgress = () => {},
  includeFlagged = false,
  held?: HeldSummary,
): Promise<number> {
  let text: string;
  let count: number;
  if (held) {
    const lines = await linesFromPage(keys, held, progress, includeFlagged);
    count = lines.length;
    text = lines.join('\r\n');
  } else {
    const written = await streamed(
      keys,
      (records) => records.map((record) => contactLine(record)).join('\r\n'),
      progress,
      includeFlagged,
    );
    count = written.count;
    text = written.parts.filter((part) => part !== '').join('\r\n');
  }
  downloadText(`contacts-${today()}.csv`, count === 0 ? CSV_HEAD : `${CSV_HEAD}${text}\r\n`);
  return count;
}

/** Exports these contacts as one vCard file; returns how many were written. */
export async function exportVCards(
  keys: readonly string[],
  progress: ExportProgress = () => {},
  includeFlagged = false,
): Promise<number> {
  const { parts, count } = await streamed(keys, toVCards, progress, includeFlagged);
  downloadText(`contacts-${today()}.vcf`, parts.join(''), 'text/vcard;charset=utf-8');
  return count;
}
