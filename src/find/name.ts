/**
 * A person's name from a selection: two to six words of letters (accents, apostrophes, hyphens and initials
 * welcome). One word could be anyone, and digits, `@` or slashes mean something else was selected: both are
 * refused before anything is sent.
 */

import type { Parsed } from './email';
import { FIND_REFUSALS } from './words';

export const NAME_MAX = 100;
const WORDS_MAX = 6;

/**
 * A word of a name: letters (any script) with inner apostrophes or hyphens ("O'Brien", "Anne-Marie"), perhaps a
 * final full stop ("Dr.", "J."), or initials ("J.R."). A full stop inside a word ("example.com") is not a name.
 */
const WORD = /^(?:\p{L}[\p{L}\p{M}'’-]*\.?|(?:\p{L}\.){2,})$/u;

/** The name as it will be searched (spaces collapsed, surrounding quotes and punctuation dropped), or a refusal. */
export function parseName(selected: string): Parsed<string> {
  const text = selected
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/^["'“‘(\s]+|["'”’),;:!?\s]+$/gu, '');
  if (text === '') return { ok: false, problem: FIND_REFUSALS.nameEmpty };
  const words = text.split(' ');
  if (text.length > NAME_MAX || words.length > WORDS_MAX)
    return { ok: false, problem: FIND_REFUSALS.nameTooLong };
  if (!words.every((word) => WORD.test(word))) return { ok: false, problem: FIND_REFUSALS.notName(text) };
  if (words.length < 2) return { ok: false, problem: FIND_REFUSALS.oneWord(text) };
  return { ok: true, value: text };
}
