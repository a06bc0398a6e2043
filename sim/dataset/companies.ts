/**
 * Synthetic employers. Names are invented ("Cobalt Labs", "Summit Medical Center") from word lists, so that no real
 * company is said to employ synthetic people; the attributes (size, revenue, funding, public or private) are drawn
 * to be consistent with each other and with the industry.
 */
import type { Random } from '../random';
import { slugify } from '../text';
import { INDUSTRIES, type Industry } from './industries';
import { CITIES, type City } from './places';
import type { SimCompany } from './types';

const NAME_WORDS = [
  'Northwind',
  'Bluefin',
  'Silverline',
  'Cobalt',
  'Evergreen',
  'Lumen',
  'Brightwave',
  'Ironclad',
  'Pinnacle',
  'Summit',
  'Harbor',
  'Redwood',
  'Cedar',
  'Apex',
  'Nimbus',
  'Quantum',
  'Vertex',
  'Orion',
  'Atlas',
  'Meridian',
  'Keystone',
  'Horizon',
  'Beacon',
  'Crescent',
  'Granite',
  'Sterling',
  'Aurora',
  'Cascade',
  'Prairie',
  'Tidewater',
  'Juniper',
  'Willow',
  'Falcon',
  'Kestrel',
  'Lighthouse',
  'Polaris',
  'Sapphire',
  'Copperleaf',
  'Driftwood',
  'Ember',
  'Foxglove',
  'Halcyon',
  'Lattice',
  'Mosaic',
  'Obsidian',
  'Parallax',
  'Riverbend',
  'Saltmarsh',
  'Tessellate',
  'Upland',
  'Vantage',
  'Wavecrest',
  'Zephyr',
  'Alder',
  'Bramble',
  'Clearwater',
  'Duskfall',
  'Fieldstone',
  'Glacier',
  'Highpoint',
  'Indigo',
  'Larkspur',
  'Maplewood',
  'Northstar',
  'Oakridge',
  'Pathfinder',
  'Quarry',
  'Rosewood',
  'Stonebridge',
  'Trailhead',
  'Verdant',
  'Westbrook',
  'Yellowpine',
  'Arbor',
  'Bayside',
  'Corvid',
  'Helix',
  'Kinetic',
];

/** Companies per industry; larger for the industries most profiles work in. */
const COMPANIES_PER_INDUSTRY: Readonly<Record<string, number>> = {
  'Software Development': 40,
  'Hospitals and Health Care': 30,
  'Financial Services': 20,
  'IT Services and IT Consulting': 14,
  Retail: 14,
  Manufacturing: 12,
};
const DEFAULT_COMPANIES_PER_INDUSTRY = 8;

const EMPLOYEE_RANGE: Readonly<Record<Industry['scale'], [number, number]>> = {
  0: [3, 400],
  1: [8, 5000],
  2: [40, 30000],
  3: [800, 180000],
};

/** Round to three significant digits, as company databases report revenue and funding. */
function roundSignificant(value: number): number {
  if (value <= 0) return 0;
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 2);
  return Math.round(value / magnitude) * magnitude;
}

function logUniform(random: Random, min: number, max: number): number {
  return Math.round(Math.exp(Math.log(min) + random.next() * (Math.log(max) - Math.log(min))));
}

/** A plausible stock symbol: the name's first letters, three or four of them ("Cobalt Labs" → "COBL"). */
function ticker(random: Random, name: string): string {
  const [first = '', second = ''] = name
    .toUpperCase()
    .replace(/[^A-Z ]/g, '')
    .split(' ');
  return random.chance(0.5) ? first.slice(0, 3) : first.slice(0, 3) + (second[0] ?? 'X');
}

/**
 * Generates the companies of every industry, with names unique across the dataset (the demo companies' names are
 * passed in `taken` so that none is generated twice).
 */
export function generateCompanies(random: Random, taken: ReadonlySet<string>): SimCompany[] {
  const names = new Set(taken);
  const companies: SimCompany[] = [];
  const usCities = CITIES.filter((city) => city.country_code === 'US');
  for (const industry of INDUSTRIES) {
    const count = COMPANIES_PER_INDUSTRY[industry.name] ?? DEFAULT_COMPANIES_PER_INDUSTRY;
    for (let i = 0; i < count; i++) {
      let name = '';
      for (let attempt = 0; attempt < 50 && (name === '' || names.has(name)); attempt++) {
        name = `${random.pick(NAME_WORDS)} ${random.pick(industry.suffixes)}`;
      }
      if (names.has(name)) continue;
      names.add(name);
      companies.push(generateCompany(random, name, industry, usCities));
    }
  }
  linkCompetitors(random, companies);
  return companies;
}

function generateCompany(
  random: Random,
  name: string,
  industry: Industry,
  usCities: readonly City[],
): SimCompany {
  const [minEmployees, maxEmployees] = EMPLOYEE_RANGE[industry.scale];
  const employees = logUniform(random, minEmployees, maxEmployees);
  const publiclyTraded =
    employees > 2000 ? random.chance(0.55) : employees > 500 ? random.chance(0.1) : false;
  const ventureBacked = random.chance(industry.venture) && (!publiclyTraded || random.chance(0.5));
  const funding = ventureBacked
    ? roundSignificant(
        logUniform(random, Math.max(500_000, employees * 20_000), Math.max(2_000_000, employees * 250_000)),
      )
    : null;
  const slug = slugify(name);
  const domain = `${slug.replace(/-/g, '')}.${random.pick(industry.tlds)}`;
  // Hospitals, banks and universities are overwhelmingly American in this dataset (NPI data is US-only).
  const hq =
    industry.name === 'Hospitals and Health Care' || random.chance(0.7)
      ? random.weighted(usCities, (city) => city.weight)
      : random.weighted(CITIES, (city) => city.weight);
  return {
    name,
    domain,
    website: random.chance(0.92) ? `https://www.${domain}` : null,
    social_url: `https://www.linkedin.com/company/${slug}`,
    industry: industry.name,
    keywords: random.sample(industry.keywords, random.int(2, 4)),
    employees,
    revenue_usd: roundSignificant(employees * random.int(60_000, 450_000)),
    funding_usd: funding,
    publicly_traded: publiclyTraded,
    ticker: publiclyTraded ? ticker(random, name) : null,
    hq,
    naics: industry.naics,
    sic: industry.sic,
    founded: ventureBacked ? random.int(2004, 2022) : random.int(1890, 2018),
    competitors: [],
  };
}

/** Each company lists up to three others of its industry as competitors. */
function linkCompetitors(random: Random, companies: SimCompany[]): void {
  const byIndustry = new Map<string, SimCompany[]>();
  for (const company of companies) {
    const list = byIndustry.get(company.industry) ?? [];
    list.push(company);
    byIndustry.set(company.industry, list);
  }
  for (const company of companies) {
    const peers = (byIndustry.get(company.industry) ?? []).filter((peer) => peer !== company);
    company.competitors = random.sample(peers, 3).map((peer) => peer.domain);
  }
}
