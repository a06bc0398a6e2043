import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { appendEntry } from '../../../src/ledger/append';
import { db } from '../../../src/store/db';
import { EMPTY_META, LEDGER_META, readLedgerDays, readMeta, watchLedger } from '../../../src/store/ledger';

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
