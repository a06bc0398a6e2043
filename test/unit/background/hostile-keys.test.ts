import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reveal } from '../../../src/background/reveal';
import { startSearch } from '../../../src/background/search/search';
import { currentSearch } from '../../../src/store/database/search';
import { vault } from '../../../src/store/database/vault/vault';
import { vaultWrite } from '../../../src/store/database/vault/vault-write';
import { revealJobs } from '../../../src/store/items/reveal-jobs';
import { storedVaultIds } from '../../support/vault-records';
import { freshConnection, stubService } from './service-stub';

/** Names every plain object inherits: as keys of a plain `{}` they read as functions or its prototype. */
const HOSTILE = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'] as const;
const urlOf = (slug: string) => `https://www.linkedin.com/in/${slug.toLowerCase()}`;

describe('any string is a safe key: candidate ids and profile slugs named like Object.prototype', () => {
  beforeEach(async () => {
    await freshConnection();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it.each(HOSTILE)(
    'a contact with candidate id %s is paid for once and found again by its id',
    async (id) => {
      const service = stubService([
        { id, socialUrl: urlOf('someone-else'), name: 'Hostile Id', email: 'h@x.org' },
      ]);
      const first = await reveal({ target: { candidateId: id }, selection: ['email'] });
      expect(first.record).toMatchObject({ key: `id:${id}`, candidateId: id, email: { value: 'h@x.org' } });
      expect(first.job).toMatchObject({ status: 'done', charged: 3 });

      const again = await reveal({ target: { candidateId: id }, selection: ['email'] });
      expect(again.job).toMatchObject({ status: 'done', requested: [], held: ['email'], charged: 0 });
      expect(service.requests).toHaveLength(1);
      expect(await vault.find({ candidateId: id })).toMatchObject({
        email: { found: true, value: 'h@x.org' },
      });
      // An id that was never revealed is not "found" through an inherited name.
      expect(await vault.find({ candidateId: id === 'constructor' ? 'toString' : 'constructor' })).toBeNull();
    },
  );

  it.each(HOSTILE)(
    'a contact whose profile slug is %s, revealed by URL, is found from its id',
    async (slug) => {
      const service = stubService([
        { id: '__proto__', socialUrl: urlOf(slug), name: 'Slug', email: 's@x.org' },
      ]);
      await reveal({ target: { socialUrl: `linkedin.com/in/${slug}` }, selection: ['email'] });
      // The search row of the same person (id `__proto__`) finds the URL's record through the index: no request.
      const byId = await reveal({ target: { candidateId: '__proto__' }, selection: ['email'] });
      expect(byId.record).toMatchObject({ key: urlOf(slug), email: { value: 's@x.org' } });
      expect(service.requests).toHaveLength(1);
      // The id is kept as data of its bucket (an own entry), never as the prototype of anything.
      expect(await storedVaultIds()).toEqual(['__proto__']);
      expect(Object.getPrototypeOf({})).toBe(Object.prototype);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  it('the index holds every hostile id at once, and removing one contact keeps the others', async () => {
    stubService(
      HOSTILE.map((id, i) => ({ id, socialUrl: urlOf(`person-${i}`), name: id, email: `${i}@x.org` })),
    );
    for (const id of HOSTILE) await reveal({ target: { candidateId: id }, selection: ['email'] });
    await reveal({ target: { socialUrl: urlOf('person-0') }, selection: ['email'] });
    await vaultWrite.remove([`id:${HOSTILE[1]}`]);
    for (const [i, id] of HOSTILE.entries()) {
      const found = await vault.find({ candidateId: id });
      if (i === 1) expect(found).toBeNull();
      else expect(found?.email).toMatchObject({ value: `${i}@x.org` });
    }
    expect(await revealJobs.all()).toHaveLength(5);
  });

  it('a search whose profile ids and criteria keys are hostile names is stored and read back whole', async () => {
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          success: true,
          data: {
            profiles: HOSTILE.map((id) => ({
              id,
              name: id,
              current_title: 'Nurse',
              current_employer: 'Arbor',
              location: 'Boston',
              social_url: urlOf(id),
            })),
            pagination: {
              current_page: 1,
              page_size: 50,
              start: 1,
              total: 4,
              has_next: false,
              next_start: null,
            },
          },
          credits: { used: 2, remaining: 98 },
          // What the service understood, keyed by criterion: a hostile key must survive as data.
          free_text_searched: JSON.parse('{"__proto__": ["x"], "current_title": ["Nurse"]}'),
        }),
      ),
    );
    await startSearch({ mode: 'free_text', request: { free_text_search: 'nurses in Boston' } });
    const stored = await currentSearch.get();
    expect(stored?.pages[0]?.profiles.map((p) => p.id)).toEqual([...HOSTILE]);
    const parsed = stored?.understood.parsed;
    expect(parsed && Object.getOwnPropertyNames(parsed)).toEqual(['__proto__', 'current_title']);
  });

  it('a search criterion named __proto__ is refused as unknown, before any request', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const request = JSON.parse('{"search_criteria": {"__proto__": ["Nurse"], "current_title": ["Nurse"]}}');
    await expect(startSearch({ mode: 'filters', request })).rejects.toMatchObject({
      kind: 'invalid-request',
    });
    expect(fetch).not.toHaveBeenCalled();
  });
});
