import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPool, type TaskOutcome } from '../../../src/background/jobs/pool';

/** A queue of numbered items and a task whose duration and outcome each test decides. */
function harness(count: number, outcome: (item: number) => TaskOutcome | Promise<TaskOutcome>) {
  const queue = Array.from({ length: count }, (_, i) => i);
  const started: number[] = [];
  let inFlight = 0;
  let most = 0;
  const pool = createPool<number>({
    concurrency: 15,
    take: () => queue.shift() ?? null,
    run: async (item) => {
      started.push(item);
      inFlight++;
      most = Math.max(most, inFlight);
      try {
        await new Promise((resolve) => setTimeout(resolve, 100 + (item % 7) * 10));
        return await outcome(item);
      } finally {
        inFlight--;
      }
    },
  });
  return { pool, queue, started, most: () => most, inFlight: () => inFlight };
}

describe('job pool', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('drains the queue with never more than 15 tasks in flight', async () => {
    const h = harness(100, () => ({ kind: 'done' }));
    const ending = h.pool.run();
    await vi.advanceTimersByTimeAsync(10);
    expect(h.inFlight()).toBe(15);
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(ending).resolves.toEqual({ kind: 'drained' });
    expect(h.started).toHaveLength(100);
    expect(new Set(h.started).size).toBe(100);
    expect(h.most()).toBe(15);
  });

  it('a wait asked by one task holds back every start for that long', async () => {
    let limited = false;
    const h = harness(40, (item) => {
      if (item === 3 && !limited) {
        limited = true;
        h.queue.unshift(item); // the task puts its item back, as a rate-limited lookup does
        return { kind: 'wait', waitMs: 2_000 };
      }
      return { kind: 'done' };
    });
    const ending = h.pool.run();
    // Item 3 answers at 130 ms: its wait runs to 2,130 ms, and the slots freed meanwhile stay empty.
    await vi.advanceTimersByTimeAsync(200);
    const startedBeforeWait = h.started.length;
    await vi.advanceTimersByTimeAsync(1_800);
    expect(h.started.length).toBe(startedBeforeWait);
    expect(h.inFlight()).toBe(0);
    await vi.advanceTimersByTimeAsync(200);
    expect(h.inFlight()).toBe(15);
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(ending).resolves.toEqual({ kind: 'drained' });
    expect(h.started.filter((i) => i === 3)).toHaveLength(2);
    expect(h.started).toHaveLength(41);
  });

  it('a stop starts nothing new, lets tasks in flight finish, and says why', async () => {
    const finished: number[] = [];
    const h = harness(50, (item) => {
      finished.push(item);
      return item === 0 ? { kind: 'stop', reason: 'The balance ran out.' } : { kind: 'done' };
    });
    const ending = h.pool.run();
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(ending).resolves.toEqual({ kind: 'stopped', reason: 'The balance ran out.' });
    // Item 0 ends first (100 ms); the other 14 in flight then were kept, and nothing started after the stop.
    expect(h.started).toHaveLength(15);
    expect(finished).toHaveLength(15);
    expect(h.queue).toHaveLength(35);
  });

  it('pause keeps the queue, resumes with a new run, and cancel ends it', async () => {
    const h = harness(60, () => ({ kind: 'done' }));
    const first = h.pool.run();
    await vi.advanceTimersByTimeAsync(10);
    h.pool.pause();
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(first).resolves.toEqual({ kind: 'paused' });
    expect(h.started).toHaveLength(15);
    expect(h.inFlight()).toBe(0);

    const second = h.pool.run();
    await vi.advanceTimersByTimeAsync(10);
    expect(h.inFlight()).toBe(15);
    h.pool.cancel();
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(second).resolves.toEqual({ kind: 'cancelled' });
    expect(h.started).toHaveLength(30);
    expect(h.queue).toHaveLength(30);
  });

  it('a stop is not turned into a cancel by a later click', async () => {
    const h = harness(20, (item) => (item === 0 ? { kind: 'stop', reason: 'Out.' } : { kind: 'done' }));
    const ending = h.pool.run();
    await vi.advanceTimersByTimeAsync(105);
    h.pool.cancel();
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(ending).resolves.toEqual({ kind: 'stopped', reason: 'Out.' });
  });

  it('a task that throws stops the run with its message', async () => {
    const h = harness(3, () => {
      throw new Error('Storage is full.');
    });
    const ending = h.pool.run();
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(ending).resolves.toEqual({ kind: 'stopped', reason: 'Storage is full.' });
  });
});
