/**
 * `include_similar_titles`: a title list shorter than 10 is topped up with titles of the same family (see
 * sim/dataset/titles.ts), keeping any seniority the caller wrote ("Senior Software Engineer" → "Senior Backend
 * Engineer", "Senior Full Stack Engineer"…). Families are taken in turn, one title each, so that every title asked
 * for contributes before any contributes twice.
 */
import { LIMITS } from '../../src/api/schema';
import { SENIORITY_WORDS, TITLE_FAMILIES, type TitleFamily } from '../dataset/titles';
import { exactForm, tokenize } from '../text';

const SENIORITY: ReadonlySet<string> = new Set(SENIORITY_WORDS);
const PREFIX_NAMES: Readonly<Record<string, string>> = { sr: 'Senior', jr: 'Junior' };

/** The family whose titles include `base` word for word (case, accents and abbreviations aside). */
function familyOf(base: string): TitleFamily | undefined {
  const words = tokenize(base).join(' ');
  return TITLE_FAMILIES.find((family) => family.titles.some((title) => tokenize(title).join(' ') === words));
}

/** "Senior Software Engineer" → { prefix: "Senior ", base: "Software Engineer" }. */
function splitSeniority(title: string): { prefix: string; base: string } {
  const [first = '', ...rest] = title.trim().split(/\s+/);
  const word = first.toLowerCase().replace(/\.$/, '');
  if (SENIORITY.has(word) && rest.length > 0) {
    const name = PREFIX_NAMES[word] ?? first.charAt(0).toUpperCase() + first.slice(1).toLowerCase();
    return { prefix: `${name} `, base: rest.join(' ') };
  }
  return { prefix: '', base: title.trim() };
}

/**
 * The titles to add to `titles` (positive values of current_title, quotes allowed) so that there are at most
 * `max` in all. Returns only the additions, in the order they should be searched.
 */
export function similarTitles(titles: readonly string[], max: number = LIMITS.similarTitlesMax): string[] {
  if (titles.length >= max) return [];
  const seen = new Set(titles.map((title) => exactForm(title.replace(/"/g, ''))));
  const queues = titles.map((title) => {
    const { prefix, base } = splitSeniority(title.replace(/"/g, ''));
    const family = familyOf(base);
    if (!family) return [];
    return family.titles
      .filter((candidate) => exactForm(candidate) !== exactForm(base))
      .map((candidate) => (family.ladder ? prefix + candidate : candidate));
  });
  const additions: string[] = [];
  let progressed = true;
  while (titles.length + additions.length < max && progressed) {
    progressed = false;
    for (const queue of queues) {
      while (queue.length > 0) {
        const candidate = queue.shift() as string;
        if (seen.has(exactForm(candidate))) continue;
        seen.add(exactForm(candidate));
        additions.push(candidate);
        progressed = true;
        break;
      }
      if (titles.length + additions.length >= max) break;
    }
  }
  return additions;
}
