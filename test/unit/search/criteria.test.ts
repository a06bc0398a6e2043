import { describe, expect, it } from 'vitest';
import {
  checkNumeric,
  compactCriteria,
  formatLocation,
  formatValue,
  mergeCriteria,
  parseLocation,
  parseValue,
} from '../../../src/search/criteria';

describe('value syntax (spec: "Value syntax")', () => {
  it.each([
    [{ text: 'Software Engineer', exact: false, exclude: false }, 'Software Engineer'],
    [{ text: 'Software Engineer', exact: true, exclude: false }, '"Software Engineer"'],
    [{ text: 'intern', exact: false, exclude: true }, '-intern'],
    [{ text: 'Software Engineer', exact: true, exclude: true }, '-"Software Engineer"'],
    [{ text: '  Nurse  ', exact: false, exclude: false }, 'Nurse'],
    // Quotes typed inside a value would break the exact-match syntax: they are dropped.
    [{ text: 'Senior "Java" Dev', exact: true, exclude: false }, '"Senior Java Dev"'],
    // A fuzzy value keeps its quoted phrase (as the service echoes it back in parsed criteria).
    [{ text: 'Senior "Java"', exact: false, exclude: false }, 'Senior "Java"'],
  ])('formatValue(%o) is %s', (value, wire) => {
    expect(formatValue(value)).toBe(wire);
  });

  it.each([
    ['Nurse', { text: 'Nurse', exact: false, exclude: false }],
    ['"Registered Nurse"', { text: 'Registered Nurse', exact: true, exclude: false }],
    ['-Acme', { text: 'Acme', exact: false, exclude: true }],
    ['-"Acme Health"', { text: 'Acme Health', exact: true, exclude: true }],
    ['- Acme', { text: 'Acme', exact: false, exclude: true }],
    ['"', { text: '"', exact: false, exclude: false }],
  ])('parseValue(%s) reads the parts back', (wire, value) => {
    expect(parseValue(wire)).toEqual(value);
  });

  it('a mixed value from the service survives a round trip through the form', () => {
    expect(formatValue(parseValue('Senior "Java"'))).toBe('Senior "Java"');
    expect(formatValue(parseValue('-Senior "Java"'))).toBe('-Senior "Java"');
    expect(parseValue('"Java" "Kotlin"')).toEqual({ text: '"Java" "Kotlin"', exact: false, exclude: false });
    expect(formatValue(parseValue('"Java" "Kotlin"'))).toBe('"Java" "Kotlin"');
  });

  it('formatValue and parseValue are inverses for every combination', () => {
    for (const exact of [false, true]) {
      for (const exclude of [false, true]) {
        const value = { text: 'Charge Nurse', exact, exclude };
        expect(parseValue(formatValue(value))).toEqual(value);
      }
    }
  });
});

describe('location radius', () => {
  it.each([
    [['Boston', 25, 'mi'], 'Boston::~25mi'],
    [['Berlin', 10, 'km'], 'Berlin::~10km'],
    [['Boston, MA', 12.6, 'mi'], 'Boston, MA::~13mi'],
    [['Boston', null, 'mi'], 'Boston'],
    [['Boston', 0, 'km'], 'Boston'],
    [['Boston', Number.NaN, 'km'], 'Boston'],
    [[' Austin ', undefined, undefined], 'Austin'],
  ] as const)('formatLocation(%o) is %s', ([city, radius, unit], wire) => {
    expect(formatLocation(city, radius, unit)).toBe(wire);
  });

  it.each([
    ['Boston::~25mi', { city: 'Boston', radius: 25, unit: 'mi' }],
    ['Berlin::~10KM', { city: 'Berlin', radius: 10, unit: 'km' }],
    ['Boston, MA', { city: 'Boston, MA', radius: null, unit: 'mi' }],
    ['Boston::~far', { city: 'Boston::~far', radius: null, unit: 'mi' }],
  ])('parseLocation(%s)', (wire, parts) => {
    expect(parseLocation(wire)).toEqual(parts);
  });
});

describe('numeric filters (years of experience, company size)', () => {
  it.each(['5', '5+', '<10', '>=2', '<=8', '3-5', '3 - 5', '1.5', '51-200', '10000+'])(
    'accepts %s',
    (value) => {
      const checked = checkNumeric(value);
      expect(checked.ok).toBe(true);
      if (checked.ok) expect(checked.value).toBe(value.replace(/\s+/g, ''));
    },
  );

  it.each([
    ['ten', /is not a number, range \(3-5\) or bound/],
    ['5-3', /lower end is above its upper end/],
    ['-5', /is not a number/],
    ['5++', /is not a number/],
    ['', /is not a number/],
  ])('refuses %s with a specific message', (value, message) => {
    const checked = checkNumeric(value);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message).toMatch(message);
  });
});

describe('mergeCriteria (rule 3)', () => {
  it('combines parsed arrays with given ones, given first, without duplicates', () => {
    expect(
      mergeCriteria(
        { current_title: ['Nurse'], location: ['Boston'] },
        { current_title: ['Nurse', 'Charge Nurse'], major: ['Nursing'] },
      ),
    ).toEqual({ current_title: ['Nurse', 'Charge Nurse'], location: ['Boston'], major: ['Nursing'] });
  });

  it('a parsed years_experience replaces the given one', () => {
    expect(mergeCriteria({ years_experience: ['1-2'] }, { years_experience: ['5+'] })).toEqual({
      years_experience: ['5+'],
    });
  });

  it('works with either side missing', () => {
    expect(mergeCriteria(undefined, { location: ['Austin'] })).toEqual({ location: ['Austin'] });
    expect(mergeCriteria({ location: ['Austin'] }, undefined)).toEqual({ location: ['Austin'] });
  });
});

describe('compactCriteria', () => {
  it('drops blank values and empty arrays, so blank form rows never reach the service', () => {
    expect(
      compactCriteria({
        current_title: [' Nurse ', '', '-', '""', '-""'],
        location: [],
        skills: ['  '],
        keyword: '',
        keywords: 'icu, er',
      }),
    ).toEqual({ current_title: ['Nurse'], keywords: 'icu, er' });
  });
});
