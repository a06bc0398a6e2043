import { beforeEach, describe, expect, it } from 'vitest';
import { haversineKm, parseRadiusTerm, resolveCity } from '../../../sim/search/location';
import { numericMatches, parseNumericTerm } from '../../../sim/search/numeric';
import { parseTextTerm } from '../../../sim/search/value-syntax';
import { withinOneEdit } from '../../../sim/text';
import { search, sharedSimulator } from './helpers';

const sim = sharedSimulator();
beforeEach(() => sim.state.reset());

/** Every profile the criteria match (ids), through the HTTP route. */
async function all(criteria: Record<string, unknown>) {
  const profiles: {
    id: string | number;
    current_title: string;
    location: string;
    current_employer: string;
  }[] = [];
  let start = 1;
  for (;;) {
    const { status, json } = await search(sim.app, { search_criteria: criteria, page_size: 100, start });
    expect(status).toBe(200);
    profiles.push(...json.data.profiles);
    if (!json.data.pagination.has_next) return { profiles, total: json.data.pagination.total as number };
    start = json.data.pagination.next_start;
  }
}

describe('text primitives', () => {
  it.each([
    ['engineer', 'enginer', true],
    ['engineer', 'engineers', true],
    ['engineer', 'enigneer', true],
    ['engineer', 'engineering', false],
    ['nurse', 'nurses', true],
    ['abc', 'abd', true],
  ])('withinOneEdit(%s, %s) = %s', (a, b, expected) => {
    expect(withinOneEdit(a, b)).toBe(expected);
  });

  it('reads the value syntax: exclusion, whole-value exact, quoted phrase, filler words', () => {
    expect(parseTextTerm('-intern')).toMatchObject({ exclude: true, words: ['intern'], whole: null });
    expect(parseTextTerm('"Software Engineer"')).toMatchObject({
      exclude: false,
      whole: 'software engineer',
    });
    expect(parseTextTerm('Senior "Java"')).toMatchObject({ phrases: [['java']], words: ['senior'] });
    expect(parseTextTerm('VP of Engineering')?.words).toEqual(['vp', 'engineering']);
    expect(parseTextTerm('  -  ')).toBeNull();
  });

  it('parses numeric operators and ranges with K/M/B suffixes', () => {
    const term = (raw: string) => {
      const parsed = parseNumericTerm(raw, 'equal');
      if (typeof parsed === 'string') throw new Error(parsed);
      return parsed;
    };
    expect(numericMatches(term('51-200'), 51)).toBe(true);
    expect(numericMatches(term('51-200'), 201)).toBe(false);
    expect(numericMatches(term('1000+'), 1000)).toBe(true);
    expect(numericMatches(term('<50'), 50)).toBe(false);
    expect(numericMatches(term('<=50'), 50)).toBe(true);
    expect(numericMatches(term('>=5M'), 5_000_000)).toBe(true);
    expect(numericMatches(term('$1.5B-2B'), 1_600_000_000)).toBe(true);
    expect(numericMatches(term('10,001+'), 10_000)).toBe(false);
    expect(numericMatches(term('5'), 6)).toBe(false);
    expect(numericMatches(term('5+'), null)).toBe(false);
    expect(parseNumericTerm('lots', 'equal')).toMatch(/not a number/);
    const min = parseNumericTerm('10000000', 'at-least');
    expect(typeof min !== 'string' && numericMatches(min, 20_000_000)).toBe(true);
  });

  it('resolves places and measures great-circle distance', () => {
    expect(resolveCity('austin, tx')?.city).toBe('Austin');
    expect(resolveCity('NYC')?.city).toBe('New York');
    expect(resolveCity('Atlantis')).toBeNull();
    const sf = resolveCity('San Francisco');
    const oakland = resolveCity('Oakland');
    expect(sf && oakland && haversineKm(sf, oakland)).toBeCloseTo(13.4, 0);
    expect(parseRadiusTerm('Austin::~abc')).toMatch(/not a radius/);
    expect(parseRadiusTerm('Austin::~10km')).toMatchObject({ radiusKm: 10 });
  });
});

describe('search matching over the dataset', () => {
  it('fuzzy: word order, case, accents and one typo in long words are ignored', async () => {
    const exact = await all({ current_title: ['Software Engineer'] });
    const typo = await all({ current_title: ['sofware enginer'] });
    const reordered = await all({ current_title: ['Engineer Software'] });
    expect(exact.total).toBeGreaterThan(100);
    expect(typo.total).toBe(exact.total);
    expect(reordered.total).toBe(exact.total);
    expect(exact.profiles.every((p) => /software/i.test(p.current_title))).toBe(true);
    // Accents: "Zoë Müller" is found as "zoe muller".
    const { profiles } = await all({ name: ['zoe muller'] });
    expect(profiles.map((p) => p.id)).toContain('demo-zoe-muller');
  });

  it('exact: a fully quoted value matches only that exact title', async () => {
    const { profiles } = await all({ current_title: ['"Software Engineer"'] });
    expect(profiles.length).toBeGreaterThan(10);
    expect(new Set(profiles.map((p) => p.current_title))).toEqual(new Set(['Software Engineer']));
  });

  it('exclusion: -value removes matching profiles; exclusions combine as AND NOT', async () => {
    const base = await all({ current_title: ['Software Engineer'] });
    const noSenior = await all({ current_title: ['Software Engineer', '-senior'] });
    expect(noSenior.total).toBeGreaterThan(0);
    expect(noSenior.total).toBeLessThan(base.total);
    expect(noSenior.profiles.some((p) => /senior/i.test(p.current_title))).toBe(false);
    expect(base.profiles.some((p) => /senior/i.test(p.current_title))).toBe(true);
  });

  it('AND across fields, OR within a field', async () => {
    const nurses = await all({ current_title: ['Registered Nurse'] });
    const boston = await all({ location: ['Boston'] });
    const both = await all({ current_title: ['Registered Nurse'], location: ['Boston'] });
    expect(both.total).toBeGreaterThan(0);
    expect(both.total).toBeLessThan(Math.min(nurses.total, boston.total));
    const either = await all({ location: ['Boston', 'Seattle'] });
    const seattle = await all({ location: ['Seattle'] });
    expect(either.total).toBe(boston.total + seattle.total);
  });

  it('radius: City::~Nmi finds nearby cities, not far ones', async () => {
    const { profiles } = await all({ location: ['Austin::~30mi'] });
    const cities = new Set(profiles.map((p) => p.location.split(',')[0]));
    expect(cities).toEqual(new Set(['Austin', 'Round Rock']));
    const wide = await all({ location: ['San Francisco::~50km'] });
    const bay = new Set(wide.profiles.map((p) => p.location.split(',')[0]));
    expect(bay.has('Oakland')).toBe(true);
    expect(bay.has('Palo Alto')).toBe(true);
    expect(bay.has('Los Angeles')).toBe(false);
  });

  it('numeric criteria filter on company size, funding and years of experience', async () => {
    const { state } = sim;
    const companyOf = (id: string | number) => state.dataset.byId.get(String(id))?.company;
    const small = await all({ company_size: ['11-50'] });
    expect(small.total).toBeGreaterThan(0);
    expect(
      small.profiles.every((p) => {
        const employees = companyOf(p.id)?.employees ?? -1;
        return employees >= 11 && employees <= 50;
      }),
    ).toBe(true);
    const funded = await all({ company_funding_min: ['100000000'] });
    expect(funded.profiles.every((p) => (companyOf(p.id)?.funding_usd ?? 0) >= 100_000_000)).toBe(true);
    const veterans = await all({ years_experience: ['20+'], current_title: ['Physician'] });
    expect(
      veterans.profiles.every((p) => (state.dataset.byId.get(String(p.id))?.years_experience ?? 0) >= 20),
    ).toBe(true);
  });

  it('orders results by relevance, then dataset order, identically every time', async () => {
    const first = await search(sim.app, {
      search_criteria: { current_title: ['Data Analyst'] },
      page_size: 20,
    });
    const second = await search(sim.app, {
      search_criteria: { current_title: ['Data Analyst'] },
      page_size: 20,
    });
    expect(first.json.data.profiles).toEqual(second.json.data.profiles);
    // The exact title ranks above titles that merely contain it ("Senior Data Analyst").
    expect(first.json.data.profiles[0].current_title).toBe('Data Analyst');
  });

  it('matches identifiers: domain, social link, phone suffix, healthcare NPI', async () => {
    const byLink = await all({ link: ['https://uk.linkedin.com/in/Ada-Lovelace-Demo/'] });
    expect(byLink.profiles.map((p) => p.id)).toEqual(['demo-ada-lovelace']);
    const byDomain = await all({ company_domain: ['https://www.tessellatepay.com/careers'] });
    expect(byDomain.profiles.map((p) => p.id)).toEqual(
      expect.arrayContaining(['demo-jose-alvarez', 'demo-kwame-mensah', 100200300]),
    );
    const byNpi = await all({ health_npi: ['1234567893'] });
    expect(byNpi.profiles.map((p) => p.id)).toEqual(['demo-grace-okafor']);
  });
});
