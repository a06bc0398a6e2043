import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  BATCH,
  keepRetention,
  purgeExpired,
  START_DELAY_MS,
} from '../../../src/background/privacy/retention';
import { db } from '../../../src/store/database/db';
import { keepSent } from '../../../src/store/database/sent';
import { vault } from '../../../src/store/database/vault/vault';
import type { ContactRecord } from '../../../src/store/database/vault/vault-record';
import { vaultRetention } from '../../../src/store/database/vault/vault-retention';
import { vaultWrite } from '../../../src/store/database/vault/vault-write';
import { settings } from '../../../src/store/items/settings';
import { storedVaultIds, storedVaultKeys, writeRawContact } from '../../support/vault-records';

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

  it('removes exactly the expired contacts and their ids, and nothing else', async () => {
    await vaultWrite.putMany([
      contact('old', daysAgo(60), '1'),
      contact('recent', daysAgo(10), '2'),
      { ...contact('x', daysAgo(45), '3'), key: 'id:3', socialUrl: null },
      contact('just-inside', daysAgo(29), '4'),
    ]);
    expect(await purgeExpired(NOW)).toBe(2);
    expect(await storedVaultKeys()).toEqual([url('just-inside'), url('recent')]);
    expect(await storedVaultIds()).toEqual(['2', '4']);
    // A shorter period applies at the next pass.
    await settings.set({ ...(await settings.get()), retentionDays: 7 });
    expect(await purgeExpired(NOW)).toBe(2);
    expect(await storedVaultKeys()).toEqual([]);
  });

  it('reads no record when nothing has expired, whatever the vault holds', async () => {
    await vaultWrite.putMany(Array.from({ length: 600 }, (_, i) => contact(`c${i}`, daysAgo(i % 29))));
    const database = await db();
    const transaction = vi.spyOn(database, 'transaction');
    expect(await purgeExpired(NOW)).toBe(0);
    // One look at the index's keys, read-only: nothing written, no record read whole.
    expect(transaction.mock.calls.map(([, mode]) => mode ?? 'readonly')).toEqual(['readonly']);
    expect(await storedVaultKeys()).toHaveLength(600);
  });

  it('waits a few seconds after the start before its first pass', async () => {
    await vaultWrite.putMany([contact('old', daysAgo(60))]);
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'Date'], now: NOW });
    const pass = keepRetention(report);
    await vi.advanceTimersByTimeAsync(START_DELAY_MS - 100);
    expect(await storedVaultKeys()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await pass;
    expect(await storedVaultKeys()).toEqual([]);
  });

  it('removes in bounded batches, a transaction each', async () => {
    await vaultWrite.putMany([
      ...Array.from({ length: BATCH * 2 + 50 }, (_, i) => contact(`gone-${i}`, daysAgo(40 + (i % 5)))),
      contact('kept', daysAgo(1)),
    ]);
    const writes: number[] = [];
    const database = await db();
    const transaction = vi.spyOn(database, 'transaction');
    expect(await purgeExpired(NOW)).toBe(BATCH * 2 + 50);
    for (const [stores, mode] of transaction.mock.calls)
      if (mode === 'readwrite') writes.push([stores].flat().length);
    expect(writes).toHaveLength(3);
    expect(await storedVaultKeys()).toEqual([url('kept')]);
  });

  it('keeps every contact that does not read, whatever its indexed fields hold, and says it is there unreadable', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // Wrong types in each indexed field (`updatedAt`, `candidateId`): IndexedDB orders numbers and dates before every
    // string, so these sort as the oldest of all; an old string date over a record that does not read is in range.
    const damaged: Record<string, object> = {
      [url('number-date')]: { ...contact('number-date', daysAgo(90)), updatedAt: NOW - 90 * DAY },
      [url('date-date')]: { ...contact('date-date', daysAgo(90)), updatedAt: new Date(NOW - 90 * DAY) },
      [url('array-date')]: { ...contact('array-date', daysAgo(90)), updatedAt: [daysAgo(90)] },
      [url('number-id')]: { ...contact('number-id', daysAgo(90)), candidateId: 7 },
      [url('old-broken')]: { ...contact('old-broken', daysAgo(90)), v: 99 },
    };
    for (const [key, value] of Object.entries(damaged)) await writeRawContact(key, value);
    await vaultWrite.putMany([contact('old', daysAgo(60)), contact('recent', daysAgo(1))]);
    expect(await purgeExpired(NOW)).toBe(1);
    expect(await storedVaultKeys()).toEqual([...Object.keys(damaged), url('recent')].sort());
    for (const key of Object.keys(damaged)) expect(await vault.read(key)).toEqual({ state: 'unreadable' });
    // A record that reads but whose moment is no date says nothing of its age: kept too.
    await writeRawContact(url('no-date'), { ...contact('no-date', daysAgo(90)), updatedAt: '' });
    expect(await purgeExpired(NOW)).toBe(0);
    expect(await vault.read(url('no-date'))).toMatchObject({ state: 'ok' });
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining(`Stored contact ${url('old-broken')} is not readable`),
    );
  });

  it('goes past a full batch of records that do not read to the expired contacts after them', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (let i = 0; i < BATCH + 5; i++) {
      await writeRawContact(url(`broken-${i}`), { ...contact(`broken-${i}`, daysAgo(90)), v: 99 });
    }
    await vaultWrite.putMany([contact('old', daysAgo(60))]);
    expect(await purgeExpired(NOW)).toBe(1);
    expect(await storedVaultKeys()).toHaveLength(BATCH + 5);
  });

  describe('by region', () => {
    const at = (slug: string, location: string, days: number) => ({
      ...contact(slug, daysAgo(days)),
      location,
    });
    const sendMark = (slug: string, state: 'sending' | 'sent') =>
      keepSent({
        key: `lever ${url(slug)}`,
        contactKey: url(slug),
        destinationId: 'lever',
        label: 'Lever',
        state,
        sentAt: daysAgo(20),
        updatedAt: daysAgo(20),
      });

    beforeEach(async () => {
      await settings.set({ ...(await settings.get()), retentionDays: 365 });
    });

    it('removes EU and unknown contacts after 30 days unless sent, and others after the setting', async () => {
      await vaultWrite.putMany([
        at('berlin', 'Berlin, Germany', 31),
        at('london', 'London Area, United Kingdom', 29),
        at('austin', 'Austin, Texas, United States', 31),
        at('nowhere', '', 31),
        contact('no-location', daysAgo(31)),
        at('sent-paris', 'Paris, France', 31),
        at('sending-paris', 'Paris, France', 31),
        at('old-austin', 'Austin, Texas, United States', 366),
      ]);
      await sendMark('sent-paris', 'sent');
      await sendMark('sending-paris', 'sending');
      expect(await purgeExpired(NOW)).toBe(4);
      expect(await storedVaultKeys()).toEqual(
        [url('austin'), url('london'), url('sending-paris'), url('sent-paris')].sort(),
      );
    });

    it('reads the contacts kept past the 30 days once, not at every start, and still removes who crosses them', async () => {
      await vaultWrite.putMany([
        ...Array.from({ length: BATCH + 50 }, (_, i) =>
          at(`austin-${i}`, 'Austin, Texas, United States', 31 + (i % 300)),
        ),
        at('sent-paris', 'Paris, France', 40),
        at('lyon', 'Lyon, France', 29),
      ]);
      await sendMark('sent-paris', 'sent');
      expect(await purgeExpired(NOW)).toBe(0);
      const database = await db();
      const transaction = vi.spyOn(database, 'transaction');
      // The next start: nothing crossed the 30 days, so no record is read, only the index's keys.
      expect(await purgeExpired(NOW)).toBe(0);
      expect(transaction.mock.calls.filter(([, mode]) => mode === 'readwrite')).toEqual([]);
      // Two days on, Lyon crossed them: read and removed, in one batch; the kept ones are not read again.
      transaction.mockClear();
      expect(await purgeExpired(NOW + 2 * DAY)).toBe(1);
      expect(transaction.mock.calls.filter(([, mode]) => mode === 'readwrite')).toHaveLength(1);
      expect(await storedVaultKeys()).toHaveLength(BATCH + 51);
      expect(await storedVaultKeys()).not.toContain(url('lyon'));
      // The general period still removes the kept ones when they pass it: 100 days on, those more than 234 days old.
      expect(await purgeExpired(NOW + 100 * DAY)).toBe(BATCH + 50 - 235);
    });

    it('reads again from where it began after a pass cut short', async () => {
      await vaultWrite.putMany([at('berlin', 'Berlin, Germany', 31)]);
      const cut = vi
        .spyOn(vaultRetention, 'purgeOlderThan')
        .mockRejectedValueOnce(new Error('worker stopped'));
      // The general range passes (nothing there), the EU range is cut short.
      cut.mockImplementationOnce(async () => ({ removed: 0, next: null }));
      await expect(purgeExpired(NOW)).rejects.toThrow('worker stopped');
      cut.mockRestore();
      expect(await purgeExpired(NOW + DAY)).toBe(1);
      expect(await storedVaultKeys()).toEqual([]);
    });

    it('removes a sent EU contact by the setting, as any other', async () => {
      await vaultWrite.putMany([at('sent-paris', 'Paris, France', 400)]);
      await sendMark('sent-paris', 'sent');
      expect(await purgeExpired(NOW)).toBe(1);
      expect(await storedVaultKeys()).toEqual([]);
    });
  });
});
