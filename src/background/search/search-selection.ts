/**
 * Searching a text selected on a page (the context menu): as a job description, or as free text, checked against
 * the contract's limits before anything is sent.
 */
import { LIMITS } from '../../api/schema';
import { formatNumber } from '../../format/numbers';
import { refuse } from '../../protocol/result';
import type { SearchSession } from '../../store/database/search';
import { startSearch } from './search';

/** Why a selected text cannot be searched as is, or null when it can. */
export function selectionProblem(mode: 'free_text' | 'jd', text: string): string | null {
  const length = text.trim().length;
  if (length === 0) return 'The selection is empty.';
  if (mode === 'jd' && length > LIMITS.jdMax) {
    return `The selection is ${formatNumber(length)} characters; a job description can be at most ${formatNumber(LIMITS.jdMax)}. Select less text and try again.`;
  }
  if (mode === 'free_text' && length > LIMITS.freeTextMax) {
    return `The selection is ${formatNumber(length)} characters; a free-text search can be at most ${LIMITS.freeTextMax}.`;
  }
  return null;
}

/** The first `max` characters of a text, cut at a word boundary when one is near. */
export function trimToLimit(text: string, max: number): string {
  const clean = text.trim().replace(/\s+/g, ' ');
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > max * 0.8 ? cut.slice(0, space) : cut).trim();
}

/** Searches a selected text: as a job description, or as free text (trimmed only when the user said so). */
export async function searchSelection(input: {
  mode: 'free_text' | 'jd';
  text: string;
  trim?: boolean | undefined;
}): Promise<SearchSession> {
  let text = input.text.trim().replace(/\s+/g, ' ');
  if (input.mode === 'free_text' && input.trim) text = trimToLimit(text, LIMITS.freeTextMax);
  const problem = selectionProblem(input.mode, text);
  if (problem) throw refuse(problem);
  return startSearch(
    input.mode === 'jd'
      ? { mode: 'jd', request: { jd_search: text } }
      : { mode: 'free_text', request: { free_text_search: text } },
  );
}
