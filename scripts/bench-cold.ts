/**
 * Cold starts for `npm run bench`: Chrome stops an idle extension service worker after ~30 s, so most openings of
 * the popup in a recruiter's day wake a stopped worker. These helpers stop the worker through the DevTools protocol
 * (`ServiceWorker.stopWorker`, as Chrome's own idle stop does), read the worker's heap, and time a page's small
 * storage reads after a start (a read queued behind the worker's start-up work shows here).
 */
import type { BrowserContext, CDPSession, Worker } from 'playwright-core';
import { bounded } from './bench-wait';

const until = async (what: string, ok: () => boolean, ms = 10_000): Promise<void> => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** A DevTools session on a blank page of `context`, closed with it. */
async function devtools(context: BrowserContext): Promise<{ cdp: CDPSession; close: () => Promise<void> }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  return {
    cdp,
    close: async () => {
      await cdp.detach().catch(() => undefined);
      await page.close();
    },
  };
}

/**
 * Stops an extension's service worker (the one whose script is under `base`, else the first extension's) and waits
 * until Chrome reports it stopped.
 */
export async function stopWorker(context: BrowserContext, base = 'chrome-extension://'): Promise<void> {
  const { cdp, close } = await devtools(context);
  try {
    const versions = new Map<string, { scriptURL: string; runningStatus: string }>();
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: updated }) => {
      for (const version of updated) versions.set(version.versionId, version);
    });
    await cdp.send('ServiceWorker.enable');
    const ours = () => [...versions.entries()].find(([, v]) => v.scriptURL.startsWith(base));
    await until('the worker to be known', () => ours() !== undefined);
    if (ours()![1].runningStatus !== 'stopped') {
      await cdp.send('ServiceWorker.stopWorker', { versionId: ours()![0] });
      await until('the worker to stop', () => ours()?.[1].runningStatus === 'stopped');
    }
  } finally {
    await close();
  }
}

/**
 * The service worker's used JS heap, in MB (`Runtime.getHeapUsage` on the worker's own target, reached from a
 * page's session: Playwright opens no session on a service worker).
 */
export async function workerHeapMb(context: BrowserContext): Promise<number> {
  const { cdp, close } = await devtools(context);
  try {
    const { targetInfos } = await cdp.send('Target.getTargets');
    const worker = targetInfos.find(
      (t) => t.type === 'service_worker' && t.url.startsWith('chrome-extension://'),
    );
    if (!worker) throw new Error('no running service worker to measure');
    const { sessionId } = await cdp.send('Target.attachToTarget', {
      targetId: worker.targetId,
      flatten: false,
    });
    const answer = new Promise<{ usedSize: number }>((resolve) => {
      cdp.on('Target.receivedMessageFromTarget', (event) => {
        const message = JSON.parse(event.message) as { id?: number; result?: { usedSize: number } };
        if (event.sessionId === sessionId && message.id === 1 && message.result) resolve(message.result);
      });
    });
    await cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id: 1, method: 'Runtime.getHeapUsage' }),
    });
    const { usedSize } = await bounded("the worker's heap usage", answer, 10_000);
    await cdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
    return usedSize / 1024 / 1024;
  } finally {
    await close();
  }
}

/** What a page's small storage reads met after a start: the longest one, and until when any took over 50 ms. */
export interface StorageAfterStart {
  longestMs: number;
  busyUntilMs: number;
}

/**
 * In `page` (an extension page opened at the start), reads one small stored value again and again until `untilMs`
 * of the page's clock: a read queued behind the worker's start-up work takes as long as that work.
 */
export async function storageAfterStart(
  page: { evaluate: (script: string) => Promise<unknown> },
  untilMs: number,
): Promise<StorageAfterStart> {
  return (await page.evaluate(`(async () => {
    let longestMs = 0, busyUntilMs = 0;
    while (performance.now() < ${untilMs}) {
      const started = performance.now();
      await chrome.storage.local.get('settings');
      const took = performance.now() - started;
      longestMs = Math.max(longestMs, took);
      if (took > 50) busyUntilMs = performance.now();
      await new Promise((r) => setTimeout(r, 50));
    }
    return { longestMs, busyUntilMs };
  })()`)) as StorageAfterStart;
}

/**
 * The extension's running service worker, woken by a message from one of its pages when it was stopped (a stopped
 * worker's Playwright handle is gone: each start is a new worker).
 */
export async function runningWorker(context: BrowserContext, base: string): Promise<Worker> {
  const alive = async () => {
    for (const worker of context.serviceWorkers()) {
      if (!worker.url().startsWith(base)) continue;
      if (
        await worker.evaluate('1').then(
          () => true,
          () => false,
        )
      )
        return worker;
    }
    return null;
  };
  const found = await alive();
  if (found) return found;
  const page = await context.newPage();
  try {
    await page.goto(`${base}/options.html`);
    await page.evaluate(`chrome.runtime.sendMessage({ type: 'wake' }).catch(() => undefined)`);
    const end = Date.now() + 10_000;
    for (;;) {
      const worker = await alive();
      if (worker) return worker;
      if (Date.now() > end) throw new Error('the service worker did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await page.close();
  }
}

/** The extension worker's running states as Chrome reports them, each with when it was seen. */
export interface WorkerWatch {
  /** Every change of the worker's running state since the watch began (`running`, `stopping`, `stopped`...). */
  seen: Array<{ status: string; at: number }>;
  close: () => Promise<void>;
}

/**
 * Follows the running state of the extension's service worker (the one whose script is under `base`) through the
 * DevTools protocol's ServiceWorker domain, from a blank page's session: Chrome's own stop of an idle worker shows
 * as `stopping`, then `stopped`.
 */
export async function watchWorker(context: BrowserContext, base: string): Promise<WorkerWatch> {
  const { cdp, close } = await devtools(context);
  const seen: WorkerWatch['seen'] = [];
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) {
      if (!version.scriptURL.startsWith(base)) continue;
      if (seen.at(-1)?.status !== version.runningStatus)
        seen.push({ status: version.runningStatus, at: Date.now() });
    }
  });
  await cdp.send('ServiceWorker.enable');
  await until('the worker to be known', () => seen.length > 0);
  return { seen, close };
}
