/**
 * The simulator's own record of a candidate and a company. Richer than any single response: search results and
 * lookup contacts are both projections of these records (see sim/routes/*-response.ts).
 */
import type { City } from './places';
import type { ManagementLevel } from './titles';

export interface SimCompany {
  name: string;
  /** "northwindlabs.com" */
  domain: string;
  /** "https://www.northwindlabs.com"; null for the few companies the service has no website for. */
  website: string | null;
  /** "https://www.linkedin.com/company/northwind-labs" */
  social_url: string;
  industry: string;
  keywords: readonly string[];
  employees: number;
  revenue_usd: number;
  /** Total venture funding raised; null when the company never raised (or it is unknown). */
  funding_usd: number | null;
  publicly_traded: boolean;
  ticker: string | null;
  hq: City;
  naics: string;
  sic: string;
  founded: number;
  /** Domains of competing companies (`company_competitors` takes domains). */
  competitors: string[];
}

/** One job in a profile's history. Dates are "YYYY-MM"; `end` is null for the current job. */
export interface SimPosition {
  title: string;
  company: SimCompany;
  start: string;
  end: string | null;
  location: string;
  description: string;
}

export interface SimEducation {
  school: string;
  degree: string;
  degree_abbreviation: string;
  major: string;
  start_year: number;
  end_year: number;
}

export interface SimNpiData {
  npi_number: string;
  license_number: string;
  license_state: string;
  specialty: string;
  credentials: string;
}

export interface SimProfile {
  /** Unique. Most are opaque strings; some look like integers (see `numeric_id`). */
  id: string;
  /**
   * The id is all digits. Search results send such ids as JSON integers: the spec shows the id as a string in one
   * variant of the interface and as an integer in the other, so clients must accept both.
   */
  numeric_id: boolean;
  name: string;
  first_name: string;
  last_name: string;
  headline: string;
  current_title: string;
  department: string;
  management_level: ManagementLevel;
  company: SimCompany;
  city: City;
  /** "Austin, Texas, United States" */
  location: string;
  /** "https://www.linkedin.com/in/<slug>" */
  social_url: string;
  slug: string;
  /**
   * The person's GitHub user name, or null. Searchable as a `handle` and, as `https://github.com/<name>`, as a `link`
   * (the spec's "social handles" and "profile URLs"); never returned in search results, which carry no such field.
   */
  github: string | null;
  connections: number | null;
  years_experience: number;
  /** Current job first, then earlier ones, newest first. */
  positions: SimPosition[];
  education: SimEducation[];
  skills: string[];
  /** Verified personal email, or null when no source has one. */
  personal_email: string | null;
  /** Where the email comes from: the secondary source is checked, free, when the primary has none (lookup rule 3). */
  email_source: 'primary' | 'secondary' | null;
  phone_number: string | null;
  /** Whether a detailed profile (skills, experience, education, job history) can be retrieved. */
  detailed: boolean;
  npi_data: SimNpiData | null;
  veteran: boolean;
}

/** The whole synthetic dataset, with the lookups the routes need. */
export interface Dataset {
  seed: number;
  profiles: readonly SimProfile[];
  companies: readonly SimCompany[];
  byId: ReadonlyMap<string, SimProfile>;
  /** Keyed by the normalised slug of the social URL (see sim/social-url.ts). */
  bySlug: ReadonlyMap<string, SimProfile>;
}
