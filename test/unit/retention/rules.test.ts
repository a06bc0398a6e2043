import { describe, expect, it } from 'vitest';
import { EU_RULE_DAYS, removalOf } from '../../../src/retention/rules';

const DAY = 86_400_000;
const SINCE = new Date('2026-01-01T12:00:00.000Z');
const dayAfter = (days: number) => new Date(SINCE.getTime() + days * DAY);

describe('when a person is removed, and by which rule', () => {
  it('removes a person in the EU 30 days after the data was bought, unless sent', () => {
    expect(EU_RULE_DAYS).toBe(30);
    expect(removalOf({ location: 'Berlin, Germany', since: SINCE, sent: false }, 365)).toEqual({
      at: dayAfter(30),
      rule: 'eu',
    });
    expect(removalOf({ location: 'Berlin, Germany', since: SINCE, sent: true }, 365)).toEqual({
      at: dayAfter(365),
      rule: 'general',
    });
  });

  it('gives an unknown or empty location the EU rule (the strictest)', () => {
    for (const location of [undefined, null, '', 'Remote']) {
      expect(removalOf({ location, since: SINCE, sent: false }, 365)?.rule).toBe('eu');
    }
  });

  it('removes a person elsewhere by the general setting alone, sent or not', () => {
    expect(removalOf({ location: 'Austin, TX', since: SINCE, sent: false }, 90)).toEqual({
      at: dayAfter(90),
      rule: 'general',
    });
    expect(removalOf({ location: 'Austin, TX', since: SINCE, sent: false }, null)).toBeNull();
  });

  it('applies the earlier of the two: a general period under 30 days removes EU people first', () => {
    expect(removalOf({ location: 'Paris, France', since: SINCE, sent: false }, 7)).toEqual({
      at: dayAfter(7),
      rule: 'general',
    });
    expect(removalOf({ location: 'Paris, France', since: SINCE, sent: false }, null)?.rule).toBe('eu');
  });

  it('takes a shorter EU period, never a longer one', () => {
    expect(removalOf({ location: 'Paris, France', since: SINCE, sent: false }, null, 14)?.at).toEqual(
      dayAfter(14),
    );
    expect(removalOf({ location: 'Paris, France', since: SINCE, sent: false }, null, 90)?.at).toEqual(
      dayAfter(30),
    );
  });

  it('removes nobody whose date does not read', () => {
    expect(removalOf({ location: 'Paris', since: new Date(Number.NaN), sent: false }, 30)).toBeNull();
  });
});
