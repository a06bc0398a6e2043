import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createClient } from '../../../src/api/client';
import { lookupBody, lookupContact, planLookup, serialised } from '../../../src/background/lookup-contact';
import { type ChargeEntry, dayOf } from '../../../src/ledger/entry';
import { readLedgerDays } from '../../../src/store/database/ledger/ledger';
import { vault } from '../../../src/store/database/vault/vault';
import type { ContactRecord } from '../../../src/store/database/vault/vault-record';
import { vaultWrite } from '../../../src/store/database/vault/vault-write';
import { writeRawContact } from '../../support/vault-records';
import { GRACE, stubService } from './service-stub';

const target = { socialUrl: GRACE.socialUrl, candidateId: GRACE.id };
const call = { action: 'reveal' as const, ref: 'job-1', label: 'Grace Hopper' };
const client = () => createClient({ baseUrl: 'https://api.example.test', apiKey: 'test-key-123456' });

const held = (over: Partial<ContactRecord> = {}): ContactRecord => ({
  v: 1,
  key: GRACE.socialUrl,
  socialUrl: GRACE.socialUrl,
  candidateId: GRACE.id,
  name: 'Grace Hopper',
  currentTitle: 'Engineer',
  currentEmployer: 'Acme',
  email: { found: true, value: GRACE.email, at: '2026-01-01T00:00:00.000Z' },
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

async function charges(): Promise<ChargeEntry[]> {
  const day = dayOf(new Date());
  const entries = (await readLedgerDays([day])).get(day) ?? [];
  return entries.filter((e): e is ChargeEntry => e.kind === 'charge');
}

describe('planning a lookup', () => {
  beforeEach(() => fakeBrowser.reset());

  it('for a contact the vault lacks: every item, and a new record from the target and the hints', async () => {
    const plan = await planLookup(target, ['email', 'phone'], { name: 'Grace H.', currentTitle: 'Admiral' });
    expect(plan).toMatchObject({ unreadable: false, existing: null, asked: ['email', 'phone'] });
    expect(plan.base).toMatchObject({
      key: GRACE.socialUrl,
      socialUrl: GRACE.socialUrl,
      candidateId: GRACE.id,
      name: 'Grace H.',
      currentTitle: 'Admiral',
      currentEmployer: null,
    });
  });

  it('keeps the location the row or the page gave (the service answers none), also for a contact held without one', async () => {
    const hints = { name: 'Grace H.', location: 'Arlington, Virginia' };
    expect((await planLookup(target, ['email'], hints)).base.location).toBe('Arlington, Virginia');
    await vaultWrite.put(held());
    const plan = await planLookup(target, ['detailed_profile'], hints);
    expect(plan.existing?.location).toBeUndefined();
    expect(plan.base).toEqual({ ...plan.existing, location: 'Arlington, Virginia' });
    await vaultWrite.put(held({ location: 'New York' }));
    expect((await planLookup(target, ['detailed_profile'], hints)).base.location).toBe('New York');
  });

  it('for a held contact: only the items it lacks, merged into the record held', async () => {
    await vaultWrite.put(held({ phone: { found: false, at: '2026-01-01T00:00:00.000Z' } }));
    const plan = await planLookup(target, ['email', 'phone', 'detailed_profile'], {});
    expect(plan.asked).toEqual(['detailed_profile']);
    expect(plan.base).toEqual(plan.existing);
    // An item known missing is asked again only when the user chose to.
    expect((await planLookup(target, ['phone'], {}, true)).asked).toEqual(['phone']);
  });

  it('finds a contact held under its URL from its id alone', async () => {
    await vaultWrite.put(held());
    const plan = await planLookup({ socialUrl: null, candidateId: GRACE.id }, ['email'], {});
    expect(plan.asked).toEqual([]);
    expect(plan.base.key).toBe(GRACE.socialUrl);
  });

  it('says so when the stored record cannot be read, rather than planning as if nothing were held', async () => {
    await writeRawContact(GRACE.socialUrl, { v: 1, name: 42 });
    const plan = await planLookup(target, ['email'], {});
    expect(plan.unreadable).toBe(true);
    expect(plan.existing).toBeNull();
  });
});

describe('the lookup body', () => {
  it('names the contact by URL when it has one, else by id, and asks for each item', () => {
    expect(lookupBody(held(), ['email', 'phone'])).toEqual({
      social_url: GRACE.socialUrl,
      reveal_personal_email: true,
      reveal_phone: true,
    });
    expect(lookupBody(held({ socialUrl: null, key: 'id:1002' }), ['detailed_profile'])).toEqual({
      candidate_id: GRACE.id,
      reveal_detailed_person_enrichment: true,
    });
  });
});

describe('a paid lookup', () => {
  beforeEach(() => fakeBrowser.reset());

  it('writes the merged record to the vault before it resolves, with one ledger entry', async () => {
    const service = stubService([GRACE], 50);
    const plan = await planLookup(target, ['email', 'phone'], { name: 'Grace H.' });
    const outcome = await lookupContact(client(), call, plan);
    expect(outcome).toMatchObject({ kind: 'answered', known: true, retrieved: ['email', 'phone'] });
    if (outcome.kind !== 'answered') return;
    expect(outcome.response.credits.used).toBe(9);
    expect(outcome.record).toMatchObject({
      name: 'Grace Hopper',
      email: { found: true, value: GRACE.email, at: outcome.at },
      phone: { found: true, value: GRACE.phone, at: outcome.at },
      updatedAt: outcome.at,
    });
    expect(await vault.get(GRACE.socialUrl)).toEqual(outcome.record);
    expect(service.requests.filter((r) => r.path === '/v1/lookup')).toHaveLength(1);
    expect(await charges()).toMatchObject([
      { action: 'reveal', ref: 'job-1', state: 'charged', credits: 9, items: ['email', 'phone'] },
    ]);
  });

  it('keeps what was held and adds only what was asked', async () => {
    stubService([GRACE], 50);
    await vaultWrite.put(held());
    const plan = await planLookup(target, ['email', 'phone'], {});
    const outcome = await lookupContact(client(), call, plan);
    expect(outcome.kind).toBe('answered');
    const stored = await vault.get(GRACE.socialUrl);
    expect(stored?.email).toEqual(held().email);
    expect(stored?.phone).toMatchObject({ found: true, value: GRACE.phone });
  });

  it('"Check again" asks a held item bought longer ago than the setting, charged once, and dates it anew', async () => {
    const service = stubService([GRACE], 50);
    const old = '2024-01-01T00:00:00.000Z';
    await vaultWrite.put(held({ email: { found: true, value: 'old@example.org', at: old } }));
    // Without the click, the held email is not asked, however old.
    expect((await planLookup(target, ['email'], {})).asked).toEqual([]);
    const plan = await planLookup(target, ['email'], {}, false, 12);
    expect(plan.asked).toEqual(['email']);
    const outcome = await lookupContact(client(), call, plan);
    expect(outcome.kind).toBe('answered');
    const stored = await vault.get(GRACE.socialUrl);
    expect(stored?.email).toMatchObject({ found: true, value: GRACE.email });
    expect((stored?.email?.at ?? '') > old).toBe(true);
    expect(service.requests.filter((r) => r.path === '/v1/lookup')).toHaveLength(1);
    expect(await charges()).toMatchObject([{ state: 'charged', credits: 3, items: ['email'] }]);
  });

  it('"Check again" never asks an item newer than the setting, nor any with the setting at 0', async () => {
    stubService([GRACE], 50);
    await vaultWrite.put(held({ email: { found: true, value: GRACE.email, at: new Date().toISOString() } }));
    expect((await planLookup(target, ['email'], {}, false, 12)).asked).toEqual([]);
    await vaultWrite.put(
      held({ email: { found: true, value: GRACE.email, at: '2020-01-01T00:00:00.000Z' } }),
    );
    expect((await planLookup(target, ['email'], {}, false, 0)).asked).toEqual([]);
  });

  it('a check the service no longer finds keeps the item held, as it was', async () => {
    const { email: _none, ...noEmail } = GRACE;
    stubService([noEmail], 50);
    const old = held({ email: { found: true, value: GRACE.email, at: '2024-01-01T00:00:00.000Z' } });
    await vaultWrite.put(old);
    const plan = await planLookup(target, ['email'], {}, false, 12);
    expect(plan.asked).toEqual(['email']);
    await lookupContact(client(), call, plan);
    expect((await vault.get(GRACE.socialUrl))?.email).toEqual(old.email);
  });

  it('remembers a contact the service does not know, at no charge', async () => {
    stubService([], 50);
    const plan = await planLookup(target, ['email'], {});
    const outcome = await lookupContact(client(), call, plan);
    expect(outcome).toMatchObject({ kind: 'answered', known: false, retrieved: [] });
    const stored = await vault.get(GRACE.socialUrl);
    expect(stored?.unknownAt).toBeDefined();
    expect(stored?.email).toBeUndefined();
    expect(await charges()).toMatchObject([{ credits: 0, state: 'charged' }]);
  });

  it('stores nothing when the service could not look the contact up', async () => {
    const service = stubService([GRACE], 50);
    service.failNextContact(GRACE.socialUrl, 503, 'Upstream unavailable');
    const plan = await planLookup(target, ['email'], {});
    expect(await lookupContact(client(), call, plan)).toMatchObject({
      kind: 'refused',
      status: 503,
      error: 'Upstream unavailable',
    });
    expect(await vault.get(GRACE.socialUrl)).toBeNull();
  });

  it('stores nothing and records an uncertain charge when no answer comes back', async () => {
    const service = stubService([GRACE], 50);
    service.state.next = () => {
      throw new TypeError('Failed to fetch');
    };
    const plan = await planLookup(target, ['email'], {});
    await expect(lookupContact(client(), call, plan)).rejects.toMatchObject({ outcomeUnknown: true });
    expect(await vault.get(GRACE.socialUrl)).toBeNull();
    expect(await charges()).toMatchObject([{ state: 'uncertain', maxCredits: 3 }]);
  });
});

describe("a contact's turn", () => {
  it('runs lookups of one contact one after another, and of different contacts side by side', async () => {
    const log: string[] = [];
    const step = (name: string, ms: number) => async () => {
      log.push(`${name} start`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      log.push(`${name} end`);
    };
    const first = serialised('a', step('a1', 20));
    const failing = serialised('a', async () => {
      throw new Error('refused');
    });
    const second = serialised('a', step('a2', 1));
    const other = serialised('b', step('b1', 1));
    await Promise.all([first, failing.catch(() => undefined), second, other]);
    expect(log.indexOf('a1 end')).toBeLessThan(log.indexOf('a2 start'));
    expect(log.indexOf('b1 end')).toBeLessThan(log.indexOf('a1 end'));
  });
});
