/** One number and count formatter for the house: what it writes, and that no other module writes numbers its own way. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countOf, formatNumber, plural } from '../../../src/format/numbers';

const ROOT = resolve(import.meta.dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('src/format/numbers', () => {
  it('writes figures the US way and counts with their noun', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(12345)).toBe('12,345');
    expect(countOf(1, 'contact')).toBe('1 contact');
    expect(countOf(0, 'contact')).toBe('0 contacts');
    expect(countOf(50000, 'person', 'people')).toBe('50,000 people');
    expect(plural(1, 'it', 'them')).toBe('it');
    expect(plural(2, 'it', 'them')).toBe('them');
  });

  it('is the only writer of numbers in src/ (no toLocaleString of a number elsewhere)', () => {
    const others = sources(join(ROOT, 'src'))
      .filter((file) => !file.endsWith('format/numbers.ts'))
      .filter((file) => readFileSync(file, 'utf8').includes("toLocaleString('en-US')"))
      .map((file) => relative(ROOT, file));
    expect(others).toEqual([]);
  });
});
