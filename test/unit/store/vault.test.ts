import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS } from '../../../src/store/settings';
import { findContacts, vault, watchVaultKeys } from '../../../src/store/vault';
import { bucketName } from '../../../src/store/vault-buckets';
import { itemsToAsk } from '../../../src/store/vault-record';
import { vaultRetention } from '../../../src/store/vault-retention';
import { vaultWrite } from '../../../src/store/vault-write';
import { contactRecord as contact, profileOf as url } from '../../support/vault-records';

describe('the vault', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('an unreadable vault record is not shown as revealed, and is kept aside', async () => {
    await browser.storage.local.set({ 'contact:https://www.linkedin.com/in/x': { v: 99 } });
    expect(await vault.get('https://www.linkedin.com/in/x')).toBeNull();
    await vi.waitFor(async () => {
      const stored = await browser.storage.local.get('unreadable:contact:https://www.linkedin.com/in/x');
      expect(Object.keys(stored)).toHaveLength(1);
    });
  });

  it('the vault finds a contact by URL or by candidate id, and forgets both on removal', async () => {
    const record = {
      v: 1 as const,
      key: 'https://www.linkedin.com/in/grace',
      socialUrl: 'https://www.linkedin.com/in/grace',
      candidateId: '77',
      name: 'Grace',
      currentTitle: null,
      currentEmployer: null,
      email: { found: true as const, value: 'g@example.org', at: '2026-01-01T00:00:00.000Z' },
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    await vaultWrite.put(record);
    expect(await vault.find({ candidateId: '77' })).toEqual(record);
    expect(await vault.find({ socialUrl: record.socialUrl })).toEqual(record);
    expect(await vaultRetention.purgeOlderThan(new Date('2025-12-31T00:00:00.000Z'), [record.key])).toEqual({
      removed: [],
      kept: [record],
      missing: [],
    });
    expect(await vaultRetention.purgeOlderThan(new Date('2026-02-01T00:00:00.000Z'), [record.key])).toEqual({
      removed: [record.key],
      kept: [],
      missing: [],
    });
    expect(await vault.find({ candidateId: '77' })).toBeNull();
    // Nothing that names the person stays behind: not the id's pointer to the profile either.
    expect(Object.keys(await browser.storage.local.get(null))).toEqual([]);
  });

  it('findMany reads the records of many targets by URL and by id, in two reads whatever the vault holds', async () => {
    await vaultWrite.put(contact('ada', '1'));
    await vaultWrite.put(contact('grace', '2'));
    await vaultWrite.put({ ...contact('x', '3'), key: 'id:3', socialUrl: null });
    await vaultWrite.put(contact('unrelated', '4'));
    const get = vi.spyOn(browser.storage.local, 'get');
    const found = await vault.findMany([
      { socialUrl: url('ada'), candidateId: null },
      { socialUrl: null, candidateId: '2' },
      { socialUrl: null, candidateId: '3' },
      { socialUrl: url('nobody'), candidateId: '99' },
    ]);
    expect(found.map((r) => r.name).sort()).toEqual(['ada', 'grace', 'x']);
    expect(get).toHaveBeenCalledTimes(2);
    expect(await vault.findMany([])).toEqual([]);
  });

  it('a lookup reads storage once, twice only when an id points at a record under another key', async () => {
    await vaultWrite.put(contact('ada', '1'));
    await vaultWrite.put({ ...contact('x', '3'), key: 'id:3', socialUrl: null });
    const get = vi.spyOn(browser.storage.local, 'get');
    expect(await vault.find({ socialUrl: url('ada'), candidateId: '1' })).toMatchObject({ name: 'ada' });
    expect(get).toHaveBeenCalledTimes(1);
    // A contact with no URL is read with the first read, and so is the absence of a new one.
    expect(await vault.find({ socialUrl: null, candidateId: '3' })).toMatchObject({ name: 'x' });
    expect(get).toHaveBeenCalledTimes(2);
    expect(await vault.find({ socialUrl: url('nobody'), candidateId: '99' })).toBeNull();
    expect(get).toHaveBeenCalledTimes(3);
    // Seen with a URL, the id-only contact is found through what its id names.
    expect(await vault.find({ socialUrl: url('x-new-url'), candidateId: '3' })).toMatchObject({ name: 'x' });
    expect(get).toHaveBeenCalledTimes(5);
    expect(await vault.find({ socialUrl: url('ada-new-url'), candidateId: '1' })).toMatchObject({
      name: 'ada',
    });
    expect(get).toHaveBeenCalledTimes(7);
    get.mockRestore();
  });

  it("a page of rows with URLs reads their records and ids, not the buckets their ids' records would be in", async () => {
    await vaultWrite.put(contact('ada', '1'));
    const get = vi.spyOn(browser.storage.local, 'get');
    const targets = Array.from({ length: 50 }, (_, i) => ({
      socialUrl: url(`row-${i}`),
      candidateId: `${100 + i}`,
    }));
    const all = [...targets, { socialUrl: url('ada'), candidateId: '1' }];
    expect(await vault.findMany(all)).toHaveLength(1);
    expect(get).toHaveBeenCalledTimes(1);
    const asked = get.mock.calls[0]![0] as string[];
    const urlBuckets = new Set(all.map((t) => bucketName(t.socialUrl)));
    for (const { socialUrl, candidateId } of all) {
      expect(asked).toContain(bucketName(socialUrl));
      // Asked only when one of the rows' URLs shares it (at 50,000 contacts a bucket holds ~3 records).
      expect(asked.includes(bucketName(`id:${candidateId}`))).toBe(
        urlBuckets.has(bucketName(`id:${candidateId}`)),
      );
    }
    get.mockRestore();
  });

  it('an id whose bucket does not read is looked for under its id-only key all the same', async () => {
    await vaultWrite.put({ ...contact('x', '3'), key: 'id:3', socialUrl: null });
    const [idBucket] = Object.keys(await browser.storage.local.get(null)).filter((k) =>
      k.startsWith('vault-ids:'),
    );
    await browser.storage.local.set({ [idBucket!]: { v: 99 } });
    expect(await vault.find({ socialUrl: url('x-new-url'), candidateId: '3' })).toMatchObject({ name: 'x' });
    // The bucket that does not read is kept aside (its copy is stored after the answer).
    await vi.waitFor(async () =>
      expect(Object.keys(await browser.storage.local.get(null))).toContain(`unreadable:${idBucket}`),
    );
  });

  it('lookups asked together share one storage read, each answered as it would be alone', async () => {
    await vaultWrite.put(contact('ada', '1'));
    await vaultWrite.put({ ...contact('x', '3'), key: 'id:3', socialUrl: null });
    await browser.storage.local.set({ [`contact:${url('broken')}`]: { v: 1, key: 'not a record' } });
    const get = vi.spyOn(browser.storage.local, 'get');
    const found = await Promise.all([
      vault.lookup({ socialUrl: url('ada'), candidateId: '1' }),
      vault.lookup({ socialUrl: url('x-new-url'), candidateId: '3' }),
      vault.lookup({ socialUrl: url('nobody'), candidateId: '99' }),
      vault.lookup({ socialUrl: url('broken'), candidateId: null }),
    ]);
    // One read for the four, a second for the id-only contact now seen with a URL (its id names its key), and the
    // set-aside's own look for an earlier copy of the unreadable record.
    expect(
      get.mock.calls.filter(([keys]) => Array.isArray(keys) && keys.some((k) => k.startsWith('contact:'))),
    ).toHaveLength(2);
    expect(found.map((read) => (read.state === 'ok' ? read.value.name : read.state))).toEqual([
      'ada',
      'x',
      'missing',
      'unreadable',
    ]);
    // A lookup asked after the read went out is read on its own, after it: it sees what was written since.
    await vaultWrite.put(contact('late', '5'));
    expect(await vault.find({ socialUrl: url('late'), candidateId: '5' })).toMatchObject({ name: 'late' });
    get.mockRestore();
  });

  it('findContacts answers each target with the record find would, in the same two reads', async () => {
    await vaultWrite.put(contact('ada', '1'));
    await vaultWrite.put(contact('grace', '2'));
    await vaultWrite.put({ ...contact('x', '3'), key: 'id:3', socialUrl: null });
    await browser.storage.local.set({ [`contact:${url('broken')}`]: { v: 1, key: 'not a record' } });
    const targets = [
      { socialUrl: url('ada'), candidateId: null },
      { socialUrl: null, candidateId: '2' },
      { socialUrl: url('grace-new-url'), candidateId: '2' },
      { socialUrl: null, candidateId: '3' },
      { socialUrl: url('nobody'), candidateId: '99' },
    ];
    const get = vi.spyOn(browser.storage.local, 'get');
    const found = await findContacts(targets);
    expect(get).toHaveBeenCalledTimes(2);
    expect(found.map((r) => r?.name ?? null)).toEqual(['ada', 'grace', 'grace', 'x', null]);
    get.mockRestore();
    for (const [i, target] of targets.entries()) expect(found[i]).toEqual(await vault.find(target));
    // A record that cannot be read answers nothing, as with find (it is set aside, not lost).
    expect(await findContacts([{ socialUrl: url('broken'), candidateId: null }])).toEqual([null]);
    expect(await findContacts([])).toEqual([]);
  });

  it('removing a contact keeps an id that now points at another record of the same person', async () => {
    await vaultWrite.put({ ...contact('x', '5'), key: 'id:5', socialUrl: null });
    await vaultWrite.put(contact('ada', '5'));
    await vaultWrite.remove(['id:5']);
    expect(await vault.find({ candidateId: '5' })).toMatchObject({ name: 'ada' });
  });
});

describe('the vault tells which records changed', () => {
  beforeEach(() => fakeBrowser.reset());

  it('by their vault keys, written or removed, without reading them; other keys and areas are not its', async () => {
    const seen = vi.fn();
    const stop = watchVaultKeys(seen);
    await vaultWrite.put(contact('ada', '1'));
    await browser.storage.local.set({ settings: {}, 'contacts-index:1': '' });
    await browser.storage.session.set({ 'contact:x': 1 });
    await vaultWrite.remove([url('ada')]);
    expect(seen.mock.calls).toEqual([[[url('ada')]], [[url('ada')]]]);
    stop();
    await vaultWrite.put(contact('grace', '2'));
    expect(seen).toHaveBeenCalledTimes(2);
  });
});

describe('clearing the vault', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('removes every contact, including ones that no longer read and their set-aside copies', async () => {
    await browser.storage.local.set({
      'contact:https://www.linkedin.com/in/x': { v: 99, email: 'x@example.org' },
      'contact:https://www.linkedin.com/in/y': {
        v: 1,
        key: 'https://www.linkedin.com/in/y',
        socialUrl: 'https://www.linkedin.com/in/y',
        candidateId: null,
        name: 'Y',
        currentTitle: null,
        currentEmployer: null,
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
      settings: DEFAULT_SETTINGS,
      // A step of the move into buckets cut off, and a bucket that no longer read, copied aside.
      'vault-moving': { keys: ['https://www.linkedin.com/in/z'], at: '2026-01-01T00:00:00.000Z' },
      'unreadable:vault-bucket:5': {
        value: { v: 99 },
        problem: 'not a bucket',
        at: '2026-01-01T00:00:00.000Z',
      },
    });
    await vault.get('https://www.linkedin.com/in/x');
    await vi.waitFor(async () => {
      expect(await browser.storage.local.get('unreadable:contact:https://www.linkedin.com/in/x')).not.toEqual(
        {},
      );
    });
    await vaultWrite.put(contact('ada', '1'));
    expect(await vaultWrite.clear()).toBe(3);
    // Nothing of the vault is left in either layout: only the settings and the (emptied) register of copies.
    const left = Object.keys(await browser.storage.local.get(null)).sort();
    expect(left.filter((key) => key !== 'settings' && !key.startsWith('vault-asides'))).toEqual([]);
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

describe('records that share a bucket', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  /** `count` slugs whose records share one bucket. */
  function neighbours(count: number): string[] {
    const found: string[] = [];
    const first = bucketName(url('n-0'));
    for (let i = 0; found.length < count; i++) if (bucketName(url(`n-${i}`)) === first) found.push(`n-${i}`);
    return found;
  }

  it('a write of one keeps the other, and watchers hear of the one written alone', async () => {
    const [a, b] = neighbours(2) as [string, string];
    await vaultWrite.put(contact(a, '1'));
    const heard: string[][] = [];
    const changed = vi.fn();
    watchVaultKeys((keys) => heard.push(keys));
    vault.watchChanges(changed);
    await vaultWrite.put(contact(b, '2'));
    await vi.waitFor(() => expect(heard).toEqual([[url(b)]]));
    expect(changed).toHaveBeenCalledWith({ put: [contact(b, '2')], gone: [] });
    expect((await vault.getMany([url(a), url(b)])).map((r) => r.name)).toEqual([a, b]);
    // A removal reads the buckets it changes once: its records' with the first read, its ids' with the second.
    const get = vi.spyOn(browser.storage.local, 'get');
    await vaultWrite.remove([url(b)]);
    const bucketReads = get.mock.calls.filter(
      ([keys]) =>
        Array.isArray(keys) && keys.some((k) => k.startsWith('vault-bucket:') || k.startsWith('vault-ids:')),
    );
    expect(bucketReads).toHaveLength(2);
    get.mockRestore();
    expect((await vault.find({ candidateId: '1' }))?.name).toBe(a);
    expect(await vault.find({ candidateId: '2' })).toBeNull();
  });

  it('a bucket that does not read is copied aside, whole, before a write replaces it; a second time too', async () => {
    // Both copies in the same millisecond: the second still gets a name of its own.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:00:00.000Z'));
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const [a, b, c] = neighbours(3) as [string, string, string];
    const bucket = bucketName(url(a));
    const later = { v: 2, entries: [contact(a, '1')] };
    await browser.storage.local.set({ [bucket]: later, 'vault-asides': { keys: [] } });
    expect((await vault.read(url(a))).state).toBe('unreadable');
    await vaultWrite.put(contact(b, '2'));
    // The copy was stored before the write (awaited), holding what the bucket held, and is listed for retention.
    const copy = (await browser.storage.local.get(`unreadable:${bucket}`))[`unreadable:${bucket}`];
    expect(copy).toMatchObject({ value: later });
    expect((await vault.get(url(b)))?.name).toBe(b);
    // The bucket made unreadable again is copied under a name of its own: the first copy is not overwritten.
    const again = { v: 2, entries: [contact(c, '3')] };
    await browser.storage.local.set({ [bucket]: again });
    await vaultWrite.put(contact(c, '3'));
    const copies = Object.entries(await browser.storage.local.get(null)).filter(([key]) =>
      key.startsWith(`unreadable:${bucket}`),
    );
    expect(copies.map(([, value]) => (value as { value: unknown }).value)).toEqual(
      expect.arrayContaining([later, again]),
    );
    const register = (await browser.storage.local.get('vault-asides'))['vault-asides'] as { keys: string[] };
    expect(register.keys.sort()).toEqual(copies.map(([key]) => key).sort());
  });
});
