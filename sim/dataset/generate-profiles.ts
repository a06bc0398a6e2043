/**
 * Synthetic candidates. Each profile is drawn so that its parts agree: a title from a family, an employer in one of
 * the family's industries, a career whose length matches the seniority of the title, earlier jobs in the same
 * family, degrees and skills that fit, and contact data present at realistic rates (most have an email, a minority
 * a phone) so that success-based billing charges different amounts for different candidates.
 */
import { type Random, WeightedTable } from '../random';
import { slugify } from '../text';
import { licenseNumber, mobilePhone, npiNumber, personalEmail } from './contact';
import { monthString, REFERENCE_INDEX, REFERENCE_MONTH } from './dates';
import { DEGREES, type Degree, degreeCalled, SCHOOLS, type School } from './education';
import { NAMES, type NameOrigin, ORIGINS_BY_COUNTRY } from './names';
import { CITIES, type City, formatLocation } from './places';
import { familyByKey, managementLevelOf, seniorityPrefix, TITLE_FAMILIES, type TitleFamily } from './titles';
import type { SimCompany, SimEducation, SimPosition, SimProfile } from './types';

/** Rates of the data a lookup may find. */
const RATES = {
  email: 0.8,
  /** Of the emails, the share found only in the secondary source. */
  secondaryEmail: 0.15,
  phone: 0.35,
  detailed: 0.97,
  connections: 0.93,
  numericId: 0.12,
  veteran: 0.03,
} as const;

const GENERIC_SKILLS = [
  'Leadership',
  'Communication',
  'Teamwork',
  'Problem Solving',
  'Public Speaking',
  'Mentoring',
];
const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** What the generator must not repeat: ids, slugs, emails and NPI numbers already used (by the demo profiles). */
export interface Taken {
  ids: Set<string>;
  slugs: Set<string>;
  emails: Set<string>;
  npis: Set<string>;
}

/** Everything profile generation draws from, prepared once as weighted tables (thousands of draws follow). */
interface Pools {
  families: WeightedTable<TitleFamily>;
  industriesOf: Map<TitleFamily, WeightedTable<string>>;
  companiesIn: Map<string, WeightedTable<SimCompany>>;
  allCompanies: WeightedTable<SimCompany>;
  cities: WeightedTable<City>;
  usCities: WeightedTable<City>;
  origins: Map<string, WeightedTable<NameOrigin>>;
  titlesOf: Map<TitleFamily, WeightedTable<string>>;
  schoolsIn: Map<string, readonly School[]>;
}

function preparePools(companies: readonly SimCompany[]): Pools {
  // Larger companies employ more of the people one finds.
  const companyWeight = (company: SimCompany) => Math.log10(company.employees + 10);
  const byIndustry = new Map<string, SimCompany[]>();
  for (const company of companies) {
    const list = byIndustry.get(company.industry) ?? [];
    list.push(company);
    byIndustry.set(company.industry, list);
  }
  const origins = new Map<string, WeightedTable<NameOrigin>>();
  for (const [country, weights] of Object.entries(ORIGINS_BY_COUNTRY)) {
    const entries = Object.entries(weights) as [NameOrigin, number][];
    origins.set(
      country,
      new WeightedTable(
        entries.map(([origin]) => origin),
        (_, i) => entries[i]?.[1] ?? 0,
      ),
    );
  }
  const schoolsIn = new Map<string, School[]>();
  for (const school of SCHOOLS) {
    const list = schoolsIn.get(school.country_code) ?? [];
    list.push(school);
    schoolsIn.set(school.country_code, list);
  }
  return {
    families: new WeightedTable(TITLE_FAMILIES, (family) => family.weight),
    // Earlier industries in a family's list are likelier: weight 1, 1/2^0.7, 1/3^0.7…
    industriesOf: new Map(
      TITLE_FAMILIES.map((f) => [f, new WeightedTable(f.industries, (_, i) => 1 / (i + 1) ** 0.7)]),
    ),
    companiesIn: new Map(
      [...byIndustry].map(([industry, list]) => [industry, new WeightedTable(list, companyWeight)]),
    ),
    allCompanies: new WeightedTable(companies, companyWeight),
    cities: new WeightedTable(CITIES, (city) => city.weight),
    usCities: new WeightedTable(
      CITIES.filter((city) => city.country_code === 'US'),
      (city) => city.weight,
    ),
    origins,
    // The first title of a family is the commonest.
    titlesOf: new Map(
      TITLE_FAMILIES.map((f) => [f, new WeightedTable(f.titles, (_, i) => (i === 0 ? 3 : 1))]),
    ),
    schoolsIn,
  };
}

/** Generates `count` profiles. */
export function generateProfiles(
  random: Random,
  count: number,
  companies: readonly SimCompany[],
  taken: Taken,
): SimProfile[] {
  const pools = preparePools(companies);
  const profiles: SimProfile[] = [];
  for (let i = 0; i < count; i++) profiles.push(generateProfile(random, pools, taken));
  return profiles;
}

function pickIndustry(random: Random, pools: Pools, family: TitleFamily): string {
  const table = pools.industriesOf.get(family);
  return table ? random.from(table) : random.pick(family.industries);
}

function pickCompany(random: Random, pools: Pools, industry: string): SimCompany {
  return random.from(pools.companiesIn.get(industry) ?? pools.allCompanies);
}

function pickName(random: Random, pools: Pools, city: City): { first: string; last: string } {
  const table = pools.origins.get(city.country_code) ?? pools.origins.get('US');
  const pool = NAMES[table ? random.from(table) : 'anglo'];
  return { first: random.pick(pool.first), last: random.pick(pool.last) };
}

function uniqueId(random: Random, taken: Set<string>): { id: string; numeric: boolean } {
  const numeric = random.chance(RATES.numericId);
  let id = '';
  do {
    id = numeric ? String(random.int(100_000_000, 999_999_999)) : random.chars(ID_ALPHABET, 12);
  } while (taken.has(id) || (!numeric && /^\d+$/.test(id)));
  taken.add(id);
  return { id, numeric };
}

/** LinkedIn-style slug: "jane-doe", or "jane-doe-4a7b21" when the plain one is taken (or at random, as there). */
function uniqueSlug(random: Random, first: string, last: string, taken: Set<string>): string {
  const base = slugify(`${first} ${last}`);
  let slug =
    random.chance(0.25) && !taken.has(base) ? base : `${base}-${random.chars('0123456789abcdef', 6)}`;
  while (taken.has(slug)) slug = `${base}-${random.chars('0123456789abcdef', 8)}`;
  taken.add(slug);
  return slug;
}

function baseTitle(random: Random, pools: Pools, family: TitleFamily): string {
  const table = pools.titlesOf.get(family);
  return table ? random.from(table) : random.pick(family.titles);
}

function withSeniority(random: Random, family: TitleFamily, base: string, years: number): string {
  return family.ladder ? seniorityPrefix(years, random.next()) + base : base;
}

/**
 * The title held `yearsThen` years into a career that leads to `base` in `family`: the same title (with the
 * seniority of the time) once the family's minimum experience was reached, otherwise a title of the family people
 * come from (engineering managers were engineers first).
 */
function earlierTitle(random: Random, family: TitleFamily, base: string, yearsThen: number): string {
  let current = family;
  let title = base;
  while (yearsThen < current.minYears && current.feeder) {
    const feeder = familyByKey(current.feeder);
    if (!feeder) break;
    current = feeder;
    title = current.titles[0] ?? title;
  }
  return withSeniority(random, current, title, yearsThen);
}

function careerYears(random: Random, family: TitleFamily): number {
  return Math.min(42, family.minYears + Math.floor(random.next() ** 1.6 * 24));
}

function pickCity(random: Random, pools: Pools, company: SimCompany, usOnly: boolean): City {
  if (random.chance(0.6)) return company.hq;
  return random.from(usOnly ? pools.usCities : pools.cities);
}

function positions(
  random: Random,
  pools: Pools,
  family: TitleFamily,
  base: string,
  currentTitle: string,
  company: SimCompany,
  location: string,
  years: number,
): SimPosition[] {
  const careerStart = REFERENCE_INDEX - years * 12 - random.int(0, 11);
  const tenure = Math.min(REFERENCE_INDEX - careerStart, random.int(3, 72));
  let start = REFERENCE_INDEX - tenure;
  const jobs: SimPosition[] = [
    {
      title: currentTitle,
      company,
      start: monthString(start),
      end: null,
      location,
      description: jobDescription(random, family, currentTitle),
    },
  ];
  while (start - careerStart >= 12 && jobs.length < 6) {
    const end = start - random.int(0, 3);
    const length = Math.min(end - careerStart, random.int(12, 60));
    if (length < 6) break;
    start = end - length;
    const yearsThen = Math.max(0, Math.floor((start - careerStart) / 12));
    const title = earlierTitle(random, family, base, yearsThen);
    const employer = pickCompany(random, pools, pickIndustry(random, pools, family));
    jobs.push({
      title,
      company: employer,
      start: monthString(start),
      end: monthString(end),
      location: formatLocation(random.chance(0.7) ? employer.hq : random.from(pools.cities)),
      description: jobDescription(random, family, title),
    });
  }
  return jobs;
}

function jobDescription(random: Random, family: TitleFamily, title: string): string {
  const [a = 'delivery', b = 'quality'] = random.sample(family.skills, 2);
  return `${title} working on ${a} and ${b}.`;
}

function education(
  random: Random,
  pools: Pools,
  family: TitleFamily,
  city: City,
  careerStartYear: number,
): SimEducation[] {
  const highest = degreeCalled(random.pick(family.degrees));
  const chain: Degree[] = [highest];
  let prerequisite = highest.after;
  while (prerequisite) {
    const degree = DEGREES.find((d) => d.abbreviation === prerequisite);
    if (!degree) break;
    chain.push(degree);
    prerequisite = degree.after;
  }
  const localSchools = pools.schoolsIn.get(city.country_code);
  const schools = localSchools && random.chance(0.8) ? localSchools : SCHOOLS;
  const entries: SimEducation[] = [];
  let end = careerStartYear - (random.chance(0.8) ? 0 : random.int(1, 2));
  for (const degree of chain) {
    const major = degree.field ?? random.pick(family.majors);
    entries.push({
      school: random.pick(schools).name,
      degree: degree.name,
      degree_abbreviation: degree.abbreviation,
      major,
      start_year: end - degree.years,
      end_year: end,
    });
    end = end - degree.years - (random.chance(0.6) ? 0 : random.int(1, 3));
  }
  return entries;
}

function generateProfile(random: Random, pools: Pools, taken: Taken): SimProfile {
  const family = random.from(pools.families);
  const industry = pickIndustry(random, pools, family);
  const company = pickCompany(random, pools, industry);
  const years = careerYears(random, family);
  const base = baseTitle(random, pools, family);
  const current_title = withSeniority(random, family, base, years);
  const city = pickCity(random, pools, company, family.healthcare !== undefined && random.chance(0.9));
  const location = formatLocation(city);
  const { first, last } = pickName(random, pools, city);
  const { id, numeric } = uniqueId(random, taken.ids);
  const slug = uniqueSlug(random, first, last, taken.slugs);
  const jobs = positions(random, pools, family, base, current_title, company, location, years);
  const careerStartYear = REFERENCE_MONTH.year - years;
  const skills = [
    ...random.sample(family.skills, random.int(4, 10)),
    ...random.sample(GENERIC_SKILLS, random.int(0, 2)),
  ];

  const hasEmail = random.chance(RATES.email);
  const personal_email = hasEmail ? personalEmail(random, first, last, taken.emails) : null;
  const email_source = hasEmail ? (random.chance(RATES.secondaryEmail) ? 'secondary' : 'primary') : null;
  const phone_number = random.chance(RATES.phone) ? mobilePhone(random, city) : null;

  let npi_data: SimProfile['npi_data'] = null;
  if (family.healthcare && city.country_code === 'US' && random.chance(family.healthcare.npiShare)) {
    const credentials = random.pick(family.healthcare.credentials);
    npi_data = {
      npi_number: npiNumber(random, taken.npis),
      license_number: licenseNumber(random, credentials),
      license_state: city.state_code,
      specialty:
        family.healthcare.specialtyByTitle?.[current_title] ?? random.pick(family.healthcare.specialties),
      credentials,
    };
  }

  const headline = random.chance(0.5)
    ? `${current_title} at ${company.name}`
    : `${current_title} | ${skills.slice(0, 3).join(', ')}`;

  return {
    id,
    numeric_id: numeric,
    name: `${first} ${last}`,
    first_name: first,
    last_name: last,
    headline,
    current_title,
    department: family.department,
    management_level: managementLevelOf(current_title),
    company,
    city,
    location,
    social_url: `https://www.linkedin.com/in/${slug}`,
    slug,
    // Generated people have no GitHub profile: drawing one would shift every later random draw of the dataset.
    github: null,
    connections: random.chance(RATES.connections)
      ? Math.floor(random.next() ** 2.2 * 4000) + random.int(0, 40)
      : null,
    years_experience: years,
    positions: jobs,
    education: education(random, pools, family, city, careerStartYear),
    skills,
    personal_email,
    email_source,
    phone_number,
    detailed: random.chance(RATES.detailed),
    npi_data,
    veteran: random.chance(RATES.veteran),
  };
}
