/**
 * The library's exports: the contacts shown (after search and filters) as CSV, in the side panel's columns, or as
 * one vCard file. Records are read only here, for the keys exported, from the export packs (`src/vault/packs.ts`: a
 * 50,000-contact export reads a few hundred stored strings, not 50,000 records), a few packs per storage call; then
 * turned to text a chunk at a time, each chunk parsed and dropped before the next, so the page paints its progress
 * between calls and chunks instead of freezing.
 */

import { toCsv } from '../../search/csv';
import { vault } from '../../store/vault';
import type { ContactRecord } from '../../store/vault-record';
import { packedRecord, packedRecords } from '../../vault/packs';
import { downloadText } from '../download';
import { CSV_HEADER, candidatesCsv } from '../sidepanel/export-csv';
import { toVCards } from '../vcard';

/** Contacts read per storage call: about a megabyte of records. */
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
 * were found (a contact deleted meanwhile is left out). The records come from the export packs (a few hundred stored
 * strings, whatever the vault holds); a contact no pack holds (packs not built yet) is read from the vault, a chunk
 * at a time. `progress` counts the contacts read so far.
 */
async function streamed(
  keys: readonly string[],
  write: (records: ContactRecord[]) => string,
  progress: ExportProgress,
): Promise<{ parts: string[]; count: number }> {
  let done = 0;
  const packed = await packedRecords(keys, async (found) => {
    if (found === done) return;
    done = found;
    progress(done, keys.length);
    await nextTask();
  });
  const parts: string[] = [];
  let count = 0;
  for (let at = 0; at < keys.length; at += EXPORT_CHUNK) {
    const chunk = keys.slice(at, at + EXPORT_CHUNK);
    const records = new Map<string, ContactRecord>();
    const unpacked: string[] = [];
    for (const key of chunk) {
      const text = packed.get(key);
      const record = text === undefined ? null : packedRecord(key, text);
      if (record) records.set(key, record);
      else unpacked.push(key);
    }
    if (unpacked.length > 0) {
      for (const record of await vault.getMany(unpacked)) records.set(record.key, record);
      done += unpacked.length;
      progress(done, keys.length);
    }
    const inOrder = chunk.flatMap((key) => records.get(key) ?? []);
    count += inOrder.length;
    parts.push(write(inOrder));
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
