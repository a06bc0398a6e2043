/**
 * `keyword` / `keywords` search every text field of every profile. Scanning each profile's ~80 words per query is
 * too slow for "a few milliseconds", so this is an inverted index — word → the profiles whose text holds it — built
 * on the first keyword search. A query word is compared once with each distinct word of the dataset (a few
 * thousand), not once per profile.
 */
import { withinOneEdit } from '../text';
import { type ProfileIndex, TEXT_FIELDS } from './profile-index';

const EXACT_WORD = 1;
const TYPO_WORD = 0.75;
const MIN_FUZZY_LENGTH = 5;

export class AnywhereIndex {
  private readonly postings = new Map<string, number[]>();
  private readonly size: number;

  constructor(index: readonly ProfileIndex[]) {
    this.size = index.length;
    for (const entry of index) {
      const seen = new Set<string>();
      for (const field of TEXT_FIELDS) {
        for (const text of entry.text[field]) {
          for (const token of text.tokens) {
            if (seen.has(token)) continue;
            seen.add(token);
            let list = this.postings.get(token);
            if (!list) {
              list = [];
              this.postings.set(token, list);
            }
            list.push(entry.order);
          }
        }
      }
    }
  }

  /** For each profile (by `order`), how well its text holds `word`: 1 exactly, 0.75 with one typo, 0 not at all. */
  qualities(word: string): Float32Array {
    const out = new Float32Array(this.size);
    const exact = this.postings.get(word);
    if (exact) for (const order of exact) out[order] = EXACT_WORD;
    if (word.length >= MIN_FUZZY_LENGTH) {
      for (const [token, orders] of this.postings) {
        if (token === word || !withinOneEdit(word, token)) continue;
        for (const order of orders) if ((out[order] as number) < TYPO_WORD) out[order] = TYPO_WORD;
      }
    }
    return out;
  }
}
