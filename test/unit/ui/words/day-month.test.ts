import { describe, expect, it } from 'vitest';
import { dayMonth, notFoundOn } from '../../../../src/ui/words/items';

describe('the short day ("6 Dec")', () => {
  it('reads as the browser writes the day and month, and a date that does not read as it says', () => {
    for (const iso of ['2026-12-06T10:00:00.000Z', '2026-01-31T23:59:59.000Z', '2025-07-04', 'not a date']) {
      expect(dayMonth(iso)).toBe(
        new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' }),
      );
    }
    expect(notFoundOn('2026-12-06T10:00:00.000Z')).toBe('Not found · 6 Dec');
  });
});
