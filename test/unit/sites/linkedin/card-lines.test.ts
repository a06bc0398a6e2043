import { describe, expect, it } from 'vitest';
import { isBadgeLine, isNotAboutThePerson } from '@/src/sites/linkedin/card-lines';

describe('isBadgeLine', () => {
  it.each([
    '· 1st',
    '• 2nd',
    '3rd+',
    '· 3rd+',
    '1st degree connection',
    '· Premium',
    'She/Her',
    'he / him',
    'They/Them/Theirs',
    'she/they',
    'Verified',
    'Verified profile',
  ])('%s marks the person, it does not describe them', (line) => {
    expect(isBadgeLine(line)).toBe(true);
  });

  it.each([
    'Senior Data Scientist at Tessellate Pay',
    '1st Lieutenant, US Army Reserve | Logistics',
    'She leads platform teams at Nimbus Cloud',
    'Head of Talent at Fjordline · Hiring',
    'Verified Nursing Assistant',
    'Oslo, Norway',
  ])('%s is a headline or a place', (line) => {
    expect(isBadgeLine(line)).toBe(false);
  });
});

describe('isNotAboutThePerson', () => {
  it.each(['Summary: Led payment reliability at two fintechs', 'About this profile', '· 2nd'])(
    '%s is neither headline nor place',
    (line) => {
      expect(isNotAboutThePerson(line)).toBe(true);
    },
  );

  it.each(['Summary Analyst at Brightpath Health', 'About Face Studio founder', 'Turin, Piedmont, Italy'])(
    '%s describes the person',
    (line) => {
      expect(isNotAboutThePerson(line)).toBe(false);
    },
  );
});
