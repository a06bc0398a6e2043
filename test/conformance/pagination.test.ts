/** Spec, search rules 7 and 8: pages, next_start/has_next, frozen similar titles, JD page 2 via jd_searched. */
import { describe, expect, it } from 'vitest';
import type { SearchRequest } from '../../src/api/schema';
import { useSimulator } from './harness';

const sim = useSimulator();

describe('pagination (spec: search rules 7 and 8)', () => {
  it('rule 8: next page with start = next_start; pages do not overlap; each page costs 1', async () => {
    const client = sim.client();
    const body: SearchRequest = { search_criteria: { current_title: ['Engineer'] }, page_size: 10 };
    const page1 = await client.search(body);
    const p1 = page1.data.pagination;
    expect(p1).toMatchObject({ current_page: 1, start: 1, page_size: 10 });
    expect(p1.total).toBeGreaterThan(20);
    expect(p1.has_next).toBe(true);
    expect(p1.next_start).toBe(11);
    const page2 = await client.search({ ...body, start: p1.next_start ?? undefined });
    const p2 = page2.data.pagination;
    expect(p2).toMatchObject({ current_page: 2, start: 11, total: p1.total, next_start: 21 });
    const ids1 = new Set(page1.data.profiles.map((p) => p.id));
    expect(page2.data.profiles.some((p) => ids1.has(p.id))).toBe(false);
    expect(page2.credits.remaining).toBe(10_000 - 2);
  });

  it('rule 8: walking every page visits each profile once; the last page has has_next false, next_start null', async () => {
    const client = sim.client();
    const body: SearchRequest = {
      search_criteria: { current_title: ['"Registered Nurse"'], location: ['Boston'] },
    };
    const first = await client.search({ ...body, page_size: 100 });
    const total = first.data.pagination.total;
    expect(total).toBeGreaterThan(0);
    const pageSize = Math.max(1, Math.ceil(total / 3));
    const seen: string[] = [];
    let start: number | null = 1;
    let pages = 0;
    let last = first;
    while (start !== null && pages < 10) {
      last = await client.search({ ...body, page_size: pageSize, start });
      seen.push(...last.data.profiles.map((p) => p.id));
      pages += 1;
      if (!last.data.pagination.has_next) break;
      start = last.data.pagination.next_start;
    }
    expect(last.data.pagination.has_next).toBe(false);
    expect(last.data.pagination.next_start).toBeNull();
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  /** Page 1 with expansion, then page 2 with the returned titles frozen (rule 7). */
  async function frozenTitlePages() {
    const client = sim.client();
    const page1 = await client.search({
      search_criteria: { current_title: ['Software Engineer'] },
      include_similar_titles: true,
      page_size: 10,
    });
    const frozen = page1.similar_titles ?? [];
    const page2 = await client.search({
      search_criteria: { current_title: frozen },
      include_similar_titles: false,
      page_size: 10,
      start: page1.data.pagination.next_start ?? undefined,
    });
    return { page1, page2, frozen };
  }

  /** JD page 1, then page 2 from jd_searched with the titles frozen, without jd_search (rule 7). */
  async function jdPages() {
    const client = sim.client();
    const jd =
      'Acme Health is hiring a Registered Nurse in Boston, MA with 3+ years of experience in hospital care.';
    const page1 = await client.search({ jd_search: jd, page_size: 5 });
    const criteria = { ...(page1.jd_searched ?? {}) };
    if (page1.similar_titles) criteria.current_title = page1.similar_titles;
    const page2 = await client.search({
      search_criteria: criteria,
      include_similar_titles: false,
      page_size: 5,
      start: page1.data.pagination.next_start ?? undefined,
    });
    return { client, page1, page2, criteria };
  }

  it('rule 7: later pages search the same title set: similar_titles sent as current_title, flag false', async () => {
    const { page1, page2, frozen } = await frozenTitlePages();
    expect(frozen.length).toBeGreaterThan(1);
    expect(page1.data.pagination.has_next).toBe(true);
    expect(page2.similar_titles ?? null).toBeNull();
    expect(page2.data.pagination.total).toBe(page1.data.pagination.total);
    expect(page2.data.pagination).toMatchObject({ current_page: 2, start: 11 });
    const requests = await sim.requests();
    expect(requests.at(-1)?.body).toMatchObject({
      search_criteria: { current_title: frozen },
      include_similar_titles: false,
    });
  });

  // Rule 7: the frozen title set must rank as page 1 did, or page 2 would repeat some profiles and skip others.
  it('rule 7: page 2 with frozen titles continues page 1 (no profile repeated)', async () => {
    const { page1, page2 } = await frozenTitlePages();
    const ids1 = new Set(page1.data.profiles.map((p) => p.id));
    expect(page2.data.profiles.some((p) => ids1.has(p.id))).toBe(false);
  });

  it('rule 7: JD page 2 repeats jd_searched in search_criteria, without jd_search, and costs 1 credit', async () => {
    const { client, page1, page2 } = await jdPages();
    expect(page1.credits.used).toBe(2);
    expect(page1.data.pagination.has_next).toBe(true);
    expect(page2.credits.used).toBe(1);
    expect(page2.jd_searched).toBeUndefined();
    expect(page2.data.pagination.total).toBe(page1.data.pagination.total);
    expect(page2.data.pagination.start).toBe(6);
    expect((await client.account()).credits_remaining).toBe(10_000 - 3);
    const searches = (await sim.requests()).filter((r) => r.path === '/v1/search');
    expect(searches).toHaveLength(2);
    expect(searches[1]?.body).not.toHaveProperty('jd_search');
    expect(searches[1]?.charged).toBe(1);
  });

  // Rule 7 for a job description: page 2 sends jd_searched (and similar_titles) frozen, and continues page 1.
  it('rule 7: JD page 2 continues JD page 1 (no profile repeated)', async () => {
    const { page1, page2 } = await jdPages();
    const ids1 = new Set(page1.data.profiles.map((p) => p.id));
    expect(page2.data.profiles.some((p) => ids1.has(p.id))).toBe(false);
  });

  it('a start past the end returns no profiles, charges nothing, and has no next page', async () => {
    const client = sim.client();
    const body: SearchRequest = { search_criteria: { current_title: ['"Registered Nurse"'] }, page_size: 10 };
    const first = await client.search(body);
    const beyond = await client.search({ ...body, start: first.data.pagination.total + 1 });
    expect(beyond.data.profiles).toEqual([]);
    expect(beyond.data.pagination.has_next).toBe(false);
    expect(beyond.credits.used ?? 0).toBe(0);
    expect(beyond.credits.remaining).toBe(10_000 - 1);
  });
});
