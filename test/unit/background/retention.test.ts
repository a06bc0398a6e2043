import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { contactsIndexWriter } from '../../../src/background/contacts-index-writer';
import { keepContactsIndexed } from '../../../src/background/contacts-indexer';
import { BATCH, keepRetention, purgeExpired, START_DELAY_MS } from '../../../src/background/retention';
import { contactsIndex, OLDEST_KEY, SHARDS, shardKey, shardOf } from '../../../src/contacts-index';
import { settings } from '../../../src/store/settings';
import { vault } from '../../../src/store/vault';
import { bucketName } from '../../../src/store/vault-buckets';
import type { ContactRecord } from '../../../src/store/vault-record';
import { vaultRetention } from '../../../src/store/vault-retention';
import { vaultWrite } from '../../../src/store/vault-write';
import { storedVaultIds, storedVaultKeys } from '../../support/vault-records';

const DAY = 86_400_000;
const NOW = Date.parse('2026-03-15T00:00:00.000Z');
const url = (slug: string) => `https://www.linkedin.com/in/${slug}`;
const daysAgo = (days: number) => new Date(NOW - days * DAY).toISOString();

const contact = (slug: string, updatedAt: string, candidateId: string | null = null): ContactRecord => ({
  v: 1,
  key: url(slug),
  socialUrl: url(slug),
  candidateId,
  name: slug,
  currentTitle: null,
  currentEmployer: null,
  email: { found: true, value: `${slug}@example.org`, at: updatedAt },
  updatedAt,
});

const aside = (at: string) => ({ value: { v: 99 }, problem: 'not a record', at });

/** Stored keys of a kind, sorted. */
async function keysOf(prefix: string): Promise<string[]> {
  return Object.keys(await browser.storage.local.get(null))
    .filter((key) => key.startsWith(prefix))
    .sort();
}

/** Starts the background's indexer and waits until the index holds `count` contacts. */
async function indexed(count: number): Promise<void> {
  await keepContactsIndexed(report);
  await vi.waitFor(async () => expect(await contactsIndex.all()).toHaveLength(count), { timeout: 10_000 });
  await vi.waitFor(async () => expect((await contactsIndex.first())?.totals.total).toBe(count));
}

/** Slugs whose contacts all fall in one shard (to watch which shards a pass opens). */
function slugsInShard(shard: number, count: number, tag: string): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < count; i++) if (shardOf(url(`${tag}-${i}`)) === shard) out.push(`${tag}-${i}`);
  return out;
}

/** The keys each storage.local.get was asked for (null: every key). */
function watchReads() {
  const get = vi.spyOn(browser.storage.local, 'get');
  const asked = () =>
    get.mock.calls.map(([keys]) =>
      keys === null || keys === undefined ? null : typeof keys === 'string' ? [keys] : Object.keys(keys),
    );
  return { get, asked };
}

const report = vi.fn();

describe('retention of revealed contacts', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    report.mockReset();
    await settings.set({ ...(await settings.get()), retentionDays: 30 });
  });
  afterEach(() => {
    vi.useRealTimers();
    expect(report).not.toHaveBeenCalled();
  });

  it('removes exactly the expired contacts, their ids and their old set-aside copies, and nothing else', async () => {
    await vaultWrite.putMany([
      contact('old', daysAgo(60), '1'),
      contact('recent', daysAgo(10), '2'),
      { ...contact('x', daysAgo(45), '3'), key: 'id:3', socialUrl: null },
      contact('just-inside', daysAgo(29), '4'),
    ]);
    await browser.storage.local.set({
      [`unreadable:contact:${url('broken-old')}`]: aside(daysAgo(31)),
      [`unreadable:contact:${url('broken-new')}`]: aside(daysAgo(3)),
      'unreadable:settings': aside(daysAgo(400)),
    });
    await indexed(4);

    expect(await purgeExpired(NOW)).toBe(2);
    expect(await storedVaultKeys()).toEqual([url('just-inside'), url('recent')]);
    expect(await storedVaultIds()).toEqual(['2', '4']);
    expect(await keysOf('unreadable:')).toEqual([
      `unreadable:contact:${url('broken-new')}`,
      'unreadable:settings',
    ]);
    await vi.waitFor(async () =>
      expect((await contactsIndex.all()).map((s) => s.name).sort()).toEqual(['just-inside', 'recent']),
    );
    // A shorter period applies at the next pass.
    await settings.set({ ...(await settings.get()), retentionDays: 7 });
    expect(await purgeExpired(NOW)).toBe(2);
    expect(await storedVaultKeys()).toEqual([]);
    expect(await keysOf('unreadable:contact:')).toEqual([`unreadable:contact:${url('broken-new')}`]);
  });

  it('a start reads a few small values and no contact when nothing has expired, whatever the vault holds', async () => {
    await vaultWrite.putMany(
      Array.from({ length: 600 }, (_, i) => contact(`c${i}`, daysAgo(i % 29), String(i))),
    );
    await indexed(600);
    // The first pass after an upgrade lists the set-aside copies already stored, once.
    expect(await purgeExpired(NOW)).toBe(0);

    // The worker stops; a new one starts.
    const { asked } = watchReads();
    const getKeys = vi.spyOn(browser.storage.local, 'getKeys');
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'Date'], now: NOW });
    const pass = keepRetention(report, keepContactsIndexed(report));
    await vi.advanceTimersByTimeAsync(START_DELAY_MS);
    await pass;

    const reads = asked();
    expect(reads.length).toBeGreaterThan(0);
    expect(reads).not.toContain(null);
    expect(getKeys).not.toHaveBeenCalled();
    const keys = reads.flat() as string[];
    expect(
      keys.filter(
        (key) =>
          key.startsWith('contact:') ||
          key.startsWith('vault-id:') ||
          key.startsWith('vault-bucket:') ||
          key.startsWith('vault-ids:'),
      ),
    ).toEqual([]);
    expect(keys.filter((key) => /^contacts-index:\d+$/.test(key))).toEqual([]);
    expect(keys.length).toBeLessThan(12);
    expect(await storedVaultKeys()).toHaveLength(600);
  });

  it('waits a few seconds after the start before its first pass', async () => {
    await vaultWrite.putMany([contact('old', daysAgo(60))]);
    await indexed(1);
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'Date'], now: NOW });
    const pass = keepRetention(report, Promise.resolve());
    await vi.advanceTimersByTimeAsync(START_DELAY_MS - 100);
    expect(await storedVaultKeys()).toHaveLength(1);
    // Past the delay, and the pauses between batches.
    await vi.advanceTimersByTimeAsync(1_000);
    await pass;
    expect(await storedVaultKeys()).toEqual([]);
  });

  it('opens only the shards that hold an expired contact, and removes in bounded batches', async () => {
    const shard = 5;
    const expired = slugsInShard(shard, BATCH * 2 + 50, 'gone');
    const kept = Array.from({ length: 300 }, (_, i) => `kept-${i}`).filter(
      (slug) => shardOf(url(slug)) !== shard,
    );
    await vaultWrite.putMany([
      ...expired.map((slug) => contact(slug, daysAgo(90))),
      ...kept.map((slug) => contact(slug, daysAgo(1))),
    ]);
    await indexed(expired.length + kept.length);
    expect((await contactsIndex.oldest())!.filter((t) => t < NOW - 30 * DAY)).toHaveLength(1);
    // The register of set-aside copies is made first (the upgrade's one sweep), not watched here.
    await vaultRetention.purgeSetAsidesBefore(new Date(NOW));

    const { asked } = watchReads();
    const purge = vi.spyOn(vaultRetention, 'purgeOlderThan');
    expect(await purgeExpired(NOW)).toBe(expired.length);
    const shardsRead = new Set(
      (asked().flat() as string[]).filter((key) => /^contacts-index:\d+$/.test(key)),
    );
    expect(shardsRead).toEqual(new Set([shardKey(shard)]));
    expect(purge.mock.calls.map(([, keys]) => keys.length)).toEqual([BATCH, BATCH, 50]);
    expect(asked()).not.toContain(null);
    expect(await storedVaultKeys()).toHaveLength(kept.length);
    await vi.waitFor(async () => expect(await contactsIndex.all()).toHaveLength(kept.length));
    expect((await contactsIndex.oldest())![shard]).toBe(Number.POSITIVE_INFINITY);
  });

  it('trusts the record over the index: a contact changed since is kept, a line with no record is dropped', async () => {
    await contactsIndexWriter.change([contact('changed', daysAgo(90)), contact('ghost', daysAgo(90))]);
    await browser.storage.local.set({ 'contacts-index:built': true });
    await vaultWrite.put(contact('changed', daysAgo(2)));

    expect(await purgeExpired(NOW)).toBe(0);
    expect(await storedVaultKeys()).toEqual([url('changed')]);
    const lines = await contactsIndex.all();
    expect(lines.map((s) => [s.name, s.updated])).toEqual([['changed', NOW - 2 * DAY]]);
    expect(Math.min(...(await contactsIndex.oldest())!)).toBe(NOW - 2 * DAY);
  });

  it('an index from before the oldest dates gets them from its shards at start, and retention works from them', async () => {
    await vaultWrite.putMany([contact('old', daysAgo(60)), contact('new', daysAgo(1))]);
    await indexed(2);
    const oldest = await contactsIndex.oldest();
    await browser.storage.local.remove(OLDEST_KEY);
    expect(await contactsIndex.oldest()).toBeNull();
    await keepContactsIndexed(report);
    expect(await contactsIndex.oldest()).toEqual(oldest);
    expect(oldest!.filter(Number.isFinite).sort()).toEqual([NOW - 60 * DAY, NOW - DAY]);
    expect(oldest).toHaveLength(SHARDS);

    // Unreadable oldest dates are made again too, and retention does not wait for the next start.
    await browser.storage.local.set({ [OLDEST_KEY]: '1 not numbers' });
    expect(await purgeExpired(NOW)).toBe(1);
    expect(await storedVaultKeys()).toEqual([url('new')]);
  });

  it('lists set-aside copies as they are made, so old ones go without a second sweep', async () => {
    await indexed(0);
    const { asked } = watchReads();
    /** Reads of every key (the test's own included). */
    const sweeps = () => asked().filter((keys) => keys === null).length;
    expect(await purgeExpired(NOW)).toBe(0);
    expect(sweeps()).toBe(1);

    // Two unreadable contacts read at once: both copies are listed.
    await browser.storage.local.set({
      [`contact:${url('a')}`]: { v: 99 },
      [`contact:${url('b')}`]: { v: 99 },
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await Promise.all([vault.get(url('a')), vault.get(url('b'))]);
    await vi.waitFor(async () =>
      expect((await browser.storage.local.get('vault-asides'))['vault-asides']).toEqual({
        keys: expect.arrayContaining([`unreadable:contact:${url('a')}`, `unreadable:contact:${url('b')}`]),
      }),
    );
    const before = sweeps();
    expect(await purgeExpired(NOW)).toBe(0);
    expect(sweeps()).toBe(before);
    expect(await keysOf('unreadable:contact:')).toHaveLength(2);
    const again = sweeps();
    expect(await purgeExpired(Date.now() + 31 * DAY)).toBe(0);
    expect(sweeps()).toBe(again);
    expect(await keysOf('unreadable:contact:')).toEqual([]);
    expect((await browser.storage.local.get('vault-asides'))['vault-asides']).toEqual({ keys: [] });
  });

  it("a vault bucket's set-aside copy holds contact data: listed, swept and removed like a record's", async () => {
    await indexed(0);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // A bucket of another version's shape (its records could not be read one by one) and an old copy of one.
    const bucket = bucketName(url('a'));
    await browser.storage.local.set({
      [bucket]: { v: 99, records: 'not records' },
      'unreadable:vault-ids:7': aside(daysAgo(40)),
    });
    // The upgrade's one sweep lists the copy already there…
    expect(await purgeExpired(NOW)).toBe(0);
    expect(await keysOf('unreadable:vault-ids:')).toEqual([]);
    // …and a bucket set aside when read is listed as it is made.
    expect((await vault.read(url('a'))).state).toBe('unreadable');
    await vi.waitFor(async () =>
      expect((await browser.storage.local.get('vault-asides'))['vault-asides']).toEqual({
        keys: [`unreadable:${bucket}`],
      }),
    );
    expect(await purgeExpired(NOW)).toBe(0);
    expect(await keysOf('unreadable:vault-bucket:')).toEqual([`unreadable:${bucket}`]);
    expect(await purgeExpired(Date.now() + 31 * DAY)).toBe(0);
    expect(await keysOf('unreadable:vault-bucket:')).toEqual([]);
  });

  it('"Clear revealed contacts" empties the register with the copies', async () => {
    await browser.storage.local.set({
      [`unreadable:contact:${url('x')}`]: aside(daysAgo(1)),
      'unreadable:vault-bucket:3': aside(daysAgo(1)),
    });
    await purgeExpired(NOW);
    expect((await browser.storage.local.get('vault-asides'))['vault-asides']).toEqual({
      keys: [`unreadable:contact:${url('x')}`, 'unreadable:vault-bucket:3'],
    });
    await vaultWrite.clear();
    expect(await keysOf('unreadable:')).toEqual([]);
    expect((await browser.storage.local.get('vault-asides'))['vault-asides']).toEqual({ keys: [] });
  });
});
