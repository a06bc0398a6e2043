import { describe, expect, it } from 'vitest';
import type { SearchRequest, SearchResponse } from '../../../src/api/schema';
import { freezeRequest, pageRequest } from '../../../src/search/paging';

function response(extra: Partial<SearchResponse> = {}): SearchResponse {
  return {
    success: true,
    data: {
      profiles: [],
      pagination: { current_page: 1, page_size: 10, start: 1, total: 40, has_next: true, next_start: 11 },
    },
    credits: { used: 1, remaining: 99 },
    ...extra,
  };
}

describe('freezeRequest (rules 7 and 8)', () => {
  it('filters with similar titles: later pages send the titles searched and no expansion', () => {
    const first: SearchRequest = {
      search_criteria: { current_title: ['Registered Nurse'], location: ['Boston::~25mi'] },
      include_similar_titles: true,
      page_size: 10,
    };
    const frozen = freezeRequest(first, response({ similar_titles: ['Registered Nurse', 'Staff Nurse'] }));
    expect(frozen).toEqual({
      search_criteria: { current_title: ['Registered Nurse', 'Staff Nurse'], location: ['Boston::~25mi'] },
      include_similar_titles: false,
      page_size: 10,
    });
    // The first request is not changed.
    expect(first.search_criteria?.current_title).toEqual(['Registered Nurse']);
  });

  it('filters without similar titles keep their criteria, with the flag false', () => {
    const frozen = freezeRequest({ search_criteria: { skills: ['Python'] } }, response());
    expect(frozen).toEqual({ search_criteria: { skills: ['Python'] }, include_similar_titles: false });
  });

  it('free text: later pages repeat free_text_searched as criteria and never send the text again', () => {
    const frozen = freezeRequest(
      { free_text_search: 'nurses in Boston with 5+ years', page_size: 25 },
      response({
        free_text_searched: {
          current_title: ['Registered Nurse'],
          location: ['Boston, MA'],
          years_experience: ['5+'],
        },
      }),
    );
    expect(frozen).toEqual({
      search_criteria: {
        current_title: ['Registered Nurse'],
        location: ['Boston, MA'],
        years_experience: ['5+'],
      },
      include_similar_titles: false,
      page_size: 25,
    });
    expect(frozen).not.toHaveProperty('free_text_search');
  });

  it('job description: later pages repeat jd_searched (merged, titles from similar_titles), without jd_search, so they cost 1', () => {
    const frozen = freezeRequest(
      {
        jd_search: 'Acme Health is hiring a Registered Nurse…',
        search_criteria: { location: ['Boston, MA'] },
      },
      response({
        credits: { used: 2, remaining: 98 },
        jd_searched: {
          current_title: ['Registered Nurse'],
          current_employer: ['-Acme Health'],
          location: ['Boston, MA', 'Cambridge, MA::~10mi'],
        },
        similar_titles: ['Registered Nurse', 'Charge Nurse', 'ICU Nurse'],
      }),
    );
    expect(frozen).toEqual({
      search_criteria: {
        location: ['Boston, MA', 'Cambridge, MA::~10mi'],
        current_title: ['Registered Nurse', 'Charge Nurse', 'ICU Nurse'],
        current_employer: ['-Acme Health'],
      },
      include_similar_titles: false,
    });
    expect(frozen).not.toHaveProperty('jd_search');
  });

  it('an empty similar_titles list (or null) leaves the titles as parsed', () => {
    const frozen = freezeRequest(
      { search_criteria: { current_title: ['Nurse'] }, include_similar_titles: true },
      response({ similar_titles: null }),
    );
    expect(frozen.search_criteria?.current_title).toEqual(['Nurse']);
  });
});

describe('pageRequest (rule 8)', () => {
  it('adds start to the frozen body without changing it', () => {
    const frozen: SearchRequest = { search_criteria: { skills: ['Go'] }, include_similar_titles: false };
    expect(pageRequest(frozen, 11)).toEqual({ ...frozen, start: 11 });
    expect(frozen).not.toHaveProperty('start');
  });
});
