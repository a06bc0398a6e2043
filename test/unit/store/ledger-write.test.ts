import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { EMPTY_META } from '../../../src/store/ledger';
import { readForWrite, writeLedger } from '../../../src/store/ledger-write';

const balance = { kind: 'balance' as const, id: 'b1', at: '2026-03-02T10:00:00.000Z', remaining: 50 };

describe("the ledger writer's storage side", () => {
  beforeEach(() => fakeBrowser.reset());

  it('reads the bookkeeping and the days asked in one call (empty ones for nothing stored)', async () => {
    const get = vi.spyOn(browser.storage.local, 'get');
    const read = await readForWrite(['2026-03-01', '2026-03-02']);
    expect(get).toHaveBeenCalledOnce();
    expect(read.meta).toEqual(EMPTY_META);
    expect(read.days).toEqual(
      new Map([
        ['2026-03-01', []],
        ['2026-03-02', []],
      ]),
    );
  });

  it('writes the bookkeeping and each day whole in one call, and reads them back', async () => {
    const meta = { ...EMPTY_META, days: ['2026-03-02'], lastBalance: balance };
    const set = vi.spyOn(browser.storage.local, 'set');
    await writeLedger(meta, new Map([['2026-03-02', [balance]]]));
    expect(set).toHaveBeenCalledOnce();
    expect(await browser.storage.local.get(null)).toEqual({
      'ledger:meta': meta,
      'ledger:day:2026-03-02': [balance],
    });
    const read = await readForWrite(['2026-03-02']);
    expect(read.meta).toEqual(meta);
    expect(read.days.get('2026-03-02')).toEqual([balance]);
  });
});
