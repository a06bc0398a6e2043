import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  appendEntry,
  flushSettles,
  keepLedgerWarm,
  resolveEntry,
  SETTLE_HOLD_MS,
  type Settle,
} from '../../../src/ledger/append';
import { type ChargeEntry, dayOf, type LedgerEntry } from '../../../src/ledger/entry';
import { readLedgerDays, readMeta } from '../../../src/store/ledger';

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
});

describe('appending to a busy day', () => {
  beforeEach(() => fakeBrowser.reset());

  it('writes a part of a few entries, not the whole day, however many entries the day holds', async () => {
    for (let n = 0; n < 8; n++) {
      await Promise.all(Array.from({ length: 25 }, (_, i) => appendEntry(charge(`c${n}-${i}`))));
    }
    const set = vi.spyOn(browser.storage.local, 'set');
    await appendEntry(charge('last', { state: 'uncertain', credits: 0, items: [] }));
    await resolveEntry('last', AT, (entry) => ({ ...entry, state: 'charged', credits: 3 }));
    const written = set.mock.calls.map(([values]) => JSON.stringify(values).length);
    // Each write is the bookkeeping and one part: a few KB, where the day is over 30 KB.
    expect(Math.max(...written)).toBeLessThan(12_000);
    const all = await day();
    expect(all).toHaveLength(201);
    expect(JSON.stringify(all).length).toBeGreaterThan(30_000);
    expect(all.at(-1)).toMatchObject({ id: 'last', state: 'charged' });
  });
});

describe('appending while a bulk reveal keeps the ledger warm', () => {
  beforeEach(() => fakeBrowser.reset());

  it('a write starts from what the last one stored: one storage call, no read', async () => {
    const cool = keepLedgerWarm();
    try {
      await appendEntry(charge('a'));
      const get = vi.spyOn(browser.storage.local, 'get');
      const set = vi.spyOn(browser.storage.local, 'set');
      await appendEntry(charge('b', { state: 'uncertain', credits: 0, items: [] }));
      await resolveEntry('b', AT, (entry) => ({ ...entry, state: 'charged', credits: 3 }));
      expect(get).not.toHaveBeenCalled();
      expect(set).toHaveBeenCalledTimes(2);
      expect((await day()).map((e) => [e.id, e.kind === 'charge' && e.state])).toEqual([
        ['a', 'charged'],
        ['b', 'charged'],
      ]);
      expect((await readMeta()).open).toEqual([]);
    } finally {
      cool();
    }
  });

  it('a change it did not make is noticed: the next write reads storage again and keeps that change', async () => {
    const cool = keepLedgerWarm();
    try {
      await appendEntry(charge('a'));
      await new Promise((resolve) => setTimeout(resolve, 0));
      // Written by someone else (a page, a migration) since.
      const key = `ledger:day:${dayOf(AT)}`;
      const stored = (await browser.storage.local.get(key))[key] as LedgerEntry[];
      await browser.storage.local.set({ [key]: [...stored, charge('x')] });
      await new Promise((resolve) => setTimeout(resolve, 0));
      const get = vi.spyOn(browser.storage.local, 'get');
      await appendEntry(charge('b'));
      expect(get).toHaveBeenCalled();
      expect((await day()).map((e) => e.id)).toEqual(['a', 'x', 'b']);
    } finally {
      cool();
    }
  });

  it('once the run ends, every write reads storage again', async () => {
    keepLedgerWarm()();
    await appendEntry(charge('a'));
    const get = vi.spyOn(browser.storage.local, 'get');
    await appendEntry(charge('b'));
    expect(get).toHaveBeenCalled();
  });
});

describe('a settle while a bulk reveal keeps the ledger warm', () => {
  beforeEach(() => fakeBrowser.reset());
  const uncertain = (id: string) => charge(id, { state: 'uncertain', credits: 0, items: [] });
  const settled = (entry: ChargeEntry): ChargeEntry => ({ ...entry, state: 'charged', credits: 3 });
  const stateOf = async (id: string) => {
    const entry = (await day()).find((e) => e.id === id);
    return entry?.kind === 'charge' ? entry.state : null;
  };

  /** Runs `body` while a bulk run keeps the ledger warm. */
  const whileWarm = async (body: () => Promise<void>) => {
    const cool = keepLedgerWarm();
    try {
      await body();
    } finally {
      cool();
    }
  };

  it('rides with the next write-ahead: one storage call for both, the settle first', () =>
    whileWarm(async () => {
      await appendEntry(uncertain('a'));
      const set = vi.spyOn(browser.storage.local, 'set');
      const settling = resolveEntry('a', AT, settled);
      await new Promise((resolve) => setTimeout(resolve, 20));
      // Held: nothing written yet, and the entry still counts as sent at its most.
      expect(set).not.toHaveBeenCalled();
      expect(await stateOf('a')).toBe('uncertain');
      await appendEntry(uncertain('b'));
      await settling;
      expect(set).toHaveBeenCalledOnce();
      expect(await stateOf('a')).toBe('charged');
      expect((await readMeta()).open.map((call) => call.id)).toEqual(['b']);
    }));

  it('is written on its own when no write-ahead comes within a moment', () =>
    whileWarm(async () => {
      await appendEntry(uncertain('a'));
      const started = Date.now();
      await resolveEntry('a', AT, settled);
      expect(Date.now() - started).toBeGreaterThanOrEqual(200);
      expect(await stateOf('a')).toBe('charged');
    }));

  it('is written at once when asked (the run ends) and when the run lets the ledger cool', async () => {
    const cool = keepLedgerWarm();
    await appendEntry(uncertain('a'));
    await appendEntry(uncertain('b'));
    const first = resolveEntry('a', AT, settled);
    await flushSettles();
    expect(await stateOf('a')).toBe('charged');
    await first;
    const second = resolveEntry('b', AT, settled);
    cool();
    await second;
    expect(await stateOf('b')).toBe('charged');
    expect((await readMeta()).open).toEqual([]);
  });

  it('is written at once when no bulk reveal runs', async () => {
    await appendEntry(uncertain('a'));
    // No hold's timer is started (a clock bound here would measure the machine, not the hold).
    const timers = vi.spyOn(globalThis, 'setTimeout');
    await resolveEntry('a', AT, settled);
    expect(timers).not.toHaveBeenCalledWith(expect.any(Function), SETTLE_HOLD_MS);
    expect(await stateOf('a')).toBe('charged');
  });
});
