import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createClient } from '../../src/api/client';
import { LIMITS, searchRequestProblem, searchSizeProblem } from '../../src/api/schema';
import { answer } from '../../src/background/router';
import { startSearch } from '../../src/background/search/search';
import { searchSelection } from '../../src/background/search/search-selection';
import { MESSAGE_LIMITS } from '../../src/input-limits';
import * as schemas from '../../src/protocol/schemas';
import { currentSearch } from '../../src/store/database/search';
import { createOptionsModel } from '../../src/ui/options/model';
import { createPopupModel } from '../../src/ui/popup/model';
import { freshConnection } from './background/service-stub';

const long = (length: number) => 'x'.repeat(length);
const TEN_MB = 10 * 1024 * 1024;

/** One filter per criterion key, `values` values each, every value `length` characters. */
function criteria(keys: number, values: number, length: number): Record<string, string[]> {
  const names = [
    'current_title',
    'skills',
    'school',
    'major',
    'degree',
    'location',
    'industry',
    'department',
  ];
  return Object.fromEntries(
    names
      .slice(0, keys)
      .map((key, k) => [key, Array.from({ length: values }, (_, i) => `${k}${i}${long(length)}`)]),
  );
}

describe('search size limits (the contract, before anything is sent)', () => {
  it('accepts values, lists and bodies up to the limits', () => {
    expect(
      searchSizeProblem({ search_criteria: { current_title: [long(LIMITS.searchValueMax)] } }),
    ).toBeNull();
    expect(
      searchSizeProblem({
        search_criteria: { skills: Array.from({ length: LIMITS.searchValuesMax }, () => 'a') },
      }),
    ).toBeNull();
    expect(searchSizeProblem({ search_criteria: criteria(6, 10, 900) })).toBeNull(); // ~54 KB
  });

  it.each([
    [
      'a value over 1,000 characters',
      { search_criteria: { current_title: ['Nurse', long(LIMITS.searchValueMax + 1)] } },
      /^The search value "x{40}…" is 1,001 characters long; a value can be at most 1,000\./,
    ],
    [
      'a 10 MB value',
      { search_criteria: { current_title: [long(TEN_MB)] } },
      /is 10,485,760 characters long; a value can be at most 1,000\./,
    ],
    [
      'a keyword string over 1,000 characters',
      { search_criteria: { keywords: long(2000) } },
      /is 2,000 characters long/,
    ],
    [
      'more than 100 values in one filter',
      { search_criteria: { skills: Array.from({ length: 101 }, (_, i) => `skill ${i}`) } },
      /^One filter has 101 values; a filter can hold at most 100\./,
    ],
    [
      'a body over 64 KB made of values within the limits',
      { search_criteria: criteria(8, 10, 900) },
      /^This search is 71 KB; a search can be at most 64 KB\./,
    ],
  ])('refuses %s with a plain message', (_label, body, message) => {
    expect(searchSizeProblem(body)).toMatch(message);
    expect(searchRequestProblem(body as never)).toMatch(message);
  });
});

describe('every entry point refuses oversized input before any request', () => {
  const fetch = vi.fn();
  beforeEach(async () => {
    await freshConnection();
    fetch.mockReset();
    vi.stubGlobal('fetch', fetch);
  });

  it('the client', async () => {
    const client = createClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' });
    await expect(client.search({ search_criteria: { current_title: [long(TEN_MB)] } })).rejects.toMatchObject(
      { kind: 'invalid-request', message: expect.stringContaining('at most 1,000') },
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a search from the side panel: refused, and nothing stored in place of the current search', async () => {
    const message = {
      mode: 'filters',
      request: { search_criteria: { current_title: [long(TEN_MB)] }, page_size: 50 },
    };
    const result = await answer(
      'startSearch',
      schemas.StartSearchInput,
      startSearch as never,
      message,
      fromPage,
    );
    expect(result).toMatchObject({ ok: false, error: { message: expect.stringMatching(/at most 1,000/) } });
    expect(fetch).not.toHaveBeenCalled();
    expect(await currentSearch.get()).toBeNull();
  });

  it('a selected text longer than any search takes', async () => {
    const result = await answer(
      'searchSelection',
      schemas.SelectionSearchInput,
      searchSelection as never,
      { mode: 'jd', text: long(MESSAGE_LIMITS.selection + 1) },
      fromPage,
    );
    expect(result).toMatchObject({
      ok: false,
      error: {
        message: 'The selected text is too long: it can be at most 50,000 characters.',
      },
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  const fromPage = {
    id: browser.runtime.id,
    url: browser.runtime.getURL('/sidepanel.html' as '/popup.html'),
  };
  const reveal = (target: object, extra: object = {}) => ({ target, selection: ['email'], ...extra });

  it.each([
    [
      'reveal',
      schemas.RevealInput,
      reveal({ socialUrl: `https://www.linkedin.com/in/${long(2000)}` }),
      'The profile URL is too long: it can be at most 2,000 characters.',
    ],
    [
      'reveal',
      schemas.RevealInput,
      reveal({ candidateId: long(201) }),
      'The candidate id is too long: it can be at most 200 characters.',
    ],
    [
      'reveal',
      schemas.RevealInput,
      reveal({ candidateId: '1' }, { hints: { name: long(301) } }),
      'The name is too long: it can be at most 300 characters.',
    ],
    [
      'saveSearch',
      schemas.NameInput,
      { name: long(201) },
      'The search name is too long: it can be at most 200 characters.',
    ],
    [
      'renameSavedSearch',
      schemas.RenameInput,
      { id: 'a', name: long(TEN_MB) },
      'The search name is too long: it can be at most 200 characters.',
    ],
    [
      'runSavedSearch',
      schemas.IdInput,
      { id: long(101) },
      'The saved search id is too long: it can be at most 100 characters.',
    ],
    [
      'saveConnection',
      schemas.SaveConnectionInput,
      { baseUrl: long(2001) },
      'The service address is too long: it can be at most 2,000 characters.',
    ],
    [
      'saveConnection',
      schemas.SaveConnectionInput,
      { baseUrl: 'http://x', apiKey: long(501) },
      'The API key is too long: it can be at most 500 characters.',
    ],
    [
      'checkCutOffReveal',
      schemas.JobInput,
      { jobId: long(101) },
      'The job id is too long: it can be at most 100 characters.',
    ],
    [
      'startBulkReveal',
      schemas.StartBulkInput,
      {
        candidates: [{ target: { socialUrl: null, candidateId: '1' }, name: long(301) }],
        selection: ['email'],
        stopWhenOut: true,
        confirmedMax: 3,
      },
      'A name is too long: it can be at most 300 characters.',
    ],
  ])(
    '"%s" refuses an oversized value in plain words, without running',
    async (type, schema, data, message) => {
      const handler = vi.fn();
      const result = await answer(type, schema, handler as never, data, fromPage);
      expect(result).toEqual({
        ok: false,
        error: expect.objectContaining({ kind: 'invalid-request', message }),
      });
      expect(handler).not.toHaveBeenCalled();
    },
  );
});

describe('the pages say the limit while typing', () => {
  beforeEach(() => fakeBrowser.reset());

  it('popup: a pasted text longer than any profile URL', () => {
    const m = createPopupModel();
    m.manualUrl.value = `https://www.linkedin.com/in/${long(TEN_MB)}`;
    expect(m.manualUrlProblem.value).toMatch(
      /^The pasted text is 10,485,788 characters; a profile URL can be at most 2,000\./,
    );
    expect(m.socialUrl.value).toBeNull();
  });

  it('options: an over-long key is refused before the permission prompt or any message', async () => {
    const request = vi.spyOn(browser.permissions, 'request');
    const m = createOptionsModel();
    m.baseUrl.value = 'http://127.0.0.1:8787';
    m.apiKey.value = long(MESSAGE_LIMITS.apiKey + 1);
    await m.save();
    expect(m.fieldProblems.value.apiKey).toBe(
      'This key is 501 characters; a key can be at most 500. Check that you pasted the key alone.',
    );
    expect(m.error.value).toBeNull();
    expect(request).not.toHaveBeenCalled();
  });
});
