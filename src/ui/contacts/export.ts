/**
 * The library's exports: the contacts shown (after search and filters) as CSV, in the side panel's columns, or as
 * one vCard file. Full records are read only here, for the keys exported.
 */
import { type ContactRecord, vault } from '../../storage';
import { downloadText } from '../download';
import { candidatesCsv } from '../sidepanel/export-csv';
import { toVCards } from '../vcard';

const today = () => new Date().toISOString().slice(0, 10);

/** A vault record in the shape of a search row, so the CSV has the same columns as the side panel's export. */
const asProfile = (record: ContactRecord) => ({
  id: record.candidateId ?? '',
  name: record.name ?? '',
  current_title: record.currentTitle ?? '',
  current_employer: record.currentEmployer ?? '',
  location: '',
  social_url: record.socialUrl,
});

export async function exportCsv(keys: readonly string[]): Promise<number> {
  const records = await vault.getMany(keys);
  const rows = new Map(records.map((record) => [asProfile(record), record]));
  const text = candidatesCsv([...rows.keys()], (profile) =>
    rows.get(profile as ReturnType<typeof asProfile>),
  );
  downloadText(`contacts-${today()}.csv`, text);
  return records.length;
}

export async function exportVCards(keys: readonly string[]): Promise<number> {
  const records = await vault.getMany(keys);
  downloadText(`contacts-${today()}.vcf`, toVCards(records), 'text/vcard;charset=utf-8');
  return records.length;
}
