import { describe, expect, it } from 'vitest';
import { spendingWarnings } from '../../../src/ledger/warnings';

describe('spending warnings', () => {
  it('a monthly cap reached counts calls under way and says paid actions wait until next month', () => {
    expect(
      spendingWarnings(
        { monthlyCapCredits: 100 },
        { today: 0, month: 100, underWay: { today: 0, month: 9 } },
        null,
      ),
    ).toEqual([
      {
        level: 'cap',
        text: 'You have spent or under way 100 of your 100-credit monthly cap this month. Paid actions wait until next month, or raise the cap in Options.',
      },
    ]);
  });

  it('a cap of 0 is reached from the start: it says paid actions wait, as the reason beside Reveal points to it', () => {
    expect(spendingWarnings({ dailyCapCredits: 0 }, { today: 0, month: 0 }, null)).toEqual([
      {
        level: 'cap',
        text: 'You have spent 0 of your 0-credit daily cap today. Paid actions wait until tomorrow, or raise the cap in Options.',
      },
    ]);
    expect(spendingWarnings({ monthlyCapCredits: 0 }, { today: 0, month: 0 }, null)).toMatchObject([
      {
        level: 'cap',
        text: expect.stringMatching(/^You have spent 0 of your 0-credit monthly cap this month\./),
      },
    ]);
  });

  it('warns of a low balance only below the threshold the user set', () => {
    const low = { lowBalanceBelow: 50 };
    expect(spendingWarnings(low, { today: 0, month: 0 }, 49)).toEqual([
      { level: 'balance', text: 'Low balance: 49 credits left (your warning is below 50 credits).' },
    ]);
    expect(spendingWarnings(low, { today: 0, month: 0 }, 50)).toEqual([]);
    expect(spendingWarnings(low, { today: 0, month: 0 }, 500)).toEqual([]);
    expect(spendingWarnings({}, { today: 0, month: 0 }, 1)).toEqual([]);
    expect(spendingWarnings(low, { today: 0, month: 0 }, null)).toEqual([]);
  });
});
