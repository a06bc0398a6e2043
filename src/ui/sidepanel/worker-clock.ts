/**
 * Whether stored work that says "running" (a search, a reveal) still has a live worker: the browser may have stopped
 * the service worker that ran it. Judged against the worker's heartbeat, on a clock that ticks only while something
 * is stored as running.
 */
import { signal } from '@preact/signals';
import { ownedNow } from '../../domain/worker';
import { workerBeat } from '../../store/items/worker-beat';
import { CUT_OFF } from '../../store/work-status';
import { stored } from '../helpers/use-stored';

export function createWorkerClock(anyRunning: () => boolean) {
  const beat = stored(null, workerBeat.get, workerBeat.watch);
  const now = signal(Date.now());
  const ticker = setInterval(() => {
    if (anyRunning()) now.value = Date.now();
  }, 1000);
  /** The work as it is: stored as running by a worker that stopped beating, it was cut off. */
  function asItIs<T extends { status: string }>(work: T, worker: string | undefined): T {
    // Until the heartbeat's first read lands, running work is taken at its word (for a moment, not for good).
    if (work.status !== 'running' || !beat.loaded.value) return work;
    return ownedNow(worker, beat.value.value, now.value) ? work : { ...work, status: CUT_OFF };
  }
  return {
    asItIs,
    stop() {
      beat.stop();
      clearInterval(ticker);
    },
  };
}

export type WorkerClock = ReturnType<typeof createWorkerClock>;
