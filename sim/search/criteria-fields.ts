/**
 * What every `search_criteria` key searches in a profile. The spec names the keys but not what each compares
 * against; this table is the simulator's reading, one line per key, so that it can be reviewed in one place.
 * Keys the synthetic dataset has no data for are accepted (the real service accepts them) and ignored; the response
 * then says so in the `X-Sim-Notes` header rather than silently widening the search.
 */
import type { SearchCriteriaKey } from '../../src/api/schema';
import { gitHubUserKey, normalizeSocialSlug, socialUrlKey } from '../social-url';
import type { BareNumber } from './numeric';
import type { ProfileIndex, TextField } from './profile-index';

export type FieldSpec =
  /** Fuzzy/exact/exclusion text matching over one or more text fields; `all`: every value must match. */
  | { kind: 'text'; fields: readonly TextField[]; weight: number; all?: boolean }
  /** `keyword`/`keywords`: every word somewhere in the profile's text, any field. */
  | { kind: 'anywhere'; weight: number }
  /** Text matching on the location, plus `City::~Nmi` radius values. */
  | { kind: 'location'; weight: number }
  /** Normalised identifier equality (or prefix) against one or more profile values. */
  | {
      kind: 'identifier';
      read: (p: ProfileIndex) => readonly (string | null)[];
      normalize: (value: string) => string;
      compare: 'equal' | 'prefix' | 'suffix';
    }
  | { kind: 'numeric'; read: (p: ProfileIndex) => number | null; bare: BareNumber }
  | { kind: 'boolean'; read: (p: ProfileIndex) => boolean }
  /** `contact_method`: `email` / `phone` — profiles for which a lookup would find that item. */
  | { kind: 'contact-method' }
  | { kind: 'ignored'; why: string };

/** "https://www.Acme.com/about" → "acme.com"; "jane@acme.com" → "acme.com". */
export function normalizeDomain(value: string): string {
  const text = value.trim().toLowerCase();
  const afterAt = text.includes('@') ? text.slice(text.lastIndexOf('@') + 1) : text;
  return afterAt
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[/?#].*$/, '');
}

const lower = (value: string) => value.trim().toLowerCase();

/** `in:<slug>` for a LinkedIn profile URL or a bare slug, `gh:<user>` for a GitHub profile URL. */
function socialLinkKey(value: string): string {
  const github = gitHubUserKey(value);
  if (github !== null) return `gh:${github}`;
  return `in:${socialUrlKey(value) ?? normalizeSocialSlug(value)}`;
}
const digits = (value: string) => value.replace(/\D/g, '');
const text = (fields: TextField | readonly TextField[], weight = 1, all = false): FieldSpec => ({
  kind: 'text',
  fields: typeof fields === 'string' ? [fields] : fields,
  weight,
  all,
});
const numeric = (read: (p: ProfileIndex) => number | null, bare: BareNumber = 'equal'): FieldSpec => ({
  kind: 'numeric',
  read,
  bare,
});
const identifier = (
  read: (p: ProfileIndex) => readonly (string | null)[],
  normalize: (value: string) => string,
  compare: 'equal' | 'prefix' | 'suffix' = 'equal',
): FieldSpec => ({ kind: 'identifier', read, normalize, compare });
const ignored = (why: string): FieldSpec => ({ kind: 'ignored', why });

const NO_DATA = 'the simulator has no data for it';

/** Every criterion key, array-valued or not (keyword, keywords and veteran_status are read specially). */
export const CRITERIA_FIELDS: Readonly<Record<SearchCriteriaKey, FieldSpec>> = {
  // Profile identification
  id: identifier((p) => [p.ids.id], lower),
  name: text('name', 3),
  email: identifier((p) => [p.ids.email], lower),
  phone: identifier((p) => [p.ids.phone], digits, 'suffix'),
  // A handle is a LinkedIn slug or a GitHub user name; a link a LinkedIn profile URL (a bare slug reads as one) or a
  // GitHub profile URL, compared in `socialLinkKey`'s form so the two networks' names never match each other.
  handle: identifier(
    (p) => [p.ids.slug, p.ids.github],
    (v) => normalizeSocialSlug(v.replace(/^@/, '')),
  ),
  link: identifier((p) => [`in:${p.ids.slug}`, p.ids.github && `gh:${p.ids.github}`], socialLinkKey),
  // Title and role
  current_title: text('current_title', 3),
  previous_title: text('previous_title', 2),
  current_or_previous_title: text(['current_title', 'previous_title'], 2.5),
  department: text('department'),
  management_levels: text('management_level'),
  // Current employer
  current_employer: text('current_employer', 2),
  employer: text('current_employer', 2),
  company_name: text('current_employer', 2),
  company_domain: identifier((p) => [p.ids.company_domain], normalizeDomain),
  company_email: identifier((p) => [p.ids.company_domain], normalizeDomain),
  company_website_url: identifier((p) => [p.ids.company_domain], normalizeDomain),
  // Previous employer
  previous_employer: text('previous_employer', 2),
  // Company attributes
  company_size: numeric((p) => p.numbers.company_size),
  employees: numeric((p) => p.numbers.company_size),
  company_revenue: numeric((p) => p.numbers.company_revenue),
  revenue: numeric((p) => p.numbers.company_revenue),
  company_funding_min: numeric((p) => p.numbers.company_funding, 'at-least'),
  company_funding_max: numeric((p) => p.numbers.company_funding, 'at-most'),
  total_funding: numeric((p) => p.numbers.company_funding),
  company_publicly_traded: { kind: 'boolean', read: (p) => p.publicly_traded },
  publicly_traded: { kind: 'boolean', read: (p) => p.publicly_traded },
  // Company location (geo is read as a location, radius included)
  company_country_code: identifier((p) => [p.ids.company_country_code], lower),
  geo: { kind: 'location', weight: 2 },
  state: text('state'),
  postal_code: identifier(
    (p) => [p.ids.postal_code],
    (v) => lower(v).replace(/\s+/g, ''),
    'prefix',
  ),
  location: { kind: 'location', weight: 2 },
  // Industry and sector
  company_industry: text('industry', 1.5),
  industry: text('industry', 1.5),
  primary_industry: text('industry', 1.5),
  company_industry_keywords: text('industry_keywords'),
  industry_keywords: text('industry_keywords'),
  company_naics_code: identifier((p) => [p.ids.naics], digits, 'prefix'),
  naics_code: identifier((p) => [p.ids.naics], digits, 'prefix'),
  naics_codes: identifier((p) => [p.ids.naics], digits, 'prefix'),
  company_sic_code: identifier((p) => [p.ids.sic], digits, 'prefix'),
  sic_code: identifier((p) => [p.ids.sic], digits, 'prefix'),
  sic_codes: identifier((p) => [p.ids.sic], digits, 'prefix'),
  // Company intelligence
  company_competitors: identifier((p) => p.ids.company_competitors, normalizeDomain),
  competitors: identifier((p) => p.ids.company_competitors, normalizeDomain),
  company_tag: text('industry_keywords'),
  company_intent: ignored(NO_DATA),
  company_news_timestamp: ignored(NO_DATA),
  company_list: ignored('company lists are account data the simulator does not have'),
  company_list_id: ignored('company lists are account data the simulator does not have'),
  // Education
  school: text('school', 1.5),
  degree: text('degree'),
  major: text('major', 1.5),
  // Skills and experience
  skills: text('skills', 1.5),
  all_skills: text('skills', 1.5, true),
  years_experience: numeric((p) => p.numbers.years_experience),
  description: text('description'),
  // Social
  connections: numeric((p) => p.numbers.connections),
  // Healthcare
  health_credentials: text('health_credentials'),
  health_license: text('health_license'),
  health_npi: identifier((p) => [p.ids.npi], digits),
  health_specialization: text('health_specialization', 1.5),
  // Metadata
  keyword: { kind: 'anywhere', weight: 1 },
  keywords: { kind: 'anywhere', weight: 1 },
  insight: ignored(NO_DATA),
  news_timestamp: ignored(NO_DATA),
  update_time: ignored(NO_DATA),
  is_primary: ignored(NO_DATA),
  veteran_status: { kind: 'boolean', read: (p) => p.veteran },
  // Sample-only keys
  job_change_range_days: numeric((p) => p.numbers.job_change_days, 'at-most'),
  contact_method: { kind: 'contact-method' },
};
