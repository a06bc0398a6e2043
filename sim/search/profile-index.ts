/**
 * What search compares against, computed once per profile when the dataset is built: every searchable text already
 * folded and split into words, every identifier already normalised. A search then never tokenises a profile; it only
 * looks words up. Identical texts (a title, an employer, a city shared by hundreds of profiles) share one entry.
 */

import { monthIndex, REFERENCE_INDEX } from '../dataset/dates';
import { type City, formatLocation } from '../dataset/places';
import type { SimProfile } from '../dataset/types';
import { normalizeSocialSlug } from '../social-url';
import { exactForm, tokenize } from '../text';

/** One searchable text: the forms an exact (quoted) match accepts, and the words a fuzzy match looks at. */
export interface IndexedText {
  /** Small integer, unique per text, so that a query can memoise its verdict per text in a typed array. */
  id: number;
  /** Lower-cased, space-collapsed forms ({@link exactForm}); a quoted value must equal one of them. */
  exact: readonly string[];
  /** Folded words, in order. */
  tokens: readonly string[];
}

/** Text fields a criterion can be matched against with fuzzy/exact/exclusion semantics. */
export const TEXT_FIELDS = [
  'name',
  'current_title',
  'previous_title',
  'department',
  'management_level',
  'current_employer',
  'previous_employer',
  'location',
  'state',
  'industry',
  'industry_keywords',
  'school',
  'degree',
  'major',
  'skills',
  'description',
  'health_credentials',
  'health_license',
  'health_specialization',
] as const;

export type TextField = (typeof TEXT_FIELDS)[number];

export interface ProfileIndex {
  profile: SimProfile;
  /** Position in the dataset: the final tie-break of the result order. */
  order: number;
  text: Readonly<Record<TextField, readonly IndexedText[]>>;
  /** Normalised identifiers (lower case; phones as digits only). */
  ids: {
    id: string;
    email: string | null;
    phone: string | null;
    slug: string;
    /** The GitHub user name, lower case, or null. */
    github: string | null;
    company_domain: string;
    company_competitors: readonly string[];
    company_country_code: string;
    postal_code: string;
    naics: string;
    sic: string;
    npi: string | null;
  };
  numbers: {
    company_size: number;
    company_revenue: number;
    company_funding: number | null;
    connections: number | null;
    years_experience: number;
    /** Days between the start of the current job and the dataset's reference month. */
    job_change_days: number;
  };
  publicly_traded: boolean;
  veteran: boolean;
  city: City;
}

let textCount = 0;

/** How many {@link IndexedText} exist so far (ids are below this). */
export function indexedTextCount(): number {
  return textCount;
}

function indexedText(exact: readonly string[], tokens: readonly string[]): IndexedText {
  return { id: textCount++, exact, tokens };
}

/** Shares one {@link IndexedText} per distinct text, so that building the index for 6,000 profiles stays cheap. */
class TextInterner {
  private readonly cache = new Map<string, IndexedText>();

  get(text: string, ...alternatives: string[]): IndexedText {
    const key = alternatives.length === 0 ? text : `${text}\u0000${alternatives.join('\u0000')}`;
    let entry = this.cache.get(key);
    if (!entry) {
      entry = indexedText(
        [exactForm(text), ...alternatives.map(exactForm)],
        tokenize([text, ...alternatives].join(' ')),
      );
      this.cache.set(key, entry);
    }
    return entry;
  }
}

const digitsOnly = (text: string) => text.replace(/\D/g, '');

/** The text of a location as search sees it: names, codes and country, so "Austin, TX" and "Austin Texas" match. */
function locationText(interner: TextInterner, city: City): IndexedText {
  const formatted = formatLocation(city);
  const entry = interner.get(`${formatted} ${city.state_code} ${city.country_code}`);
  return indexedText([exactForm(formatted), exactForm(city.city)], entry.tokens);
}

/** Builds the search index of every profile. */
export function buildProfileIndex(profiles: readonly SimProfile[]): ProfileIndex[] {
  const interner = new TextInterner();
  const locations = new Map<City, IndexedText>();
  const t = (text: string) => interner.get(text);
  return profiles.map((profile, order) => {
    const [current, ...previous] = profile.positions;
    let location = locations.get(profile.city);
    if (!location) {
      location = locationText(interner, profile.city);
      locations.set(profile.city, location);
    }
    const company = profile.company;
    const npi = profile.npi_data;
    const text: Record<TextField, IndexedText[]> = {
      // Names are nearly all distinct, but made of a few hundred given and family names: compose, do not re-tokenise.
      name: [
        indexedText(
          [exactForm(profile.name)],
          [...t(profile.first_name).tokens, ...t(profile.last_name).tokens],
        ),
      ],
      current_title: [t(profile.current_title)],
      previous_title: previous.map((job) => t(job.title)),
      department: [t(profile.department)],
      management_level: [t(profile.management_level)],
      current_employer: [t(company.name)],
      previous_employer: previous.map((job) => t(job.company.name)),
      location: [location],
      state: [interner.get(profile.city.state, profile.city.state_code)],
      industry: [t(company.industry)],
      industry_keywords: company.keywords.map(t),
      school: profile.education.map((entry) => t(entry.school)),
      degree: profile.education.map((entry) => interner.get(entry.degree, entry.degree_abbreviation)),
      major: profile.education.map((entry) => t(entry.major)),
      skills: profile.skills.map(t),
      description: [],
      health_credentials: npi ? [t(npi.credentials)] : [],
      health_license: npi ? [interner.get(npi.license_number, npi.license_state)] : [],
      health_specialization: npi ? [t(npi.specialty)] : [],
    };
    // Headlines are all distinct and rarely searched (`description`): tokenised on first use.
    let description: IndexedText[] | undefined;
    Object.defineProperty(text, 'description', {
      get: () => {
        description ??= [t(profile.headline)];
        return description;
      },
    });
    return {
      profile,
      order,
      text,
      ids: {
        id: profile.id.toLowerCase(),
        email: profile.personal_email?.toLowerCase() ?? null,
        phone: profile.phone_number ? digitsOnly(profile.phone_number) : null,
        slug: normalizeSocialSlug(profile.slug),
        github: profile.github?.toLowerCase() ?? null,
        company_domain: company.domain.toLowerCase(),
        company_competitors: company.competitors,
        company_country_code: company.hq.country_code.toLowerCase(),
        postal_code: profile.city.postal_code.toLowerCase().replace(/\s+/g, ''),
        naics: company.naics,
        sic: company.sic,
        npi: npi?.npi_number ?? null,
      },
      numbers: {
        company_size: company.employees,
        company_revenue: company.revenue_usd,
        company_funding: company.funding_usd,
        connections: profile.connections,
        years_experience: profile.years_experience,
        job_change_days: Math.round((REFERENCE_INDEX - monthIndex(current?.start ?? '2025-06')) * 30.44),
      },
      publicly_traded: company.publicly_traded,
      veteran: profile.veteran,
      city: profile.city,
    };
  });
}
