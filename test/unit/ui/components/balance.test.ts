import { describe, expect, it } from 'vitest';
import type { AccountSnapshot } from '../../../../src/store/items/account';
import { balanceText, olderThan } from '../../../../src/ui/components/balance';

const checkedAt = '2026-11-25T10:02:00.000Z';
const snapshot = { remaining: 9934, purchased: null, checkedAt } satisfies AccountSnapshot;

describe('the balance line', () => {
  it('says the figure alone while it is fresh, and when it was true once it may not be', () => {
    expect(balanceText(snapshot, false)).toBe('Balance: 9,934 credits');
    expect(balanceText(snapshot, true)).toMatch(
      /^Balance: 9,934 credits as of (\d{1,2} \w{3}, )?\d{2}:\d{2}$/,
    );
    expect(balanceText(null, true)).toBe('Balance unknown');
  });

  it('is old past its age, and never when unknown', () => {
    const at = Date.parse(checkedAt);
    expect(olderThan(snapshot, 10 * 60_000, at + 9 * 60_000)).toBe(false);
    expect(olderThan(snapshot, 10 * 60_000, at + 11 * 60_000)).toBe(true);
    expect(olderThan(null, 10 * 60_000, at + 60 * 60_000)).toBe(false);
  });
});
