import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { db } from '../../../../../src/store/database/db';
import { findContacts, vault, watchVaultKeys } from '../../../../../src/store/database/vault/vault';
import { itemsToAsk } from '../../../../../src/store/database/vault/vault-record';
import { vaultRetention } from '../../../../../src/store/database/vault/vault-retention';
import { TOTALS_KEY } from '../../../../../src/store/database/vault/vault-totals';
import { vaultWrite } from '../../../../../src/store/database/vault/vault-write';
import { libraryReads } from '../../../../../src/ui/contacts/library-reads';
import {
  contactRecord as contact,
  storedVaultIds,
  storedVaultKeys,
  profileOf as url,
} from '../../../../support/vault-records';

/** Writes a raw value to the vault's store, as a damaged database or an older version could leave it. */
async function writeRaw(value: object): Promise<void> {
  await (await db()).put('contacts', value);
}

/** Changes announced on the channel arrive a task later. */
const heard = () => new Promise((resolve) => setTimeout(resolve, 20));

let stops: Array<() => void> = [];
const watching = (stop: () => void) => stops.push(stop);

beforeEach(() => {
  fakeBrowser.reset();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

describe('the vault', () => {
  it('a record that does not read is said to be there and unreadable, never missing', async () => {
    await writeRaw({ key: url('x'), v: 99 });
    expect(await vault.read(url('x'))).toEqual({ state: 'unreadable' });
    expect(await vault.lookup({ socialUrl: url('x'), candidateId: '9' })).toEqual({ state: 'unreadable' });
    expect(await vault.get(url('x'))).toBeNull();
    expect(await vault.read(url('nobody'))).toEqual({ state: 'missing' });
  });

  it('finds a contact by URL or by candidate id, and forgets both on removal', async () => {
    const record = contact('grace', '77');
    await vaultWrite.put(record);
    expect(await vault.find({ candidateId: '77' })).toEqual(record);
    expect(await vault.find({ socialUrl: record.socialUrl })).toEqual(record);
    await vaultWrite.remove([record.key]);
    expect(await vault.find({ candidateId: '77' })).toBeNull();
    expect(await storedVaultKeys()).toEqual([]);
    expect(await storedVaultIds()).toEqual([]);
  });

  it('an id names the newest record of its person: the URL one after an id-only one, and the other once it is removed', async () => {
    await vaultWrite.put({ ...contact('x', '5'), key: 'id:5', socialUrl: null });
    expect(await vault.find({ candidateId: '5' })).toMatchObject({ key: 'id:5' });
    await vaultWrite.put({ ...contact('ada', '5'), updatedAt: '2026-02-01T00:00:00.000Z' });
    expect(await vault.find({ candidateId: '5' })).toMatchObject({ name: 'ada' });
    await vaultWrite.remove([url('ada')]);
    expect(await vault.find({ candidateId: '5' })).toMatchObject({ key: 'id:5' });
  });

  it('findMany and findContacts answer many targets by URL and by id', async () => {
    await vaultWrite.putMany([contact('ada', '1'), contact('grace', '2')]);
    await vaultWrite.put({ ...contact('x', '3'), key: 'id:3', socialUrl: null });
    const targets = [
      { socialUrl: url('ada') },
      { candidateId: '2' },
      { candidateId: '3' },
      { socialUrl: url('nobody'), candidateId: '404' },
    ];
    expect((await vault.findMany(targets)).map((r) => r.key).sort()).toEqual([
      url('ada'),
      url('grace'),
      'id:3',
    ]);
    expect((await findContacts(targets)).map((r) => r?.key ?? null)).toEqual([
      url('ada'),
      url('grace'),
      'id:3',
      null,
    ]);
  });

  it('getMany answers in the order asked, leaving out keys not held', async () => {
    await vaultWrite.putMany([contact('ada', '1'), contact('grace', '2')]);
    expect((await vault.getMany([url('grace'), url('nobody'), url('ada')])).map((r) => r.name)).toEqual([
      'grace',
      'ada',
    ]);
  });

  it('refuses to store a record that does not read', async () => {
    await expect(vaultWrite.put({ ...contact('ada', '1'), v: 2 } as never)).rejects.toThrow();
    expect(await storedVaultKeys()).toEqual([]);
  });
});

describe('the vault tells other contexts which records changed', () => {
  it('by their vault keys, once each write has completed; a clear says every contact', async () => {
    const keys = vi.fn();
    const changes = vi.fn();
    const one = vi.fn();
    watching(watchVaultKeys(keys));
    watching(vault.watchChanges(changes));
    watching(vault.watch(url('ada'), one));
    await vaultWrite.put(contact('ada', '1'));
    await heard();
    expect(keys).toHaveBeenLastCalledWith([url('ada')]);
    expect(changes).toHaveBeenLastCalledWith({ put: [contact('ada', '1')], gone: [] });
    expect(one).toHaveBeenLastCalledWith(contact('ada', '1'));
    // What a watcher hears is already readable: the write's transaction completed before it was announced.
    expect(await vault.get(url('ada'))).toEqual(contact('ada', '1'));

    await vaultWrite.put(contact('grace', '2'));
    await heard();
    expect(one).toHaveBeenCalledTimes(1);

    await vaultWrite.remove([url('ada')]);
    await heard();
    expect(changes).toHaveBeenLastCalledWith({ put: [], gone: [url('ada')] });
    expect(one).toHaveBeenLastCalledWith(null);

    await vaultWrite.clear();
    await heard();
    expect(keys).toHaveBeenLastCalledWith(null);
    expect(changes).toHaveBeenLastCalledWith({ put: [], gone: [], cleared: true });
  });
});

describe('the kept totals', () => {
  const totals = async () => (await libraryReads.first()).totals;

  it('follow every write, rewrite and removal in the same transaction', async () => {
    await vaultWrite.putMany([contact('ada', '1'), contact('grace', '2')]);
    expect(await totals()).toMatchObject({ total: 2, held: { email: 2, phone: 0 } });
    // A contact written again counts once, with what it holds now.
    await vaultWrite.put({
      ...contact('ada', '1'),
      phone: { found: true, value: '+1 555', at: '2026-01-02T00:00:00.000Z' },
    });
    expect(await totals()).toMatchObject({ total: 2, held: { email: 2, phone: 1 } });
    await vaultWrite.remove([url('ada'), url('nobody')]);
    expect(await totals()).toMatchObject({ total: 1, held: { email: 1, phone: 0 } });
    expect(await vaultWrite.clear()).toBe(1);
    expect(await totals()).toMatchObject({ total: 0, held: { email: 0 } });
  });

  it('are counted once when none are kept (records an older version left), then kept again', async () => {
    await writeRaw(contact('ada', '1'));
    await writeRaw({ key: url('broken'), v: 99 });
    expect(await totals()).toMatchObject({ total: 1, held: { email: 1 } });
    await vaultWrite.put(contact('grace', '2'));
    expect(await (await db()).get('meta', TOTALS_KEY)).toMatchObject({ total: 2 });
  });
});

describe('clearing the vault', () => {
  it('removes every contact, including ones that no longer read, and says how many there were', async () => {
    await writeRaw({ key: url('x'), v: 99, email: 'x@example.org' });
    await vaultWrite.put(contact('ada', '1'));
    expect(await vaultWrite.clear()).toBe(2);
    expect(await storedVaultKeys()).toEqual([]);
  });
});

describe('retention', () => {
  it('removes, in batches, the contacts last updated before the cutoff, oldest first, and nothing else', async () => {
    await vaultWrite.putMany([
      { ...contact('old', '1'), updatedAt: '2025-01-01T00:00:00.000Z' },
      { ...contact('older', '2'), updatedAt: '2024-01-01T00:00:00.000Z' },
      { ...contact('new', '3'), updatedAt: '2026-03-01T00:00:00.000Z' },
    ]);
    const cutoff = new Date('2026-01-01T00:00:00.000Z');
    const first = await vaultRetention.purgeOlderThan(cutoff, 1);
    expect(first).toEqual({ removed: 1, next: { updatedAt: '2024-01-01T00:00:00.000Z', key: url('older') } });
    expect(await storedVaultKeys()).toEqual([url('new'), url('old')]);
    expect(await vaultRetention.purgeOlderThan(cutoff, 10, first.next)).toEqual({ removed: 1, next: null });
    expect(await vaultRetention.purgeOlderThan(cutoff, 10)).toEqual({ removed: 0, next: null });
    expect(await storedVaultKeys()).toEqual([url('new')]);
  });
});

describe('itemsToAsk: what a reveal must ask the service for', () => {
  const record = {
    email: { found: true as const, value: 'a@example.org', at: '2026-01-01T00:00:00.000Z' },
    phone: { found: false as const, at: '2026-01-01T00:00:00.000Z' },
  } as unknown as Parameters<typeof itemsToAsk>[0];

  it.each([
    [
      'nothing held: everything',
      null,
      ['email', 'phone', 'detailed_profile'],
      false,
      ['email', 'phone', 'detailed_profile'],
    ],
    [
      'held and known missing are skipped',
      record,
      ['email', 'phone', 'detailed_profile'],
      false,
      ['detailed_profile'],
    ],
    ['known missing is asked again only when chosen', record, ['email', 'phone'], true, ['phone']],
    ['a held item is never asked again', record, ['email'], true, []],
  ] as const)('%s', (_label, held, selection, retry, expected) => {
    expect(itemsToAsk(held, [...selection], retry)).toEqual(expected);
  });
});
