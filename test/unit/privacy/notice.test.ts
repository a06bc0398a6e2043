/** The privacy notice's template: filled per contact with what is held, checked before it is saved. */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTICE,
  DEFAULT_NOTICE_TEMPLATE,
  fillNotice,
  listInWords,
  noticeProblem,
} from '../../../src/privacy/notice';
import { heldInWords, keptInWords, noticeFacts } from '../../../src/privacy/notice-facts';
import type { ContactRecord } from '../../../src/store/database/vault/vault-record';
import { contactRecord } from '../../support/vault-records';

const ada: ContactRecord = {
  ...contactRecord('ada-lovelace', 'c-1'),
  location: 'Austin, Texas, United States',
  name: 'Ada Lovelace',
  currentTitle: 'Analyst',
  currentEmployer: 'Engines Ltd',
  phone: { found: true, value: '+44 7700 900018', at: '2026-01-01T00:00:00.000Z' },
  detailed_profile: { found: false, at: '2026-01-01T00:00:00.000Z' },
};

describe('the privacy notice', () => {
  it('names the source, the items held, the purpose, how long and how to object (GDPR Art. 14)', () => {
    const text = fillNotice(DEFAULT_NOTICE, noticeFacts(ada, { team: null, retentionDays: 30 }));
    expect(text).toContain('Hello Ada Lovelace,');
    expect(text).toContain(
      'Where they came from: the candidate service we use to find contact details, and your public LinkedIn profile (https://www.linkedin.com/in/ada-lovelace).',
    );
    // Only what is held: the detailed profile was looked for and not found.
    expect(text).toContain(
      'What we hold: your name, your current role, your email address and your phone number.',
    );
    expect(text).toContain('Why: to contact you about roles');
    expect(text).toContain('How long: up to 30 days after they were last updated, then deleted.');
    expect(text).toContain('at any time: reply to this message.');
    expect(text).toContain('Who holds them: the recruiter who sent you this message.');
    expect(text).not.toMatch(/\{[a-z]+\}/);
  });

  it('names the team and its contact line, and leaves LinkedIn out when the profile is not known', () => {
    const noUrl = { ...ada, key: 'id:c-1', socialUrl: null };
    const text = fillNotice(
      { template: 'From {who} via {source}; object: {contact}', contact: ' privacy@acme.example ' },
      noticeFacts(noUrl, { team: 'Acme Recruiting', retentionDays: 1 }),
    );
    expect(text).toBe(
      'From Acme Recruiting via the candidate service we use to find contact details; object: privacy@acme.example',
    );
  });

  it('names the retention rule that applies to the person, says one day, and keeps a blank it does not know as typed', () => {
    expect(keptInWords(1)).toBe('up to 1 day after they were last updated, then deleted');
    expect(keptInWords(1000, 'Boston, Massachusetts, United States')).toBe(
      'up to 1,000 days after they were last updated, then deleted',
    );
    // The EU rule: in the EU, the EEA, the UK or Switzerland, or where the location is not known.
    for (const where of ['Berlin, Germany', undefined])
      expect(keptInWords(365, where)).toBe(
        '30 days after they were last updated, unless we take your application forward (then up to 365 days), then deleted',
      );
    expect(keptInWords(20, 'London, England, United Kingdom')).toBe(
      'up to 20 days after they were last updated, then deleted',
    );
    expect(
      fillNotice(
        { template: '{source} {nope}', contact: '' },
        noticeFacts(ada, { team: null, retentionDays: 5 }),
      ),
    ).toMatch(/ \{nope\}$/);
  });

  it('lists in words', () => {
    expect(listInWords([])).toBe('');
    expect(listInWords(['a'])).toBe('a');
    expect(listInWords(['a', 'b', 'c'])).toBe('a, b and c');
  });

  it('holds only found items, in words', () => {
    expect(heldInWords({ ...contactRecord('x', '1'), name: null })).toEqual(['your email address']);
  });

  it('refuses a text that would leave out the source or the way to object, or names an unknown blank', () => {
    expect(noticeProblem(DEFAULT_NOTICE)).toBeNull();
    expect(noticeProblem({ template: '  ', contact: '' })).toBe(
      'Write the notice, or put the default text back.',
    );
    expect(noticeProblem({ template: 'From {source}.', contact: '' })).toMatch(
      /^Keep \{contact\} in the notice/,
    );
    expect(noticeProblem({ template: 'Ask {contact}.', contact: '' })).toMatch(
      /^Keep \{source\} in the notice/,
    );
    expect(noticeProblem({ template: '{source} {contact} {email}', contact: '' })).toMatch(
      /^\{email\} is not a blank the notice fills\. Use \{name\}, \{who\}/,
    );
    expect(noticeProblem({ template: `${DEFAULT_NOTICE_TEMPLATE}${'x'.repeat(3000)}`, contact: '' })).toMatch(
      /under 3,000 characters/,
    );
    expect(noticeProblem({ ...DEFAULT_NOTICE, contact: 'y'.repeat(301) })).toMatch(/contact line under 300/);
  });
});
