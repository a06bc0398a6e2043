import { describe, expect, it } from 'vitest';
import {
  type ChargeEntry,
  chargeTotals,
  dayOf,
  lastDays,
  monthToDate,
  partsOf,
  reconcile,
  spent,
} from '../../../src/ledger/entry';

const charge = (over: Partial<ChargeEntry>): ChargeEntry => ({
  kind: 'charge',
  id: crypto.randomUUID(),
  at: '2026-11-20T10:00:00.000Z',
  action: 'reveal',
  items: [],
  credits: 0,
  maxCredits: 9,
  state: 'charged',
  ref: 'job-1',
  ...over,
});

describe('ledger entries', () => {
  it('counts an uncertain charge at its maximum until it is settled', () => {
    expect(
      spent([
        charge({ credits: 9 }),
        charge({ state: 'uncertain', maxCredits: 11 }),
        charge({ state: 'confirmed', credits: 3 }),
        charge({ state: 'not-charged', credits: 0 }),
        { kind: 'balance', id: 'b', at: '2026-11-20T10:00:00.000Z', remaining: 100 },
      ]),
    ).toBe(23);
  });

  it('splits a lookup by item price, a search into searches, and the rest into "unknown"', () => {
    expect(partsOf(charge({ items: ['email', 'phone'], credits: 9 }))).toEqual({ email: 3, phone: 6 });
    expect(partsOf(charge({ action: 'jd-search', credits: 2 }))).toEqual({ search: 2 });
    expect(partsOf(charge({ action: 'search', credits: 0 }))).toEqual({});
    expect(partsOf(charge({ state: 'confirmed', credits: 6 }))).toEqual({ unknown: 6 });
    // A charge above the items' prices still adds up to what was charged.
    expect(partsOf(charge({ items: ['healthcare_profile'], credits: 4 }))).toEqual({
      healthcare_profile: 1,
      unknown: 3,
    });
  });

  it('names local days and the days of a month so far', () => {
    const today = new Date(2026, 10, 3, 23, 59);
    expect(dayOf(today)).toBe('2026-11-03');
    expect(lastDays(3, today)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    expect(lastDays(2, new Date(2026, 0, 1))).toEqual(['2025-12-31', '2026-01-01']);
    expect(monthToDate(today)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
  });
});

describe('what a charge paid for', () => {
  it('a search page and a job-description search page are searches, whole', () => {
    expect(partsOf(charge({ action: 'search', credits: 1, maxCredits: 1 }))).toEqual({ search: 1 });
    expect(partsOf(charge({ action: 'jd-search', credits: 2, maxCredits: 2 }))).toEqual({ search: 2 });
  });

  it('a lookup charged less than its items cost names only the items the credits reach', () => {
    expect(partsOf(charge({ items: ['email', 'phone'], credits: 3 }))).toEqual({ email: 3 });
    expect(partsOf(charge({ items: ['phone', 'email'], credits: 7 }))).toEqual({ phone: 6, email: 1 });
  });
});

describe('reconciliation of uncertain charges', () => {
  const at = '2026-11-20T11:00:00.000Z';
  /** Sent a minute before the balance: long past the time a call can take. */
  const sent = '2026-11-20T10:59:00.000Z';
  const open = (maxCredits: number, over: Partial<ChargeEntry> = {}) =>
    charge({ state: 'uncertain', credits: 0, maxCredits, at: sent, ...over });
  const settle = (...args: Parameters<typeof reconcile>) => {
    const settled = reconcile(...args);
    if (settled === null) throw new Error('expected a settlement');
    return settled;
  };

  it('confirms one uncertain charge with what the balance fell beyond the known charges', () => {
    const lost = open(9);
    const known = charge({ credits: 3 });
    const [settled] = settle(100, [lost, known], 88, at);
    expect(settled).toMatchObject({ id: lost.id, state: 'confirmed', credits: 9, settledAt: at });
    expect(settled).not.toHaveProperty('shared');
  });

  it('marks it not charged when the known charges explain the whole fall', () => {
    const lost = open(9);
    expect(settle(100, [charge({ credits: 3 }), lost], 97, at)).toEqual([
      { ...lost, state: 'not-charged', credits: 0, settledAt: at },
    ]);
  });

  it('one call is charged at once or not at all: a part of its maximum is what it cost', () => {
    expect(settle(100, [open(9)], 97, at)).toMatchObject([{ state: 'confirmed', credits: 3 }]);
  });

  it('several calls: the group total is exact, the split is marked as not known', () => {
    const a = open(3);
    const b = open(9);
    const c = open(9);
    const settled = settle(100, [a, b, c], 93, at);
    expect(settled.map((e) => [e.state, e.credits])).toEqual([
      ['confirmed', 3],
      ['confirmed', 4],
      ['not-charged', 0],
    ]);
    expect(settled.reduce((sum, e) => sum + e.credits, 0)).toBe(7);
    for (const e of settled) expect(e.shared).toEqual({ calls: 3, credits: 7 });
  });

  it('several calls charged all they could cost, or nothing: each is known', () => {
    const all = settle(100, [open(3), open(9)], 88, at);
    expect(all.map((e) => [e.state, e.credits, e.shared])).toEqual([
      ['confirmed', 3, undefined],
      ['confirmed', 9, undefined],
    ]);
    const none = settle(100, [open(3), open(9)], 100, at);
    expect(none.map((e) => [e.state, e.credits, e.shared])).toEqual([
      ['not-charged', 0, undefined],
      ['not-charged', 0, undefined],
    ]);
  });

  it('a fall beyond what they can cost (the key used elsewhere) puts each at its most, marked', () => {
    expect(settle(100, [open(6)], 81, at)).toMatchObject([
      { state: 'confirmed', credits: 6, shared: { calls: 1, credits: 19 } },
    ]);
  });

  it('waits while a call sent within the time limit may still be charged, unless the fall already says so', () => {
    const recent = open(9, { at: '2026-11-20T10:59:55.000Z' });
    expect(reconcile(100, [recent], 100, at, 15_000)).toBeNull();
    expect(reconcile(100, [open(3), recent], 97, at, 15_000)).toBeNull();
    // Charged: a call is charged at once, so it is known even while recent.
    expect(reconcile(100, [recent], 91, at, 15_000)).toMatchObject([{ state: 'confirmed', credits: 9 }]);
    // Everything they could cost has been charged: nothing left to wait for.
    expect(reconcile(100, [open(3), recent], 88, at, 15_000)).toHaveLength(2);
    // Past the limit, "not charged" is final.
    expect(reconcile(100, [recent], 100, '2026-11-20T11:00:30.000Z', 15_000)).toMatchObject([
      { state: 'not-charged' },
    ]);
  });

  it('one call with part of its most charged is known even while recent, and is not marked as a split', () => {
    const recent = open(9, { at: '2026-11-20T10:59:55.000Z' });
    const settled = reconcile(100, [recent], 97, at, 15_000);
    expect(settled).toEqual([{ ...recent, state: 'confirmed', credits: 3, settledAt: at }]);
  });

  it('a call sent exactly the time limit before the balance is no longer recent: "not charged" is final', () => {
    const limit = open(9, { at: '2026-11-20T10:59:45.000Z' });
    expect(reconcile(100, [limit], 100, at, 15_000)).toMatchObject([{ state: 'not-charged', credits: 0 }]);
  });

  it('settles nothing when the balance rose (credits bought), or when nothing is open', () => {
    expect(reconcile(100, [open(3)], 500, at)).toEqual([]);
    expect(reconcile(100, [charge({ credits: 3 })], 97, at)).toEqual([]);
  });

  it('totals settled credits apart from calls not known yet, with the most they may cost', () => {
    expect(
      chargeTotals([
        charge({ credits: 3 }),
        open(9),
        open(6),
        { kind: 'balance', id: 'b', at, remaining: 1 },
      ]),
    ).toEqual({
      credits: 3,
      uncertain: 2,
      uncertainMax: 15,
    });
  });
});
