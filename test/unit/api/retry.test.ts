import { describe, expect, it } from 'vitest';
import { AbortedError, backoffDelay, parseRetryAfter, sleep } from '../../../src/api/retry';

const NOW = Date.parse('2026-03-01T12:00:00Z');

describe('parseRetryAfter', () => {
  it.each<[string | null | undefined, number | undefined]>([
    ['0', 0],
    ['5', 5000],
    [' 7 ', 7000],
    ['120', 120_000],
    ['1.5', 1500],
    ['Sun, 01 Mar 2026 12:00:10 GMT', 10_000],
    ['Sun, 01 Mar 2026 11:59:00 GMT', 0],
    ['Sunday, 01-Mar-26 12:00:30 GMT', 30_000],
    ['soon', undefined],
    ['-5', undefined],
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
  ])('%j -> %j ms', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });
});

describe('backoffDelay', () => {
  const options = { baseDelayMs: 500, maxDelayMs: 8000 };

  it('the ceiling doubles per retry up to the cap', () => {
    const justUnderOne = () => 1 - Number.EPSILON;
    expect([0, 1, 2, 3, 4, 5, 6].map((i) => backoffDelay(i, options, justUnderOne))).toEqual([
      499, 999, 1999, 3999, 7999, 7999, 7999,
    ]);
  });

  it('full jitter: anywhere from 0 up to the ceiling', () => {
    expect(backoffDelay(3, options, () => 0)).toBe(0);
    expect(backoffDelay(3, options, () => 0.5)).toBe(2000);
  });

  it('never outside [0, cap], even with a broken random source', () => {
    expect(backoffDelay(10, options, () => 7)).toBe(8000);
    expect(backoffDelay(10, options, () => -1)).toBe(0);
  });
});

describe('sleep', () => {
  it('resolves after the time', async () => {
    const started = Date.now();
    await sleep(20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
  });

  it('rejects at once when the signal aborts', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const pending = sleep(10_000, controller.signal);
    setTimeout(() => controller.abort(), 10);
    await expect(pending).rejects.toBeInstanceOf(AbortedError);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('rejects when the signal was already aborted', async () => {
    await expect(sleep(10, AbortSignal.abort())).rejects.toBeInstanceOf(AbortedError);
  });
});
