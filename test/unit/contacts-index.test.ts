import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { contactsIndexWriter } from '../../src/background/contacts-index-writer';
import { keepContactsIndexed } from '../../src/background/contacts-indexer';
import { purgeExpired } from '../../src/background/retention';
import {
  BUILT_KEY,
  type ContactSummary,
  contactsIndex,
  FIRST_KEY,
  FIRST_PAGE,
  newestFirst,
  OLDEST_KEY,
  SHARDS,
  shardKey,
  shardNumber,
  shardOf,
} from '../../src/contacts-index';
import { settings } from '../../src/store/settings';
import type { ContactRecord } from '../../src/store/vault-record';
import { vaultWrite } from '../../src/store/vault-write';
import { counts } from '../../src/ui/contacts/query';

const at = '2026-11-01T10:00:00.000Z';
const contact = (slug: string, extra: Partial<ContactRecord> = {}): ContactRecord => ({
  v: 1,
  key: `https://www.linkedin.com/in/${slug}`,
  socialUrl: `https://www.linkedin.com/in/${slug}`,
  candidateId: null,
  name: slug,
  currentTitle: 'Nurse',
  currentEmployer: 'Arbor Health',
  email: { found: true, value: `${slug}@example.org`, at },
  phone: { found: false, at },
  updatedAt: at,
  ...extra,
});
const keyOf = (slug: string) => `https://www.linkedin.com/in/${slug}`;
/** A contact changed `minutes` after `at`. */
const changedAt = (slug: string, minutes: number, extra: Partial<ContactRecord> = {}) =>
  contact(slug, { updatedAt: new Date(Date.parse(at) + minutes * 60_000).toISOString(), ...extra });

/** Everything the index stores, as text: what an erased contact must be absent from. */
const storedIndex = async () =>
  JSON.stringify(
    Object.entries(await browser.storage.local.get(null)).filter(([key]) =>
      key.startsWith('contacts-index:'),
    ),
  );

/**
 * The first page's promise: the newest contacts of the whole index in its order, at least a screen of them, and
 * the counts of the whole index.
 */
async function expectFirstPageOfIndex(): Promise<ContactSummary[]> {
  const all = await contactsIndex.all();
  const first = await contactsIndex.first();
  expect(first).not.toBeNull();
  const newest = [...all].sort(newestFirst);
  expect(first!.rows).toEqual(newest.slice(0, first!.rows.length));
  expect(first!.rows.length).toBeGreaterThanOrEqual(Math.min(all.length, FIRST_PAGE / 2));
  expect(first!.rows.length).toBeLessThanOrEqual(FIRST_PAGE);
  expect(first!.totals).toEqual(counts(all));
  // Each shard's oldest change, as retention reads it, is the oldest of the shard's lines.
  const oldest = Array.from({ length: SHARDS }, () => Number.POSITIVE_INFINITY);
  for (const s of all) oldest[shardOf(s.key)] = Math.min(oldest[shardOf(s.key)]!, s.updated);
  expect(await contactsIndex.oldest()).toEqual(oldest);
  return first!.rows;
}

/** `prefix` n-1 down to `prefix` 0. */
const newestNames = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => `${prefix}${n - 1 - i}`);

describe('the library index', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await browser.storage.local.set({ [BUILT_KEY]: true });
  });

  it('keeps a short row per contact, spread over the shards', async () => {
    await contactsIndexWriter.change(Array.from({ length: 200 }, (_, i) => contact(`c${i}`)));
    const all = await contactsIndex.all();
    expect(all).toHaveLength(200);
    expect(all.find((s) => s.name === 'c7')).toEqual({
      key: 'https://www.linkedin.com/in/c7',
      name: 'c7',
      title: 'Nurse',
      employer: 'Arbor Health',
      held: ['email'],
      missing: ['phone'],
      updated: Date.parse(at),
      unknown: false,
    });
    const stored = await browser.storage.local.get(null);
    const used = Object.keys(stored).filter((key) => /^contacts-index:\d+$/.test(key));
    expect(used.length).toBeGreaterThan(SHARDS / 2);
    await contactsIndexWriter.change([], [keyOf('c7')]);
    expect(await contactsIndex.all()).toHaveLength(199);
  });

  it('keeps a first page of the newest contacts and the counts of all, through writes and removals', async () => {
    await contactsIndexWriter.change(
      Array.from({ length: 300 }, (_, i) =>
        changedAt(`c${i}`, i, i % 3 ? {} : { phone: { found: true, value: '+1 555 0100', at } }),
      ),
    );
    let rows = await expectFirstPageOfIndex();
    expect(rows).toHaveLength(FIRST_PAGE);
    expect(rows[0]!.name).toBe('c299');
    expect((await contactsIndex.first())!.totals).toMatchObject({
      total: 300,
      held: { email: 300, phone: 100 },
    });

    // A newer reveal comes first; an older write (an import, a restored record) never jumps ahead of lines the page
    // does not hold; a contact on the page that changes moves.
    await contactsIndexWriter.change([changedAt('newest', 1000), changedAt('ancient', -5000)]);
    await contactsIndexWriter.change([changedAt('c250', 2000, { email: undefined })]);
    rows = await expectFirstPageOfIndex();
    expect(rows.slice(0, 2).map((s) => s.name)).toEqual(['c250', 'newest']);
    expect((await contactsIndex.first())!.totals).toMatchObject({ total: 302, held: { email: 301 } });

    // Equal times keep one order: by key, as the library sorts.
    await contactsIndexWriter.change([changedAt('tie-b', 3000), changedAt('tie-a', 3000)]);
    rows = await expectFirstPageOfIndex();
    expect(rows.slice(0, 2).map((s) => s.name)).toEqual(['tie-a', 'tie-b']);
  });

  it('stays the first page of the index under any mix of writes and removals', async () => {
    // A fixed pseudo-random sequence: writes new and old, rewrites, removals at the top and anywhere.
    let seed = 7;
    const next = (n: number) => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return (seed >>> 8) % n;
    };
    let clock = 0;
    /** A time after every one so far (a new reveal). */
    const later = () => ++clock;
    for (let round = 0; round < 60; round++) {
      const kind = next(4);
      const have = (await contactsIndex.all()).sort(newestFirst);
      if (kind === 0 || have.length < 50) {
        const batch = Array.from({ length: 1 + next(120) }, () =>
          changedAt(`p${next(600)}`, next(3) === 0 ? later() : next(clock + 1)),
        );
        await contactsIndexWriter.change(batch);
      } else if (kind === 1) {
        await contactsIndexWriter.change(
          [],
          have.slice(0, 1 + next(150)).map((s) => s.key),
        );
      } else if (kind === 2) {
        const gone = have.filter(() => next(5) === 0).map((s) => s.key);
        await contactsIndexWriter.change([changedAt(`p${next(600)}`, later())], gone);
      } else {
        const moved = have.slice(next(have.length)).slice(0, 10);
        await contactsIndexWriter.change(moved.map((s) => changedAt(s.name!, next(clock + 1))));
      }
      await expectFirstPageOfIndex();
    }
  });

  it('changes made while one is written join into one write, each key as its last change left it', async () => {
    await contactsIndexWriter.change([changedAt('kept', 1), changedAt('erased', 2)]);
    const writes = vi.spyOn(browser.storage.local, 'set');
    const changes = [
      contactsIndexWriter.change([changedAt('first', 3)]),
      contactsIndexWriter.change([], [keyOf('erased')]),
      ...Array.from({ length: 20 }, (_, i) => contactsIndexWriter.change([changedAt(`burst-${i}`, 10 + i)])),
      contactsIndexWriter.change([changedAt('erased', 40)]),
      contactsIndexWriter.change([], [keyOf('erased')]),
      contactsIndexWriter.change([], [keyOf('kept')]),
      contactsIndexWriter.change([changedAt('kept', 50)]),
    ];
    await Promise.all(changes);
    expect(writes).toHaveBeenCalledTimes(1);
    const rows = await expectFirstPageOfIndex();
    expect(rows.map((s) => s.name)).toEqual(['kept', ...newestNames(20, 'burst-'), 'first']);
    expect(await storedIndex()).not.toContain('erased');
  });

  it('in a burst it yields to other writes: after a slow write the next waits a few times as long, and takes every change made meanwhile', async () => {
    await contactsIndexWriter.change([changedAt('warm', 1)]);
    // Storage as slow as Chrome's at a large vault: every write takes 40 ms.
    const set = browser.storage.local.set.bind(browser.storage.local);
    const writes: Array<[number, number]> = [];
    const slow = vi.spyOn(browser.storage.local, 'set').mockImplementation(async (values) => {
      const started = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 40));
      await set(values);
      writes.push([started, Date.now()]);
    });
    await contactsIndexWriter.change([changedAt('a', 2)]);
    const burst = Array.from({ length: 5 }, (_, i) =>
      contactsIndexWriter.change([changedAt(`b${i}`, 3 + i)]),
    );
    await Promise.all(burst);
    slow.mockRestore();
    expect(writes).toHaveLength(2);
    const [first, second] = writes as [[number, number], [number, number]];
    // It waited about 4 x the first write's time (40+ ms) after it ended.
    expect(second[0] - first[1]).toBeGreaterThanOrEqual(4 * (first[1] - first[0]) - 5);
    const rows = await expectFirstPageOfIndex();
    expect(rows.map((s) => s.name).slice(0, 6)).toEqual(['b4', 'b3', 'b2', 'b1', 'b0', 'a']);
  });

  it('while a bulk reveal runs, its writes are a second apart, each taking every change made meanwhile', async () => {
    await contactsIndexWriter.change([changedAt('warm', 1)]);
    const release = contactsIndexWriter.pace();
    const writes: number[] = [];
    const set = browser.storage.local.set.bind(browser.storage.local);
    const spy = vi.spyOn(browser.storage.local, 'set').mockImplementation(async (values) => {
      writes.push(Date.now());
      await set(values);
    });
    try {
      await contactsIndexWriter.change([changedAt('a', 2)]);
      const next = [
        contactsIndexWriter.change([changedAt('b', 3)]),
        contactsIndexWriter.change([changedAt('c', 4)]),
      ];
      await Promise.all(next);
      expect(writes).toHaveLength(2);
      expect(writes[1]! - writes[0]!).toBeGreaterThanOrEqual(990);
      expect((await expectFirstPageOfIndex()).map((s) => s.name).slice(0, 3)).toEqual(['c', 'b', 'a']);
    } finally {
      spy.mockRestore();
      release();
    }
    // Once the run ends, a write waits only its usual few times its own length.
    const started = Date.now();
    await contactsIndexWriter.change([changedAt('d', 5)]);
    await contactsIndexWriter.change([changedAt('e', 6)]);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('fills the first page again from the shards when removals leave it short', async () => {
    await contactsIndexWriter.change(Array.from({ length: 400 }, (_, i) => changedAt(`c${i}`, i)));
    const top = (await contactsIndex.first())!.rows.map((s) => s.key);
    await contactsIndexWriter.change([], top.slice(0, 150));
    const rows = await expectFirstPageOfIndex();
    expect(rows).toHaveLength(FIRST_PAGE);
    expect(rows[0]!.name).toBe('c249');
  });

  it('an erased contact leaves every stored copy at once: shards, first page and counts', async () => {
    await contactsIndexWriter.change([
      changedAt('grace-okafor', 5, { name: 'Grace Okafor' }),
      changedAt('ada', 1),
    ]);
    expect(await storedIndex()).toContain('Grace Okafor');
    await contactsIndexWriter.change([], [keyOf('grace-okafor')]);
    expect(await storedIndex()).not.toContain('Grace Okafor');
    expect(await storedIndex()).not.toContain('grace-okafor');
    expect(await contactsIndex.first()).toMatchObject({ rows: [{ name: 'ada' }], totals: { total: 1 } });
  });

  it('follows the vault: a put, a removal, a retention purge and "clear" reach the index and its first page', async () => {
    fakeBrowser.reset();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await vaultWrite.put(contact('before-the-index'));
    const report = vi.fn();
    keepContactsIndexed(report);
    await vi.waitFor(async () => expect(await contactsIndex.built()).toBe(true));
    expect((await contactsIndex.all()).map((s) => s.name)).toEqual(['before-the-index']);
    expect((await contactsIndex.first())?.rows.map((s) => s.name)).toEqual(['before-the-index']);

    await vaultWrite.put(contact('ada', { unknownAt: at, email: undefined, phone: undefined }));
    await vi.waitFor(async () => expect(await contactsIndex.all()).toHaveLength(2));
    expect((await contactsIndex.all()).find((s) => s.name === 'ada')).toMatchObject({
      held: [],
      unknown: true,
    });

    await vaultWrite.remove([keyOf('before-the-index')]);
    await vi.waitFor(async () => expect((await contactsIndex.all()).map((s) => s.name)).toEqual(['ada']));
    expect((await contactsIndex.first())?.rows.map((s) => s.name)).toEqual(['ada']);
    expect(await storedIndex()).not.toContain('before-the-index');

    await settings.set({ ...(await settings.get()), retentionDays: 30 });
    await vaultWrite.put(changedAt('fresh', 35 * 24 * 60));
    await vi.waitFor(async () => expect((await contactsIndex.first())?.totals.total).toBe(2));
    expect(await purgeExpired(Date.parse(at) + 40 * 86_400_000)).toBe(1);
    await vi.waitFor(async () =>
      expect((await contactsIndex.first())?.rows.map((s) => s.name)).toEqual(['fresh']),
    );
    expect(await storedIndex()).not.toContain('/in/ada');
    await expectFirstPageOfIndex();

    await vaultWrite.clear();
    await vi.waitFor(async () => expect(await contactsIndex.all()).toEqual([]));
    expect(await contactsIndex.first()).toEqual({ rows: [], totals: counts([]) });
    expect(await storedIndex()).not.toContain('fresh');
    expect(report).not.toHaveBeenCalled();
  });

  it('an index from before the first page gets one from its shards; an unreadable one is made again', async () => {
    await contactsIndexWriter.change(Array.from({ length: 250 }, (_, i) => changedAt(`c${i}`, i)));
    await browser.storage.local.remove(FIRST_KEY);
    expect(await contactsIndex.first()).toBeNull();
    const report = vi.fn();
    keepContactsIndexed(report);
    await vi.waitFor(async () => expect(await contactsIndex.first()).not.toBeNull());
    await expectFirstPageOfIndex();

    await browser.storage.local.set({ [FIRST_KEY]: '1 not counts\nsomething' });
    expect(await contactsIndex.first()).toBeNull();
    await contactsIndexWriter.change([changedAt('late', -100)]);
    expect(await expectFirstPageOfIndex()).toHaveLength(FIRST_PAGE);
    expect(report).not.toHaveBeenCalled();
  });

  it('a rebuild replaces the index and its first page, and a write made meanwhile is kept', async () => {
    await contactsIndexWriter.change([changedAt('gone-from-the-vault', 9)]);
    let release = () => {};
    const reading = new Promise<void>((resolve) => (release = resolve));
    const rebuilt = contactsIndexWriter.rebuild(async () => {
      await reading;
      return [changedAt('in-the-vault', 1)];
    });
    const written = contactsIndexWriter.change([changedAt('revealed-meanwhile', 2)]);
    release();
    await Promise.all([rebuilt, written]);
    expect((await contactsIndex.first())?.rows.map((s) => s.name)).toEqual([
      'revealed-meanwhile',
      'in-the-vault',
    ]);
    expect(await storedIndex()).not.toContain('gone-from-the-vault');
    await expectFirstPageOfIndex();
  });

  it('reads nothing as a first page before the index is built', async () => {
    await contactsIndexWriter.change([contact('a')]);
    expect(await contactsIndex.first()).not.toBeNull();
    await browser.storage.local.remove(BUILT_KEY);
    expect(await contactsIndex.first()).toBeNull();
  });
});

describe('the index keys', () => {
  it('names each shard under the index prefix and reads its number back; nothing else is a shard', () => {
    expect(shardKey(0)).toBe('contacts-index:0');
    for (const n of [0, 7, SHARDS - 1]) expect(shardNumber(shardKey(n))).toBe(n);
    for (const key of [FIRST_KEY, OLDEST_KEY, BUILT_KEY, `contacts-index:${SHARDS}`, 'contacts-index:1x'])
      expect(shardNumber(key), key).toBeNull();
    expect(shardNumber('contact:https://www.linkedin.com/in/ada')).toBeNull();
    expect([FIRST_KEY, OLDEST_KEY, BUILT_KEY]).toEqual([
      'contacts-index:first',
      'contacts-index:oldest',
      'contacts-index:built',
    ]);
  });
});
