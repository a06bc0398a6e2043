import { describe, expect, it } from 'vitest';
import { describeLinkedInUrl, PASTED } from '@/src/sites/linkedin/describe-url';
import * as memberIdProfile from '@/src/sites/linkedin/member-id-profile';
import type { KindExamples, PageKind } from '@/src/sites/linkedin/page-kind';
import { PAGE_KINDS, pageKindOf } from '@/src/sites/linkedin/page-kinds';
import { PAGE_WORDS } from '@/src/sites/linkedin/page-words';
import * as peopleSearch from '@/src/sites/linkedin/people-search';
import * as profile from '@/src/sites/linkedin/profile';
import * as recruiterList from '@/src/sites/linkedin/recruiter-list';
import * as recruiterProfile from '@/src/sites/linkedin/recruiter-profile';
import * as salesLead from '@/src/sites/linkedin/sales-lead';
import * as salesPeople from '@/src/sites/linkedin/sales-people';

/** Every kind with its examples; a kind added to PAGE_KINDS without examples fails below. */
const KINDS: Array<[PageKind, KindExamples]> = [
  [profile.profile, profile.EXAMPLES],
  [memberIdProfile.memberIdProfile, memberIdProfile.EXAMPLES],
  [peopleSearch.peopleSearch, peopleSearch.EXAMPLES],
  [salesLead.salesLead, salesLead.EXAMPLES],
  [salesPeople.salesPeople, salesPeople.EXAMPLES],
  [recruiterProfile.recruiterProfile, recruiterProfile.EXAMPLES],
  [recruiterList.recruiterList, recruiterList.EXAMPLES],
];

describe('page kinds', () => {
  it('every kind has examples of both sorts', () => {
    expect(KINDS.map(([kind]) => kind.id).sort()).toEqual(PAGE_KINDS.map((kind) => kind.id).sort());
    for (const [, examples] of KINDS) {
      expect(examples.matches.length).toBeGreaterThanOrEqual(3);
      expect(examples.others.length).toBeGreaterThanOrEqual(3);
    }
  });

  describe.each(KINDS)('$id', (kind, examples) => {
    it.each(examples.matches)('is %s', (url) => {
      expect(pageKindOf(url)?.id).toBe(kind.id);
    });
    it.each(examples.others)('is not %s', (url) => {
      expect(pageKindOf(url)?.id).not.toBe(kind.id);
    });
  });

  it.each([
    'https://www.linkedin.com/feed/',
    'https://www.linkedin.com/jobs/view/123/',
    'https://www.linkedin.com/company/acme/people/',
    'https://linkedin.com.evil.example/sales/lead/ACwAAAkDbz0BqQ2z,NAME_SEARCH,Xk2L',
    'https://evil.example/search/results/people/?keywords=x',
    'javascript:alert(1)//www.linkedin.com/in/ada',
    'https://www.linkedin.com:8443/sales/search/people',
    'https://business.linkedin.com/talent-solutions/recruiter',
    'not a url at all',
    '',
  ])('%j is no kind', (url) => {
    expect(pageKindOf(url)).toBeNull();
  });
});

describe('describeLinkedInUrl', () => {
  it.each([
    [
      'https://www.linkedin.com/sales/lead/ACwAAAkDbz0BqQ2z,NAME_SEARCH,Xk2L',
      'sales-lead',
      /Sales Navigator lead/,
    ],
    ['https://www.linkedin.com/sales/lists/people/7123456789012345678', 'sales-people', /lead list/],
    [
      'https://www.linkedin.com/talent/profile/AEMAAAkDbz0BqQ2zXk2L',
      'recruiter-profile',
      /Recruiter profile/,
    ],
    ['https://www.linkedin.com/talent/hire/1234567/manage/all', 'recruiter-list', /Recruiter project/],
    ['https://www.linkedin.com/search/results/people/?keywords=nurse', 'people-search', /people search/],
    ['https://www.linkedin.com/in/ACoAABcdEfG123456789', 'member-id-profile', /internal id/],
  ])('%s is a %s page, with a specific message for a pasted URL', (url, kind, message) => {
    const described = describeLinkedInUrl(url);
    expect(described?.kind).toBe(kind);
    expect(described?.pasted).toMatch(message);
  });

  it('has nothing to object to in a profile URL, and nothing to say of other pages', () => {
    expect(describeLinkedInUrl('https://www.linkedin.com/in/ada-lovelace-demo')?.pasted).toBeNull();
    expect(describeLinkedInUrl('https://www.linkedin.com/feed/')).toBeNull();
  });

  it.each(PAGE_KINDS.map((kind) => kind.id))('%s: its words say what to do, in plain words', (kind) => {
    const { label, toResolve } = PAGE_WORDS[kind];
    for (const text of [label, toResolve, PASTED[kind]]) {
      if (text === null) continue;
      expect(text).not.toMatch(/social_url|urn:|undefined|null/);
    }
    expect(toResolve).toMatch(/[.]$/);
  });
});
