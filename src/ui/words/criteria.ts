/**
 * Plain words for search criteria: every criterion key the service knows, and each value's syntax as a chip's text
 * (`London::~30mi` -> "London, within 30 mi", `-Acme` -> "not Acme"). Part of `src/ui/words/`.
 */
import type { SearchCriteriaKey } from '../../api/schema';
import { parseLocation, parseValue } from '../../search/criteria';

/** Every search criterion the service knows, in plain words (a missing key fails the type check). */
export const CRITERION_LABEL: Readonly<Record<SearchCriteriaKey, string>> = {
  id: 'Candidate ID',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  handle: 'Profile handle',
  link: 'Profile link',
  current_title: 'Job titles',
  previous_title: 'Previous titles',
  current_or_previous_title: 'Current or previous titles',
  department: 'Departments',
  management_levels: 'Seniority',
  current_employer: 'Current employers',
  employer: 'Employers',
  company_name: 'Company names',
  company_domain: 'Company websites',
  company_email: 'Company email domains',
  company_website_url: 'Company websites',
  previous_employer: 'Previous employers',
  company_size: 'Company size',
  employees: 'Employees',
  company_revenue: 'Company revenue',
  revenue: 'Revenue',
  company_funding_min: 'Funding from',
  company_funding_max: 'Funding up to',
  total_funding: 'Total funding',
  company_publicly_traded: 'Publicly traded',
  publicly_traded: 'Publicly traded',
  company_country_code: 'Company countries',
  geo: 'Areas',
  state: 'States',
  postal_code: 'Postcodes',
  location: 'Locations',
  company_industry: 'Industries',
  industry: 'Industries',
  primary_industry: 'Main industries',
  company_industry_keywords: 'Industry keywords',
  industry_keywords: 'Industry keywords',
  company_naics_code: 'Industry codes (NAICS)',
  naics_code: 'Industry codes (NAICS)',
  naics_codes: 'Industry codes (NAICS)',
  company_sic_code: 'Industry codes (SIC)',
  sic_code: 'Industry codes (SIC)',
  sic_codes: 'Industry codes (SIC)',
  company_competitors: 'Competitors',
  competitors: 'Competitors',
  company_tag: 'Company tags',
  company_intent: 'Company intent',
  company_news_timestamp: 'Company news since',
  company_list: 'Company lists',
  company_list_id: 'Company lists',
  school: 'Schools',
  degree: 'Degrees',
  major: 'Majors',
  skills: 'Skills',
  all_skills: 'All skills',
  years_experience: 'Years of experience',
  description: 'Profile text',
  connections: 'Connections',
  health_credentials: 'Healthcare credentials',
  health_license: 'Healthcare licences',
  health_npi: 'NPI numbers',
  health_specialization: 'Healthcare specialty',
  insight: 'Insights',
  news_timestamp: 'News since',
  update_time: 'Updated since',
  is_primary: 'Primary',
  job_change_range_days: 'Changed jobs within (days)',
  contact_method: 'Contact methods',
  keyword: 'Keyword',
  keywords: 'Keywords',
  veteran_status: 'Veteran status',
};

/** A criterion key in words; an unknown key is spelled as words rather than shown as a code name. */
export function criterionLabel(key: string): string {
  const known = (CRITERION_LABEL as Record<string, string>)[key];
  if (known) return known;
  const spaced = key.replace(/_/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

const NUMERIC_BOUND = /^(<=|>=|<|>)?(\d+(?:\.\d+)?)(\+)?$/;
const NUMERIC_RANGE = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/;

/** "5+" -> "5 or more", "<10" -> "under 10", "51-200" -> "51 to 200"; null when the value is not numeric. */
function numericWords(value: string): string | null {
  const v = value.replace(/\s+/g, '');
  const range = NUMERIC_RANGE.exec(v);
  if (range) return `${range[1]} to ${range[2]}`;
  const bound = NUMERIC_BOUND.exec(v);
  if (!bound) return null;
  const [, op, n, plus] = bound;
  if (plus || op === '>=') return `${n} or more`;
  if (op === '>') return `more than ${n}`;
  if (op === '<') return `under ${n}`;
  if (op === '<=') return `${n} or fewer`;
  return n!;
}

/**
 * One criterion value as a chip's text: `London, United Kingdom::~30mi` -> "London, United Kingdom, within 30 mi",
 * `-Tessellate Pay` -> "not Tessellate Pay", `"Registered Nurse"` -> "exactly “Registered Nurse”", `5+` -> "5 or
 * more".
 */
export function criterionChip(key: string, value: string): string {
  const { text, exact, exclude } = parseValue(value);
  let body: string;
  if (key === 'location') {
    const { city, radius, unit } = parseLocation(text);
    body = radius === null ? city : `${city}, within ${radius} ${unit}`;
  } else {
    body = (!exact && numericWords(text)) || text;
  }
  if (exact) body = `exactly “${body}”`;
  return exclude ? `not ${body}` : body;
}

/** Each criterion of a filter search as its label and its values in words ("Locations: Boston, within 30 mi"). */
export function criteriaInWords(
  criteria: Readonly<Record<string, unknown>> | undefined,
): Array<[string, string]> {
  return Object.entries(criteria ?? {}).map(([key, value]) => [
    criterionLabel(key),
    (Array.isArray(value) ? value : [value])
      .map((v) => (typeof v === 'boolean' ? (v ? 'yes' : 'no') : criterionChip(key, String(v))))
      .join(', '),
  ]);
}
