import { beforeEach, describe, expect, it } from 'vitest';
import { SearchResponse } from '../../../src/api/schema';
import { get, post, search, sharedSimulator } from './helpers';

const sim = sharedSimulator();
beforeEach(() => sim.state.reset());

const balance = async (key = 'demo-key') => (await get(sim.app, '/v1/account', key)).json.credits_remaining;
const NURSES = { search_criteria: { current_title: ['Registered Nurse'] } };

describe('POST /v1/search: responses and billing', () => {
  it('answers a response the contract accepts, charging 1 credit when profiles are returned', async () => {
    const { status, json } = await search(sim.app, { ...NURSES, page_size: 5 });
    expect(status).toBe(200);
    expect(SearchResponse.safeParse(json).success).toBe(true);
    expect(json.data.profiles).toHaveLength(5);
    expect(json.credits).toEqual({ used: 1, remaining: 9999 });
    expect(json.data.profiles[0]).toHaveProperty('social_url');
    expect(json.data.profiles[0]).not.toHaveProperty('personal_email');
    expect(json).not.toHaveProperty('similar_titles');
    expect(await balance()).toBe(9999);
  });

  it('charges nothing when no profile is returned (no match, or a page past the end)', async () => {
    const none = await search(sim.app, { search_criteria: { current_title: ['Chief Happiness Wizard'] } });
    expect(none.json.data.profiles).toEqual([]);
    expect(none.json.credits).toEqual({ used: 0, remaining: 10000 });
    const past = await search(sim.app, { ...NURSES, start: 100000 });
    expect(past.json.data.profiles).toEqual([]);
    expect(past.json.credits.used).toBe(0);
    expect(await balance()).toBe(10000);
    expect(sim.state.requests.list('/v1/search').map((r) => [r.status, r.charged])).toEqual([
      [200, 0],
      [200, 0],
    ]);
  });

  it('charges 2 credits for jd_search and echoes jd_searched and similar_titles (default on for JD)', async () => {
    const { json } = await search(sim.app, {
      jd_search:
        'Brightpath Health is hiring a Registered Nurse in Boston, MA. 2+ years of experience required.',
    });
    expect(json.credits.used).toBe(2);
    expect(json.jd_searched).toMatchObject({
      current_title: ['Registered Nurse'],
      current_employer: ['-Brightpath Health'],
    });
    expect(json.similar_titles).toHaveLength(8);
    expect(json.similar_titles[0]).toBe('Registered Nurse');
    expect(
      json.data.profiles.every(
        (p: { current_employer: string }) => p.current_employer !== 'Brightpath Health',
      ),
    ).toBe(true);
    const off = await search(sim.app, {
      jd_search: 'We are hiring a Registered Nurse in Boston.',
      include_similar_titles: false,
    });
    expect(off.json).not.toHaveProperty('similar_titles');
  });

  it('free_text_search: echoes free_text_searched, merges with search_criteria, parsed years replace given ones', async () => {
    const { json } = await search(sim.app, {
      free_text_search: 'registered nurses in Boston with 10+ years',
      search_criteria: { current_title: ['Charge Nurse'], years_experience: ['1-2'] },
      page_size: 100,
    });
    expect(json.free_text_searched).toEqual({
      current_title: ['Registered Nurse'],
      location: ['Boston, MA'],
      years_experience: ['10+'],
    });
    const ids = json.data.profiles.map((p: { id: string | number }) => String(p.id));
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      const profile = sim.state.dataset.byId.get(id);
      expect(profile?.years_experience).toBeGreaterThanOrEqual(10);
      expect(['Registered Nurse', 'Charge Nurse']).toContain(profile?.current_title);
    }
  });

  it('include_similar_titles: expands to 10 with the given titles first, null without current_title', async () => {
    const { json } = await search(sim.app, {
      search_criteria: { current_title: ['Software Engineer', '-intern'] },
      include_similar_titles: true,
      page_size: 1,
    });
    expect(json.similar_titles.slice(0, 2)).toEqual(['Software Engineer', 'Software Developer']);
    expect(json.similar_titles.filter((t: string) => !t.startsWith('-'))).toHaveLength(10);
    expect(json.similar_titles.at(-1)).toBe('-intern');
    const without = await search(sim.app, {
      search_criteria: { location: ['Boston'] },
      include_similar_titles: true,
    });
    expect(without.json.similar_titles).toBeNull();
  });

  it('rule 7: sending similar_titles back with include_similar_titles false searches the same set', async () => {
    const first = await search(sim.app, {
      search_criteria: { current_title: ['Data Engineer'] },
      include_similar_titles: true,
    });
    const again = await search(sim.app, {
      search_criteria: { current_title: first.json.similar_titles },
      include_similar_titles: false,
    });
    expect(again.json.data.pagination.total).toBe(first.json.data.pagination.total);
  });

  it('paginates: 1-based start, next_start, has_next, total; pages do not overlap', async () => {
    const page1 = await search(sim.app, { ...NURSES, page_size: 7 });
    const { total } = page1.json.data.pagination;
    expect(page1.json.data.pagination).toEqual({
      current_page: 1,
      page_size: 7,
      start: 1,
      total,
      has_next: true,
      next_start: 8,
    });
    const page2 = await search(sim.app, { ...NURSES, page_size: 7, start: 8 });
    expect(page2.json.data.pagination).toMatchObject({ current_page: 2, start: 8, next_start: 15 });
    const ids1 = page1.json.data.profiles.map((p: { id: string }) => p.id);
    const ids2 = page2.json.data.profiles.map((p: { id: string }) => p.id);
    expect(ids1.filter((id: string) => ids2.includes(id))).toEqual([]);
    const last = await search(sim.app, { ...NURSES, page_size: 7, start: total - 2 });
    expect(last.json.data.profiles).toHaveLength(3);
    expect(last.json.data.pagination).toMatchObject({ has_next: false, next_start: null });
    const defaults = await search(sim.app, NURSES);
    expect(defaults.json.data.profiles).toHaveLength(50);
  });

  it('sends integer-looking ids as JSON integers (the spec variant), all others as strings', async () => {
    const { json } = await search(sim.app, {
      search_criteria: { name: ['Wei Chen'], current_employer: ['Tessellate Pay'] },
    });
    expect(json.data.profiles[0].id).toBe(100200300);
  });
});

describe('POST /v1/search: errors', () => {
  it.each([
    [{}, 'Search criteria is required'],
    [{ search_criteria: {} }, 'Search criteria not provided or not formed correctly'],
    [{ search_criteria: { current_title: 'Nurse' } }, 'Search criteria not provided or not formed correctly'],
    [
      { search_criteria: { favourite_colour: ['blue'] } },
      'Search criteria not provided or not formed correctly',
    ],
    [{ search_criteria: { company_size: ['lots'] } }, 'company_size: "lots" is not a number'],
    [{ search_criteria: { location: ['Austin::~far'] } }, 'is not a radius'],
    [{ free_text_search: 'x', jd_search: 'y' }, 'mutually exclusive'],
    [{ free_text_search: 'a'.repeat(301) }, 'free_text_search is 301 characters'],
    [{ jd_search: 'a'.repeat(8501) }, 'jd_search is 8501 characters'],
    [{ ...NURSES, page_size: 0 }, 'page_size must be between 1 and 100'],
    [{ ...NURSES, page_size: 101 }, 'page_size must be between 1 and 100'],
    [{ ...NURSES, page_size: 'ten' }, 'page_size'],
    [{ ...NURSES, start: 0 }, 'start is 1-based'],
    [{ free_text_search: 'qwzx plorb' }, 'no search criteria could be understood'],
  ])('400 for %j', async (body, message) => {
    const { status, json } = await search(sim.app, body);
    expect(status).toBe(400);
    expect(json.success).toBe(false);
    expect(json.message).toContain(message);
    expect(await balance()).toBe(10000);
  });

  it('400 without Content-Type: application/json, and for invalid JSON', async () => {
    const text = await sim.app.request('/v1/search', {
      method: 'POST',
      headers: { 'x-api-key': 'demo-key', 'content-type': 'text/plain' },
      body: JSON.stringify(NURSES),
    });
    expect(text.status).toBe(400);
    expect((await text.json()).message).toMatch(/Content-Type must be application\/json/);
    const broken = await sim.app.request('/v1/search', {
      method: 'POST',
      headers: { 'x-api-key': 'demo-key', 'content-type': 'application/json; charset=utf-8' },
      body: '{"search_criteria": ',
    });
    expect(broken.status).toBe(400);
    expect((await broken.json()).message).toMatch(/not valid JSON/);
  });

  it.each([[null], ['no-such-key'], ['inactive-key']])('403 for key %s', async (key) => {
    const { status, json } = await search(sim.app, NURSES, key);
    expect(status).toBe(403);
    expect(json).toEqual({ success: false, message: 'Invalid or inactive API key' });
  });

  it('403 Insufficient credits with required and available (1, or 2 for JD)', async () => {
    const empty = await search(sim.app, NURSES, 'empty-key');
    expect(empty.status).toBe(403);
    expect(empty.json).toEqual({
      success: false,
      message: 'Insufficient credits',
      credits_info: { required: 1, available: 0 },
    });
    await post(sim.app, '/__sim/keys', { key: 'one', remaining: 1 }, null);
    const jd = await search(sim.app, { jd_search: 'Hiring a Registered Nurse in Boston' }, 'one');
    expect(jd.status).toBe(403);
    expect(jd.json.credits_info).toEqual({ required: 2, available: 1 });
    const ok = await search(sim.app, NURSES, 'one');
    expect(ok.json.credits).toEqual({ used: 1, remaining: 0 });
  });

  it('405 for the wrong method, 404 for unknown /v1 paths (after authentication)', async () => {
    expect((await get(sim.app, '/v1/search')).status).toBe(405);
    expect((await get(sim.app, '/v1/nothing')).status).toBe(404);
    expect((await get(sim.app, '/v1/nothing', null)).status).toBe(403);
  });
});
