/**
 * Search rule 3: parsed criteria (from free_text_search or jd_search) are merged into search_criteria. Arrays of the
 * same name are combined — parsed values first (rule 6: titles parsed from the text come first, then expansion),
 * then the caller's, without repeating a value — except `years_experience`, where the parsed value replaces the
 * caller's.
 */
import type { ParsedCriteria, SearchCriteria } from '../../src/api/schema';
import { exactForm } from '../text';

/** Criteria keys whose parsed value replaces the given one instead of being combined with it. */
const REPLACED_BY_PARSED: ReadonlySet<string> = new Set(['years_experience']);

/** The criteria searched: `given` with `parsed` merged in (neither argument is modified). */
export function mergeCriteria(
  given: SearchCriteria | undefined,
  parsed: ParsedCriteria | undefined,
): SearchCriteria {
  const merged: Record<string, unknown> = { ...given };
  for (const [key, values] of Object.entries(parsed ?? {})) {
    if (values.length === 0) continue;
    const existing = merged[key];
    if (REPLACED_BY_PARSED.has(key) || !Array.isArray(existing)) {
      merged[key] = [...values];
      continue;
    }
    const seen = new Set<string>();
    merged[key] = [...values, ...(existing as string[])].filter((value) => {
      const form = exactForm(value);
      if (seen.has(form)) return false;
      seen.add(form);
      return true;
    });
  }
  return merged as SearchCriteria;
}
