/**
 * Numeric criteria (`company_size`, `company_revenue`, `company_funding_min/max`, `total_funding`, `connections`,
 * `years_experience`): the spec's operator forms `N+`, `<N`, `>N`, `>=N`, `<=N` and ranges `A-B`, with numbers
 * written the way people write them: `10,000`, `$5M`, `1.5B`, `250k`.
 */

export interface NumericTerm {
  raw: string;
  min: number;
  max: number;
  /** Bounds are inclusive unless marked (`<N` and `>N` are strict). */
  minExclusive: boolean;
  maxExclusive: boolean;
}

/** What a bare number means for a field: equal to it (`company_size: ["500"]`), or a bound (`company_funding_min`). */
export type BareNumber = 'equal' | 'at-least' | 'at-most';

const NUMBER = String.raw`\$?\s*(\d[\d,]*(?:\.\d+)?)\s*([kmb])?`;
const MULTIPLIER: Readonly<Record<string, number>> = { k: 1e3, m: 1e6, b: 1e9 };

function toNumber(digits: string | undefined, suffix: string | undefined): number {
  return Number((digits ?? '').replace(/,/g, '')) * (suffix ? (MULTIPLIER[suffix.toLowerCase()] ?? 1) : 1);
}

const FORMS: readonly [RegExp, (a: number, b: number) => Omit<NumericTerm, 'raw'>][] = [
  [new RegExp(`^${NUMBER}\\s*\\+$`, 'i'), (a) => range(a, Infinity)],
  [new RegExp(`^>=\\s*${NUMBER}$`, 'i'), (a) => range(a, Infinity)],
  [new RegExp(`^<=\\s*${NUMBER}$`, 'i'), (a) => range(-Infinity, a)],
  [new RegExp(`^>\\s*${NUMBER}$`, 'i'), (a) => ({ ...range(a, Infinity), minExclusive: true })],
  [new RegExp(`^<\\s*${NUMBER}$`, 'i'), (a) => ({ ...range(-Infinity, a), maxExclusive: true })],
  [new RegExp(`^${NUMBER}\\s*-\\s*${NUMBER}$`, 'i'), (a, b) => range(Math.min(a, b), Math.max(a, b))],
];

function range(min: number, max: number): Omit<NumericTerm, 'raw'> {
  return { min, max, minExclusive: false, maxExclusive: false };
}

/**
 * Parses one value of a numeric criterion. Returns a message (for a 400) when the value is not a number, an operator
 * form or a range.
 */
export function parseNumericTerm(raw: string, bare: BareNumber): NumericTerm | string {
  const value = raw.trim();
  for (const [pattern, build] of FORMS) {
    const match = pattern.exec(value);
    if (match) {
      const a = toNumber(match[1], match[2]);
      const b = toNumber(match[3], match[4]);
      return { raw, ...build(a, b) };
    }
  }
  const single = new RegExp(`^=?\\s*${NUMBER}$`, 'i').exec(value);
  if (single) {
    const n = toNumber(single[1], single[2]);
    if (bare === 'at-least') return { raw, ...range(n, Infinity) };
    if (bare === 'at-most') return { raw, ...range(-Infinity, n) };
    return { raw, ...range(n, n) };
  }
  return `"${raw}" is not a number, an operator form (N+, <N, >N, >=N, <=N) or a range (A-B)`;
}

/** Whether `n` satisfies the term. Unknown values (null) never do. */
export function numericMatches(term: NumericTerm, n: number | null): boolean {
  if (n === null) return false;
  if (term.minExclusive ? n <= term.min : n < term.min) return false;
  if (term.maxExclusive ? n >= term.max : n > term.max) return false;
  return true;
}
