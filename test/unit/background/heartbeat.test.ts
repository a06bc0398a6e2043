import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { isCutOff, WORKER_ID, whileBeating } from '../../../src/background/heartbeat';
import { HEARTBEAT_MS, ownedNow } from '../../../src/domain/worker';
import { workerBeat } from '../../../src/store/items/worker-beat';

describe('whether work is cut off (its worker stopped)', () => {
  beforeEach(() => fakeBrowser.reset());

  it("this worker's own work is not cut off; any other worker's is", () => {
    expect(isCutOff(WORKER_ID)).toBe(false);
    expect(isCutOff('a-worker-that-was-stopped')).toBe(true);
  });

  it("another worker's work is cut off even while that worker's last beat still looks fresh", async () => {
    // Just after a restart the stopped worker's beat is seconds old: a page would still call its job running.
    const beat = { worker: 'a-worker-that-was-stopped', at: new Date().toISOString() };
    await workerBeat.set(beat);
    expect(ownedNow(beat.worker, beat, Date.now())).toBe(true);
    expect(isCutOff(beat.worker)).toBe(true);
  });

  it("is the pages' rule: work a page sees as owned while this worker beats is this worker's", async () => {
    await whileBeating(async () => {
      const beat = await workerBeat.get();
      for (const owner of [WORKER_ID, 'another-worker', undefined]) {
        expect(isCutOff(owner)).toBe(!ownedNow(owner, beat, Date.now()));
      }
    });
  });

  it('work stored before jobs named their worker is cut off when it began before this worker started', () => {
    const since = new Date('2026-03-01T00:00:00.000Z');
    expect(isCutOff(undefined, '2026-02-28T23:59:59.000Z', since)).toBe(true);
    expect(isCutOff(undefined, '2026-03-01T00:00:01.000Z', since)).toBe(false);
    // With no start to judge by, work that names no worker has none.
    expect(isCutOff(undefined)).toBe(true);
  });
});

describe('the heartbeat', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('beats before the task starts, every beat interval while it runs, and not after it ends', async () => {
    let release!: () => void;
    let seenAtStart: string | undefined;
    const task = whileBeating(async () => {
      seenAtStart = (await workerBeat.get())?.worker;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(seenAtStart).toBe(WORKER_ID);
    const first = (await workerBeat.get())!.at;
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS * 3);
    const later = (await workerBeat.get())!.at;
    expect(Date.parse(later) - Date.parse(first)).toBe(HEARTBEAT_MS * 3);
    release();
    await task;
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS * 3);
    expect((await workerBeat.get())!.at).toBe(later);
  });
});
