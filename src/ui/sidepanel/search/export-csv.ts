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
    profiles.map((profile) => candidateCells(profile, recordFor(profile))),
  );
}

/** One row's cells, in {@link CSV_HEADER}'s order: the profile's, then what the vault holds of the person. */
export function candidateCells(
  profile: Pick<StoredProfile, 'name' | 'current_title' | 'current_employer' | 'location' | 'social_url'>,
  record: ContactRecord | null | undefined,
): string[] {
  const npi = record?.healthcare_profile?.found ? record.healthcare_profile.value : null;
  return [
    profile.name,
    profile.current_title,
    profile.current_employer,
    profile.location,
    profile.social_url ?? '',
    contactCell(record, 'email'),
    contactCell(record, 'phone'),
    record?.detailed_profile?.found ? record.detailed_profile.value.skills.map(describeItem).join('; ') : '',
    npi?.npi_number ?? '',
    npi ? [npi.license_number, npi.license_state && `(${npi.license_state})`].filter(Boolean).join(' ') : '',
    npi?.specialty ?? '',
    npi?.credentials ?? '',
    record?.observed ? jobNow(record.observed) : '',
    record?.observed ? record.observed.at.slice(0, 10) : '',
  ];
}

/**
 * The email or phone cell: the value, or "Not found · 6 Dec" where the service was asked and had nothing (so an
 * empty cell means only "not asked"), the same words the panel and the library show.
 */
function contactCell(record: ContactRecord | null | undefined, item: 'email' | 'phone'): string {
  const state = record?.[item];
  if (state?.found) return state.value;
  if (record?.unknownAt) return notFoundCell(record.unknownAt);
  return state ? notFoundCell(state.at) : '';
}

/**
 * "Not found · 6 Dec" for a time, its words made once a local day: they name only the day, and a file of thousands
 * of contacts holds few days (formatting a date costs far more than finding its day).
 */
const notFoundDays = new Map<number, string>();
function notFoundCell(iso: string): string {
  const date = new Date(iso);
  const day = date.getFullYear() * 10_000 + date.getMonth() * 100 + date.getDate();
  if (Number.isNaN(day)) return notFoundOn(iso);
  let words = notFoundDays.get(day);
  if (words === undefined) {
    words = notFoundOn(iso);
    notFoundDays.set(day, words);
  }
  return words;
}

/** `candidates-YYYY-MM-DD.csv`, in local time. */
export function csvFileName(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `candidates-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

export { downloadText } from '../../helpers/download';
