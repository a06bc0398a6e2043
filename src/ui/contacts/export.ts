/**
 * The library's exports: the contacts shown (after search and filters) as CSV, in the side panel's columns, or as
 * one vCard file. Records are read only here, for the keys exported, a chunk at a time (one transaction each), each
 * chunk turned to text and dropped before the next, so the page paints its progress between chunks instead of
 * freezing.
 */

import { toCsv } from '../../search/csv';
import { vault } from '../../store/vault';
import type { ContactRecord } from '../../store/vault-record';
import { downloadText } from '../download';
import { CSV_HEADER, candidatesCsv } from '../sidepanel/export-csv';
import { toVCards } from '../vcard';

/** Contacts read per transaction: about a megabyte of records. */
export const EXPORT_CHUNK = 1_000;

/** Told, after each chunk, how many of the contacts have been read so far and of how many. */
export type ExportProgress = (done: number, total: number) => void;

const today = () => new Date().toISOString().slice(0, 10);
/** Lets the page paint (and answer clicks) between chunks. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

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
 * The text of these contacts' records, made a chunk at a time by `write`; returns the parts and how many records
 * were found (a contact deleted meanwhile is left out). `progress` counts the contacts read so far.
 */
async function streamed(
  keys: readonly string[],
  write: (records: ContactRecord[]) => string,
  progress: ExportProgress,
): Promise<{ parts: string[]; count: number }> {
  const parts: string[] = [];
  let count = 0;
  for (let at = 0; at < keys.length; at += EXPORT_CHUNK) {
    const records = await vault.getMany(keys.slice(at, at + EXPORT_CHUNK));
    count += records.length;
    parts.push(write(records));
    progress(Math.min(at + EXPORT_CHUNK, keys.length), keys.length);
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
  );
  downloadText(`contacts-${today()}.csv`, CSV_HEAD + parts.join(''));
  return count;
}

/** Exports these contacts as one vCard file; returns how many were written. */
export async function exportVCards(
  keys: readonly string[],
  progress: ExportProgress = () => {},
): Promise<number> {
  const { parts, count } = await streamed(keys, toVCards, progress);
  downloadText(`contacts-${today()}.vcf`, parts.join(''), 'text/vcard;charset=utf-8');
  return count;
}
