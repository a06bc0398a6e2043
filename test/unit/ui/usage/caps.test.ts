import { describe, expect, it } from 'vitest';
import { capLine, capsOf } from '../../../../src/ui/usage/caps';
import { capOnScale, layoutBars } from '../../../../src/ui/usage/chart-layout';

describe("the usage page's caps", () => {
  it('reads the caps from stored settings; a value that is not a whole number of credits is no cap', () => {
    expect(capsOf({ dailyCapCredits: 1000, monthlyCapCredits: 20000, retentionDays: 30 })).toEqual({
      daily: 1000,
      monthly: 20000,
    });
    expect(capsOf({ dailyCapCredits: 0 })).toEqual({ daily: 0 });
    expect(capsOf({ dailyCapCredits: '1000', monthlyCapCredits: -5 })).toEqual({});
    expect(capsOf({ dailyCapCredits: 2.5 })).toEqual({});
    expect(capsOf(undefined)).toEqual({});
    expect(capsOf('settings')).toEqual({});
  });

  it('says what a cap leaves as "312 of 1,000 credits today"', () => {
    expect(capLine(312, 1000, 'today')).toBe('312 of 1,000 credits today');
    expect(capLine(2140, 20000, 'this month')).toBe('2,140 of 20,000 credits this month');
    expect(capLine(0, 1, 'today')).toBe('0 of 1 credit today');
  });

  it("puts the daily cap inside the chart's scale, however little was spent", () => {
    const bars = [{ day: '2026-12-06', total: 12, parts: { email: 12 } }] as unknown as Parameters<
      typeof layoutBars
    >[0];
    const box = { width: 300, height: 100, left: 0, bottom: 0 };
    expect(layoutBars(bars, box).max).toBe(20);
    expect(layoutBars(bars, box, 1000).max).toBe(1000);
    expect(layoutBars(bars, box, 5).max).toBe(20);
    // Drawn on the scale up to four times the highest day; above, named at the chart's top.
    expect(capOnScale(bars, 48)).toBe(true);
    expect(capOnScale(bars, 49)).toBe(false);
    expect(capOnScale([], 1000)).toBe(true);
  });
});
