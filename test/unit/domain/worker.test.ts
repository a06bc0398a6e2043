import { describe, expect, it } from 'vitest';
import { cutOffNow, HEARTBEAT_STALE_MS } from '../../../src/domain/worker';
import { CUT_OFF } from '../../../src/store/work-status';

const NOW = Date.parse('2026-01-01T12:00:00.000Z');
const beat = (worker: string, msAgo: number) => ({ worker, at: new Date(NOW - msAgo).toISOString() });

describe('is running work cut off (its worker stopped)', () => {
  it('running work whose worker beats now has not', () => {
    expect(cutOffNow('running', 'w1', beat('w1', 500), NOW)).toBe(false);
  });

  it('running work whose worker stopped beating, or another worker beats, or none ever did, has', () => {
    expect(cutOffNow('running', 'w1', beat('w1', HEARTBEAT_STALE_MS), NOW)).toBe(true);
    expect(cutOffNow('running', 'w1', beat('w2', 0), NOW)).toBe(true);
    expect(cutOffNow('running', 'w1', null, NOW)).toBe(true);
    expect(cutOffNow('running', undefined, beat('w1', 0), NOW)).toBe(true);
  });

  it('until the heartbeat is read, running work is taken at its word; work not running never lost anything', () => {
    expect(cutOffNow('running', 'w1', undefined, NOW)).toBe(false);
    for (const status of ['done', 'failed', CUT_OFF, 'paused', undefined]) {
      expect(cutOffNow(status, 'w1', null, NOW)).toBe(false);
    }
  });
});
