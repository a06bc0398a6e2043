/**
 * jd_search (search rule 5): a whole job description read into criteria — titles → current_title, location →
 * location, years → years_experience, major → major, industry → company_industry — and the hiring company put in
 * current_employer as an exclusion ("-Brightpath Health"), since a recruiter does not source from the client's own
 * staff.
 *
 * A JD is long and full of words that are not criteria ("health insurance" among the benefits is not an industry),
 * so the reading is narrower than for free text:
 * - titles come from the title line ("Job Title:", "Position:", "Role:"), the hiring sentence ("is hiring a …",
 *   "looking for a …", "as a …") and the first line; failing those, the title named most often;
 * - the location comes from a "Location:" line, else the first city named (else state, else country). A radius is
 *   added when the JD states one ("within 25 miles of Boston"), or 30 miles when the job is on-site or hybrid
 *   ("Parsed locations may carry a radius"); a remote job with no city has no location;
 * - an industry word counts only next to a word that makes it one ("fintech startup", "healthcare provider",
 *   "the SaaS industry"); if there is none and the hiring company is in the dataset, its industry is used;
 * - the hiring company is found in "About X", "X is hiring/looking/seeking", "Join X", "At X, we", "Company: X",
 *   else the first dataset company named.
 */
import type { ParsedCriteria } from '../../src/api/schema';
import type { SimCompany } from '../dataset/types';
import { chooseMatches, parseYears, pushUnique, radiusBefore } from './parse-common';
import { hasMajorCue, titleWithSeniority } from './parse-free-text';
import { type Found, type Vocabulary, words } from './vocabulary';

const NAME = String.raw`([A-Z][\w&.'-]*(?:[ \t]+(?:&[ \t]+)?[A-Z][\w&.'-]*){0,3})`;
const COMPANY_PATTERNS: readonly RegExp[] = [
  /^[ \t]*(?:company|employer|organi[sz]ation|hiring company)[ \t]*:[ \t]*(.+)$/im,
  new RegExp(String.raw`\bAbout[ \t]+${NAME}[ \t]*(?:\n|:|$)`, 'm'),
  new RegExp(
    String.raw`\b${NAME}[ \t]+(?:is|are)[ \t]+(?:hiring|looking|seeking|searching|recruiting|growing)`,
  ),
  new RegExp(String.raw`\bAt[ \t]+${NAME},[ \t]*(?:we|our)\b`),
  new RegExp(String.raw`\b[Jj]oin[ \t]+${NAME}`),
];
const NOT_A_COMPANY = /^(our|us|the|a|an|this|we|you|your|team)\b/i;

const TITLE_PATTERNS: readonly RegExp[] = [
  /^[ \t]*(?:job[ \t]+title|title|position|role|opening)[ \t]*:[ \t]*(.+)$/im,
  /\b(?:hiring|seeking|looking for|searching for|recruiting)[ \t]+(?:an?|our next|a new)?[ \t]*([^.;\n]+)/i,
  /\bas[ \t]+(?:an?|our)[ \t]+([^.,;\n]+)/i,
];
const LOCATION_LINE = /^[ \t]*(?:location|locations|work location|office|based in)[ \t]*:[ \t]*(.+)$/im;
const INDUSTRY_CUES: ReadonlySet<string> = new Set([
  'industry',
  'sector',
  'space',
  'market',
  'company',
  'companies',
  'startup',
  'startups',
  'firm',
  'provider',
  'providers',
  'platform',
  'leader',
  'organization',
  'organisation',
  'business',
  'system',
  'network',
  'scaleup',
]);
const MAX_TITLES = 3;
const ON_SITE_RADIUS = '::~30mi';

function titlesIn(text: string, vocabulary: Vocabulary): string[] {
  const { tokens, originals } = words(text);
  return chooseMatches(vocabulary.find(tokens, originals))
    .filter((m) => m.phrase.concept === 'title')
    .map((m) => titleWithSeniority(tokens, m));
}

function hiringCompany(
  text: string,
  vocabulary: Vocabulary,
  companies: readonly SimCompany[],
): string | null {
  for (const pattern of COMPANY_PATTERNS) {
    const captured = pattern
      .exec(text)?.[1]
      ?.trim()
      .replace(/[.,;:]+$/, '');
    if (!captured || NOT_A_COMPANY.test(captured)) continue;
    const known = companies.find((c) => captured.toLowerCase().includes(c.name.toLowerCase()));
    return known ? known.name : captured;
  }
  const { tokens, originals } = words(text);
  const first = chooseMatches(vocabulary.find(tokens, originals)).find((m) => m.phrase.concept === 'company');
  return first ? first.phrase.canonical : null;
}

function location(text: string, vocabulary: Vocabulary): string[] {
  const line = LOCATION_LINE.exec(text)?.[1];
  const source = line ?? text;
  const { tokens, originals } = words(source);
  const places = chooseMatches(vocabulary.find(tokens, originals)).filter((m) =>
    ['city', 'state', 'country'].includes(m.phrase.concept),
  );
  const onSite = /\b(on-?site|hybrid|in[- ]office|commut)/i.test(text);
  const cities = places.filter((m) => m.phrase.concept === 'city');
  // One value per place; a radius stated anywhere for it wins over a bare mention.
  const pick = (list: Found[]) => {
    const chosen = new Map<string, string>();
    for (const m of list) {
      const radius = m.phrase.concept === 'city' ? radiusBefore(tokens, m.start) : null;
      const previous = chosen.get(m.phrase.canonical);
      if (radius) chosen.set(m.phrase.canonical, m.phrase.canonical + radius);
      else if (previous === undefined) {
        chosen.set(
          m.phrase.canonical,
          m.phrase.canonical + (m.phrase.concept === 'city' && onSite ? ON_SITE_RADIUS : ''),
        );
      }
    }
    return [...chosen.values()];
  };
  if (cities.length > 0) {
    const firstCity = cities[0]?.phrase.canonical;
    return pick(line ? cities : cities.filter((m) => m.phrase.canonical === firstCity));
  }
  const first = places[0];
  return first ? pick([first]) : [];
}

/** Reads a job description into criteria (see the rules above). */
export function parseJd(
  text: string,
  vocabulary: Vocabulary,
  companies: readonly SimCompany[],
): ParsedCriteria {
  const out: Record<string, string[]> = {};
  const push = (key: string, value: string) => {
    out[key] ??= [];
    pushUnique(out[key], value);
  };

  const firstLine = text.split('\n').find((line) => line.trim() !== '') ?? '';
  const cues = [...TITLE_PATTERNS.map((p) => p.exec(text)?.[1] ?? ''), firstLine];
  for (const cue of cues)
    for (const title of titlesIn(cue, vocabulary))
      if ((out.current_title?.length ?? 0) < MAX_TITLES) push('current_title', title);
  if (!out.current_title) {
    const counts = new Map<string, number>();
    for (const title of titlesIn(text, vocabulary)) counts.set(title, (counts.get(title) ?? 0) + 1);
    const [top] = [...counts].sort((a, b) => b[1] - a[1]);
    if (top) push('current_title', top[0]);
  }

  for (const place of location(text, vocabulary)) push('location', place);

  const experienceSentence = text
    .split(/[.\n;]/)
    .find((s) => /experience/i.test(s) && parseYears(s) !== null);
  const years = parseYears(experienceSentence ?? text);
  if (years) out.years_experience = [years];

  const { tokens, originals } = words(text);
  const chosen = chooseMatches(
    vocabulary.find(tokens, originals).filter((f) => f.phrase.concept !== 'major' || hasMajorCue(tokens, f)),
  );
  for (const match of chosen) if (match.phrase.concept === 'major') push('major', match.phrase.canonical);

  const hiring = hiringCompany(text, vocabulary, companies);
  for (const match of chosen) {
    if (match.phrase.concept !== 'industry') continue;
    const near = [
      ...tokens.slice(Math.max(0, match.start - 2), match.start),
      ...tokens.slice(match.end, match.end + 2),
    ];
    if (near.some((t) => INDUSTRY_CUES.has(t))) push('company_industry', match.phrase.canonical);
  }
  if (!out.company_industry && hiring) {
    const known = companies.find((c) => c.name === hiring);
    if (known) push('company_industry', known.industry);
  }

  if (hiring) push('current_employer', `-${hiring}`);
  return out;
}
