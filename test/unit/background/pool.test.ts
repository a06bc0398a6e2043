import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPool, NotSent, type TaskOutcome } from '../../../src/background/jobs/pool';

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

/**
 * Tasks that get ready (50 ms), send a request through the pool (100 ms, or what `answer` decides), then store the
 * answer (50 ms), with 15 request slots and 15 tasks ahead.
 */
function sending(count: number, answer: (item: number) => Promise<void> = () => delay(100)) {
  const queue = Array.from({ length: count }, (_, i) => i);
  const sent: number[] = [];
  const notSent: number[] = [];
  let tasks = 0;
  let mostTasks = 0;
  let requests = 0;
  let mostRequests = 0;
  const outcomes = new Map<number, TaskOutcome>();
  const pool = createPool<number>({
    concurrency: 15,
    ahead: 15,
    take: () => queue.shift() ?? null,
    run: async (item, send) => {
      tasks++;
      mostTasks = Math.max(mostTasks, tasks);
      try {
        await delay(50);
        try {
          await send(async () => {
            sent.push(item);
            requests++;
            mostRequests = Math.max(mostRequests, requests);
            try {
              await answer(item);
            } finally {
              requests--;
            }
          });
        } catch (error) {
          if (!(error instanceof NotSent)) return outcomes.get(item) ?? { kind: 'done' };
          notSent.push(item);
          queue.unshift(item);
          return { kind: 'done' };
        }
        await delay(50);
        return outcomes.get(item) ?? { kind: 'done' };
      } finally {
        tasks--;
      }
    },
  });
  return {
    pool,
    queue,
    sent,
    notSent,
    outcomes,
    mostTasks: () => mostTasks,
    mostRequests: () => mostRequests,
    requests: () => requests,
  };
}
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('job pool, with tasks getting ready ahead of a free request slot', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps every slot busy while tasks get ready and store, and never sends more than 15 at once', async () => {
    const h = sending(150);
    const ending = h.pool.run();
    await vi.advanceTimersByTimeAsync(60);
    expect(h.requests()).toBe(15);
    // Each answer's slot is taken by a task that is already ready: ten rounds of 100 ms, plus getting the first
    // ready and storing the last.
    await vi.advanceTimersByTimeAsync(1_100);
    await expect(ending).resolves.toEqual({ kind: 'drained' });
    expect(h.sent).toHaveLength(150);
    expect(h.mostRequests()).toBe(15);
    expect(h.mostTasks()).toBe(30);
  });

  it('a pause sends nothing more: tasks waiting for a slot hand their item back unsent', async () => {
    const h = sending(60);
    const ending = h.pool.run();
    await vi.advanceTimersByTimeAsync(60);
    h.pool.pause();
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(ending).resolves.toEqual({ kind: 'paused' });
    expect(h.sent).toHaveLength(15);
    expect(h.notSent).toHaveLength(15);
    expect(h.queue).toHaveLength(45);
  });

  it("a failed request's slot stays taken until its task has asked for a wait, so no waiting task sends first", async () => {
    let failed = false;
    const h = sending(40, async (item) => {
      await delay(100);
      if (item === 0 && !failed) {
        failed = true;
        throw new Error('429');
      }
    });
    h.outcomes.set(0, { kind: 'wait', waitMs: 2_000 });
    const ending = h.pool.run();
    // Item 0's request fails at 150 ms; its task asks for the wait at once.
    await vi.advanceTimersByTimeAsync(151);
    const sentBeforeWait = h.sent.length;
    expect(sentBeforeWait).toBe(15);
    await vi.advanceTimersByTimeAsync(1_900);
    expect(h.sent.length).toBe(sentBeforeWait);
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(ending).resolves.toEqual({ kind: 'drained' });
    expect(h.sent).toHaveLength(40);
  });
});
