/**
 * Turns `search_criteria` into conditions and evaluates them against the profile index.
 *
 * How criteria combine (the spec: "not shown"; this is the simulator's rule, documented in sim/README.md):
 * - across fields: AND — every criterion given must be satisfied;
 * - within one field: OR over its positive values — one match is enough (except `all_skills`: every value);
 * - exclusions (`-value`): AND NOT — a profile matching any exclusion of a field is dropped;
 * - a field with only exclusions only removes profiles.
 *
 * Each match has a quality (exact word 1, one-typo word 0.75, whole-field equality a bonus); the relevance score of
 * a profile is the sum over fields of the field's weight times its best match. Results are ordered by score, then by
 * position in the dataset, so the order is total and deterministic.
 */
import type { SearchCriteria, SearchCriteriaKey } from '../../src/api/schema';
import { withinOneEdit } from '../text';
import type { AnywhereIndex } from './anywhere-index';
import { CRITERIA_FIELDS, type FieldSpec } from './criteria-fields';
import { canonicalPlace, isRadiusValue, parseRadiusTerm, withinRadius } from './location';
import { numericMatches, parseNumericTerm } from './numeric';
import {
  type IndexedText,
  indexedTextCount,
  type ProfileIndex,
  TEXT_FIELDS,
  type TextField,
} from './profile-index';
import { parseTextTerm, type TextTerm } from './value-syntax';

/** A criterion value the service would reject: the search answers 400 with this message. */
export class CriteriaError extends Error {
  override readonly name = 'CriteriaError';
}

/** Match quality of one value against a profile: 0 for no match. */
type Test = (profile: ProfileIndex) => number;

interface Condition {
  key: string;
  weight: number;
  positives: { test: Test; weight: number }[];
  negatives: Test[];
  requireAll: boolean;
}

/** A compiled query: run it over the index to get matches in result order. */
export interface CompiledQuery {
  conditions: readonly Condition[];
  /** Human notes: ignored criteria, places that resolved to no city… (sent in the X-Sim-Notes header). */
  notes: readonly string[];
}

/** What matching may need beyond the profiles themselves. */
export interface MatchContext {
  /** The keyword index, built on first use. */
  anywhere: () => AnywhereIndex;
}

export interface ScoredProfile {
  entry: ProfileIndex;
  score: number;
}

const EXACT_WORD = 1;
const TYPO_WORD = 0.75;
const WHOLE_FIELD_BONUS = 0.25;
/** Fuzzy matching allows one typo only in words this long: short words are too easily confused. */
const MIN_FUZZY_LENGTH = 5;

/** One query word, with a memo of the profile words it was compared with (the vocabulary is small, profiles many). */
class WordMatcher {
  private readonly memo = new Map<string, number>();
  constructor(private readonly word: string) {}

  quality(token: string): number {
    if (token === this.word) return EXACT_WORD;
    if (this.word.length < MIN_FUZZY_LENGTH) return 0;
    let quality = this.memo.get(token);
    if (quality === undefined) {
      quality = withinOneEdit(this.word, token) ? TYPO_WORD : 0;
      this.memo.set(token, quality);
    }
    return quality;
  }
}

function containsSequence(tokens: readonly string[], phrase: readonly string[]): boolean {
  outer: for (let i = 0; i + phrase.length <= tokens.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (tokens[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}

/** Test of one text value against some text fields: the best quality over every entry of those fields. */
function textTest(term: TextTerm, fields: readonly TextField[]): Test {
  const words = term.words.map((word) => new WordMatcher(word));
  const queryLength = term.words.length + term.phrases.reduce((n, phrase) => n + phrase.length, 0);
  // Texts are shared between profiles (one entry per distinct title, employer, city…): judge each once per query.
  // -1 marks "not judged yet"; texts created after this query was compiled (lazy ones) are judged every time.
  const memo = new Float32Array(indexedTextCount()).fill(-1);
  const matchEntry = (entry: IndexedText): number => {
    if (entry.id >= memo.length) return judge(entry);
    let quality = memo[entry.id] as number;
    if (quality < 0) {
      quality = judge(entry);
      memo[entry.id] = quality;
    }
    return quality;
  };
  const judge = (entry: IndexedText): number => {
    if (term.whole !== null) return entry.exact.includes(term.whole) ? EXACT_WORD + WHOLE_FIELD_BONUS : 0;
    for (const phrase of term.phrases) if (!containsSequence(entry.tokens, phrase)) return 0;
    let sum = term.phrases.length;
    for (const word of words) {
      let best = 0;
      for (const token of entry.tokens) {
        const quality = word.quality(token);
        if (quality > best) best = quality;
        if (best === EXACT_WORD) break;
      }
      if (best === 0) return 0;
      sum += best;
    }
    const quality = sum / (words.length + term.phrases.length);
    // A field that says no more than the query ranks above one that merely contains it.
    return entry.tokens.length === queryLength ? quality + WHOLE_FIELD_BONUS : quality;
  };
  return (profile) => {
    let best = 0;
    for (const field of fields) {
      for (const entry of profile.text[field]) {
        const quality = matchEntry(entry);
        if (quality > best) best = quality;
      }
    }
    return best;
  };
}

/**
 * Test of a `keyword` value: every word must appear in some text field of the profile (not necessarily the same
 * one), each quoted phrase within one field; an exact (fully quoted) value must equal some field.
 */
function anywhereTest(term: TextTerm, anywhere: () => AnywhereIndex): Test {
  const perWord = term.words.map((word) => anywhere().qualities(word));
  const fieldsOf = (profile: ProfileIndex) => TEXT_FIELDS.flatMap((field) => profile.text[field]);
  return (profile) => {
    if (term.whole !== null) {
      return fieldsOf(profile).some((entry) => entry.exact.includes(term.whole as string)) ? EXACT_WORD : 0;
    }
    let sum = 0;
    for (const qualities of perWord) {
      const quality = qualities[profile.order] as number;
      if (quality === 0) return 0;
      sum += quality;
    }
    if (term.phrases.length > 0) {
      const entries = fieldsOf(profile);
      for (const phrase of term.phrases)
        if (!entries.some((entry) => containsSequence(entry.tokens, phrase))) return 0;
      sum += term.phrases.length;
    }
    return sum / (perWord.length + term.phrases.length);
  };
}

function splitExclusion(raw: string): { exclude: boolean; value: string } {
  const value = raw.trim();
  return value.startsWith('-') ? { exclude: true, value: value.slice(1).trim() } : { exclude: false, value };
}

/** Values of a criterion as a list of strings (`keyword` is a string, `keywords` a comma-separated string or list). */
function valuesOf(key: SearchCriteriaKey, value: SearchCriteria[SearchCriteriaKey]): string[] {
  if (value === undefined || value === null) return [];
  const list = typeof value === 'string' ? (key === 'keywords' ? value.split(',') : [value]) : [...value];
  return list.map((v) => v.trim()).filter((v) => v !== '' && v !== '-');
}

const TRUE_WORDS = new Set(['true', 'yes', '1', 'public', 'publicly traded']);
const FALSE_WORDS = new Set(['false', 'no', '0', 'private']);

/** Compiles one criterion; returns null when it has no usable value. */
function compileCondition(
  key: SearchCriteriaKey,
  spec: FieldSpec,
  values: string[],
  notes: string[],
  extraTitles: readonly string[],
  context: MatchContext,
): Condition | null {
  const condition: Condition = { key, weight: 1, positives: [], negatives: [], requireAll: false };
  const add = (exclude: boolean, test: Test, weight = 1) => {
    if (exclude) condition.negatives.push(test);
    else condition.positives.push({ test, weight });
  };
  const problem = (message: string): never => {
    throw new CriteriaError(`${key}: ${message}`);
  };

  switch (spec.kind) {
    case 'ignored':
      notes.push(`${key} ignored: ${spec.why}`);
      return null;
    case 'text': {
      condition.weight = spec.weight;
      condition.requireAll = spec.all === true;
      for (const value of values) {
        const term = parseTextTerm(value);
        if (term) add(term.exclude, textTest(term, spec.fields));
      }
      // Titles added by include_similar_titles rank exactly like the titles asked for: rule 7 has the caller send
      // the returned `similar_titles` back as `current_title` for later pages, and those pages must continue the
      // same ordering (a lower weight here would reorder them, repeating some profiles and skipping others).
      for (const value of extraTitles) {
        const term = parseTextTerm(value);
        if (term && !term.exclude) add(false, textTest(term, spec.fields));
      }
      break;
    }
    case 'anywhere': {
      condition.weight = spec.weight;
      for (const value of values) {
        const term = parseTextTerm(value);
        if (term) add(term.exclude, anywhereTest(term, context.anywhere));
      }
      break;
    }
    case 'location': {
      condition.weight = spec.weight;
      for (const value of values) {
        if (isRadiusValue(value)) {
          const term = parseRadiusTerm(value);
          if (typeof term === 'string') problem(term);
          else {
            if (term.center === null)
              notes.push(`${key} "${value}": no city of the dataset is called "${term.place}"`);
            add(term.exclude, (p) => (withinRadius(term, p.city) ? EXACT_WORD : 0));
          }
        } else {
          const { exclude, value: place } = splitExclusion(value);
          const term = parseTextTerm(canonicalPlace(place));
          if (term) add(exclude, textTest(term, ['location']));
        }
      }
      break;
    }
    case 'identifier': {
      for (const value of values) {
        const { exclude, value: raw } = splitExclusion(value);
        const wanted = spec.normalize(raw.replace(/^"|"$/g, ''));
        if (wanted === '') continue;
        const compare =
          spec.compare === 'prefix'
            ? (have: string) => have.startsWith(wanted)
            : spec.compare === 'suffix'
              ? (have: string) => wanted.length >= 7 && have.endsWith(wanted)
              : (have: string) => have === wanted;
        add(exclude, (p) => (spec.read(p).some((have) => have !== null && compare(have)) ? EXACT_WORD : 0));
      }
      break;
    }
    case 'numeric': {
      for (const value of values) {
        const term = parseNumericTerm(value, spec.bare);
        if (typeof term === 'string') problem(term);
        else add(false, (p) => (numericMatches(term, spec.read(p)) ? EXACT_WORD : 0));
      }
      break;
    }
    case 'boolean': {
      for (const value of values) {
        const word = value.trim().toLowerCase();
        const wanted = TRUE_WORDS.has(word)
          ? true
          : FALSE_WORDS.has(word)
            ? false
            : problem(`"${value}" is not true or false`);
        add(false, (p) => (spec.read(p) === wanted ? EXACT_WORD : 0));
      }
      break;
    }
    case 'contact-method': {
      for (const value of values) {
        const word = value.trim().toLowerCase();
        if (word === 'email' || word === 'personal_email')
          add(false, (p) => (p.ids.email !== null ? EXACT_WORD : 0));
        else if (word === 'phone' || word === 'mobile')
          add(false, (p) => (p.ids.phone !== null ? EXACT_WORD : 0));
        else notes.push(`contact_method "${value}" ignored: the simulator knows "email" and "phone"`);
      }
      break;
    }
  }
  return condition.positives.length > 0 || condition.negatives.length > 0 ? condition : null;
}

/**
 * Compiles the criteria. `similarTitles` are titles added by include_similar_titles (searched as current_title,
 * ranked like the titles given). Throws {@link CriteriaError} for a value the service would reject.
 */
export function compileCriteria(
  criteria: SearchCriteria,
  context: MatchContext,
  similarTitles: readonly string[] = [],
): CompiledQuery {
  const notes: string[] = [];
  const conditions: Condition[] = [];
  for (const key of Object.keys(criteria) as SearchCriteriaKey[]) {
    const spec = CRITERIA_FIELDS[key];
    if (!spec) continue;
    const values = valuesOf(key, criteria[key]);
    const extra = key === 'current_title' ? similarTitles : [];
    if (values.length === 0 && extra.length === 0) continue;
    const condition = compileCondition(key, spec, values, notes, extra, context);
    if (condition) conditions.push(condition);
  }
  return { conditions, notes };
}

/** Runs a compiled query over the index: every matching profile, best first, ties in dataset order. */
export function runQuery(query: CompiledQuery, index: readonly ProfileIndex[]): ScoredProfile[] {
  const matches: ScoredProfile[] = [];
  profiles: for (const entry of index) {
    let score = 0;
    for (const condition of query.conditions) {
      for (const negative of condition.negatives) if (negative(entry) > 0) continue profiles;
      if (condition.positives.length === 0) continue;
      if (condition.requireAll) {
        let sum = 0;
        for (const positive of condition.positives) {
          const quality = positive.test(entry);
          if (quality === 0) continue profiles;
          sum += quality;
        }
        score += (condition.weight * sum) / condition.positives.length;
      } else {
        let best = 0;
        for (const positive of condition.positives) {
          const quality = positive.test(entry) * positive.weight;
          if (quality > best) best = quality;
        }
        if (best === 0) continue profiles;
        score += condition.weight * best;
      }
    }
    matches.push({ entry, score });
  }
  return matches.sort((a, b) => b.score - a.score || a.entry.order - b.entry.order);
}
