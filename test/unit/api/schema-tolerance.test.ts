/**
 * Where the wire contract is deliberately tolerant (the spec says "not shown" or shows two variants), and where it
 * deliberately is not: each tolerance in src/api/schema.ts pinned with a value that exercises it.
 */
import { describe, expect, it } from 'vitest';
import { createClient } from '../../../src/api/client';
import { ApiError } from '../../../src/api/errors';
import {
  ContactFailure,
  LookupResponse,
  ProfileSummary,
  SearchCriteria,
  SearchResponse,
} from '../../../src/api/schema';
import { fakeFetch, instantSleep, json, lookupOk, profile, searchOk } from './fake-fetch';

const PAGINATION_EMPTY = {
  current_page: 1,
  page_size: 50,
  start: 1,
  total: 0,
  has_next: false,
  next_start: null,
};

/** A search answer with no profiles. */
function emptySearch(credits: Record<string, unknown>): Record<string, unknown> {
  return { success: true, data: { profiles: [], pagination: PAGINATION_EMPTY }, credits };
}

describe('search response: credits.used', () => {
  it('may be absent when no profiles are returned', () => {
    const parsed = SearchResponse.safeParse(emptySearch({ remaining: 5 }));
    expect(parsed.success).toBe(true);
    expect(parsed.data?.credits).toEqual({ remaining: 5 });
    expect(parsed.data?.data.profiles).toEqual([]);
  });

  it('may be 0 when no profiles are returned', () => {
    const parsed = SearchResponse.safeParse(emptySearch({ used: 0, remaining: 5 }));
    expect(parsed.success).toBe(true);
    expect(parsed.data?.credits.used).toBe(0);
  });

  it('is required when profiles are returned, and the issue points at credits.used', () => {
    const parsed = SearchResponse.safeParse(searchOk({ credits: { remaining: 5 } }));
    expect(parsed.success).toBe(false);
    const paths = parsed.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toContain('credits.used');
  });

  it('a missing remaining is refused even with no profiles', () => {
    expect(SearchResponse.safeParse(emptySearch({ used: 0 })).success).toBe(false);
  });
});

describe('search criteria: keywords', () => {
  it.each([
    ['a string', 'nursing, icu'],
    ['null', null],
    ['an array of strings', ['nursing', 'icu']],
    ['an empty array', []],
  ])('accepts %s', (_label, keywords) => {
    const parsed = SearchCriteria.safeParse({ keywords });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.keywords).toEqual(keywords);
  });

  it.each([
    ['a number', 42],
    ['an array holding a number', ['nursing', 7]],
    ['an object', { any: 'nursing' }],
  ])('refuses %s', (_label, keywords) => {
    expect(SearchCriteria.safeParse({ keywords }).success).toBe(false);
  });

  it('refuses an unknown (misspelt) criterion', () => {
    expect(SearchCriteria.safeParse({ current_titel: ['Nurse'] }).success).toBe(false);
  });
});

describe('candidate ids', () => {
  it('an integer id becomes a string', () => {
    const parsed = ProfileSummary.safeParse({ ...profile, id: 100200300 });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.id).toBe('100200300');
    expect(typeof parsed.data?.id).toBe('string');
  });

  it('an integer id inside a whole search response becomes a string', () => {
    const parsed = SearchResponse.safeParse(searchOk());
    expect(parsed.success).toBe(true);
    expect(parsed.data?.data.profiles[0]?.id).toBe('42');
  });

  it('a string id is kept as is; an empty string or a fraction is refused', () => {
    expect(ProfileSummary.safeParse({ ...profile, id: 'abc-1' }).data?.id).toBe('abc-1');
    expect(ProfileSummary.safeParse({ ...profile, id: '' }).success).toBe(false);
    expect(ProfileSummary.safeParse({ ...profile, id: 4.5 }).success).toBe(false);
  });
});

describe('unknown fields are kept', () => {
  it('at the top level, in data, in credits, in pagination and in each profile of a search', () => {
    const body = searchOk({ request_id: 'r-1', credits: { used: 1, remaining: 99, tier: 'gold' } });
    const data = body.data as { profiles: object[]; pagination: object };
    body.data = {
      profiles: [{ ...profile, seniority_score: 7 }],
      pagination: { ...data.pagination, cursor: 'abc' },
      facets: { city: 3 },
    };
    const parsed = SearchResponse.safeParse(body);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      request_id: 'r-1',
      credits: { tier: 'gold' },
      data: { facets: { city: 3 }, pagination: { cursor: 'abc' }, profiles: [{ seniority_score: 7 }] },
    });
  });

  it('in a lookup response and its contact profile', () => {
    const body = lookupOk();
    const data = body.data as { contacts: Array<{ profile: object }> };
    const contact = data.contacts[0]!;
    const withExtras = {
      ...body,
      trace: 'xyz',
      data: { ...data, contacts: [{ ...contact, profile: { ...contact.profile, twitter: '@ada' } }] },
    };
    const parsed = LookupResponse.safeParse(withExtras);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      trace: 'xyz',
      data: { contacts: [{ profile: { twitter: '@ada' } }] },
      credits: { billing_note: 'Only successful lookups were charged.' },
    });
  });
});

describe('per-contact failure', () => {
  const failure = { success: false, error: 'Profile not found', status_code: 404 };

  it('with candidate_id instead of lookup_identifier is normalised to lookup_identifier', () => {
    const parsed = ContactFailure.safeParse({ ...failure, candidate_id: 'c-77' });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual({ ...failure, lookup_identifier: 'c-77' });
    expect(parsed.data).not.toHaveProperty('candidate_id');
  });

  it('with lookup_identifier is kept as is', () => {
    const parsed = ContactFailure.safeParse({ ...failure, lookup_identifier: 'c-77', lookup_type: 'id' });
    expect(parsed.data).toEqual({ ...failure, lookup_identifier: 'c-77', lookup_type: 'id' });
  });

  it('naming neither identifier is refused', () => {
    expect(ContactFailure.safeParse(failure).success).toBe(false);
  });

  it('is normalised inside a whole lookup response too', () => {
    const body = {
      success: false,
      data: {
        contacts: [{ ...failure, candidate_id: 'c-77' }],
        summary: { total_requested: 1, successful: 0, failed: 1 },
      },
      credits: { used: 0, remaining: 96 },
    };
    const parsed = LookupResponse.safeParse(body);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.data.contacts[0]).toEqual({ ...failure, lookup_identifier: 'c-77' });
  });
});

describe('similar_titles', () => {
  it.each([
    ['null', null],
    ['an array of strings', ['Staff Nurse', 'RN']],
  ])('accepts %s', (_label, similar) => {
    const parsed = SearchResponse.safeParse(searchOk({ similar_titles: similar }));
    expect(parsed.success).toBe(true);
    expect(parsed.data?.similar_titles).toEqual(similar);
  });

  it('may be absent', () => {
    const parsed = SearchResponse.safeParse(searchOk());
    expect(parsed.success).toBe(true);
    expect(parsed.data?.similar_titles).toBeUndefined();
  });

  it('refuses a string', () => {
    expect(SearchResponse.safeParse(searchOk({ similar_titles: 'Staff Nurse' })).success).toBe(false);
  });
});

describe('through the client', () => {
  function client(body: unknown) {
    const fake = fakeFetch(json(body));
    const { sleep } = instantSleep();
    return {
      calls: fake.calls,
      client: createClient({
        baseUrl: 'https://api.example.test',
        apiKey: 'k',
        fetch: fake.fetch,
        sleep,
        random: () => 0.5,
      }),
    };
  }

  it('a search answered with profiles but no credits.used fails as malformed-response, outcome unknown, once', async () => {
    const { client: c, calls } = client(searchOk({ credits: { remaining: 5 } }));
    const error = await c.search({ search_criteria: { current_title: ['Nurse'] } }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('malformed-response');
    expect((error as ApiError).outcomeUnknown).toBe(true);
    expect((error as ApiError).message).toContain('credits.used');
    expect(calls).toHaveLength(1);
  });

  it('a search answered with no profiles and no credits.used succeeds', async () => {
    const { client: c } = client(emptySearch({ remaining: 5 }));
    const result = await c.search({ search_criteria: { current_title: ['Nurse'] } });
    expect(result.data.profiles).toEqual([]);
    expect(result.credits.remaining).toBe(5);
  });
});
