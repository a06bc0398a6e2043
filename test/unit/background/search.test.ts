import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  deleteSavedSearch,
  renameSavedSearch,
  runSavedSearch,
  saveCurrentSearch,
} from '../../../src/background/search/saved-searches';
import {
  backToEarlierSearch,
  goToPage,
  markCutOffSearch,
  startSearch,
} from '../../../src/background/search/search';
import { searchSelection } from '../../../src/background/search/search-selection';
import { chargesOf, openCharges } from '../../../src/store/database/ledger/ledger';
import { currentSearch, savedSearches } from '../../../src/store/database/search';
import { account } from '../../../src/store/items/account';
import { CUT_OFF } from '../../../src/store/work-status';
import { freshConnection } from './service-stub';

type Body = Record<string, unknown>;

/**
 * A small stand-in for POST /v1/search: 45 matching profiles, 1 credit a page (2 with jd_search), free text and
 * job descriptions "parsed" to fixed criteria, and title expansion when include_similar_titles is in effect.
 */
function stubSearch(balance = 100) {
  const requests: Body[] = [];
  const state = { balance, fail: null as null | number };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    if (url.pathname !== '/v1/search') return json(404, { success: false, message: 'Not found' });
    const body = JSON.parse(String(init?.body)) as Body;
    requests.push(body);
    if (state.fail) return json(state.fail, { success: false, message: 'Internal server error occurred' });
    const parsed = body.jd_search
      ? { current_title: ['Registered Nurse'], current_employer: ['-Acme Health'], location: ['Boston, MA'] }
      : body.free_text_search
        ? { current_title: ['Registered Nurse'], location: ['Boston, MA'] }
        : undefined;
    const criteria = { ...(body.search_criteria as Body | undefined), ...parsed } as Record<string, string[]>;
    const expand = (body.include_similar_titles ?? body.jd_search !== undefined) === true;
    const similar =
      expand && criteria.current_title ? [...criteria.current_title, 'Charge Nurse', 'ICU Nurse'] : null;
    const start = Number(body.start ?? 1);
    const size = Number(body.page_size ?? 50);
    const total = 45;
    const count = Math.max(0, Math.min(size, total - start + 1));
    const used = count > 0 ? (body.jd_search ? 2 : 1) : 0;
    state.balance -= used;
    const hasNext = start - 1 + size < total;
    return json(200, {
      success: true,
      data: {
        profiles: Array.from({ length: count }, (_, i) => ({
          id: start + i,
          name: `Candidate ${start + i}`,
          current_title: 'Registered Nurse',
          current_employer: 'Arbor Health',
          location: 'Boston, MA',
          social_url: `https://www.linkedin.com/in/candidate-${start + i}`,
        })),
        pagination: {
          current_page: Math.floor((start - 1) / size) + 1,
          page_size: size,
          start,
          total,
          has_next: hasNext,
          next_start: hasNext ? start + size : null,
        },
      },
      credits: { used, remaining: state.balance },
      ...(expand ? { similar_titles: similar } : {}),
      ...(body.free_text_search ? { free_text_searched: parsed } : {}),
      ...(body.jd_search ? { jd_searched: parsed } : {}),
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { requests, state, fetch: fetchStub };
}

const JD = 'Acme Health is hiring a Registered Nurse in Boston, MA with 3+ years of experience.';

describe('search jobs (background)', () => {
  beforeEach(freshConnection);

  it('stores page 1 (and what the service understood) before returning it, and records the balance', async () => {
    const service = stubSearch(100);
    const seenAtRequest: unknown[] = [];
    const answer = service.fetch.getMockImplementation()!;
    service.fetch.mockImplementationOnce(async (...args) => {
      // The job is in storage, marked running, before the request leaves.
      seenAtRequest.push(await currentSearch.get());
      return answer(...args);
    });
    const session = await startSearch({
      mode: 'filters',
      request: {
        search_criteria: { current_title: ['Registered Nurse'] },
        include_similar_titles: true,
        page_size: 20,
      },
    });
    expect(seenAtRequest[0]).toMatchObject({ status: 'running', pendingStart: 1, pages: [] });
    expect(await currentSearch.get()).toEqual(session);
    expect(session).toMatchObject({ status: 'done', currentStart: 1, pageSize: 20 });
    expect(session.pages).toHaveLength(1);
    expect(session.pages[0]).toMatchObject({ start: 1, total: 45, hasNext: true, nextStart: 21, charged: 1 });
    expect(session.pages[0]!.profiles[0]!.id).toBe('1');
    expect(session.understood).toEqual({ similarTitles: ['Registered Nurse', 'Charge Nurse', 'ICU Nurse'] });
    expect((await account.get())?.remaining).toBe(99);
  });

  it('is done once its page, its settled entry and its balance are stored: what is confirmed next counts from them', async () => {
    stubSearch(100);
    await startSearch({ mode: 'filters', request: { search_criteria: { current_title: ['Nurse'] } } });
    // Read at once, as a bulk reveal confirmed right after the page reads its balance before.
    expect((await account.get())?.remaining).toBe(99);
    expect(await openCharges()).toEqual([]);
    expect(await chargesOf((await currentSearch.get())!.id, new Date(0).toISOString())).toMatchObject([
      { state: 'charged', credits: 1, remaining: 99 },
    ]);
  });

  it('later pages send the frozen body: similar titles as current_title, include_similar_titles false', async () => {
    const service = stubSearch();
    await startSearch({
      mode: 'filters',
      request: {
        search_criteria: { current_title: ['Registered Nurse'] },
        include_similar_titles: true,
        page_size: 20,
      },
    });
    const session = await goToPage(21);
    expect(service.requests[1]).toEqual({
      search_criteria: { current_title: ['Registered Nurse', 'Charge Nurse', 'ICU Nurse'] },
      include_similar_titles: false,
      page_size: 20,
      start: 21,
    });
    expect(session.currentStart).toBe(21);
    expect(session.pages.map((p) => p.start)).toEqual([1, 21]);
  });

  it('a job description costs 2 on page 1 and 1 later: jd_searched repeated, no jd_search, no re-parse', async () => {
    const service = stubSearch(100);
    const first = await startSearch({ mode: 'jd', request: { jd_search: JD, page_size: 20 } });
    expect(first.pages[0]!.charged).toBe(2);
    expect(first.understood.parsed).toEqual({
      current_title: ['Registered Nurse'],
      current_employer: ['-Acme Health'],
      location: ['Boston, MA'],
    });
    const second = await goToPage(21);
    const body = service.requests[1]!;
    expect(body).not.toHaveProperty('jd_search');
    expect(body).toEqual({
      search_criteria: {
        current_title: ['Registered Nurse', 'Charge Nurse', 'ICU Nurse'],
        current_employer: ['-Acme Health'],
        location: ['Boston, MA'],
      },
      include_similar_titles: false,
      page_size: 20,
      start: 21,
    });
    expect(second.pages[1]!.charged).toBe(1);
    expect((await account.get())?.remaining).toBe(97);
  });

  it('revisiting a page already paid for makes no request', async () => {
    const service = stubSearch();
    await startSearch({
      mode: 'free_text',
      request: { free_text_search: 'nurses in Boston', page_size: 20 },
    });
    await goToPage(21);
    expect(service.requests).toHaveLength(2);
    const back = await goToPage(1);
    expect(back.currentStart).toBe(1);
    const forward = await goToPage(21);
    expect(forward.currentStart).toBe(21);
    expect(service.requests).toHaveLength(2);
    expect((await currentSearch.get())?.currentStart).toBe(21);
  });

  it('pages are fetched in order only', async () => {
    const service = stubSearch();
    await startSearch({ mode: 'free_text', request: { free_text_search: 'nurses', page_size: 10 } });
    await expect(goToPage(31)).rejects.toMatchObject({ kind: 'not-now' });
    expect(service.requests).toHaveLength(1);
  });

  it('saved search round trip: saved with frozen criteria, so a job-description search re-runs at 1 credit', async () => {
    const service = stubSearch(100);
    await startSearch({ mode: 'jd', request: { jd_search: JD, page_size: 20 } });
    const saved = await saveCurrentSearch('  Boston   nurses ');
    expect(saved.name).toBe('Boston nurses');
    expect(saved.request).not.toHaveProperty('jd_search');
    expect(await savedSearches.all()).toEqual([saved]);
    expect((await currentSearch.get())?.savedSearchId).toBe(saved.id);

    const rerun = await runSavedSearch(saved.id);
    expect(service.requests[1]).toEqual({ ...saved.request, start: 1 });
    expect(service.requests[1]).not.toHaveProperty('jd_search');
    expect(rerun.pages[0]!.charged).toBe(1);
    expect(rerun.savedSearchId).toBe(saved.id);
    expect(rerun.mode).toBe('jd');

    await expect(saveCurrentSearch('boston NURSES')).rejects.toMatchObject({ message: /already called/ });
    const renamed = await renameSavedSearch(saved.id, 'ICU nurses');
    expect((await savedSearches.all())[0]!.name).toBe(renamed.name);
    await deleteSavedSearch(saved.id);
    expect(await savedSearches.all()).toEqual([]);
    await expect(runSavedSearch(saved.id)).rejects.toMatchObject({
      kind: 'not-now',
      message: 'That saved search no longer exists.',
    });
    expect(service.requests).toHaveLength(2);
  });

  it('a save clicked while the search step is still finishing waits for it and saves, instead of being refused', async () => {
    stubSearch(100);
    const searching = startSearch({
      mode: 'filters',
      request: { search_criteria: { current_title: ['Nurse'] } },
    });
    const saving = saveCurrentSearch('Nurses');
    await searching;
    const saved = await saving;
    expect(await savedSearches.all()).toEqual([saved]);
    expect(saved.request).toMatchObject({ search_criteria: { current_title: ['Nurse'] } });
    expect((await currentSearch.get())?.savedSearchId).toBe(saved.id);
  });

  it('refuses over-long or empty selections before any request; trims free text only when asked', async () => {
    const service = stubSearch();
    await expect(searchSelection({ mode: 'jd', text: 'x '.repeat(4300) })).rejects.toMatchObject({
      kind: 'invalid-request',
      message: expect.stringMatching(/at most 8,500\. Select less text and try again\.$/),
    });
    const long = 'Registered nurse with ICU experience in Boston '.repeat(8);
    await expect(searchSelection({ mode: 'free_text', text: long })).rejects.toMatchObject({
      message: expect.stringMatching(/at most 300/),
    });
    await expect(searchSelection({ mode: 'free_text', text: '   ' })).rejects.toMatchObject({
      message: 'The selection is empty.',
    });
    expect(service.requests).toHaveLength(0);
    expect(await currentSearch.get()).toBeNull();

    const trimmed = await searchSelection({ mode: 'free_text', text: long, trim: true });
    const sent = String(service.requests[0]!.free_text_search);
    expect(sent.length).toBeLessThanOrEqual(300);
    expect(long.startsWith(sent)).toBe(true);
    expect(trimmed.mode).toBe('free_text');
  });

  it('a failed page is stored with its error; a search left running by a stopped worker is cut off', async () => {
    const service = stubSearch();
    service.state.fail = 400;
    await expect(
      startSearch({ mode: 'filters', request: { search_criteria: { skills: ['Go'] } } }),
    ).rejects.toMatchObject({ kind: 'bad-request' });
    expect(await currentSearch.get()).toMatchObject({ status: 'failed', error: { kind: 'bad-request' } });

    const stored = (await currentSearch.get())!;
    await currentSearch.set({ ...stored, status: 'running', pendingAt: '2020-01-01T00:00:00.000Z' });
    await markCutOffSearch(new Date());
    expect(await currentSearch.get()).toMatchObject({ status: CUT_OFF });
  });

  it('a new search that brings no results keeps the paid ones it replaced, and going back to them is free', async () => {
    const service = stubSearch();
    const paid = await startSearch({
      mode: 'filters',
      request: { search_criteria: { current_title: ['Nurse'] } },
    });
    service.state.fail = 500;
    const failing = () =>
      startSearch({ mode: 'filters', request: { search_criteria: { skills: ['Go'] } } }).catch(
        () => undefined,
      );
    await failing();
    const failed = (await currentSearch.get())!;
    expect(failed).toMatchObject({
      status: 'failed',
      pages: [],
      earlier: { id: paid.id, pages: paid.pages },
    });
    // A second failure in a row still keeps them.
    await failing();
    expect((await currentSearch.get())?.earlier?.id).toBe(paid.id);

    const sent = service.requests.length;
    const back = await backToEarlierSearch();
    expect(back).toMatchObject({ id: paid.id, status: 'done', pages: paid.pages });
    expect(back).not.toHaveProperty('earlier');
    expect(await currentSearch.get()).toEqual(back);
    expect(service.requests).toHaveLength(sent);
    await expect(backToEarlierSearch()).rejects.toMatchObject({
      message: expect.stringContaining('no earlier'),
    });

    // Once a new search has results of its own, the ones it replaced are not kept.
    service.state.fail = null;
    const next = await startSearch({
      mode: 'filters',
      request: { search_criteria: { current_title: ['Doctor'] } },
    });
    expect(next).not.toHaveProperty('earlier');
  });
});

describe('one search job at a time', () => {
  beforeEach(freshConnection);

  it('two requests for the same new page pay once; the second is refused while the first runs', async () => {
    const service = stubSearch();
    await startSearch({
      mode: 'filters',
      request: { search_criteria: { current_title: ['Nurse'] }, page_size: 20 },
    });
    const [first, second] = await Promise.allSettled([goToPage(21), goToPage(21)]);
    expect(first.status).toBe('fulfilled');
    expect(second).toMatchObject({
      status: 'rejected',
      reason: { message: expect.stringContaining('already running') },
    });
    expect(service.requests).toHaveLength(2);
    expect((await currentSearch.get())?.pages.map((p) => p.start)).toEqual([1, 21]);
  });

  it('a new search cannot start while a page loads, so the newer search is never overwritten', async () => {
    const service = stubSearch();
    await startSearch({
      mode: 'filters',
      request: { search_criteria: { current_title: ['Nurse'] }, page_size: 20 },
    });
    const paging = goToPage(21);
    await expect(
      startSearch({ mode: 'free_text', request: { free_text_search: 'nurses in Boston' } }),
    ).rejects.toMatchObject({ message: expect.stringContaining('already running') });
    await paging;
    expect(service.requests).toHaveLength(2);
    // Once the page has landed, a new search runs.
    await startSearch({ mode: 'free_text', request: { free_text_search: 'nurses in Boston' } });
    expect((await currentSearch.get())?.mode).toBe('free_text');
  });
});
