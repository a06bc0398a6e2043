/**
 * The type test's quarter rule: a screen may have captions under 13 px only where it has few (at most a quarter of
 * its visible texts); row details, counts, prices and labels read at 13.
 */
import { describe, expect, it } from 'vitest';
import { type TextSize, typeScaleProblems } from '../../support/type-scale';

const text = (px: number, i: number): TextSize => ({
  text: `text ${i}`,
  px,
  kind: 'text',
  contact: false,
  name: false,
});
const screen = (small: number, all: number) => ({
  body: 14,
  texts: Array.from({ length: all }, (_, i) => text(i < small ? 12 : 14, i)),
});

describe('at most a quarter of a screen under 13 px', () => {
  it('holds with a quarter of the texts at 12 px', () => {
    expect(typeScaleProblems(screen(5, 20))).toEqual([]);
  });

  it('fails with more than a quarter at 12 px, naming them', () => {
    const problems = typeScaleProblems(screen(6, 20));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^6 of 20 texts under 13 px, more than a quarter: "text 0" 12 px/);
  });
});
