/**
 * How a candidate record appears on the wire: as a search result (a profile summary, never contact data) and as a
 * lookup profile (only what was requested and found). Item shapes of skills, experience, education and job
 * history are "not shown" in the spec; the simulator's choice is documented in sim/README.md.
 */
import type * as z from 'zod/mini';
import type { LookupProfile, ProfileSummary } from '../../src/api/schema';
import type { SimProfile } from '../dataset/types';

/** A search result. Integer-looking ids go out as JSON integers (the spec's second variant). */
export function profileSummary(profile: SimProfile): z.input<typeof ProfileSummary> {
  const company = profile.company;
  return {
    id: profile.numeric_id ? Number(profile.id) : profile.id,
    name: profile.name,
    current_title: profile.current_title,
    current_employer: company.name,
    location: profile.location,
    social_url: profile.social_url,
    ...(profile.connections !== null ? { connections: profile.connections } : {}),
    country: profile.city.country,
    country_code: profile.city.country_code,
    current_employer_domain: company.domain,
    ...(company.website !== null ? { current_employer_website: company.website } : {}),
    current_employer_social_url: company.social_url,
    region_latitude: profile.city.latitude.toFixed(4),
    region_longitude: profile.city.longitude.toFixed(4),
  };
}

/** The detailed-profile items (reveal_detailed_person_enrichment). */
export function detailedProfile(profile: SimProfile) {
  return {
    skills: [...profile.skills],
    experience: profile.positions.map((job) => ({
      title: job.title,
      company: job.company.name,
      company_domain: job.company.domain,
      location: job.location,
      start_date: job.start,
      end_date: job.end,
      is_current: job.end === null,
      description: job.description,
    })),
    education: profile.education.map((entry) => ({
      school: entry.school,
      degree: entry.degree,
      degree_abbreviation: entry.degree_abbreviation,
      major: entry.major,
      start_year: entry.start_year,
      end_year: entry.end_year,
    })),
    job_history: profile.positions.map((job) => ({
      company: job.company.name,
      title: job.title,
      start_date: job.start,
      end_date: job.end,
    })),
  };
}

/** The always-present part of a lookup profile. */
export function lookupProfileBase(profile: SimProfile): z.input<typeof LookupProfile> {
  return {
    id: profile.id,
    name: profile.name,
    current_title: profile.current_title,
    current_employer: profile.company.name,
  };
}
