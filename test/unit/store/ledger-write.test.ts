import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ChargeEntry } from '../../../src/ledger/entry';
import { EMPTY_META, PART_SIZE, readLedgerDays } from '../../../src/store/ledger';
import { openDraft } from '../../../src/store/ledger-write';

const DAY = '2026-03-02';
const balance = { kind: 'balance' as const, id: 'b1', at: `${DAY}T10:00:00.000Z`, remaining: 50 };
const charge = (n: number): ChargeEntry => ({
  kind: 'charge',
  id: `c${n}`,
  at: `${DAY}T10:00:${String(n % 60).padStart(2, '0')}.000Z`,
  action: 'bulk-reveal',
  items: [],
  credits: 0,
  maxCredits: 3,
  state: 'uncertain',
  ref: 'job',
});

describe("the ledger writer's storage side", () => {
  beforeEach(() => fakeBrowser.reset());

  it('reads the bookkeeping and the parts guessed in one call (empty ones for nothing stored)', async () => {
    const get = vi.spyOn(browser.storage.local, 'get');
    const draft = await openDraft([`ledger:day:${DAY}`]);
    expect(draft.meta).toEqual(EMPTY_META);
    expect(await draft.day(DAY)).toEqual([]);
    expect(get).toHaveBeenCalledOnce();
  });

  it('writes the bookkeeping and the parts changed in one call, and reads them back', async () => {
    const draft = await openDraft();
    draft.meta = { ...EMPTY_META, days: [DAY], lastBalance: balance };
    await draft.append(DAY, balance);
    const set = vi.spyOn(browser.storage.local, 'set');
    await draft.store();
    expect(set).toHaveBeenCalledOnce();
    expect(await browser.storage.local.get(null)).toEqual({
      'ledger:meta': draft.meta,
      [`ledger:day:${DAY}`]: [balance],
    });
    expect((await readLedgerDays([DAY])).get(DAY)).toEqual([balance]);
  });

  it('a full part is left as it is: the next entry starts a new part, and only that part is written', async () => {
    const first = await openDraft();
    for (let n = 0; n < PART_SIZE; n++) await first.append(DAY, charge(n));
    first.meta.days = [DAY];
    await first.store();

    const next = await openDraft([`ledger:day:${DAY}`]);
    expect(await next.append(DAY, charge(PART_SIZE))).toBe(1);
    const set = vi.spyOn(browser.storage.local, 'set');
    await next.store();
    expect(Object.keys(set.mock.calls[0]![0] as object).sort()).toEqual([
      `ledger:day:${DAY}:1`,
      'ledger:meta',
    ]);
    expect((await readLedgerDays([DAY])).get(DAY)!.map((e) => e.id)).toEqual(
      Array.from({ length: PART_SIZE + 1 }, (_, n) => `c${n}`),
    );
  });

  it('settles an entry in the part that holds it, whichever part was guessed', async () => {
    const first = await openDraft();
    for (let n = 0; n < PART_SIZE + 2; n++) await first.append(DAY, charge(n));
    await first.store();

    const draft = await openDraft([`ledger:day:${DAY}:1`]);
    const entry = await draft.find(DAY, 'c3');
    expect(entry).toMatchObject({ id: 'c3' });
    draft.put('c3', { ...(entry as ChargeEntry), state: 'charged', credits: 3 });
    draft.put(`c${PART_SIZE + 1}`, null);
    const set = vi.spyOn(browser.storage.local, 'set');
    await draft.store();
    expect(Object.keys(set.mock.calls[0]![0] as object).sort()).toEqual([
      `ledger:day:${DAY}`,
      `ledger:day:${DAY}:1`,
      'ledger:meta',
    ]);
    const day = (await readLedgerDays([DAY])).get(DAY)!;
    expect(day).toHaveLength(PART_SIZE + 1);
    expect(day[3]).toMatchObject({ id: 'c3', state: 'charged', credits: 3 });
  });
});
