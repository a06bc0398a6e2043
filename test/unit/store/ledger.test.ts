import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { EMPTY_META, readLedgerDays, readMeta, watchLedger } from '../../../src/store/ledger';

const aside = async (name: string) =>
  (await browser.storage.local.get(`unreadable:${name}`))[`unreadable:${name}`];

describe('the ledger in storage', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('unreadable bookkeeping starts afresh, but is set aside first so the next append cannot lose it', async () => {
    await browser.storage.local.set({ 'ledger:meta': { v: 2, days: 'not a list' } });
    expect(await readMeta()).toEqual(EMPTY_META);
    expect(await aside('ledger:meta')).toMatchObject({ value: { v: 2, days: 'not a list' } });
  });

  it("a day's unreadable entry is skipped, and the day as stored is set aside once", async () => {
    await browser.storage.local.set({ 'ledger:day:2026-01-02': [{ kind: 'charge', id: 7 }] });
    const days = await readLedgerDays(['2026-01-02']);
    expect(days.get('2026-01-02')).toEqual([]);
    await vi.waitFor(async () => {
      expect(await aside('ledger:day:2026-01-02')).toMatchObject({ value: [{ kind: 'charge', id: 7 }] });
    });
    // A later read of the same day does not replace the original copy.
    await browser.storage.local.set({ 'ledger:day:2026-01-02': [{ kind: 'charge', id: 8 }] });
    await readLedgerDays(['2026-01-02']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await aside('ledger:day:2026-01-02')).toMatchObject({ value: [{ kind: 'charge', id: 7 }] });
  });

  it('days with nothing stored read as empty, with nothing set aside', async () => {
    expect((await readLedgerDays(['2026-01-03'])).get('2026-01-03')).toEqual([]);
    expect(await browser.storage.local.get(null)).toEqual({});
  });
});

describe('watching the ledger', () => {
  beforeEach(() => fakeBrowser.reset());

  it('calls back once for the writes of a short while, not once per write, and not after it stops', async () => {
    const cb = vi.fn();
    const stop = watchLedger(cb, 40);
    for (let n = 0; n < 5; n++) await browser.storage.local.set({ [`ledger:day:2026-01-0${n + 1}`]: [] });
    await browser.storage.local.set({ settings: {} });
    await vi.waitFor(() => expect(cb).toHaveBeenCalledOnce());
    await browser.storage.local.set({ 'ledger:meta': {} });
    await vi.waitFor(() => expect(cb).toHaveBeenCalledTimes(2));
    await browser.storage.local.set({ 'ledger:meta': { v: 3 } });
    stop();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(cb).toHaveBeenCalledTimes(2);
  });
});
