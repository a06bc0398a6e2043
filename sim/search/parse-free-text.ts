/**
 * free_text_search (search rule 4): a natural-language request such as
 *
 *   "senior software engineers in Austin with 5+ years, ex-Cobalt Labs, CS degree from UT Austin, fintech"
 *
 * read into structured criteria: titles → current_title (with the seniority written before them), places →
 * location (with a radius when the text states one: "within 25 miles of Austin" → "Austin, TX::~25mi"), years of
 * experience → years_experience, employers → current_employer or previous_employer (previous when introduced by
 * "ex-", "previously", "formerly", "former", "worked at", "used to work at"), school / degree / major, and
 * industry, sector, domain or market words → company_industry.
 *
 * Recognition is by dictionary (sim/search/vocabulary.ts), plus capitalised names after "at" / "ex-" for employers
 * the dataset does not know (they are searched too, and simply match nobody). A major is taken only near a word that
 * marks it as one ("degree", "major", "studied", "BS"…), so "engineers in finance" is an industry, not a major.
 */
import type { ParsedCriteria } from '../../src/api/schema';
import { SENIORITY_WORDS } from '../dataset/titles';
import { chooseMatches, parseYears, pushUnique, radiusBefore } from './parse-common';
import { type Found, type Vocabulary, words } from './vocabulary';

const SENIORITY: ReadonlySet<string> = new Set(SENIORITY_WORDS);
const SENIORITY_NAMES: Readonly<Record<string, string>> = { sr: 'Senior', jr: 'Junior' };
const PREVIOUS_CUES: ReadonlySet<string> = new Set([
  'ex',
  'previously',
  'formerly',
  'former',
  'past',
  'prior',
  'worked',
  'used',
  'alumni',
  'alum',
]);
const MAJOR_CUES: ReadonlySet<string> = new Set([
  'degree',
  'degrees',
  'major',
  'majors',
  'majored',
  'studied',
  'studying',
  'study',
  'bachelor',
  'bachelors',
  'master',
  'masters',
  'bs',
  'ba',
  'ms',
  'msc',
  'bsc',
  'phd',
  'graduate',
  'graduates',
  'grads',
  'grad',
]);

/** Whether a major match is marked as a major by a nearby word (within four words before, or the word after). */
export function hasMajorCue(tokens: readonly string[], match: Found): boolean {
  const before = tokens.slice(Math.max(0, match.start - 4), match.start);
  return before.some((token) => MAJOR_CUES.has(token)) || MAJOR_CUES.has(tokens[match.end] ?? '');
}

/** The title as written with its seniority: "Senior Software Engineer" for "senior software engineers". */
export function titleWithSeniority(tokens: readonly string[], match: Found): string {
  const before = tokens[match.start - 1] ?? '';
  if (!SENIORITY.has(before)) return match.phrase.canonical;
  const name = SENIORITY_NAMES[before] ?? before.charAt(0).toUpperCase() + before.slice(1);
  return `${name} ${match.phrase.canonical}`;
}

/** Employers named after "at", "ex-", "works at", "previously at"… in capitals, dictionary or not. */
const EMPLOYER_CAPTURE =
  /(?:\b(ex-)|\b(previously|formerly|used to work|worked|works|working|employed)\s+(?:at|for|with|by)\s+|(?:^|\s)(?:at|@)\s+)([A-Z][\w&.'-]*(?:\s+(?:&\s+)?[A-Z][\w&.'-]*){0,3})/g;

function employerCaptures(text: string): { name: string; previous: boolean }[] {
  const out: { name: string; previous: boolean }[] = [];
  for (let match = EMPLOYER_CAPTURE.exec(text); match; match = EMPLOYER_CAPTURE.exec(text)) {
    const name = (match[3] ?? '').replace(/[.,;:]+$/, '');
    const cue = (match[1] ?? match[2] ?? '').toLowerCase();
    const previous = cue === 'ex-' || ['previously', 'formerly', 'used to work', 'worked'].includes(cue);
    if (name) out.push({ name, previous });
  }
  return out;
}

/** Reads a free-text request into criteria (keys of search_criteria; values arrays of strings). */
export function parseFreeText(text: string, vocabulary: Vocabulary): ParsedCriteria {
  const { tokens, originals } = words(text);
  const found = vocabulary
    .find(tokens, originals)
    .filter((f) => f.phrase.concept !== 'major' || hasMajorCue(tokens, f));
  const chosen = chooseMatches(found);
  const out: Record<string, string[]> = {};
  const push = (key: string, value: string) => {
    out[key] ??= [];
    pushUnique(out[key], value);
  };
  for (const match of chosen) {
    const { concept, canonical } = match.phrase;
    switch (concept) {
      case 'title':
        push('current_title', titleWithSeniority(tokens, match));
        break;
      case 'company': {
        const before = tokens.slice(Math.max(0, match.start - 4), match.start);
        push(before.some((t) => PREVIOUS_CUES.has(t)) ? 'previous_employer' : 'current_employer', canonical);
        break;
      }
      case 'school':
      case 'degree':
      case 'major':
        push(concept, canonical);
        break;
      case 'industry':
        push('company_industry', canonical);
        break;
      case 'city':
        push('location', canonical + (radiusBefore(tokens, match.start) ?? ''));
        break;
      case 'state':
      case 'country':
        push('location', canonical);
        break;
    }
  }
  for (const { name, previous } of employerCaptures(text)) {
    const captured = words(name);
    // Names the dictionary already read (a known employer, a school, a city) were handled above.
    if (vocabulary.find(captured.tokens, captured.originals).some((f) => f.start === 0)) continue;
    push(previous ? 'previous_employer' : 'current_employer', name);
  }
  const years = parseYears(text);
  if (years) out.years_experience = [years];
  return out;
}
