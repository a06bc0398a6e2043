/**
 * The ledger's stored data from version 2 (each day whole under one key), as that version wrote it, upgraded to
 * version 3 (days in parts): nothing a user has is lost or moved, its open calls still settle, and a busy day's
 * next appends write a part of their own rather than the whole day again.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { appendEntry, resolveEntry } from '../../../../src/ledger/append';
import type { ChargeEntry } from '../../../../src/ledger/entry';
import { PART_SIZE, readLedgerDays, readMeta, spendingNow } from '../../../../src/store/ledger';
import { migrateLedgerParts } from '../../../../src/store/migrations/run';
import { at, day, TODAY } from './v1-fixtures';

const D = day(TODAY);
const charged = (n: number): ChargeEntry => ({
  kind: 'charge',
  id: `r${n}`,
  at: at(60 - n / 10),
  action: 'bulk-reveal',
  items: ['email'],
  credits: 3,
  maxCredits: 3,
  state: 'charged',
  ref: 'job-0',
});

/** Version 2's stored ledger: a busy day (more entries than a part holds) ending with a lookup still uncertain. */
function v2Ledger() {
  const balance = { kind: 'balance', id: 'b0', at: at(90), remaining: 1000 };
  const entries = Array.from({ length: PART_SIZE + 5 }, (_, n) => charged(n));
  const open = {
    ...charged(99),
    id: 'u1',
    at: at(5),
    items: [],
    credits: 0,
    state: 'uncertain',
    ref: 'job-1',
  };
  return {
    [`ledger:day:${D}`]: [balance, ...entries, open],
    'ledger:meta': {
      v: 2,
      days: [D],
      lastBalance: balance,
      anchor: balance,
      open: [{ day: D, id: 'u1', at: at(5), ref: 'job-1', max: 3 }],
    },
  };
}

describe('ledger version 2 -> 3', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('keeps every entry where it is, gives each day one part, and a second run writes nothing', async () => {
    const before = v2Ledger();
    await browser.storage.local.set(before);
    await migrateLedgerParts();
    const stored = await browser.storage.local.get(null);
    expect(stored['ledger:meta']).toEqual({ ...before['ledger:meta'], v: 3, parts: {} });
    expect(stored[`ledger:day:${D}`]).toEqual(before[`ledger:day:${D}`]);
    expect((await spendingNow()).today).toBe((PART_SIZE + 5) * 3 + 3);

    const set = vi.spyOn(browser.storage.local, 'set');
    await migrateLedgerParts();
    expect(set).not.toHaveBeenCalled();
  });

  it('reads version 2 before the upgrade is written (a page open during the update)', async () => {
    await browser.storage.local.set(v2Ledger());
    expect(await readMeta()).toMatchObject({ v: 3, parts: {}, open: [{ id: 'u1', max: 3 }] });
    expect((await readLedgerDays([D])).get(D)).toHaveLength(PART_SIZE + 7);
  });

  it("a version 2 day's open call settles in place, and new entries go to a part of their own", async () => {
    await browser.storage.local.set(v2Ledger());
    await migrateLedgerParts();
    const set = vi.spyOn(browser.storage.local, 'set');
    await resolveEntry('u1', at(5), (e) => ({ ...e, state: 'charged', credits: 3 }));
    await appendEntry({ ...charged(200), id: 'n1', at: new Date().toISOString() });
    // The settle rewrote the version 2 day it is in; the append wrote a new part only, not that day again.
    expect(Object.keys(set.mock.calls[1]![0] as object).sort()).toEqual([`ledger:day:${D}:1`, 'ledger:meta']);
    const meta = await readMeta();
    expect(meta).toMatchObject({ open: [], parts: { [D]: 2 } });
    const entries = (await readLedgerDays([D])).get(D)!;
    expect(entries.map((e) => e.id).slice(-2)).toEqual(['u1', 'n1']);
    expect(entries.find((e) => e.id === 'u1')).toMatchObject({ state: 'charged' });
  });
});
