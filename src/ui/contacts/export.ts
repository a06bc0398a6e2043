/**
 * The library's exports: the contacts shown (after search and filters) as CSV, in the side panel's columns, or as
 * one vCard file. The CSV writes the lines the page keeps beside the contacts it holds (`export-rows.ts`), and reads
 * from the vault only the contacts it holds no line to trust of (changed since the page read them); the vCards, and
 * a CSV asked for without the page, read the records for the keys exported (`vault-spans.ts`: a span of the key
 * order at a time). Either is written a chunk at a time in the library's order, so the page paints its progress
 * between chunks instead of freezing.
 */

import { withoutFlagged } from '../../domain/flags';
import { csvLine } from '../../search/csv';
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

/** The BOM and the header row, without its line end. */
const CSV_HEAD_LINE = `\uFEFF${csvLine(CSV_HEADER)}`;

/** The page's summary of a contact by its key (the library's model); undefined when the page holds none. */
export type HeldSummary = (key: string) => object | undefined;

/** A frame's worth of work at most between two paints while lines are gathered (ms). */
const SLICE_MS = 12;

/**
 * The CSV lines of these contacts in the order of `keys`: the lines the page keeps beside its summaries (`held`),
 * and for the contacts it holds no line to trust of, their records read now. Each line is as a fresh read of every
 * contact would write it: a contact deleted meanwhile is left out, one changed is written as it is now.
 */
async function csvLines(
  keys: readonly string[],
  held: HeldSummary,
  progress: ExportProgress,
  includeFlagged: boolean,
): Promise<string[]> {
  const lines: Array<string | undefined> = new Array(keys.length);
  const unread: string[] = [];
  let slice = performance.now();
  /** Lets the page paint once a frame's worth of work is done. */
  const pause = async (done: number) => {
    if (performance.now() - slice < SLICE_MS) return;
    progress(done, keys.length);
    await nextTask();
    slice = performance.now();
  };
  for (let i = 0; i < keys.length; i++) {
    const summary = held(keys[i]!);
    lines[i] = summary && keptLine(summary, includeFlagged);
    if (lines[i] === undefined) unread.push(keys[i]!);
    await pause(i + 1 - unread.length);
  }
  const records =
    unread.length === 0
      ? new Map<string, ContactRecord>()
      : await readRecords(unread, (done) => progress(keys.length - unread.length + done, keys.length));
  const out: string[] = [];
  for (let i = 0; i < keys.length; i++) {
    let line = lines[i];
    if (line === undefined) {
      const record = records.get(keys[i]!);
      line = record && contactLine(withoutFlagged(record, includeFlagged));
      await pause(keys.length);
    }
    if (line !== undefined) out.push(line);
  }
  progress(keys.length, keys.length);
  return out;
}

/**
 * Exports these contacts as one CSV file; returns how many were written. `held` gives the page's summaries, whose
 * lines are written; without it every record is read.
 */
export async function exportCsv(
  keys: readonly string[],
  progress: ExportProgress = () => {},
  includeFlagged = false,
  held: HeldSummary = () => undefined,
): Promise<number> {
  const lines = await csvLines(keys, held, progress, includeFlagged);
  // One string made by one join (the header first, an empty last line for the final line end): nothing to flatten.
  const text = [CSV_HEAD_LINE, ...lines, ''].join('\r\n');
  // The file's bytes are made in a task of their own: the join and the encoding are the two longest steps left.
  await nextTask();
  downloadText(`contacts-${today()}.csv`, text);
  return lines.length;
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
