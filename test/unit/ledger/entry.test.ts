import { describe, expect, it } from 'vitest';
import {
  type ChargeEntry,
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

describe('reconciliation of uncertain charges', () => {
  const at = '2026-11-20T11:00:00.000Z';

  it('confirms one uncertain charge with what the balance fell beyond the known charges', () => {
    const open = charge({ state: 'uncertain', maxCredits: 9 });
    const known = charge({ credits: 3 });
    const [settled] = reconcile(100, [open, known], 88, at);
    expect(settled).toMatchObject({ id: open.id, state: 'confirmed', credits: 9, settledAt: at });
  });

  it('marks it not charged when the known charges explain the whole fall', () => {
    const open = charge({ state: 'uncertain', maxCredits: 9 });
    expect(reconcile(100, [charge({ credits: 3 }), open], 97, at)).toEqual([
      { ...open, state: 'not-charged', credits: 0, settledAt: at },
    ]);
  });

  it('charges an uncertain call no more than its maximum, and shares a fall among several in order', () => {
    const a = charge({ state: 'uncertain', maxCredits: 3 });
    const b = charge({ state: 'uncertain', maxCredits: 9 });
    const c = charge({ state: 'uncertain', maxCredits: 9 });
    const settled = reconcile(100, [a, b, c], 93, at);
    expect(settled.map((e) => [e.state, e.credits])).toEqual([
      ['confirmed', 3],
      ['confirmed', 4],
      ['not-charged', 0],
    ]);
  });

  it('settles nothing when the balance rose (credits bought), or when nothing is open', () => {
    expect(reconcile(100, [charge({ state: 'uncertain' })], 500, at)).toEqual([]);
    expect(reconcile(100, [charge({ credits: 3 })], 97, at)).toEqual([]);
  });
});
