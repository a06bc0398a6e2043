/**
 * "Export CSV": every result row held for the current search (all pages paid for), with the contact details the
 * vault holds for each, as a UTF-8 CSV a spreadsheet opens correctly; downloaded through a Blob URL (no
 * `downloads` permission).
 */
import { toCsv } from '../../../search/csv';
import type { SearchSession, StoredProfile } from '../../../store/database/search';
import type { ContactRecord } from '../../../store/database/vault/vault-record';
import { describeItem } from '../../components/contact-card';
import { notFoundOn } from '../../words/items';
import { JOB_CHANGE_COLUMNS, jobNow } from '../../words/trust';

/**
 * The columns a recruiter reads, the same from every export (the side panel's and the library's). The service's
 * candidate id is left out: a spreadsheet can do nothing with it, and the profile URL names the person (the extension
 * keeps the id for its own lookups). The last two are the job LinkedIn showed since the reveal, and when.
 */
export const CSV_HEADER = [
  'Name',
  'Title',
  'Employer',
  'Location',
  'Profile URL',
  'Email',
  'Phone',
  'Skills',
  'NPI',
  'License',
  'Specialty',
  'Credentials',
  ...JOB_CHANGE_COLUMNS,
] as const;

/** Every profile held for the session, in page order, each once. */
export function heldProfiles(session: SearchSession | null): StoredProfile[] {
  const seen = new Set<string>();
  const out: StoredProfile[] = [];
  for (const page of [...(session?.pages ?? [])].sort((a, b) => a.start - b.start)) {
    for (const profile of page.profiles) {
      if (seen.has(profile.id)) continue;
      seen.add(profile.id);
      out.push(profile);
    }
  }
  return out;
}

/** The CSV text: one row per profile, with what the vault holds for it (email, phone, skills, NPI data). */
export function candidatesCsv(
  profiles: readonly StoredProfile[],
  recordFor: (profile: StoredProfile) => ContactRecord | null | undefined,
): string {
  return toCsv(
    CSV_HEADER,
    profiles.map((profile) => {
      const record = recordFor(profile);
      return [
        profile.name,
        profile.current_title,
        profile.current_employer,
        profile.location,
        profile.social_url ?? '',
        contactCell(record, 'email'),
        contactCell(record, 'phone'),
        record?.detailed_profile?.found
          ? record.detailed_profile.value.skills.map(describeItem).join('; ')
          : '',
        ...npiColumns(record),
        ...(record?.observed ? [jobNow(record.observed), record.observed.at.slice(0, 10)] : ['', '']),
      ];
    }),
  );
}

/**
 * The email or phone cell: the value, or "Not found · 6 Dec" where the service was asked and had nothing (so an
 * empty cell means only "not asked"), the same words the panel and the library show.
 */
function contactCell(record: ContactRecord | null | undefined, item: 'email' | 'phone'): string {
  const state = record?.[item];
  if (state?.found) return state.value;
  if (record?.unknownAt) return notFoundOn(record.unknownAt);
  return state ? notFoundOn(state.at) : '';
}

function npiColumns(record: ContactRecord | null | undefined): string[] {
  const npi = record?.healthcare_profile?.found ? record.healthcare_profile.value : null;
  if (!npi) return ['', '', '', ''];
  const license = [npi.license_number, npi.license_state && `(${npi.license_state})`]
    .filter(Boolean)
    .join(' ');
  return [npi.npi_number ?? '', license, npi.specialty ?? '', npi.credentials ?? ''];
}

/** `candidates-YYYY-MM-DD.csv`, in local time. */
export function csvFileName(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `candidates-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

export { downloadText } from '../../helpers/download';
