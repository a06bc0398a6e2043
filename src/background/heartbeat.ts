/**
 * This worker's identity and heartbeat. A paid job or search names the worker that runs it; while any is under way
 * the worker beats in storage, so a reader can tell a job that is running from one whose worker was stopped.
 */
import { HEARTBEAT_MS, workerBeat } from '../storage';

/** This worker's id, new each time the service worker (or Firefox's background page) starts. */
export const WORKER_ID: string = crypto.randomUUID();

let holders = 0;
let timer: ReturnType<typeof setInterval> | undefined;

function beat(): Promise<void> {
  return workerBeat.set({ worker: WORKER_ID, at: new Date().toISOString() });
}

/**
 * Beats while `task` runs (from before it starts, so the job it writes is never seen without a fresh beat), and
 * stops when no task is left.
 */
export async function whileBeating<T>(task: () => Promise<T>): Promise<T> {
  holders += 1;
  try {
    if (holders === 1) {
      timer = setInterval(() => {
        beat().catch((error) => console.warn('Could not record the heartbeat', error));
      }, HEARTBEAT_MS);
    }
    await beat();
    return await task();
  } finally {
    holders -= 1;
    if (holders === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  }
}
