/**
 * The spec's value syntax for text criteria (see the "Value syntax" table):
 *
 * - `Software Engineer` — fuzzy: every word must appear in the field, in any order; a word of 5 letters or more
 *   may be misspelt by one edit (insert, delete, replace, or swap two neighbouring letters). Case and accents are
 *   ignored. Filler words (of, and, the, at, in, for…) are ignored.
 * - `"Software Engineer"` — exact: the whole field must read exactly so (case and spacing aside, accents not).
 * - `Senior "Java"` — mixed: the quoted phrase must appear word for word, the rest matches fuzzily.
 * - `-intern` — exclusion: profiles whose field matches are removed (the rest of the value follows the rules
 *   above, so `-"Software Engineer"` excludes only that exact title).
 */
import { exactForm, STOP_WORDS, tokenize } from '../text';

export interface TextTerm {
  /** The value as sent (echoed in notes and errors). */
  raw: string;
  exclude: boolean;
  /** Set when the whole value was quoted: the field must equal this ({@link exactForm}). */
  whole: string | null;
  /** Quoted phrases inside a larger value: each must appear as consecutive words. */
  phrases: readonly (readonly string[])[];
  /** Unquoted words, matched fuzzily. */
  words: readonly string[];
}

/** Parses one value of a text criterion; null when it says nothing (empty, a lone `-`, or only filler words). */
export function parseTextTerm(raw: string): TextTerm | null {
  let value = raw.trim();
  const exclude = value.startsWith('-');
  if (exclude) value = value.slice(1).trim();
  const whole = /^"([^"]*)"$/.exec(value);
  if (whole) {
    const inner = exactForm(whole[1] ?? '');
    return inner === '' ? null : { raw, exclude, whole: inner, phrases: [], words: [] };
  }
  const phrases: string[][] = [];
  const rest = value.replace(/"([^"]*)"/g, (_, phrase: string) => {
    const tokens = tokenize(phrase);
    if (tokens.length > 0) phrases.push(tokens);
    return ' ';
  });
  // An unbalanced quote is read as a plain character, not as the start of a phrase.
  const words = tokenize(rest.replace(/"/g, ' ')).filter((word) => !STOP_WORDS.has(word));
  if (phrases.length === 0 && words.length === 0) return null;
  return { raw, exclude, whole: null, phrases, words };
}
