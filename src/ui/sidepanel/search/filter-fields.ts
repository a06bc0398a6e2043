/**
 * The Filters form as data: which criteria it edits, how a typed entry becomes tags (exact, excluded, radius), and
 * how tags become the spec's value syntax and back. Pure functions: the model holds the signals.
 */
import type { SearchCriteria } from '../../../api/schema';
import {
  checkNumeric,
  compactCriteria,
  type DistanceUnit,
  formatLocation,
  formatValue,
  parseLocation,
  parseValue,
} from '../../../search/criteria';

export type FieldKind = 'text' | 'location' | 'numeric';

export interface FilterField {
  key: string;
  label: string;
  kind: FieldKind;
}

/** The criteria a recruiter uses most, in form order. Keys are `search_criteria` keys. */
export const FILTER_FIELDS: readonly FilterField[] = [
  { key: 'current_title', label: 'Job titles', kind: 'text' },
  { key: 'location', label: 'Locations', kind: 'location' },
  { key: 'current_employer', label: 'Current employers', kind: 'text' },
  { key: 'previous_employer', label: 'Previous employers', kind: 'text' },
  { key: 'years_experience', label: 'Years of experience', kind: 'numeric' },
  { key: 'skills', label: 'Skills', kind: 'text' },
  { key: 'school', label: 'Schools', kind: 'text' },
  { key: 'degree', label: 'Degrees', kind: 'text' },
  { key: 'major', label: 'Majors', kind: 'text' },
  { key: 'company_industry', label: 'Industries', kind: 'text' },
  { key: 'company_size', label: 'Company size', kind: 'numeric' },
  { key: 'health_credentials', label: 'Healthcare credentials', kind: 'text' },
  { key: 'health_specialization', label: 'Healthcare specialty', kind: 'text' },
];

const FIELD_BY_KEY = new Map(FILTER_FIELDS.map((field) => [field.key, field]));

/** One value of a field as the form holds it. */
export interface Tag {
  text: string;
  exact: boolean;
  exclude: boolean;
  /** Locations only. */
  radius?: number | null;
  unit?: DistanceUnit;
}

/**
 * What separates typed values of a field: commas and line breaks, except in locations, whose names hold commas
 * ("Boston, MA"; "London, United Kingdom"): there a semicolon or a line break does.
 */
export const separatorOf = (field: FilterField): ',' | ';' => (field.kind === 'location' ? ';' : ',');

/** Splits typed text into entries: at `separator` and line breaks, except inside double quotes. */
export function splitEntries(draft: string, separator: ',' | ';' = ','): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of draft) {
    if (ch === '"') quoted = !quoted;
    if (!quoted && (ch === separator || ch === '\n' || ch === '\r')) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out.map((entry) => entry.trim()).filter((entry) => entry !== '' && entry !== '-');
}

/**
 * Reads typed entries as tags: `"x"` exact, `-x` excluded, `City::~25mi` a radius (else the given default radius).
 * Numeric fields are checked; the first bad entry gives the message and no tags.
 */
export function entriesToTags(
  field: FilterField,
  draft: string,
  radius: { radius: number | null; unit: DistanceUnit } = { radius: null, unit: 'mi' },
): { tags: Tag[]; problem: string | null } {
  const tags: Tag[] = [];
  for (const entry of splitEntries(draft, separatorOf(field))) {
    if (field.kind === 'numeric') {
      const checked = checkNumeric(entry);
      if (!checked.ok) return { tags: [], problem: `${field.label}: ${checked.message}` };
      tags.push({ text: checked.value, exact: false, exclude: false });
    } else if (field.kind === 'location') {
      const place = parseLocation(entry);
      const value = parseValue(place.city);
      tags.push(
        place.radius !== null
          ? { ...value, radius: place.radius, unit: place.unit }
          : { ...value, radius: radius.radius, unit: radius.unit },
      );
    } else {
      tags.push(parseValue(entry));
    }
  }
  return { tags: tags.filter((tag) => tag.text.trim() !== ''), problem: null };
}

/** A tag's wire form. */
export function tagValue(field: FilterField, tag: Tag): string {
  if (field.kind === 'numeric') return tag.text;
  const value = formatValue(tag);
  return field.kind === 'location' ? formatLocation(value, tag.radius ?? null, tag.unit ?? 'mi') : value;
}

/** The form's tags as `search_criteria` (blank values dropped), plus criteria the form has no field for. */
export function buildCriteria(
  tags: Readonly<Record<string, readonly Tag[]>>,
  extra: Readonly<Record<string, unknown>> = {},
): SearchCriteria {
  const criteria: Record<string, unknown> = { ...extra };
  for (const field of FILTER_FIELDS) {
    const values = (tags[field.key] ?? []).map((tag) => tagValue(field, tag));
    if (values.length > 0) criteria[field.key] = values;
  }
  return compactCriteria(criteria as SearchCriteria);
}

/** Criteria (as sent, parsed by the service, or frozen) read back into the form's tags, and what it cannot hold. */
export function criteriaToForm(criteria: Readonly<Record<string, unknown>> | undefined): {
  tags: Record<string, Tag[]>;
  extra: Record<string, unknown>;
} {
  const tags: Record<string, Tag[]> = {};
  const extra: Record<string, unknown> = {};
  for (const [key, values] of Object.entries(criteria ?? {})) {
    const field = FIELD_BY_KEY.get(key);
    if (!field || !Array.isArray(values)) {
      if (values !== undefined) extra[key] = values;
      continue;
    }
    tags[key] = values
      .filter((value): value is string => typeof value === 'string')
      .map((value) => {
        if (field.kind === 'numeric') return { text: value.trim(), exact: false, exclude: false };
        if (field.kind === 'location') {
          const place = parseLocation(value);
          return { ...parseValue(place.city), radius: place.radius, unit: place.unit };
        }
        return parseValue(value);
      });
  }
  return { tags, extra };
}
