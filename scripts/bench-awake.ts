/**
 * The bulk bench's check that the worker is not stopped during a bulk reveal that outlasts Chrome's idle stop: a bulk
 * of {@link AWAKE_CONTACTS} contacts whose lookups each take {@link AWAKE_LATENCY_MS} (under the client's 15 s limit
 * for one request), 15 at a time, so the job runs well past the 30 s after which Chrome stops an extension service
 * worker that receives no event and calls no extension API. While paid calls are in flight the worker's heartbeat
 * (`src/background/heartbeat.ts`) calls an extension API every second, which Chrome's service worker lifecycle page
 * gives as what resets that timer. It reports Chrome's own word on the worker (the DevTools protocol's running
 * state) and the job's: the worker named on it at its start and at its end (a worker started anew would have taken
 * the job over under its own name).
 *
 * And its control: left idle after the job, the same worker is watched until Chrome stops it, so a stop during the
 * job would have been seen. A browser that never stops an idle worker (one a debugger keeps awake) is said so: then
 * the run cannot tell.
 */
import { loadavg } from 'node:os';
import type { BrowserContext, Page } from 'playwright-core';
import type { startSimulator } from '../sim/server';
import { SHOWN_BULK_JOB } from '../test/e2e/vault-db';
import { watchWorker } from './bench-cold';

export const AWAKE_CONTACTS = 60;
export const AWAKE_LATENCY_MS = 10_000;
/** Chrome stops an idle extension service worker after 30 s; the control waits this long for that stop. */
const CONTROL_MS = 60_000;

type Sim = Awaited<ReturnType<typeof startSimulator>>;

interface ShownJob {
  owner: string;
  status: string;
  createdAt: string;
  finishedAt?: string;
}

const shownJob = (panel: Page) =>
  panel.evaluate(`(async () => { ${SHOWN_BULK_JOB}; return shownBulkJob(); })()`) as Promise<ShownJob | null>;

async function poll<T>(what: string, read: () => Promise<T | null>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== null) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Runs the check on `panel` (the side panel, a bulk job's receipt dismissed), showing the people through `show`
 * (a stored search of them on the panel); prints one line for the job and one for the control.
 */
export async function benchWorkerAwake(
  context: BrowserContext,
  origin: string,
  panel: Page,
  sim: Sim,
  show: (people: object[]) => Promise<void>,
  people: object[],
): Promise<void> {
  sim.state.faults.setLatency(AWAKE_LATENCY_MS, '/v1/lookup');
  await show(people);
  await panel.getByRole('button', { name: 'Select all on this page' }).click();
  const confirm = panel.getByRole('button', { name: new RegExp(`^Reveal ${people.length} contacts`) });
  const watch = await watchWorker(context, origin);
  try {
    const before = watch.seen.length;
    await confirm.click();
    const started = await poll(
      'the job to start',
      async () => {
        const job = await shownJob(panel);
        return job?.status === 'running' ? job : null;
      },
      30_000,
    );
    const ended = await poll(
      'the job to end',
      async () => {
        const job = await shownJob(panel);
        return job?.finishedAt ? job : null;
      },
      (Math.ceil(people.length / 15) + 4) * AWAKE_LATENCY_MS,
    );
    const jobMs = Date.parse(ended.finishedAt!) - Date.parse(ended.createdAt);
    const stops = watch.seen.slice(before).filter((s) => s.status === 'stopped').length;
    console.log(
      `bulk        worker not stopped during a bulk of ${people.length} (${AWAKE_LATENCY_MS.toLocaleString('en-US')} ms a lookup, 15 at a time): job ${jobMs.toLocaleString('en-US')} ms, past Chrome's 30 s idle stop; worker stops seen during it: ${stops}; the job's worker at its end the one it started with: ${ended.owner === started.owner ? 'yes' : 'no'}; ${ended.status}; machine load ${loadavg()[0]!.toFixed(1)}`,
    );
    // The control: the same worker, left idle (the panel closed, nothing asked of it), until Chrome stops it.
    await panel.close();
    const idleFrom = Date.now();
    const idleFromSeen = watch.seen.length;
    const end = idleFrom + CONTROL_MS;
    while (Date.now() < end && !watch.seen.slice(idleFromSeen).some((s) => s.status === 'stopped')) {
      await new Promise((r) => setTimeout(r, 250));
    }
    const stopped = watch.seen.slice(idleFromSeen).find((s) => s.status === 'stopped');
    console.log(
      stopped
        ? `bulk        its control: left idle after the job, the worker was stopped by Chrome after ${((stopped.at - idleFrom) / 1000).toFixed(1)} s, so a stop during the job would have shown`
        : `bulk        its control: left idle ${CONTROL_MS / 1000} s after the job, the worker was not stopped either: this run cannot tell whether the heartbeat kept it awake`,
    );
  } finally {
    await watch.close();
  }
}
