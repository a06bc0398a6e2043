/**
 * This worker's identity and heartbeat, and the one rule for "was this work cut off?". A paid job or search
 * names the worker that runs it; while any is under way the worker beats in storage, so a reader can tell a job
 * that is running from one whose worker was stopped.
 *
 * The beat is also what keeps Chrome from stopping the worker while paid calls are in flight: Chrome stops an
 * extension's service worker after 30 s without events or extension API calls, and each call to an extension API
 * (here `storage.session.set`, every second) resets that timer; Chrome's guide to the extension service worker's
 * lifecycle gives this, a regular extension API call for as long as a long operation runs, as the way to keep the
 * worker alive through it (a `fetch()` that outlasts the timer is its own example). A worker stopped anyway (DevTools,
 * a crash, the browser closed) leaves its calls uncertain, which the balance settles.
 */
import { HEARTBEAT_MS, ownedNow } from '../domain/worker';
import { type WorkerBeat, workerBeat } from '../store/items/worker-beat';

/** This worker's id, new each time the service worker (or Firefox's background page) starts. */
export const WORKER_ID: string = crypto.randomUUID();
/** When this worker started. */
const STARTED_AT = new Date();

/**
 * True when work stored as run by `owner` (a reveal, a search page, a bulk reveal) was cut off (its worker stopped), so what it
 * had in flight was cut off. It is {@link ownedNow}, the rule the popup and the side panel apply with the stored
 * heartbeat, applied with what the background knows for sure: the browser runs one background at a time, so the
 * live worker is this one. (The stored beat is not read here: a stopped worker's last beat still looks fresh for a
 * few seconds, just when a new worker starts and takes stock.) Work stored before jobs named their worker has no
 * owner: it was cut off when it began (`startedAt`) before `since`, this worker's start.
 */
export function isCutOff(owner: string | undefined, startedAt?: string, since: Date = STARTED_AT): boolean {
  if (owner === undefined && startedAt !== undefined) return new Date(startedAt) < since;
  const self: WorkerBeat = { worker: WORKER_ID, at: new Date().toISOString() };
  return !ownedNow(owner, self, Date.now());
}

let holders = 0;
let timer: ReturnType<typeof setInterval> | undefined;

function beat(): Promise<void> {
  return workerBeat.set({ worker: WORKER_ID, at: new Date().toISOString() });
}

const beatNow = () => {
  beat().catch((error) => console.warn('Could not record the heartbeat', error));
};

function hold(): void {
  holders += 1;
  if (holders === 1) timer = setInterval(beatNow, HEARTBEAT_MS);
}

function release(): void {
  holders -= 1;
  if (holders === 0) {
    clearInterval(timer);
    timer = undefined;
  }
}

/**
 * Beats while `task` runs (from before it starts, so the job it writes is never seen without a fresh beat), and
 * stops when no task is left.
 */
export async function whileBeating<T>(task: () => Promise<T>): Promise<T> {
  hold();
  try {
    await beat();
    return await task();
  } finally {
    release();
  }
}

/**
 * Keeps the worker beating, so awake (see above), until the returned release is called (once; later calls do
 * nothing): for a paid call from its cap check until its answer is settled, whoever sent it. Its first beat is not
 * waited for: the call's own writes follow at once.
 */
export function holdAwake(): () => void {
  hold();
  beatNow();
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    release();
  };
}
