/**
 * The extension's service worker over the DevTools protocol, for the benches: Playwright opens no session on a
 * worker, so one is reached through a page's session (the `Target` domain's messages to an attached target). Used to
 * profile the worker (`profile-library.ts`) and to wait until it is idle before timing anything: after the vault
 * grows, the worker's housekeeping (the retention pass, a few seconds after each start, reading every contact older
 * than the shortest rule) runs for tens of seconds at 50,000 contacts, and a figure taken meanwhile measures that
 * pass, at one size more than at another.
 */
import type { BrowserContext, CDPSession } from 'playwright-core';

/** Sends one DevTools command to the worker and resolves with its result. */
export type WorkerSend = (method: string, params?: object) => Promise<unknown>;

/** A DevTools session on the service worker whose URL starts with `base` (this extension's, not another's). */
export async function workerSession(cdp: CDPSession, base: string): Promise<WorkerSend> {
  const { targetInfos } = await cdp.send('Target.getTargets');
  const worker = targetInfos.find(
    (target) => target.type === 'service_worker' && target.url.startsWith(base),
  );
  if (!worker) throw new Error(`no service worker under ${base}`);
  const { sessionId } = await cdp.send('Target.attachToTarget', {
    targetId: worker.targetId,
    flatten: false,
  });
  let next = 0;
  const waiting = new Map<number, (answer: { result?: unknown; error?: unknown }) => void>();
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    if (event.sessionId !== sessionId) return;
    const answer = JSON.parse(event.message) as { id?: number; result?: unknown; error?: unknown };
    if (answer.id !== undefined) waiting.get(answer.id)?.(answer);
  });
  return (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      waiting.set(id, (answer) => {
        waiting.delete(id);
        if (answer.error) reject(new Error(`${method}: ${JSON.stringify(answer.error)}`));
        else resolve(answer.result);
      });
      void cdp.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id, method, params }),
      });
    });
}

interface Profile {
  nodes: Array<{ id: number; callFrame: { functionName: string } }>;
  samples: number[];
  timeDeltas: number[];
}

/** The share of a profile's time the worker spent idle. */
function idleShare(profile: Profile): number {
  const idle = new Set(
    profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((n) => n.id),
  );
  let all = 0;
  let resting = 0;
  for (const [i, id] of profile.samples.entries()) {
    const delta = profile.timeDeltas[i] ?? 0;
    all += delta;
    if (idle.has(id)) resting += delta;
  }
  return all === 0 ? 1 : resting / all;
}

/**
 * Waits until the worker under `base` has been idle (at least 95% of two 1 s windows in a row under the sampling
 * profiler) or `limitMs` passed; resolves with how long it waited.
 */
export async function workerSettled(
  context: BrowserContext,
  base: string,
  limitMs = 180_000,
): Promise<number> {
  const page = await context.newPage();
  const started = Date.now();
  try {
    const cdp = await context.newCDPSession(page);
    const send = await workerSession(cdp, base);
    await send('Profiler.enable');
    let quiet = 0;
    while (quiet < 2 && Date.now() - started < limitMs) {
      await send('Profiler.start');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const { profile } = (await send('Profiler.stop')) as { profile: Profile };
      quiet = idleShare(profile) >= 0.95 ? quiet + 1 : 0;
    }
    await send('Profiler.disable');
    return Date.now() - started;
  } finally {
    await page.close();
  }
}
