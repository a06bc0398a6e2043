/**
 * Pieces both request parsers share: choosing among overlapping dictionary matches, years of experience, and
 * radius phrases ("within 25 miles of Austin").
 */
import type { Concept, Found } from './vocabulary';

/** When two matches overlap, the longer wins; at equal length, the concept listed first. */
const PRIORITY: readonly Concept[] = [
  'title',
  'company',
  'school',
  'degree',
  'major',
  'industry',
  'city',
  'state',
  'country',
];

/** Non-overlapping matches, chosen longest first, returned in text order. */
export function chooseMatches(found: readonly Found[]): Found[] {
  const ranked = [...found].sort(
    (a, b) =>
      b.end - b.start - (a.end - a.start) ||
      PRIORITY.indexOf(a.phrase.concept) - PRIORITY.indexOf(b.phrase.concept) ||
      a.start - b.start,
  );
  const taken: Found[] = [];
  for (const match of ranked) {
    if (taken.some((other) => match.start < other.end && other.start < match.end)) continue;
    taken.push(match);
  }
  return taken.sort((a, b) => a.start - b.start);
}

/** Adds a value to a list unless it is already there (case-insensitively). */
export function pushUnique(list: string[], value: string): void {
  if (!list.some((existing) => existing.toLowerCase() === value.toLowerCase())) list.push(value);
}

const YEARS = '(?:years?|yrs?|yoe)';

/**
 * Years of experience in a text, in the criteria's syntax: "3-5 years" → "3-5", "5+ years" / "at least 5 years" /
 * "5 years or more" → "5+", "less than 3 years" → "<3", "up to 3 years" → "<=3". A bare "5 years" is read as "5+":
 * a recruiter asking for five years of experience does not turn away someone with six. Null when none is stated.
 */
export function parseYears(text: string): string | null {
  const t = text.toLowerCase();
  const forms: [RegExp, (m: RegExpExecArray) => string][] = [
    [new RegExp(String.raw`(\d{1,2})\s*(?:-|–|to)\s*(\d{1,2})\s*\+?\s*${YEARS}`), (m) => `${m[1]}-${m[2]}`],
    [
      new RegExp(String.raw`(?:at least|minimum(?: of)?|min\.?|over|more than)\s*(\d{1,2})\s*\+?\s*${YEARS}`),
      (m) => `${m[1]}+`,
    ],
    [new RegExp(String.raw`(?:less than|under|fewer than)\s*(\d{1,2})\s*${YEARS}`), (m) => `<${m[1]}`],
    [
      new RegExp(String.raw`(?:up to|at most|no more than|maximum(?: of)?)\s*(\d{1,2})\s*${YEARS}`),
      (m) => `<=${m[1]}`,
    ],
    [new RegExp(String.raw`(\d{1,2})\s*\+\s*${YEARS}`), (m) => `${m[1]}+`],
    [new RegExp(String.raw`(\d{1,2})\s*${YEARS}`), (m) => `${m[1]}+`],
  ];
  for (const [pattern, format] of forms) {
    const match = pattern.exec(t);
    if (match) return format(match);
  }
  return null;
}

/**
 * The radius stated just before the word at `index` ("within 25 miles of Austin", "30 km from Berlin", "50mi
 * around Denver"), as the criteria's suffix ("::~25mi"); null when there is none.
 */
export function radiusBefore(tokens: readonly string[], index: number): string | null {
  let i = index - 1;
  if (!['of', 'from', 'around'].includes(tokens[i] ?? '')) return null;
  i--;
  if (tokens[i] === 'radius') i--;
  let amount: string | undefined;
  let unit: string | undefined;
  const joined = /^(\d{1,4})(mi|km|miles?)$/.exec(tokens[i] ?? '');
  if (joined) {
    amount = joined[1];
    unit = joined[2];
  } else {
    unit = tokens[i];
    amount = tokens[i - 1];
  }
  if (!amount || !/^\d{1,4}$/.test(amount) || !unit) return null;
  if (/^(mi|miles?)$/.test(unit)) return `::~${amount}mi`;
  if (/^(km|kilometers?|kilometres?)$/.test(unit)) return `::~${amount}km`;
  return null;
}
