import { describe, expect, it } from 'vitest';
import { type BulkCandidate, mergeCandidates, planBulk } from '../../../src/bulk/quote';
import type { ContactRecord } from '../../../src/store/database/vault/vault-record';

const person = (socialUrl: string | null, candidateId: string | null, name = 'X'): BulkCandidate => ({
  target: { socialUrl, candidateId },
  name,
});
const url = (slug: string) => `https://www.linkedin.com/in/${slug}`;

const held = (key: string, items: Partial<ContactRecord>): ContactRecord => ({
  v: 1,
  key,
  socialUrl: key,
  candidateId: null,
  name: null,
  currentTitle: null,
  currentEmployer: null,
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...items,
});

describe('bulk quote', () => {
  it('merges rows by profile URL and by candidate id, keeping what either row knew', () => {
    const merged = mergeCandidates([
      person(url('ada'), null, 'Ada'),
      person(null, '7', 'Ada (id)'),
      person(url('ada'), '7'),
      person(url('grace'), null, 'Grace'),
      person(null, '8', 'Id only'),
    ]);
    // The third row says id 7 is Ada's: the id-only row joins her entry (else two lookups could pay twice).
    expect(merged.map((p) => p.target)).toEqual([
      { socialUrl: url('ada'), candidateId: '7' },
      { socialUrl: url('grace'), candidateId: null },
      { socialUrl: null, candidateId: '8' },
    ]);
    expect(merged[0]!.name).toBe('Ada');
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'treats the id or slug %s as plain data',
    (hostile) => {
      const merged = mergeCandidates([
        person(url(hostile), hostile),
        person(null, hostile),
        person(url(hostile), null),
      ]);
      expect(merged).toHaveLength(1);
      expect(merged[0]!.target).toEqual({ socialUrl: url(hostile), candidateId: hostile });
    },
  );

  it('quotes held contacts at 0 and the rest at the most each item can cost', () => {
    const people = [person(url('a'), null), person(url('b'), null), person(url('c'), null)];
    const records = new Map<string, ContactRecord>([
      [
        url('a'),
        held(url('a'), {
          email: { found: true, value: 'a@x.org', at: 'x' },
          phone: { found: false, at: 'x' },
        }),
      ],
      [url('b'), held(url('b'), { email: { found: true, value: 'b@x.org', at: 'x' } })],
    ]);
    const { items, quote } = planBulk(
      people,
      ['email', 'phone'],
      (p) => records.get(p.target.socialUrl!) ?? null,
    );
    // a: email held, phone known missing (not asked again): fully held. b: phone to ask. c: both.
    expect(items.map((i) => i.state)).toEqual(['held', 'queued', 'queued']);
    expect(quote).toEqual({
      contacts: 3,
      held: 1,
      toAsk: 2,
      maxByItem: { email: 3, phone: 12, detailed_profile: 0, healthcare_profile: 0 },
      max: 15,
    });
    expect(items[0]!.key).toBe(url('a'));
  });

  it('an id-only contact is keyed as the vault keys it', () => {
    const { items } = planBulk([person(null, '42')], ['email'], () => null);
    expect(items[0]!.key).toBe('id:42');
  });

  it('a person selected twice (same profile and id) is one entry, never dropped', () => {
    const merged = mergeCandidates([
      person(url('ada'), '7', 'Ada'),
      person(url('grace'), '8', 'Grace'),
      person(url('ada'), '7', 'Ada again'),
    ]);
    expect(merged.map((p) => [p.name, p.target])).toEqual([
      ['Ada', { socialUrl: url('ada'), candidateId: '7' }],
      ['Grace', { socialUrl: url('grace'), candidateId: '8' }],
    ]);
    const { quote } = planBulk(merged, ['email'], () => null);
    expect(quote).toMatchObject({ contacts: 2, toAsk: 2, max: 6 });
  });

  it('a row linking a profile-only entry to an id-only entry makes them one person, URL kept', () => {
    const merged = mergeCandidates([
      person(url('ada'), null, 'Ada'),
      person(null, '7', 'Ada by id'),
      person(url('ada'), '7', 'Ada both'),
      // Later rows by either identifier join the same person.
      person(null, '7', 'again by id'),
      person(url('ada'), null, 'again by URL'),
    ]);
    expect(merged).toEqual([{ name: 'Ada', target: { socialUrl: url('ada'), candidateId: '7' } }]);
  });

  it('an id-only row followed by the same id with a URL takes the URL', () => {
    const merged = mergeCandidates([person(null, '9', 'Id first'), person(url('lin'), '9', 'Both')]);
    expect(merged).toEqual([{ name: 'Id first', target: { socialUrl: url('lin'), candidateId: '9' } }]);
    // Found again by the URL it learned.
    expect(mergeCandidates([...merged, person(url('lin'), null)])).toHaveLength(1);
  });

  it('merging leaves the rows it was given as they were', () => {
    const rows = [person(url('ada'), null, 'Ada'), person(url('ada'), '7')];
    mergeCandidates(rows);
    expect(rows[0]!.target).toEqual({ socialUrl: url('ada'), candidateId: null });
  });

  it("keeps a row's title, employer and location on its entry, and leaves out what it lacks", () => {
    const { items } = planBulk(
      [
        { ...person(url('t'), null, 'T'), title: 'Nurse', employer: 'Arbor', location: 'Boston' },
        person(url('u'), null, 'U'),
      ],
      ['phone'],
      () => null,
    );
    expect(items[0]).toEqual({
      key: url('t'),
      target: { socialUrl: url('t'), candidateId: null },
      name: 'T',
      title: 'Nurse',
      employer: 'Arbor',
      location: 'Boston',
      state: 'queued',
    });
    expect(Object.keys(items[1]!).sort()).toEqual(['key', 'name', 'state', 'target']);
  });

  it('items a team holds are free: a contact whose asked items the team holds all costs nothing', () => {
    const people = [person(url('a'), null), person(url('b'), null)];
    const { quote, teamFree } = planBulk(
      people,
      ['email', 'phone'],
      () => null,
      (p) => (p.target.socialUrl === url('a') ? { email: true, phone: true } : { email: true }),
    );
    expect(teamFree).toBe(1);
    expect(quote).toEqual({
      contacts: 2,
      held: 0,
      toAsk: 2,
      maxByItem: { email: 0, phone: 6, detailed_profile: 0, healthcare_profile: 0 },
      max: 6,
    });
  });

  it('a contact whose own reveal got no answer, not settled, is left out of the quote for the items it asked', () => {
    const people = [person(url('a'), null), person(url('b'), null)];
    const asked: string[][] = [];
    const { quote, items, heldBack } = planBulk(
      people,
      ['email'],
      () => null,
      undefined,
      undefined,
      (p, ask) => {
        asked.push([...ask]);
        return p.target.socialUrl === url('a') && ask.includes('email');
      },
    );
    expect(heldBack).toBe(1);
    expect(items[0]).toMatchObject({ state: 'failed', heldBack: true, charged: 0 });
    expect(items[1]).toMatchObject({ state: 'queued' });
    expect(quote).toMatchObject({ contacts: 2, toAsk: 1, max: 3 });
    // Asked with the items the job would ask of each (what the vault lacks).
    expect(asked).toEqual([['email'], ['email']]);
  });

  it('a contact whose items are all held is already revealed (free), even with a reveal of theirs not settled: nothing of them is asked, so nothing is held back', () => {
    const people = [person(url('a'), null), person(url('b'), null)];
    const record = held(url('a'), { email: { found: true, value: 'a@x.org', at: 'x' } });
    const { quote, items, heldBack } = planBulk(
      people,
      ['email'],
      (p) => (p.target.socialUrl === url('a') ? record : null),
      undefined,
      undefined,
      // Both have a single reveal that got no answer, not settled.
      () => true,
    );
    expect(items[0]).toMatchObject({ state: 'held' });
    expect(items[0]).not.toHaveProperty('heldBack');
    expect(items[1]).toMatchObject({ state: 'failed', heldBack: true, charged: 0 });
    expect(heldBack).toBe(1);
    expect(quote).toMatchObject({ contacts: 2, held: 1, toAsk: 0, max: 0 });
  });

  it('a row that gives a profile a second id keeps the id first known for it', () => {
    const merged = mergeCandidates([
      person(url('ada'), 'A', 'Ada'),
      person(null, 'B', 'Ada by another id'),
      person(url('ada'), 'B', 'Ada both'),
    ]);
    expect(merged).toEqual([{ name: 'Ada', target: { socialUrl: url('ada'), candidateId: 'A' } }]);
  });
});
