import { describe, expect, it } from 'vitest';
import { EU_RULE_LINE, generalRuleLine, removalLine, removalWhy } from '../../../../src/ui/words/retention';

describe('the retention rules in words', () => {
  it('says when and by which rule, in the short form the library shows', () => {
    const at = new Date('2027-01-06T10:00:00.000Z');
    const before = at.getTime() - 1;
    expect(removalLine({ at, rule: 'eu' }, before)).toBe('Removed 6 Jan (EU rule)');
    expect(removalLine({ at, rule: 'general' }, before)).toBe('Removed 6 Jan (your setting)');
    expect(removalWhy({ at, rule: 'eu' }, 365)).toMatch(
      /^6 January 2027\. Kept 30 days unless sent to a destination/,
    );
    expect(removalWhy({ at, rule: 'general' }, 90)).toBe(
      '6 January 2027. Revealed contacts are kept 90 days, as set in Options.',
    );
  });

  it('says a removal whose day has passed as due, not as a date in the past, until the next pass removes it', () => {
    const at = new Date('2026-11-28T10:00:00.000Z');
    expect(removalLine({ at, rule: 'eu' }, at.getTime())).toBe('Due for removal (EU rule)');
    expect(removalLine({ at, rule: 'general' }, at.getTime() + 86_400_000)).toBe(
      'Due for removal (your setting)',
    );
  });

  it('names who the EU rule covers, what keeps a person, and the setting', () => {
    expect(EU_RULE_LINE).toContain('the EU, the EEA, the UK and Switzerland');
    expect(EU_RULE_LINE).toContain('location is not known');
    expect(EU_RULE_LINE).toContain('unless you sent them to a destination');
    expect(generalRuleLine(1)).toContain('removed 1 day after');
    expect(generalRuleLine(365)).toContain('removed 365 days after');
  });
});
