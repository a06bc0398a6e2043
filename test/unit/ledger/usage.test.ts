import { describe, expect, it } from 'vitest';
import type { ChargeEntry, LedgerEntry } from '../../../src/ledger/entry';
import {
  ACTION_LABELS,
  balanceSeries,
  dailyBars,
  ledgerCsv,
  PART_LABELS,
  periodTotals,
  topJobs,
  weekToDate,
} from '../../../src/ledger/usage';
import { spendingWarnings } from '../../../src/ledger/warnings';
import { readSpending } from '../../../src/ui/options/spending-model';
import { dayLabels, layoutBars, niceMax } from '../../../src/ui/usage/chart-layout';

/** A local time on a day of November 2026. */
const on = (day: number, hour = 10) => new Date(2026, 10, day, hour).toISOString();
const charge = (over: Partial<ChargeEntry>): ChargeEntry => ({
  kind: 'charge',
  id: crypto.randomUUID(),
  at: on(20),
  action: 'reveal',
  items: [],
  credits: 0,
  maxCredits: 9,
  state: 'charged',
  ref: 'r1',
  ...over,
});

const ledger: Map<string, LedgerEntry[]> = new Map([
  [
    '2026-11-16',
    [
      charge({ at: on(16), action: 'search', credits: 1, maxCredits: 1, ref: 's1' }),
      { kind: 'balance', id: 'b1', at: on(16, 9), remaining: 500 },
    ],
  ],
  [
    '2026-11-20',
    [
      charge({ items: ['email', 'phone'], credits: 9, remaining: 490, ref: 'r1', label: 'Ada' }),
      charge({ action: 'bulk-reveal', items: ['email'], credits: 3, ref: 'b1', at: on(20, 11) }),
      charge({ action: 'bulk-reveal', items: ['healthcare_profile'], credits: 1, ref: 'b1', at: on(20, 12) }),
      charge({ action: 'bulk-reveal', state: 'uncertain', ref: 'b1' }),
      charge({ action: 'bulk-reveal', state: 'confirmed', credits: 6, ref: 'b1' }),
      charge({ action: 'jd-search', credits: 2, maxCredits: 2, ref: 's2' }),
    ],
  ],
]);

describe('usage figures', () => {
  const days = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'];

  it('stacks each day by what it paid for, and the parts add up to the credits charged', () => {
    const bars = dailyBars(days, ledger);
    expect(bars.map((b) => b.total)).toEqual([1, 0, 0, 0, 21]);
    expect(bars[4]!.parts).toEqual({
      email: 6,
      phone: 6,
      detailed_profile: 0,
      healthcare_profile: 1,
      search: 2,
      // The call the balance settled as charged, with no answer: a lost answer, a part of its own.
      lost: 6,
      unknown: 0,
    });
  });

  it('counts the answers lost per day apart: charged with no answer, as the balance settled them', () => {
    const lost = new Map<string, LedgerEntry[]>([
      [
        '2026-11-20',
        [
          charge({ state: 'confirmed', credits: 3, maxCredits: 3 }),
          charge({ state: 'confirmed', credits: 2, maxCredits: 3, shared: { calls: 2, credits: 2 } }),
          charge({ state: 'not-charged', credits: 0, maxCredits: 3 }),
          // Charged with an answer, though it came with no item: not lost.
          charge({ state: 'charged', credits: 1, items: [] }),
        ],
      ],
    ]);
    const [bar] = dailyBars(['2026-11-20'], lost);
    expect(bar!.parts.lost).toBe(5);
    expect(bar!.parts.unknown).toBe(1);
    expect(bar!.total).toBe(6);
    const csv = ledgerCsv([...lost.values()].flat());
    expect(csv.match(/Answer lost/g)).toHaveLength(2);
  });

  it('totals this week (from Monday) and this month, and counts calls still unchecked', () => {
    expect(weekToDate(new Date(2026, 10, 20))).toEqual(days);
    const totals = periodTotals(ledger, new Date(2026, 10, 20, 18));
    // The call with no answer yet: counted apart, with the most it may cost.
    expect(totals.week).toEqual({ credits: 22, uncertain: 1, uncertainMax: 9 });
    expect(totals.month).toEqual({ credits: 22, uncertain: 1, uncertainMax: 9 });
    expect(periodTotals(ledger, new Date(2026, 10, 23)).week.credits).toBe(0);
  });

  it('lists balances in time order and the dearest jobs first', () => {
    const all = [...ledger.values()].flat();
    expect(balanceSeries(all).map((p) => p.remaining)).toEqual([500, 490]);
    expect(topJobs(all).map((j) => [j.ref, j.credits, j.calls, j.label])).toEqual([
      ['b1', 10, 4, null],
      ['r1', 9, 1, 'Ada'],
      ['s2', 2, 1, null],
      ['s1', 1, 1, null],
    ]);
  });

  it('exports every entry in plain words', () => {
    const csv = ledgerCsv([...ledger.values()].flat());
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(9);
    expect(lines[0]).toContain('Date,Local day,What,Items,Credits');
    expect(csv).toContain('Reveal,Email; Phone,9,9,Charged,r1,Ada,490');
    expect(csv).toContain('Balance checked');
    expect(csv).toContain('Sent, not known yet (may have been charged)');
    expect(csv).toContain('Answer lost: charged with no answer (checked against the balance)');
    expect(csv).not.toMatch(/healthcare_profile|jd-search|detailed_profile/);
  });
});

describe('the usage CSV, column by column', () => {
  it('has every column, named in plain words, in order', () => {
    const [header] = ledgerCsv([]).replace('\uFEFF', '').trim().split('\r\n');
    expect(header).toBe(
      'Date,Local day,What,Items,Credits,Most it could cost,Status,Search or job,About,Balance after',
    );
  });

  it('writes each kind of entry with every field in its column', () => {
    const shared = charge({
      id: 'u2',
      at: on(21, 8),
      action: 'bulk-reveal',
      state: 'confirmed',
      credits: 4,
      maxCredits: 9,
      ref: 'b9',
      shared: { calls: 3, credits: 12 },
    });
    const entries: LedgerEntry[] = [
      { kind: 'balance', id: 'b', at: on(21, 7), remaining: 1234 },
      charge({
        at: on(21, 9),
        action: 'search',
        credits: 1,
        maxCredits: 1,
        ref: 's1',
        label: 'page 2',
        remaining: 1233,
      }),
      charge({ at: on(21, 10), action: 'jd-search', credits: 2, maxCredits: 2, ref: 's2' }),
      charge({
        at: on(21, 11),
        items: ['detailed_profile', 'healthcare_profile'],
        credits: 2,
        maxCredits: 2,
        label: 'Grace',
      }),
      charge({ at: on(21, 12), action: 'bulk-reveal', state: 'uncertain', ref: 'b9' }),
      charge({ at: on(21, 13), action: 'bulk-reveal', state: 'not-charged', ref: 'b9' }),
      shared,
    ];
    const lines = ledgerCsv(entries).replace('\uFEFF', '').trim().split('\r\n');
    expect(lines.slice(1)).toEqual([
      `${on(21, 7)},2026-11-21,Balance checked,,,,,,,1234`,
      `${on(21, 9)},2026-11-21,Search,,1,1,Charged,s1,page 2,1233`,
      `${on(21, 10)},2026-11-21,Job description search,,2,2,Charged,s2,,`,
      `${on(21, 11)},2026-11-21,Reveal,Detailed profile; Healthcare data,2,2,Charged,r1,Grace,`,
      `${on(21, 12)},2026-11-21,Bulk reveal,,0,9,"Sent, not known yet (may have been charged)",b9,,`,
      `${on(21, 13)},2026-11-21,Bulk reveal,,0,9,Not charged (checked against the balance),b9,,`,
      `${on(21, 8)},2026-11-21,Bulk reveal,,4,9,Answer lost: charged with no answer (checked against the balance); one of 3 calls with no answer charged 12 in all, split not known,b9,,`.replace(
        /Answer lost: .*split not known/,
        (status) => `"${status}"`,
      ),
    ]);
  });
});

describe('the week and the dearest jobs', () => {
  it('a week starts on Monday: on a Sunday it holds seven days, on a Monday one', () => {
    expect(weekToDate(new Date(2026, 10, 22))).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(weekToDate(new Date(2026, 10, 23))).toEqual(['2026-11-23']);
  });

  it('keeps only the n dearest, leaves out jobs that cost nothing, and puts the older first on a tie', () => {
    const entries: LedgerEntry[] = [
      charge({ ref: 'late', credits: 3, at: on(20, 12) }),
      charge({ ref: 'early', credits: 3, at: on(20, 9) }),
      charge({ ref: 'free', credits: 0, state: 'not-charged' }),
      charge({ ref: 'dear', credits: 9 }),
      charge({ ref: 'search', action: 'search', credits: 1, label: 'page 1' }),
    ];
    expect(topJobs(entries).map((j) => j.ref)).toEqual(['dear', 'early', 'late', 'search']);
    expect(topJobs(entries, 2).map((j) => j.ref)).toEqual(['dear', 'early']);
    // A search's label is a page, not who it was about: only a single reveal names a person.
    expect(topJobs(entries).find((j) => j.ref === 'search')?.label).toBeNull();
    expect(topJobs(entries).find((j) => j.ref === 'early')).toMatchObject({
      action: 'reveal',
      startedAt: on(20, 9),
    });
  });
});

describe('the names the usage page shows', () => {
  it('every part of a bar and every kind of call has its own plain name', () => {
    for (const labels of [Object.values(PART_LABELS), Object.values(ACTION_LABELS)]) {
      for (const label of labels) {
        expect(label).toMatch(/^[A-Z][a-z]+( [a-z]+)*$/);
      }
      expect(new Set(labels).size).toBe(labels.length);
    }
  });
});

describe('the balance over time', () => {
  it('is in time order whatever order the entries were read in', () => {
    const entries: LedgerEntry[] = [
      { kind: 'balance', id: 'b3', at: on(22), remaining: 470 },
      charge({ at: on(20), remaining: 490 }),
      { kind: 'balance', id: 'b1', at: on(16), remaining: 500 },
      charge({ at: on(21), remaining: 480 }),
      charge({ at: on(21, 11) }),
    ];
    expect(balanceSeries(entries)).toEqual([
      { at: on(16), remaining: 500 },
      { at: on(20), remaining: 490 },
      { at: on(21), remaining: 480 },
      { at: on(22), remaining: 470 },
    ]);
  });
});

describe('chart layout', () => {
  const box = { width: 340, height: 120, left: 40, bottom: 20 };

  it('rounds the scale up to 1, 2 or 5 × 10ⁿ', () => {
    expect([0, 1, 3, 10, 11, 21, 450].map(niceMax)).toEqual([10, 1, 5, 10, 20, 50, 500]);
  });

  it('stacks the parts of each bar from the bottom, in proportion, one slot per day', () => {
    const bars = dailyBars(['2026-11-19', '2026-11-20'], ledger);
    const { segments, max, slot } = layoutBars(bars, box);
    expect(max).toBe(50);
    expect(slot).toBe(150);
    expect(segments.every((s) => s.day === '2026-11-20')).toBe(true);
    // Heights: credits / 50 of the 100-unit plot; each segment sits on the one below.
    expect(segments.map((s) => [s.part, s.height])).toEqual([
      ['email', 12],
      ['phone', 12],
      ['healthcare_profile', 2],
      ['search', 4],
      ['lost', 12],
    ]);
    expect(segments[0]!.y + segments[0]!.height).toBe(100);
    for (let i = 1; i < segments.length; i++) {
      expect(segments[i]!.y + segments[i]!.height).toBeCloseTo(segments[i - 1]!.y);
    }
    expect(segments[0]!.x).toBeCloseTo(40 + 150 + (150 - 105) / 2);
  });
});

describe("the chart's dates", () => {
  it('label the newest day and every seventh before it, every other one left out when narrow', () => {
    const labels = dayLabels(30);
    expect(labels.map((l) => l.index)).toEqual([1, 8, 15, 22, 29]);
    expect(labels.filter((l) => !l.minor).map((l) => l.index)).toEqual([1, 15, 29]);
    expect(labels.at(-1)!.centre).toBeCloseTo((29.5 / 30) * 100);
    expect(dayLabels(1)).toEqual([{ index: 0, centre: 50, minor: false }]);
  });
});

describe('spending warnings', () => {
  it('speaks from 75% and 90% of a cap (giving the real share), at a reached cap, and for a low balance', () => {
    const caps = { dailyCapCredits: 100, monthlyCapCredits: 1000 };
    expect(spendingWarnings(caps, { today: 74, month: 74 }, 500)).toEqual([]);
    expect(spendingWarnings(caps, { today: 75, month: 75 }, 500)).toEqual([
      { level: 'near', text: 'You have spent 75 of your 100-credit daily cap today (75%).' },
    ]);
    // The threshold decides whether to speak; the words say the real share.
    expect(spendingWarnings({ dailyCapCredits: 24 }, { today: 19, month: 19 }, 500)).toEqual([
      { level: 'near', text: 'You have spent 19 of your 24-credit daily cap today (79%).' },
    ]);
    expect(spendingWarnings(caps, { today: 95, month: 900 }, 500).map((w) => w.text)).toEqual([
      'You have spent 95 of your 100-credit daily cap today (95%).',
      'You have spent 900 of your 1,000-credit monthly cap this month (90%).',
    ]);
    expect(spendingWarnings(caps, { today: 100, month: 100 }, 500)[0]).toEqual({
      level: 'cap',
      text: 'You have spent 100 of your 100-credit daily cap today. Paid actions wait until tomorrow, or raise the cap in Options.',
    });
    // Calls sent and not answered count at their most, and the words say they are under way.
    expect(
      spendingWarnings(
        { dailyCapCredits: 12 },
        { today: 12, month: 12, underWay: { today: 3, month: 3 } },
        500,
      )[0]?.text,
    ).toBe(
      'You have spent or under way 12 of your 12-credit daily cap today. Paid actions wait until tomorrow, or raise the cap in Options.',
    );
    expect(spendingWarnings({ lowBalanceBelow: 50 }, { today: 0, month: 0 }, 49)).toEqual([
      { level: 'balance', text: 'Low balance: 49 credits left (your warning is below 50 credits).' },
    ]);
    expect(spendingWarnings({ lowBalanceBelow: 50 }, { today: 0, month: 0 }, null)).toEqual([]);
  });
});

describe('spending options', () => {
  const texts = {
    dailyCapCredits: '',
    monthlyCapCredits: '',
    confirmAboveCredits: '100',
    lowBalanceBelow: '',
  };

  it('reads whole numbers (with thousands separators), empty for no cap', () => {
    expect(readSpending({ ...texts, monthlyCapCredits: '2,000', lowBalanceBelow: ' 50 ' })).toEqual({
      ok: true,
      value: { monthlyCapCredits: 2000, confirmAboveCredits: 100, lowBalanceBelow: 50 },
    });
  });

  it('says what is wrong with each field, in plain words', () => {
    expect(
      readSpending({ ...texts, dailyCapCredits: '1.5', monthlyCapCredits: '0', confirmAboveCredits: '' }),
    ).toEqual({
      ok: false,
      problems: {
        dailyCapCredits: 'Enter a whole number of credits, like 500.',
        monthlyCapCredits: '0 would stop every paid action. Leave it empty for no cap.',
        confirmAboveCredits: 'Enter a number of credits.',
      },
    });
    expect(readSpending({ ...texts, dailyCapCredits: '600', monthlyCapCredits: '500' })).toEqual({
      ok: false,
      problems: { dailyCapCredits: 'This is above the monthly cap: lower it or raise the monthly cap.' },
    });
  });
});
