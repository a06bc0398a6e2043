import { describe, expect, it } from 'vitest';
import { parseName } from '../../../src/find/name';

describe('names from a selection', () => {
  it.each([
    ['Jane Doe', 'Jane Doe'],
    ['  Jane \n  Doe  ', 'Jane Doe'],
    ['“Siobhán O’Brien”', 'Siobhán O’Brien'],
    ['Anne-Marie de la Cruz', 'Anne-Marie de la Cruz'],
    ['Dr. J. R. Smith', 'Dr. J. R. Smith'],
    ['J.R. Hartley', 'J.R. Hartley'],
    ['Zoë Müller,', 'Zoë Müller'],
    ['王 小明', '王 小明'],
  ])('reads %j as %s', (selected, name) => {
    expect(parseName(selected)).toEqual({ ok: true, value: name });
  });

  it.each([
    ['', /full name/],
    ['Jane', /"Jane" is one word, which could be anyone/],
    ['  Madonna. ', /one word/],
    ['Jane Doe 2', /does not look like a person’s name/],
    ['jane@acme.com', /does not look like a person’s name/],
    ['https://acme.com/team', /does not look like a person’s name/],
    ['Jane / Doe', /does not look like/],
    ['ada.lovelace at example.com', /does not look like/],
    ['one two three four five six seven', /at most 100 characters and 6 words/],
    [`Jane ${'x'.repeat(100)}`, /at most 100 characters/],
  ])('refuses %j', (selected, problem) => {
    const parsed = parseName(selected);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.problem).toMatch(problem);
  });
});
