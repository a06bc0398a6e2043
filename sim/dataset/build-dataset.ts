/**
 * The whole dataset for a seed: the demo companies and profiles first, then the generated ones. Same seed, same
 * dataset, profile for profile (the only randomness is the seeded generator in sim/random.ts).
 */
import { DEMO_COMPANIES, DEMO_PROFILE_LIST } from '../demo-profiles';
import { Random } from '../random';
import { normalizeSocialSlug } from '../social-url';
import { generateCompanies } from './companies';
import { generateProfiles, type Taken } from './generate-profiles';
import type { Dataset, SimProfile } from './types';

/** Default seed of the dataset. */
export const DEFAULT_SEED = 20250601;

/** Generated profiles (the demo profiles come on top). */
export const GENERATED_PROFILE_COUNT = 6000;

/** Builds the dataset for `seed`. */
export function buildDataset(seed: number = DEFAULT_SEED, count: number = GENERATED_PROFILE_COUNT): Dataset {
  const random = new Random(seed);
  const demoCompanies = Object.values(DEMO_COMPANIES);
  const companies = [
    ...demoCompanies,
    ...generateCompanies(random, new Set(demoCompanies.map((c) => c.name))),
  ];
  const taken: Taken = {
    ids: new Set(DEMO_PROFILE_LIST.map((p) => p.id)),
    slugs: new Set(DEMO_PROFILE_LIST.map((p) => p.slug)),
    emails: new Set(DEMO_PROFILE_LIST.flatMap((p) => (p.personal_email ? [p.personal_email] : []))),
    npis: new Set(DEMO_PROFILE_LIST.flatMap((p) => (p.npi_data ? [p.npi_data.npi_number] : []))),
  };
  const profiles: SimProfile[] = [...DEMO_PROFILE_LIST, ...generateProfiles(random, count, companies, taken)];
  const byId = new Map<string, SimProfile>();
  const bySlug = new Map<string, SimProfile>();
  for (const profile of profiles) {
    byId.set(profile.id, profile);
    bySlug.set(normalizeSocialSlug(profile.slug), profile);
  }
  return { seed, profiles, companies, byId, bySlug };
}
