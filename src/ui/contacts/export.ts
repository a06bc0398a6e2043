/**
 * The library's exports: the contacts shown (after search and filters) as CSV, in the side panel's columns, or as
 * one vCard file. Records are read only here, for the keys exported (`vault-spans.ts`: a span of the key order at a
 * time), then turned to text a chunk at a time in the library's order, so the page paints its progress between
 * chunks instead of freezing.
 */

import { withoutFlagged } from '../../domain/flags';
import { toCsv } from '../../search/csv';
import type { ContactRecord } from '../../store/database/vault/vault-record';
import { readRecords } from '../../store/database/vault/vault-spans';
import { downloadText } from '../helpers/download';
import { toVCards } from '../helpers/vcard';
import { CSV_HEADER, candidatesCsv } from '../sidepanel/search/export-csv';

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

/** A vault record in the shape of a search row, so the CSV has the same columns as the side panel's export. */
const asProfile = (record: ContactRecord) => ({
  id: record.candidateId ?? '',
  name: record.name ?? '',
  current_title: record.currentTitle ?? '',
  current_employer: record.currentEmployer ?? '',
  location: record.location ?? '',
  social_url: record.socialUrl,
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

/** The BOM and header row every CSV chunk starts with: written once, at the top of the file. */
const CSV_HEAD = toCsv(CSV_HEADER, []);

/** Exports these contacts as one CSV file; returns how many were written. */
export async function exportCsv(
  keys: readonly string[],
  progress: ExportProgress = () => {},
  includeFlagged = false,
): Promise<number> {
  const { parts, count } = await streamed(
    keys,
    (records) => {
      const rows = new Map(records.map((record) => [asProfile(record), record]));
      const text = candidatesCsv([...rows.keys()], (profile) =>
        rows.get(profile as ReturnType<typeof asProfile>),
      );
      return text.slice(CSV_HEAD.length);
    },
    progress,
    includeFlagged,
  );
  downloadText(`contacts-${today()}.csv`, CSV_HEAD + parts.join(''));
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
