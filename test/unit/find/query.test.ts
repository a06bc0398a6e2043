import { describe, expect, it } from 'vitest';
import { type FindIntent, findShown } from '../../../src/find/intent';
import { matchesOf } from '../../../src/find/match';
import { checkFind, FIND_PAGE_SIZE, findProblems, findRequest } from '../../../src/find/query';
import type { StoredProfile } from '../../../src/store/database/search';

const profile = (id: string, name = 'Jane Doe'): StoredProfile => ({
  id,
  name,
  current_title: 'Engineer',
  current_employer: 'Acme',
  location: 'London',
  social_url: `https://www.linkedin.com/in/${id}`,
});

describe('a find becomes one search', () => {
  it('by email: the address alone', () => {
    const checked = checkFind({ kind: 'email', email: ' Jane Doe <jane@ACME.com> ' });
    expect(checked).toEqual({ ok: true, value: { kind: 'email', email: 'jane@acme.com' } });
    expect(findRequest(checked.ok ? checked.value : (undefined as never))).toEqual({
      search_criteria: { email: ['jane@acme.com'] },
      page_size: FIND_PAGE_SIZE,
    });
  });

  it('by GitHub profile: its link and its handle', () => {
    const checked = checkFind({ kind: 'github', url: 'https://github.com/ada-codes?tab=stars' });
    expect(checked.ok && findRequest(checked.value)).toEqual({
      search_criteria: { link: ['https://github.com/ada-codes'], handle: ['ada-codes'] },
      page_size: FIND_PAGE_SIZE,
    });
  });

  it('by name: the name, and the company domain when there is one', () => {
    const at = checkFind({
      kind: 'name',
      name: ' Ada  Lovelace ',
      companyDomain: 'https://www.AnalyticalEngines.io/',
    });
    expect(at.ok && findRequest(at.value)).toEqual({
      search_criteria: { name: ['Ada Lovelace'], company_domain: ['analyticalengines.io'] },
      page_size: FIND_PAGE_SIZE,
    });
    const alone = checkFind({ kind: 'name', name: 'Ada Lovelace', companyDomain: '' });
    expect(alone.ok && findRequest(alone.value)).toEqual({
      search_criteria: { name: ['Ada Lovelace'] },
      page_size: FIND_PAGE_SIZE,
    });
  });

  it('refuses bad input field by field, before anything is built', () => {
    expect(findProblems({ kind: 'name', name: 'Ada', companyDomain: 'gmail.com' })).toEqual({
      name: expect.stringMatching(/one word/),
      companyDomain: expect.stringMatching(/public email provider/),
    });
    expect(checkFind({ kind: 'name', name: 'Ada Lovelace', companyDomain: '10.1.2.3' })).toEqual({
      ok: false,
      problem: expect.stringMatching(/IP address/),
    });
    expect(checkFind({ kind: 'email', email: 'Ada Lovelace' })).toMatchObject({ ok: false });
    expect(checkFind({ kind: 'github', url: 'https://github.com/ada-codes/repo' })).toEqual({
      ok: false,
      problem: expect.stringMatching(/not a GitHub profile page/),
    });
  });
});

describe('why a found profile matched', () => {
  const email = { kind: 'email', email: 'jane@acme.com' } as const;
  const github = { kind: 'github', handle: 'ada-codes', link: 'https://github.com/ada-codes' } as const;

  it('an identifier search that found exactly one person: exact', () => {
    expect(matchesOf(email, [profile('a')], 1)).toEqual([
      { strength: 'exact', reason: expect.stringMatching(/this email address on this person alone/) },
    ]);
    expect(matchesOf(github, [profile('a')], 1)[0]?.strength).toBe('exact');
  });

  it('an identifier search that found several: each only likely', () => {
    expect(matchesOf(email, [profile('a'), profile('b')], 2).map((m) => m.strength)).toEqual([
      'likely',
      'likely',
    ]);
    // One shown of more found (a later page): still not one person.
    expect(matchesOf(github, [profile('a')], 3)[0]).toEqual({
      strength: 'likely',
      reason: expect.stringMatching(/more than one person/),
    });
  });

  it('a name search: likely, even with one result', () => {
    const name = { kind: 'name', name: 'Jane Doe', companyDomain: 'acme.com' } as const;
    expect(matchesOf(name, [profile('a')], 1)).toEqual([
      {
        strength: 'likely',
        reason: 'Same name, at acme.com. Names are shared: check the title and company.',
      },
    ]);
    expect(matchesOf({ ...name, companyDomain: null }, [profile('a')], 1)[0]?.reason).toBe(
      'Same name. Names are shared: check the title and company.',
    );
  });
});

describe('when the side panel shows a find', () => {
  const intent: FindIntent = {
    at: '2026-01-01T10:00:00.000Z',
    query: { kind: 'email', email: 'jane@acme.com' },
  };
  const sent: FindIntent = {
    ...intent,
    sent: { searchId: 'own', query: intent.query, at: '2026-01-01T10:01:00.000Z' },
  };

  it('while it is the newest thing the panel was asked for', () => {
    expect(findShown(intent, [undefined, '2026-01-01T09:00:00.000Z'], null)).toBe(true);
    expect(findShown(intent, ['2026-01-01T10:00:01.000Z'], null)).toBe(false);
    expect(findShown(null, [], null)).toBe(false);
  });

  it('through its own search, not through a later one', () => {
    expect(findShown(sent, [], { id: 'own', startedAt: '2026-01-01T10:01:00.000Z' })).toBe(true);
    expect(findShown(sent, [], { id: 'other', startedAt: '2026-01-01T10:02:00.000Z' })).toBe(false);
    expect(findShown(intent, [], { id: 'older', startedAt: '2026-01-01T09:00:00.000Z' })).toBe(true);
  });
});
