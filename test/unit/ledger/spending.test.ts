import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { spendingNow } from '../../../src/ledger/spending';
import { spendingWarnings } from '../../../src/ledger/warnings';
import { appendEntry } from '../../../src/store/database/ledger/ledger-write';

// Local times: the caps count local days.
const local = (month: number, day: number, hour: number) => new Date(2026, month, day, hour).toISOString();
const charge = (id: string, at: string, credits: number) => ({
  kind: 'charge' as const,
  id,
  at,
  action: 'reveal' as const,
  items: ['email' as const],
  credits,
  maxCredits: credits,
  state: 'charged' as const,
  ref: `c-${id}`,
});
const unanswered = (id: string, at: string, maxCredits: number) => ({
  ...charge(id, at, 0),
  maxCredits,
  state: 'uncertain' as const,
});

describe('what the spending caps count', () => {
  const now = new Date(2026, 0, 15, 16);

  beforeEach(async () => {
    fakeBrowser.reset();
    await appendEntry(charge('december', local(-1, 31, 12), 100));
    await appendEntry(charge('early', local(0, 3, 10), 7));
    await appendEntry(unanswered('early-open', local(0, 3, 11), 5));
    await appendEntry(charge('today', local(0, 15, 9), 2));
    await appendEntry(unanswered('today-open', local(0, 15, 10), 4));
    await appendEntry(unanswered('mine', local(0, 15, 11), 3));
  });

  it('today and this month, calls not answered yet at their most, last month left out', async () => {
    expect(await spendingNow(now)).toEqual({ today: 9, month: 21, underWay: { today: 7, month: 12 } });
  });

  it('a call the caller counts itself is not counted twice, neither spent nor under way', async () => {
    expect(await spendingNow(now, new Set(['mine']))).toEqual({
      today: 6,
      month: 18,
      underWay: { today: 4, month: 9 },
    });
  });

  it('the recruiter is told a cap is reached with calls still under way counted', async () => {
    const [monthly] = spendingWarnings({ monthlyCapCredits: 21 }, await spendingNow(now), null);
    expect(monthly?.text).toBe(
      'You have spent or under way 21 of your 21-credit monthly cap this month. Paid actions wait until next month, or raise the cap in Options.',
    );
  });
});
