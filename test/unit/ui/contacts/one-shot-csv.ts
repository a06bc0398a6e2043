import type { StoredProfile } from '../../../../src/store/database/search';
import type { ContactRecord } from '../../../../src/store/database/vault/vault-record';
import { candidatesCsv } from '../../../../src/ui/sidepanel/search/export-csv';

/**
 * The whole CSV as one read of every record would make it, in the side panel's columns: what the library's export
 * (chunked, from packs or the vault) must write to the byte, with the library's own columns after them.
 */
export function oneShotCsv(records: readonly ContactRecord[]): string {
  const rows = new Map<StoredProfile, ContactRecord>(
    records.map((r) => [
      {
        id: r.candidateId ?? '',
        name: r.name ?? '',
        current_title: r.currentTitle ?? '',
        current_employer: r.currentEmployer ?? '',
        location: r.location ?? '',
        social_url: r.socialUrl,
      },
      r,
    ]),
  );
  return candidatesCsv([...rows.keys()], (profile) => rows.get(profile));
}
