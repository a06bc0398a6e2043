import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { appendEntry, holdLedger, resolveEntry, type Settle } from '../../../src/ledger/append';
import { type ChargeEntry, dayOf, type LedgerEntry } from '../../../src/ledger/entry';
import { META_KEY, readLedgerDays, readMeta } from '../../../src/store/ledger';

const AT = '2026-05-04T10:00:00.000Z';
const charge = (id: string, over: Partial<ChargeEntry> = {}): ChargeEntry => ({
  kind: 'charge',
  id,
  at: AT,
  action: 'bulk-reveal',
  items: ['email'],
  credits: 3,
  maxCredits: 3,
  state: 'charged',
  ref: 'job-1',
  ...over,
});
const day = async (): Promise<LedgerEntry[]> => (await readLedgerDays([dayOf(AT)])).get(dayOf(AT)) ?? [];

describe('appending to the ledger', () => {
  beforeEach(() => fakeBrowser.reset());

  it('stores entries asked for together in the order asked, in fewer writes than entries', async () => {
    const set = vi.spyOn(browser.storage.local, 'set');
    await Promise.all(Array.from({ length: 15 }, (_, i) => appendEntry(charge(`c${i}`))));
    expect((await day()).map((e) => e.id)).toEqual(Array.from({ length: 15 }, (_, i) => `c${i}`));
    expect(set.mock.calls.length).toBeLessThan(15);
    expect((await readMeta()).days).toEqual([dayOf(AT)]);
  });

  it('resolves each append only once its entry is stored', async () => {
    const seen = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        await appendEntry(charge(`c${i}`));
        return (await day()).map((e) => e.id);
      }),
    );
    for (const [i, ids] of seen.entries()) expect(ids).toContain(`c${i}`);
  });

  it('refuses an entry that does not read as one, and stores the others', async () => {
    const bad = appendEntry({ ...charge('bad'), credits: -1 });
    const good = appendEntry(charge('good'));
    await expect(bad).rejects.toThrow();
    await good;
    expect((await day()).map((e) => e.id)).toEqual(['good']);
  });

  it('a failed write fails every append it carried, and the next write starts afresh', async () => {
    const set = vi.spyOn(browser.storage.local, 'set').mockRejectedValueOnce(new Error('disk full'));
    const first = appendEntry(charge('lost'));
    await expect(first).rejects.toThrow('disk full');
    await appendEntry(charge('kept'));
    expect((await day()).map((e) => e.id)).toEqual(['kept']);
    set.mockRestore();
  });

  it('a balance written with charges before it settles the uncertain ones among them', async () => {
    const settle: Settle = async (meta, read) => {
      const entries = (await read([dayOf(AT)])).get(dayOf(AT)) ?? [];
      const open = entries.filter((e): e is ChargeEntry => e.kind === 'charge' && e.state === 'uncertain');
      return {
        changed: open.map((e) => ({ ...e, state: 'confirmed' as const, credits: 3, settledAt: AT })),
        meta: { ...meta, anchor: null, open: [] },
      };
    };
    await Promise.all([
      appendEntry({ kind: 'balance', id: 'b0', at: AT, remaining: 100 }),
      appendEntry(charge('u1', { state: 'uncertain', credits: 0, items: [] })),
      appendEntry(charge('c2')),
      appendEntry({ kind: 'balance', id: 'b1', at: AT, remaining: 94 }, settle),
    ]);
    const entries = await day();
    expect(entries.map((e) => e.id)).toEqual(['b0', 'u1', 'c2', 'b1']);
    expect(entries[1]).toMatchObject({ state: 'confirmed', credits: 3 });
    expect(await readMeta()).toMatchObject({ open: [], lastBalance: { id: 'b1' } });
  });

  describe('held (a bulk reveal under way)', () => {
    /** Storage reads of the ledger's bookkeeping from now on. */
    function countMetaReads() {
      const get = browser.storage.local.get.bind(browser.storage.local) as (
        keys: unknown,
      ) => Promise<unknown>;
      let reads = 0;
      const spy = vi.spyOn(browser.storage.local, 'get').mockImplementation(((keys: unknown) => {
        const asked = typeof keys === 'string' ? [keys] : Array.isArray(keys) ? keys : [];
        if (asked.includes(META_KEY)) reads++;
        return get(keys);
      }) as typeof browser.storage.local.get);
      return { reads: () => reads, restore: () => spy.mockRestore() };
    }

    it('each write starts from what the last one stored, with no read of it back, and stores the same ledger', async () => {
      /** A balance, then five lookups one after another, as a bulk reveal sends them: written ahead, then settled. */
      const lookups = async () => {
        await appendEntry({ kind: 'balance', id: 'b0', at: AT, remaining: 100 });
        for (let i = 0; i < 5; i++) {
          await appendEntry(charge(`u${i}`, { state: 'uncertain', credits: 0, items: [] }));
          if (i === 2) expect((await readMeta()).open.map((call) => call.id)).toEqual(['u2']);
          await resolveEntry(`u${i}`, AT, (entry) => ({
            ...entry,
            state: 'charged',
            credits: 3,
            items: ['email'],
          }));
        }
      };
      await lookups();
      const unheld = { meta: await readMeta(), day: await day() };
      fakeBrowser.reset();
      const meta = countMetaReads();
      await holdLedger(lookups);
      meta.restore();
      // Read twice: by the first write (the ten after it start from what the one before stored), and by the check.
      expect(meta.reads()).toBe(2);
      expect(await readMeta()).toEqual(unheld.meta);
      expect(await day()).toEqual(unheld.day);
      expect(unheld.day.map((e) => e.id)).toEqual(['b0', 'u0', 'u1', 'u2', 'u3', 'u4']);
    });

    it('a write-ahead while held is stored before it resolves, open until its answer settles it', async () => {
      await holdLedger(async () => {
        await appendEntry(charge('sent', { state: 'uncertain', credits: 0, items: [] }));
        expect((await readMeta()).open.map((call) => call.id)).toEqual(['sent']);
        expect((await day()).map((e) => e.id)).toEqual(['sent']);
        await appendEntry(charge('next', { state: 'uncertain', credits: 0, items: [] }));
        expect((await readMeta()).open.map((call) => call.id)).toEqual(['sent', 'next']);
      });
    });

    it('a failed write while held makes the next write read storage again', async () => {
      await holdLedger(async () => {
        await appendEntry(charge('c0'));
        const set = vi.spyOn(browser.storage.local, 'set').mockRejectedValueOnce(new Error('disk full'));
        await expect(appendEntry(charge('lost'))).rejects.toThrow('disk full');
        set.mockRestore();
        const meta = countMetaReads();
        await appendEntry(charge('c1'));
        meta.restore();
        expect(meta.reads()).toBe(1);
      });
      expect((await day()).map((e) => e.id)).toEqual(['c0', 'c1']);
    });

    it('once the last hold ends, writes read storage again', async () => {
      await holdLedger(() => appendEntry(charge('c0')));
      // Written by something other than this writer once nothing holds the ledger (a restored backup, say).
      await fakeBrowser.storage.local.set({
        [META_KEY]: { v: 2, days: [], lastBalance: null, anchor: null, open: [] },
      });
      await fakeBrowser.storage.local.set({ [`ledger:day:${dayOf(AT)}`]: [] });
      await appendEntry(charge('c1'));
      expect((await day()).map((e) => e.id)).toEqual(['c1']);
      expect((await readMeta()).days).toEqual([dayOf(AT)]);
    });
  });
});
