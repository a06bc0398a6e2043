import { describe, expect, it } from 'vitest';
import type { ContactSummary } from '../../../../src/ui/contacts/library-reads';
import {
  counts,
  countsAfter,
  DEFAULT_QUERY,
  leadsAll,
  listsAll,
  noticeOverdue,
  patchPrepared,
  prepare,
  query,
  summariesOf,
  without,
} from '../../../../src/ui/contacts/query';

const now = Date.parse('2026-11-22T12:00:00.000Z');
const daysAgo = (n: number) => now - n * 86_400_000;
const summary = (name: string, extra: Partial<ContactSummary>): ContactSummary => ({
  key: name,
  name,
  title: null,
  employer: null,
  held: [],
  missing: [],
  updated: daysAgo(1),
  unknown: false,
  ...extra,
});

const all = [
  summary('Grace Okafor', {
    title: 'Registered Nurse',
    employer: 'Brightpath Health',
    held: ['email', 'phone'],
    updated: daysAgo(2),
  }),
  summary('Ada Lovelace', {
    title: 'Analyst',
    employer: 'Babbage Ltd',
    held: ['email'],
    updated: daysAgo(40),
  }),
  summary('Zoë Müller', {
    title: 'Nurse Practitioner',
    employer: 'Arbor Health',
    held: ['healthcare_profile'],
    updated: daysAgo(400),
  }),
  summary('Wei Chen', {
    title: 'Engineer',
    employer: 'Tessellate Pay',
    missing: ['email'],
    updated: daysAgo(5),
  }),
];
const names = (list: ContactSummary[]) => list.map((s) => s.name);
const run = (q: Partial<typeof DEFAULT_QUERY>) => names(query(prepare(all), { ...DEFAULT_QUERY, ...q }, now));

describe('library search, filters and sort', () => {
  it('searches name, title and employer: every word must appear, any case', () => {
    expect(run({ text: 'nurse' })).toEqual(['Grace Okafor', 'Zoë Müller']);
    expect(run({ text: 'HEALTH nurse arbor' })).toEqual(['Zoë Müller']);
    expect(run({ text: 'babbage' })).toEqual(['Ada Lovelace']);
    expect(run({ text: 'nobody' })).toEqual([]);
  });

  it('filters by what is held and when', () => {
    expect(run({ holding: 'email' })).toEqual(['Grace Okafor', 'Ada Lovelace']);
    expect(run({ holding: 'nothing' })).toEqual(['Wei Chen']);
    expect(run({ since: 7 })).toEqual(['Grace Okafor', 'Wei Chen']);
    expect(run({ since: 365, holding: 'email' })).toEqual(['Grace Okafor', 'Ada Lovelace']);
  });

  it('sorts newest, oldest, by name and by company', () => {
    expect(run({ sort: 'newest' })).toEqual(['Grace Okafor', 'Wei Chen', 'Ada Lovelace', 'Zoë Müller']);
    expect(run({ sort: 'oldest' })).toEqual(['Zoë Müller', 'Ada Lovelace', 'Wei Chen', 'Grace Okafor']);
    expect(run({ sort: 'name' })).toEqual(['Ada Lovelace', 'Grace Okafor', 'Wei Chen', 'Zoë Müller']);
    expect(run({ sort: 'company' })).toEqual(['Zoë Müller', 'Ada Lovelace', 'Grace Okafor', 'Wei Chen']);
  });

  it("sorts by each of the table's columns both ways, a contact without the column's text last A to Z", () => {
    expect(run({ sort: 'name-desc' })).toEqual(['Zoë Müller', 'Wei Chen', 'Grace Okafor', 'Ada Lovelace']);
    expect(run({ sort: 'title' })).toEqual(['Ada Lovelace', 'Wei Chen', 'Zoë Müller', 'Grace Okafor']);
    expect(run({ sort: 'title-desc' })).toEqual(['Grace Okafor', 'Zoë Müller', 'Wei Chen', 'Ada Lovelace']);
    expect(run({ sort: 'company-desc' })).toEqual(['Wei Chen', 'Grace Okafor', 'Ada Lovelace', 'Zoë Müller']);
    const placed = all.map((s) =>
      s.name === 'Wei Chen'
        ? { ...s, location: 'Boston' }
        : s.name === 'Ada Lovelace'
          ? { ...s, location: 'London' }
          : s,
    );
    const byLocation = (sort: 'location' | 'location-desc') =>
      names(query(prepare(placed), { ...DEFAULT_QUERY, sort }, now));
    // Without a location, by name after those with one.
    expect(byLocation('location')).toEqual(['Wei Chen', 'Ada Lovelace', 'Grace Okafor', 'Zoë Müller']);
    expect(byLocation('location-desc')).toEqual(['Zoë Müller', 'Grace Okafor', 'Ada Lovelace', 'Wei Chen']);
  });

  it('counts contacts and what they hold', () => {
    expect(counts(all)).toEqual({
      total: 4,
      held: { email: 2, phone: 1, detailed_profile: 0, healthcare_profile: 1 },
    });
  });
});

describe('the first page leading every contact', () => {
  const every = Array.from({ length: 30 }, (_, i) =>
    summary(`p${String(i).padStart(2, '0')}`, { updated: daysAgo(i) }),
  );
  const top = every.slice(0, 10).map((s) => ({ ...s }));

  it('holds when the first page is the top of every contact in the default order', () => {
    expect(leadsAll(top, [...every].reverse())).toBe(true);
    expect(leadsAll([], [])).toBe(true);
  });

  it('fails when a contact outside it ranks above its last row, one of its rows is missing or changed', () => {
    expect(leadsAll(top, [...every, summary('newer', { updated: daysAgo(0.5) })])).toBe(false);
    expect(leadsAll(top, every.slice(1))).toBe(false);
    expect(
      leadsAll(
        top,
        every.map((s, i) => (i === 3 ? { ...s, held: ['email' as const] } : s)),
      ),
    ).toBe(false);
    expect(
      leadsAll(
        top,
        every.map((s, i) => (i === 4 ? { ...s, name: 'Renamed' } : s)),
      ),
    ).toBe(false);
    expect(leadsAll([], every)).toBe(false);
  });
});

describe('a change patched into the prepared contacts', () => {
  const many = Array.from({ length: 300 }, (_, i) =>
    summary(`Person ${i}`, {
      key: `k${(i * 37) % 300}`,
      title: i % 3 ? 'Engineer' : 'Nurse',
      employer: i % 4 ? 'Arbor' : null,
      // Ties in time, broken by key.
      updated: daysAgo(i % 20),
    }),
  );
  const sorts = ['newest', 'oldest', 'name', 'name-desc', 'company', 'company-desc'] as const;

  it('answers every query as the list prepared anew would, after contacts go and come', () => {
    const prepared = prepare(many);
    for (const sort of sorts) query(prepared, { ...DEFAULT_QUERY, sort }, now);
    const gone = new Set(['k5', 'k100', 'k299', 'nobody']);
    const put = [
      summary('Newcomer', { key: 'k-new', updated: daysAgo(3), title: 'Nurse' }),
      // A contact changed: its old summary goes, its new one comes.
      summary('Person 8 Changed', { key: many[8]!.key, updated: daysAgo(0), employer: 'Arbor' }),
      summary('Tied', { key: 'k0a', updated: daysAgo(7) }),
    ];
    const patched = patchPrepared(prepared, gone, put);
    const every = [...many.filter((s) => !gone.has(s.key) && !put.some((p) => p.key === s.key)), ...put];
    const fresh = prepare(every);
    for (const sort of sorts)
      for (const text of ['', 'nurse', 'arbor']) {
        const q = { ...DEFAULT_QUERY, sort, text };
        expect(query(patched, q, now)).toEqual(query(fresh, q, now));
      }
  });

  it('takes many out at once as it takes a few, and counts what is left as a count of it would', () => {
    const prepared = prepare(many);
    for (const sort of sorts) query(prepared, { ...DEFAULT_QUERY, sort }, now);
    const gone = new Set(many.filter((_, i) => i % 3 === 0).map((s) => s.key));
    const put = [summary('Newcomer', { key: 'k-new', held: ['email', 'phone'] })];
    const before = counts(many);
    const leaving = summariesOf(prepared, gone);
    expect(leaving).toHaveLength(100);
    const patched = patchPrepared(prepared, gone, put);
    const every = [...many.filter((s) => !gone.has(s.key)), ...put];
    for (const sort of sorts) {
      const q = { ...DEFAULT_QUERY, sort, text: 'nurse' };
      expect(query(patched, q, now)).toEqual(query(prepare(every), q, now));
    }
    expect(countsAfter(before, leaving, put)).toEqual(counts(every));
    expect(without(many, leaving)).toEqual(many.filter((s) => !gone.has(s.key)));
    expect(without(many, leaving.slice(0, 2))).toEqual(many.filter((s) => !leaving.slice(0, 2).includes(s)));
  });

  it('keeps the orders already sorted when contacts only go, and those by time when some come', () => {
    const prepared = prepare(many);
    for (const sort of sorts) query(prepared, { ...DEFAULT_QUERY, sort }, now);
    expect([...patchPrepared(prepared, new Set(['k1']), []).sorted.keys()].sort()).toEqual([...sorts].sort());
    const added = patchPrepared(prepared, new Set(), [summary('New', { key: 'kn' })]);
    expect([...added.sorted.keys()].sort()).toEqual(['newest', 'oldest']);
  });
});

describe('the privacy notice filter', () => {
  const owed = [
    summary('Told', { held: ['email'], obtained: daysAgo(40), noticed: daysAgo(35) }),
    summary('Overdue', { held: ['email'], obtained: daysAgo(31), updated: daysAgo(2) }),
    summary('Recent', { held: ['email'], obtained: daysAgo(3) }),
    summary('Nothing held', { missing: ['email'], updated: daysAgo(90) }),
  ];
  const due = (notice: 7 | 30 | 'any') => names(query(prepare(owed), { ...DEFAULT_QUERY, notice }, now));

  it('lists those revealed more than N days ago, from their first item, with no notice copied', () => {
    // Revealed 31 days ago and changed 2 days ago: the month runs from the first item bought.
    expect(due(30)).toEqual(['Overdue']);
    expect(due(7)).toEqual(['Overdue']);
    expect(due('any')).toHaveLength(4);
    expect(noticeOverdue(owed[2]!, 2, now)).toBe(true);
    expect(noticeOverdue(owed[2]!, 3, now)).toBe(false);
  });

  it('is a filter: the library no longer lists every contact in its first order', () => {
    expect(listsAll({ ...DEFAULT_QUERY, notice: 14 })).toBe(false);
    expect(listsAll(DEFAULT_QUERY)).toBe(true);
  });
});
