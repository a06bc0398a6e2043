import { describe, expect, it } from 'vitest';
import { ageInWords, careerDate, exactTime } from '../../../src/ui/words/age';

const NOW = Date.parse('2026-11-25T10:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe('the age of data in words', () => {
  it.each([
    ['a few seconds', ago(20_000), 'just now'],
    ['a clock slightly ahead', ago(-5_000), 'just now'],
    ['minutes', ago(5 * MIN), '5 minutes ago'],
    ['hours', ago(3 * 60 * MIN), '3 hours ago'],
    ['a day', ago(DAY + MIN), 'yesterday'],
    ['days', ago(5 * DAY), '5 days ago'],
    ['weeks', ago(24 * DAY), '3 weeks ago'],
    ['months', ago(97 * DAY), '3 months ago'],
    ['years', ago(800 * DAY), '2 years ago'],
  ])('%s', (_label, iso, words) => {
    expect(ageInWords(iso, NOW)).toBe(words);
  });
});

describe('career dates as people write them', () => {
  it.each([
    ['2020-07', 'Jul 2020'],
    ['2017-06-15', 'Jun 2017'],
    ['2017', '2017'],
    ['Summer 2019', 'Summer 2019'],
    ['2019-13', '2019-13'],
  ])('%s', (value, words) => {
    expect(careerDate(value)).toBe(words);
  });
});

describe('the exact moment, for a tooltip', () => {
  it('says what the browser says of the date, from one formatter, and a date that does not read as it does', () => {
    const options = { dateStyle: 'medium', timeStyle: 'short' } as const;
    for (const moment of ['2026-11-21T06:12:00Z', NOW, '2026-02-29T00:00:00Z']) {
      expect(exactTime(moment)).toBe(new Date(moment).toLocaleString('en-GB', options));
    }
    expect(exactTime('not a date')).toBe('Invalid Date');
  });
});
