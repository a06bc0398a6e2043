/**
 * Hand-written profiles placed first in every dataset, whatever the seed, so that demos, end-to-end tests and
 * documentation can name a candidate and know exactly what a lookup of it returns and costs:
 *
 * | member        | email | phone | detailed | healthcare | a full lookup charges |
 * |---------------|-------|-------|----------|------------|-----------------------|
 * | `full`        | yes   | yes   | yes      | no         | 3 + 6 + 1 = 10        |
 * | `emailOnly`   | yes   | no    | yes      | no         | 3 + 1 = 4             |
 * | `phoneOnly`   | no    | yes   | yes      | no         | 6 + 1 = 7             |
 * | `nothing`     | no    | no    | no       | no         | 0                     |
 * | `nurse`       | yes   | yes   | yes      | yes (NPI)  | 3 + 6 + 1 + 1 = 11    |
 * | `numericId`   | yes   | yes   | yes      | no         | 10; its id is all digits, sent as a JSON integer in search |
 * | `secondaryEmail` | yes, from the secondary source (lookup rule 3: no extra charge) | no | yes | no | 4 |
 *
 * Three have a GitHub profile, found by its link or user name (`link`, `handle`) and never shown in results:
 * `full` is github.com/ada-codes, `nothing` github.com/zmueller (found, yet a lookup finds nothing: free) and
 * `numericId` github.com/weichen-ml.
 *
 * All contact data is fictional (example.com/.net/.org emails, 555-01xx and Ofcom drama-range phones).
 */
import { CITIES, type City, formatLocation } from './dataset/places';
import type { SimCompany, SimEducation, SimPosition, SimProfile } from './dataset/types';

function city(name: string): City {
  const found = CITIES.find((c) => c.city === name);
  if (!found) throw new Error(`demo-profiles: unknown city ${name}`);
  return found;
}

function company(
  fields: Omit<SimCompany, 'social_url' | 'website' | 'competitors'> & { slug: string },
): SimCompany {
  const { slug, ...rest } = fields;
  return {
    ...rest,
    website: `https://www.${fields.domain}`,
    social_url: `https://www.linkedin.com/company/${slug}`,
    competitors: [],
  };
}

/** Employers of the demo profiles. They join the generated companies (and can be searched for by name). */
export const DEMO_COMPANIES = {
  analyticalEngines: company({
    name: 'Analytical Engines',
    slug: 'analytical-engines',
    domain: 'analyticalengines.io',
    industry: 'Software Development',
    keywords: ['developer tools', 'compilers', 'saas'],
    employees: 240,
    revenue_usd: 41_000_000,
    funding_usd: 62_000_000,
    publicly_traded: false,
    ticker: null,
    hq: city('London'),
    naics: '513210',
    sic: '7372',
    founded: 2016,
  }),
  brightpathHealth: company({
    name: 'Brightpath Health',
    slug: 'brightpath-health',
    domain: 'brightpathhealth.org',
    industry: 'Hospitals and Health Care',
    keywords: ['acute care', 'nursing', 'patient care'],
    employees: 8_400,
    revenue_usd: 1_950_000_000,
    funding_usd: null,
    publicly_traded: false,
    ticker: null,
    hq: city('Boston'),
    naics: '622110',
    sic: '8062',
    founded: 1911,
  }),
  tessellatePay: company({
    name: 'Tessellate Pay',
    slug: 'tessellate-pay',
    domain: 'tessellatepay.com',
    industry: 'Financial Services',
    keywords: ['fintech', 'payments', 'api'],
    employees: 1_250,
    revenue_usd: 310_000_000,
    funding_usd: 480_000_000,
    publicly_traded: false,
    ticker: null,
    hq: city('Austin'),
    naics: '523999',
    sic: '6211',
    founded: 2014,
  }),
} as const satisfies Record<string, SimCompany>;

interface DemoInput {
  id: string;
  slug: string;
  /** GitHub user name, for finding the person from a GitHub profile. */
  github?: string;
  first_name: string;
  last_name: string;
  current_title: string;
  department: string;
  management_level: SimProfile['management_level'];
  company: SimCompany;
  city: City;
  connections: number | null;
  years_experience: number;
  headline: string;
  previous: { title: string; company: string; start: string; end: string }[];
  current_start: string;
  education: SimEducation[];
  skills: string[];
  personal_email: string | null;
  email_source?: 'primary' | 'secondary';
  phone_number: string | null;
  detailed: boolean;
  npi_data?: SimProfile['npi_data'];
}

/** Former employers of demo profiles that are not in the dataset (job history may name any company). */
function formerEmployer(name: string, industry: string, hq: City): SimCompany {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return company({
    name,
    slug,
    domain: `${slug.replace(/-/g, '')}.com`,
    industry,
    keywords: [],
    employees: 500,
    revenue_usd: 50_000_000,
    funding_usd: null,
    publicly_traded: false,
    ticker: null,
    hq,
    naics: '',
    sic: '',
    founded: 1990,
  });
}

function demo(input: DemoInput): SimProfile {
  const location = formatLocation(input.city);
  const current: SimPosition = {
    title: input.current_title,
    company: input.company,
    start: input.current_start,
    end: null,
    location,
    description: input.headline,
  };
  const previous: SimPosition[] = input.previous.map((job) => ({
    title: job.title,
    company: formerEmployer(job.company, input.company.industry, input.city),
    start: job.start,
    end: job.end,
    location,
    description: `${job.title} at ${job.company}.`,
  }));
  return {
    id: input.id,
    numeric_id: /^\d+$/.test(input.id),
    name: `${input.first_name} ${input.last_name}`,
    first_name: input.first_name,
    last_name: input.last_name,
    headline: input.headline,
    current_title: input.current_title,
    department: input.department,
    management_level: input.management_level,
    company: input.company,
    city: input.city,
    location,
    social_url: `https://www.linkedin.com/in/${input.slug}`,
    slug: input.slug,
    github: input.github ?? null,
    connections: input.connections,
    years_experience: input.years_experience,
    positions: [current, ...previous],
    education: input.education,
    skills: input.skills,
    personal_email: input.personal_email,
    email_source: input.personal_email === null ? null : (input.email_source ?? 'primary'),
    phone_number: input.phone_number,
    detailed: input.detailed,
    npi_data: input.npi_data ?? null,
    veteran: false,
  };
}

/** The fixed demo candidates (see the table at the top of this file). */
export const DEMO_PROFILES = {
  full: demo({
    id: 'demo-ada-lovelace',
    slug: 'ada-lovelace-demo',
    github: 'ada-codes',
    first_name: 'Ada',
    last_name: 'Lovelace',
    current_title: 'Principal Software Engineer',
    department: 'Engineering',
    management_level: 'Senior',
    company: DEMO_COMPANIES.analyticalEngines,
    city: city('London'),
    connections: 1843,
    years_experience: 14,
    headline:
      'Principal Software Engineer at Analytical Engines | compilers, TypeScript, distributed systems',
    current_start: '2019-03',
    previous: [
      { title: 'Senior Software Engineer', company: 'Difference Works', start: '2015-01', end: '2019-02' },
      { title: 'Software Engineer', company: 'Babbage & Co', start: '2011-06', end: '2014-12' },
    ],
    education: [
      {
        school: 'University of Cambridge',
        degree: 'Master of Science',
        degree_abbreviation: 'MS',
        major: 'Computer Science',
        start_year: 2009,
        end_year: 2011,
      },
      {
        school: 'University of Oxford',
        degree: 'Bachelor of Science',
        degree_abbreviation: 'BS',
        major: 'Mathematics',
        start_year: 2006,
        end_year: 2009,
      },
    ],
    skills: ['TypeScript', 'Compilers', 'Distributed Systems', 'Rust', 'Go', 'Kubernetes', 'System Design'],
    personal_email: 'ada.lovelace@example.com',
    phone_number: '+44 7700 900018',
    detailed: true,
  }),
  emailOnly: demo({
    id: 'demo-jose-alvarez',
    slug: 'jose-alvarez-demo',
    first_name: 'José',
    last_name: 'Álvarez',
    current_title: 'Senior Product Manager',
    department: 'Product',
    management_level: 'Senior',
    company: DEMO_COMPANIES.tessellatePay,
    city: city('Austin'),
    connections: 912,
    years_experience: 9,
    headline: 'Senior Product Manager at Tessellate Pay | payments, growth, experimentation',
    current_start: '2021-09',
    previous: [{ title: 'Product Manager', company: 'Lonestar Ledger', start: '2016-05', end: '2021-08' }],
    education: [
      {
        school: 'University of Texas at Austin',
        degree: 'Master of Business Administration',
        degree_abbreviation: 'MBA',
        major: 'Business Administration',
        start_year: 2014,
        end_year: 2016,
      },
    ],
    skills: ['Product Strategy', 'Payments', 'A/B Testing', 'SQL', 'Roadmapping'],
    personal_email: 'jose.alvarez@example.net',
    phone_number: null,
    detailed: true,
  }),
  phoneOnly: demo({
    id: 'demo-kwame-mensah',
    slug: 'kwame-mensah-demo',
    first_name: 'Kwame',
    last_name: 'Mensah',
    current_title: 'Enterprise Account Executive',
    department: 'Sales',
    management_level: 'Entry',
    company: DEMO_COMPANIES.tessellatePay,
    city: city('Dallas'),
    connections: 2210,
    years_experience: 7,
    headline: 'Enterprise Account Executive at Tessellate Pay',
    current_start: '2022-01',
    previous: [{ title: 'Account Executive', company: 'Prairie Software', start: '2018-02', end: '2021-12' }],
    education: [
      {
        school: 'Texas A&M University',
        degree: 'Bachelor of Arts',
        degree_abbreviation: 'BA',
        major: 'Communications',
        start_year: 2014,
        end_year: 2018,
      },
    ],
    skills: ['B2B Sales', 'Salesforce', 'Negotiation', 'SaaS Sales'],
    personal_email: null,
    phone_number: '+1 214-555-0147',
    detailed: true,
  }),
  nothing: demo({
    id: 'demo-zoe-muller',
    slug: 'zoe-muller-demo',
    github: 'zmueller',
    first_name: 'Zoë',
    last_name: 'Müller',
    current_title: 'Data Analyst',
    department: 'Data',
    management_level: 'Entry',
    company: DEMO_COMPANIES.analyticalEngines,
    city: city('Berlin'),
    connections: null,
    years_experience: 2,
    headline: 'Data Analyst',
    current_start: '2023-04',
    previous: [],
    education: [],
    skills: [],
    personal_email: null,
    phone_number: null,
    detailed: false,
  }),
  nurse: demo({
    id: 'demo-grace-okafor',
    slug: 'grace-okafor-rn-demo',
    first_name: 'Grace',
    last_name: 'Okafor',
    current_title: 'Registered Nurse',
    department: 'Healthcare',
    management_level: 'Entry',
    company: DEMO_COMPANIES.brightpathHealth,
    city: city('Boston'),
    connections: 468,
    years_experience: 8,
    headline: 'Registered Nurse, ICU at Brightpath Health | CCRN',
    current_start: '2020-07',
    previous: [
      { title: 'Staff Nurse', company: 'Harborview Community Hospital', start: '2017-06', end: '2020-06' },
    ],
    education: [
      {
        school: 'Northeastern University',
        degree: 'Bachelor of Science in Nursing',
        degree_abbreviation: 'BSN',
        major: 'Nursing',
        start_year: 2013,
        end_year: 2017,
      },
    ],
    skills: ['Critical Care', 'ACLS', 'BLS', 'Epic', 'Patient Education'],
    personal_email: 'grace.okafor@example.org',
    phone_number: '+1 617-555-0123',
    detailed: true,
    npi_data: {
      npi_number: '1234567893',
      license_number: 'RN482913',
      license_state: 'MA',
      specialty: 'Critical Care',
      credentials: 'RN, BSN',
    },
  }),
  numericId: demo({
    id: '100200300',
    slug: 'wei-chen-demo',
    github: 'weichen-ml',
    first_name: 'Wei',
    last_name: 'Chen',
    current_title: 'Senior Data Scientist',
    department: 'Data',
    management_level: 'Senior',
    company: DEMO_COMPANIES.tessellatePay,
    city: city('San Francisco'),
    connections: 730,
    years_experience: 6,
    headline: 'Senior Data Scientist at Tessellate Pay | fraud models, causal inference',
    current_start: '2022-05',
    previous: [
      { title: 'Data Scientist', company: 'Golden Gate Analytics', start: '2019-01', end: '2022-04' },
    ],
    education: [
      {
        school: 'Stanford University',
        degree: 'Master of Science',
        degree_abbreviation: 'MS',
        major: 'Statistics',
        start_year: 2017,
        end_year: 2019,
      },
    ],
    skills: ['Python', 'Machine Learning', 'Statistics', 'SQL', 'PyTorch'],
    personal_email: 'wei.chen.demo@example.com',
    phone_number: '+1 415-555-0188',
    detailed: true,
  }),
  secondaryEmail: demo({
    id: 'demo-siobhan-kelly',
    slug: 'siobhan-kelly-demo',
    first_name: 'Siobhán',
    last_name: 'Kelly',
    current_title: 'Technical Recruiter',
    department: 'Human Resources',
    management_level: 'Entry',
    company: DEMO_COMPANIES.analyticalEngines,
    city: city('Dublin'),
    connections: 3120,
    years_experience: 5,
    headline: 'Technical Recruiter at Analytical Engines',
    current_start: '2021-02',
    previous: [{ title: 'Recruiter', company: 'Liffey Talent', start: '2019-09', end: '2021-01' }],
    education: [
      {
        school: 'Trinity College Dublin',
        degree: 'Bachelor of Arts',
        degree_abbreviation: 'BA',
        major: 'Psychology',
        start_year: 2015,
        end_year: 2019,
      },
    ],
    skills: ['Sourcing', 'Boolean Search', 'Greenhouse', 'Interviewing'],
    personal_email: 'siobhan.kelly@example.org',
    email_source: 'secondary',
    phone_number: null,
    detailed: true,
  }),
} as const satisfies Record<string, SimProfile>;

/** A well-formed profile URL that belongs to no candidate of any dataset: lookups of it answer 404 inside a 200. */
export const UNKNOWN_SOCIAL_URL = 'https://www.linkedin.com/in/no-such-candidate-demo';

/** The demo profiles in dataset order. */
export const DEMO_PROFILE_LIST: readonly SimProfile[] = Object.values(DEMO_PROFILES);
