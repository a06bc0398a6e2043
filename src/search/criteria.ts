/**
 * The spec's value syntax for search criteria, built from what a recruiter picks (exact, excluded, radius, ranges)
 * and read back for editing; and the merge rule of parsed criteria.
 */
import type { ParsedCriteria, SearchCriteria } from '../api/schema';

/** One criterion value as the UI edits it. */
export interface CriterionValue {
  text: string;
  /** Exact match: the value is wrapped in double quotes. */
  exact: boolean;
  /** Exclusion: the value is prefixed with `-`. */
  exclude: boolean;
}

/** The wire form of a value: `"exact"`, `-excluded`, `-"excluded exact"`, or the text itself (fuzzy). */
export function formatValue({ text, exact, exclude }: CriterionValue): string {
  const trimmed = text.trim();
  // A whole-value exact match cannot hold quotes of its own; a fuzzy value keeps its quoted phrases
  // (`Senior "Java"`: the phrase must appear word for word, the rest matches fuzzily).
  const body = exact ? `"${trimmed.replace(/"/g, '')}"` : trimmed;
  return exclude ? `-${body}` : body;
}

/** Reads a wire value back into its parts (the inverse of {@link formatValue}). */
export function parseValue(value: string): CriterionValue {
  let text = value.trim();
  const exclude = text.startsWith('-');
  if (exclude) text = text.slice(1).trim();
  // Exact only when the whole value is one quoted phrase: `"Java" "Kotlin"` is two phrases in a fuzzy value.
  const exact =
    text.length >= 2 && text.startsWith('"') && text.endsWith('"') && text.split('"').length === 3;
  if (exact) text = text.slice(1, -1);
  return { text, exact, exclude };
}

export type DistanceUnit = 'mi' | 'km';

/** `City::~25mi`; the city alone without a radius. */
export function formatLocation(city: string, radius?: number | null, unit: DistanceUnit = 'mi'): string {
  const name = city.trim();
  if (radius === undefined || radius === null || !Number.isFinite(radius) || radius <= 0) return name;
  return `${name}::~${Math.round(radius)}${unit}`;
}

/** Splits `City::~25mi` into its parts; radius null when none is given. */
export function parseLocation(value: string): { city: string; radius: number | null; unit: DistanceUnit } {
  const match = /^(.*?)::~(\d+(?:\.\d+)?)(mi|km)$/i.exec(value.trim());
  if (!match) return { city: value.trim(), radius: null, unit: 'mi' };
  return { city: match[1]!.trim(), radius: Number(match[2]), unit: match[3]!.toLowerCase() as DistanceUnit };
}

/**
 * Numeric filters (years of experience, company size, funding, revenue): `N+`, `<N`, `>=N`, `<=N`, `A-B`, or `N`.
 * Returns the normalised value, or a message saying what is wrong.
 */
export function checkNumeric(value: string): { ok: true; value: string } | { ok: false; message: string } {
  const v = value.replace(/\s+/g, '');
  if (/^\d+(\.\d+)?$/.test(v) || /^\d+(\.\d+)?\+$/.test(v) || /^(<|>|<=|>=)\d+(\.\d+)?$/.test(v)) {
    return { ok: true, value: v };
  }
  const range = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(v);
  if (range) {
    return Number(range[1]) <= Number(range[2])
      ? { ok: true, value: v }
      : { ok: false, message: `"${value}": the range's lower end is above its upper end.` };
  }
  return { ok: false, message: `"${value}" is not a number, range (3-5) or bound (5+, <10, >=2, <=8).` };
}

/** Array-valued criteria only (the ones a recruiter edits and the service echoes back). */
export type ArrayCriteria = Partial<Record<string, string[]>>;

/**
 * Rule 3: parsed arrays are combined with the same-named arrays given; a parsed `years_experience` replaces the
 * given one. Duplicates are dropped, order kept (given first).
 */
export function mergeCriteria(
  given: SearchCriteria | undefined,
  parsed: ParsedCriteria | undefined,
): SearchCriteria {
  const merged: Record<string, unknown> = { ...(given ?? {}) };
  for (const [key, values] of Object.entries(parsed ?? {})) {
    const existing = merged[key];
    merged[key] =
      key === 'years_experience' || !Array.isArray(existing)
        ? [...values]
        : [...new Set([...existing, ...values])];
  }
  return merged as SearchCriteria;
}

/** Removes empty strings and empty arrays, so a form's blank rows never reach the service. */
export function compactCriteria(criteria: SearchCriteria): SearchCriteria {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(criteria)) {
    if (Array.isArray(value)) {
      const kept = value
        .map((v) => v.trim())
        .filter((v) => v !== '' && v !== '-' && v !== '""' && v !== '-""');
      if (kept.length > 0) out[key] = kept;
    } else if (value !== undefined && value !== null && value !== '') {
      out[key] = value;
    }
  }
  return out as SearchCriteria;
}
