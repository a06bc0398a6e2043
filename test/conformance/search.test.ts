/** Spec, endpoint 1 (POST /v1/search): every rule, through the real client against the simulator. */
import { describe, expect, it } from 'vitest';
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import type { SearchResponse } from '../../src/api/schema';
import { failure, postJson, useSimulator } from './harness';

const sim = useSimulator();

const lower = (s: string) => s.toLowerCase();

describe('search (spec: endpoint 1)', () => {
  it('structured criteria: profiles with the summary fields, pagination and credits (1 credit)', async () => {
    const client = sim.client();
    const result = await client.search({
      search_criteria: { current_title: ['Registered Nurse'] },
      page_size: 10,
    });
    expect(result.success).toBe(true);
    expect(result.data.profiles.length).toBeGreaterThan(0);
    expect(result.data.profiles.length).toBeLessThanOrEqual(10);
    for (const profile of result.data.profiles) {
      expect(typeof profile.id).toBe('string');
      expect(profile.name).not.toBe('');
      expect(profile.social_url).toMatch(/^https:\/\/www\.linkedin\.com\/in\/[^/]+$/);
    }
    expect(result.data.pagination).toMatchObject({ page_size: 10, start: 1, current_page: 1 });
    expect(result.credits.used).toBe(1);
    expect(result.credits.remaining).toBe(10_000 - 1);
    expect((await client.account()).credits_remaining).toBe(10_000 - 1);
  });

  it('page_size defaults to 50 and start to 1', async () => {
    const result = await sim.client().search({ search_criteria: { current_title: ['Engineer'] } });
    expect(result.data.pagination.page_size).toBe(50);
    expect(result.data.pagination.start).toBe(1);
    expect(result.data.profiles.length).toBeLessThanOrEqual(50);
  });

  it('page_size 100 returns up to 100 profiles', async () => {
    const result = await sim
      .client()
      .search({ search_criteria: { location: ['United States'] }, page_size: 100 });
    expect(result.data.profiles.length).toBeLessThanOrEqual(100);
    expect(result.data.pagination.page_size).toBe(100);
  });

  it('rule 1: without criteria, free text or JD the client refuses, and the service would answer 400', async () => {
    const error = await failure(sim.client().search({}));
    expect(error.kind).toBe('invalid-request');
    expect(await sim.requests()).toEqual([]);
    const raw = await sim.raw('/v1/search', postJson({ page_size: 10 }));
    expect(raw.status).toBe(400);
    expect(raw.body).toMatchObject({ success: false });
    expect(String((raw.body as { message: string }).message)).toMatch(/search criteria/i);
  });

  it('rule 2: free_text_search with jd_search is refused by the client, and by the service with 400', async () => {
    const error = await failure(sim.client().search({ free_text_search: 'nurse', jd_search: 'nurse' }));
    expect(error.kind).toBe('invalid-request');
    expect(error.message).toMatch(/mutually exclusive/);
    expect(await sim.requests()).toEqual([]);
    const raw = await sim.raw('/v1/search', postJson({ free_text_search: 'nurse', jd_search: 'nurse' }));
    expect(raw.status).toBe(400);
  });

  it('limits: free text over 300, JD over 8,500, page_size outside 1..100 give 400 from the service', async () => {
    for (const body of [
      { free_text_search: 'x'.repeat(301) },
      { jd_search: 'x'.repeat(8501) },
      { search_criteria: { current_title: ['Nurse'] }, page_size: 0 },
      { search_criteria: { current_title: ['Nurse'] }, page_size: 101 },
    ]) {
      const raw = await sim.raw('/v1/search', postJson(body));
      expect(raw.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(raw.body).toMatchObject({ success: false, message: expect.any(String) });
    }
  });

  it('rule 4: free text is parsed into structured criteria and echoed as free_text_searched', async () => {
    const result = await sim.client().search({
      free_text_search: 'Registered nurses in Boston with 5+ years of experience',
    });
    expect(result.free_text_searched).toBeDefined();
    const parsed = result.free_text_searched ?? {};
    expect((parsed.current_title ?? []).map(lower).join(' ')).toMatch(/nurse/);
    expect((parsed.location ?? []).map(lower).join(' ')).toMatch(/boston/);
    expect(parsed.years_experience?.length).toBeGreaterThan(0);
    expect(result.credits.used).toBe(result.data.profiles.length > 0 ? 1 : (result.credits.used ?? 0));
  });

  it('rule 5: a JD is parsed (hiring company excluded), echoed as jd_searched, and costs 2 credits', async () => {
    const jd =
      'Acme Health is hiring a Registered Nurse in Boston, MA. You have 3+ years of experience in hospital care ' +
      'and a degree in Nursing. Join Acme Health in the healthcare industry.';
    const result = await sim.client().search({ jd_search: jd });
    expect(result.jd_searched).toBeDefined();
    const parsed = result.jd_searched ?? {};
    expect((parsed.current_title ?? []).map(lower).join(' ')).toMatch(/nurse/);
    expect(parsed.current_employer?.some((value) => value.startsWith('-'))).toBe(true);
    expect(result.data.profiles.length).toBeGreaterThan(0);
    expect(result.credits.used).toBe(2);
    expect(result.credits.remaining).toBe(10_000 - 2);
  });

  it('rule 5/6: include_similar_titles defaults to true with a JD, and may be set false', async () => {
    const jd = 'We are hiring a Software Engineer in Austin, TX with 2+ years of experience.';
    const withDefault = await sim.client().search({ jd_search: jd });
    expect(withDefault.similar_titles?.length ?? 0).toBeGreaterThan(0);
    const withFalse = await sim.client().search({ jd_search: jd, include_similar_titles: false });
    expect(withFalse.similar_titles ?? null).toBeNull();
  });

  it('rule 6: include_similar_titles expands fewer than 10 titles up to 10, given titles first', async () => {
    const result = await sim.client().search({
      search_criteria: { current_title: ['Registered Nurse'] },
      include_similar_titles: true,
    });
    const titles = result.similar_titles ?? [];
    expect(titles.length).toBeGreaterThan(1);
    expect(titles.length).toBeLessThanOrEqual(10);
    expect(titles[0]).toBe('Registered Nurse');
  });

  it('rule 6: with 10 titles given there is no expansion', async () => {
    const ten = [
      'Registered Nurse',
      'Nurse Practitioner',
      'Charge Nurse',
      'Nurse Manager',
      'ICU Nurse',
      'Staff Nurse',
      'Travel Nurse',
      'Clinical Nurse Specialist',
      'Licensed Practical Nurse',
      'Nurse Educator',
    ];
    const result = await sim
      .client()
      .search({ search_criteria: { current_title: ten }, include_similar_titles: true });
    expect(result.similar_titles).toEqual(ten);
  });

  it('rule 6: without current_title the flag has no effect', async () => {
    const result = await sim.client().search({
      search_criteria: { location: ['Boston'] },
      include_similar_titles: true,
    });
    expect(result.similar_titles ?? null).toBeNull();
  });

  it('similar_titles is absent when include_similar_titles is false (the default without a JD)', async () => {
    const result = await sim.client().search({ search_criteria: { current_title: ['Registered Nurse'] } });
    expect(result.similar_titles ?? null).toBeNull();
  });

  it('rule 3: parsed arrays are merged with the same-named search_criteria arrays', async () => {
    const client = sim.client();
    const onlyText = await client.search({ free_text_search: 'Registered nurses in Boston', page_size: 100 });
    const merged = await client.search({
      free_text_search: 'Registered nurses in Boston',
      search_criteria: { location: ['Chicago'] },
      page_size: 100,
    });
    expect(merged.data.pagination.total).toBeGreaterThan(onlyText.data.pagination.total);
    const locations = merged.data.profiles.map((p) => lower(p.location));
    expect(locations.some((l) => l.includes('boston'))).toBe(true);
    expect(locations.some((l) => l.includes('chicago'))).toBe(true);
    expect(locations.every((l) => l.includes('boston') || l.includes('chicago'))).toBe(true);
  });

  it('rule 3: a parsed years_experience replaces the one given in search_criteria', async () => {
    const client = sim.client();
    const text = 'Registered nurses with 10+ years of experience';
    const parsedOnly = await client.search({ free_text_search: text });
    const withGiven = await client.search({
      free_text_search: text,
      search_criteria: { years_experience: ['1-2'] },
    });
    const givenOnly = await client.search({
      search_criteria: { current_title: ['Registered Nurse'], years_experience: ['1-2'] },
    });
    expect(withGiven.free_text_searched?.years_experience).toEqual(
      parsedOnly.free_text_searched?.years_experience,
    );
    expect(withGiven.data.pagination.total).toBe(parsedOnly.data.pagination.total);
    expect(withGiven.data.pagination.total).not.toBe(givenOnly.data.pagination.total);
  });

  it('exclusion: a "-" value removes matching titles', async () => {
    const result = await sim.client().search({
      search_criteria: { current_title: ['Nurse', '-Senior'] },
      page_size: 100,
    });
    expect(result.data.profiles.length).toBeGreaterThan(0);
    for (const p of result.data.profiles) expect(lower(p.current_title)).not.toContain('senior');
  });

  it('fuzzy by default (word order and typos ignored); exact with double quotes', async () => {
    const client = sim.client();
    const exact = await client.search({
      search_criteria: { current_title: ['"Registered Nurse"'] },
      page_size: 100,
    });
    expect(exact.data.profiles.length).toBeGreaterThan(0);
    for (const p of exact.data.profiles) expect(lower(p.current_title)).toContain('registered nurse');
    const reordered = await client.search({ search_criteria: { current_title: ['Nurse Registered'] } });
    expect(reordered.data.pagination.total).toBeGreaterThanOrEqual(exact.data.pagination.total);
    const typo = await client.search({ search_criteria: { current_title: ['Registerd Nurse'] } });
    expect(typo.data.profiles.length).toBeGreaterThan(0);
    const exactReordered = await client.search({
      search_criteria: { current_title: ['"Nurse Registered"'] },
    });
    expect(exactReordered.data.pagination.total).toBeLessThan(reordered.data.pagination.total);
  });

  it('location radius: City::~Nmi keeps profiles within N miles', async () => {
    const client = sim.client();
    const near = await client.search({ search_criteria: { location: ['Boston::~25mi'] }, page_size: 100 });
    const far = await client.search({ search_criteria: { location: ['Boston::~300mi'] }, page_size: 100 });
    expect(near.data.profiles.length).toBeGreaterThan(0);
    expect(far.data.pagination.total).toBeGreaterThanOrEqual(near.data.pagination.total);
    const boston = { lat: 42.3601, lon: -71.0589 };
    for (const p of near.data.profiles) {
      if (p.region_latitude === undefined || p.region_longitude === undefined) continue;
      expect(miles(boston, { lat: Number(p.region_latitude), lon: Number(p.region_longitude) })).toBeLessThan(
        30,
      );
    }
  });

  it('numeric operators: N+ and <N split company_size and years_experience; a range is a subset', async () => {
    const client = sim.client();
    const total = async (extra: Record<string, string[]>) =>
      (await client.search({ search_criteria: { current_title: ['Engineer'], ...extra } })).data.pagination
        .total;
    const all = await total({});
    expect(all).toBeGreaterThan(0);
    const big = await total({ company_size: ['1000+'] });
    const small = await total({ company_size: ['<1000'] });
    expect(big).toBeGreaterThan(0);
    expect(small).toBeGreaterThan(0);
    expect(big + small).toBe(all);
    const range = await total({ company_size: ['100-500'] });
    expect(range).toBeGreaterThan(0);
    expect(range).toBeLessThanOrEqual(small);
    const senior = await total({ years_experience: ['5+'] });
    const junior = await total({ years_experience: ['<5'] });
    expect(senior + junior).toBe(all);
  });

  it('profile id: an integer on the wire (one variant) reaches the caller as a string', async () => {
    const { numericId } = DEMO_PROFILES;
    const criteria = { name: [`"${numericId.name}"`], current_employer: [numericId.company.name] };
    const raw = await sim.raw('/v1/search', postJson({ search_criteria: criteria }));
    const wire = (raw.body as { data: { profiles: { id: unknown }[] } }).data.profiles[0]?.id;
    expect(wire).toBe(Number(numericId.id));
    const result = await sim.client().search({ search_criteria: criteria });
    expect(result.data.profiles[0]?.id).toBe(numericId.id);
  });

  it('Content-Type: application/json is required on POST; the client sends it', async () => {
    const raw = await sim.raw('/v1/search', {
      method: 'POST',
      headers: { 'x-api-key': 'demo-key', 'Content-Type': 'text/plain' },
      body: JSON.stringify({ search_criteria: { current_title: ['Nurse'] } }),
    });
    expect(raw.status).toBe(400);
    const result = await sim.client().search({ search_criteria: { current_title: ['Nurse'] } });
    expect(result.success).toBe(true);
  });

  it('deterministic order: the same search twice gives the same profiles', async () => {
    const body = { search_criteria: { current_title: ['Engineer'] }, page_size: 20 };
    const a: SearchResponse = await sim.client().search(body);
    const b: SearchResponse = await sim.client().search(body);
    expect(b.data.profiles.map((p) => p.id)).toEqual(a.data.profiles.map((p) => p.id));
  });

  it('no profiles: nothing is charged', async () => {
    const client = sim.client();
    const result = await client.search({ search_criteria: { name: ['"Zzyzx Qwertyuiop Nonexistent"'] } });
    expect(result.data.profiles).toEqual([]);
    expect(result.credits.used ?? 0).toBe(0);
    expect((await client.account()).credits_remaining).toBe(10_000);
  });
});

function miles(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(h));
}
