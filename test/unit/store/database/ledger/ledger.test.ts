import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { spendingNow } from '../../../../../src/ledger/spending';
import { db } from '../../../../../src/store/database/db';
import {
  chargesOf,
  EMPTY_META,
  LEDGER_META,
  ledgerDays,
  openCharges,
  readLedgerDays,
  readMeta,
  watchLedger,
} from '../../../../../src/store/database/ledger/ledger';
import { appendEntry } from '../../../../../src/store/database/ledger/ledger-write';

const entry = (id: string, at: string) => ({
  kind: 'charge' as const,
  id,
  at,
  action: 'search' as const,
  items: [],
  credits: 1,
  maxCredits: 1,
  state: 'charged' as const,
  ref: 's-1',
});

describe('reading the ledger', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('unreadable bookkeeping starts afresh', async () => {
    await (await db()).put('meta', { seq: 'many' }, LEDGER_META);
    expect(await readMeta()).toEqual(EMPTY_META);
  });

  it("a day's unreadable entry is skipped, not the whole day; days with nothing read as empty", async () => {
    await appendEntry(entry('ok', '2026-01-02T10:00:00.000Z'));
    const damaged = { id: 'bad', day: '2026-01-02', seq: 99, kind: 'charge' };
    await (await db()).put('ledger', damaged);
    const days = await readLedgerDays(['2026-01-02', '2026-01-03']);
    expect(days.get('2026-01-02')!.map((e) => e.id)).toEqual(['ok']);
    expect(days.get('2026-01-03')).toEqual([]);
  });
});

describe('damaged entries', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('entries with wrong types in the indexed fields are kept; every read goes on, skipping what does not read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await appendEntry(entry('ok', '2026-01-02T10:00:00.000Z'));
    await appendEntry({ ...entry('open-ok', '2026-01-02T11:00:00.000Z'), state: 'uncertain', credits: 0 });
    const good = entry('x', '2026-01-02T12:00:00.000Z');
    const broken = { credits: 'one' };
    // `day`, `seq`, `open` and `ref` each of a type IndexedDB orders before, or after, every string or number.
    const damaged = [
      { ...good, ...broken, id: 'day-number', day: 20260102, seq: 50 },
      { ...good, ...broken, id: 'day-date', day: new Date('2026-01-02'), seq: 51 },
      { ...good, ...broken, id: 'seq-string', day: '2026-01-02', seq: 'fifty' },
      { ...good, ...broken, id: 'open-string', day: '2026-01-02', seq: 53, open: 'yes', state: 'uncertain' },
      { ...good, ...broken, id: 'ref-number', day: '2026-01-02', seq: 54, ref: 7 },
      { ...good, ...broken, id: 'late-day', day: '2026-01-03', seq: 55 },
    ];
    const database = await db();
    for (const value of damaged) await database.put('ledger', value as never);
    expect(await ledgerDays()).toEqual(['2026-01-02', '2026-01-03']);
    const days = await readLedgerDays(await ledgerDays());
    expect(days.get('2026-01-02')!.map((e) => e.id)).toEqual(['ok', 'open-ok']);
    expect(days.get('2026-01-03')).toEqual([]);
    expect((await openCharges()).map((e) => e.id)).toEqual(['open-ok']);
    expect((await chargesOf('s-1', '2026-01-01T00:00:00.000Z')).map((e) => e.id)).toEqual(['ok', 'open-ok']);
    expect((await spendingNow(new Date('2026-01-02T13:00:00.000Z'))).today).toBe(2);
    expect((await database.getAllKeys('ledger')).sort()).toEqual(
      ['ok', 'open-ok', ...damaged.map((value) => value.id)].sort(),
    );
    expect(warn).toHaveBeenCalledWith('A ledger entry is not readable and was skipped', expect.any(String));
  });
});

describe('watching the ledger', () => {
  beforeEach(() => fakeBrowser.reset());

  it('calls back once for the writes of a short while, not once per write, and not after it stops', async () => {
    const cb = vi.fn();
    const stop = watchLedger(cb, 300);
    for (let n = 0; n < 5; n++) await appendEntry(entry(`e${n}`, `2026-01-0${n + 1}T10:00:00.000Z`));
    await vi.waitFor(() => expect(cb).toHaveBeenCalledOnce());
    await appendEntry(entry('later', '2026-01-09T10:00:00.000Z'));
    await vi.waitFor(() => expect(cb).toHaveBeenCalledTimes(2));
    stop();
    await appendEntry(entry('unheard', '2026-01-09T11:00:00.000Z'));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(cb).toHaveBeenCalledTimes(2);
  });
});
