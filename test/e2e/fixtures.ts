import { resolve } from 'node:path';
import {
  type BrowserContext,
  test as base,
  type CDPSession,
  type ConsoleMessage,
  chromium,
  expect,
  type Page,
  type WebError,
  type Worker,
} from '@playwright/test';
import { selfSignedCertificate, spkiHash } from '../../scripts/self-signed';
import { type RunningSimulator, startSimulator } from '../../sim/server';
import { SECRETS } from '../../src/store/items/keys';
import { linkedinPage } from '../support/linkedin-page';
import { type Sim, simClient } from '../support/sim-client';
import { findChromium } from './chromium-path';
import { hostResolverRules, vendorFront } from './vendor-origins';

export const EXTENSION_PATH = resolve(import.meta.dirname, '../../.output/chrome-mv3');

/**
 * The certificate the journeys' local HTTPS servers present (a webhook receiver): self-signed, made once per test
 * process, and accepted by the browsers launched here by its public key's hash, so the extension's worker reaches
 * them over real TLS while every other certificate error still fails.
 */
export const TEST_TLS = selfSignedCertificate();

/**
 * Chromium with the built extension loaded, on a persistent profile in `userDataDir` ('' for a fresh temporary
 * one; the same directory again is the same browser profile after a restart). The destinations' API hosts
 * (api.lever.co...) resolve to this process's local HTTPS server for them (see `vendor-origins.ts`): a journey that
 * sends registers its stand-ins there; no other journey reaches those hosts.
 */
export async function launchWithExtension(userDataDir: string): Promise<BrowserContext> {
  const vendors = await vendorFront(TEST_TLS);
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: findChromium(),
    headless: true,
    args: [
      `--disable-extensions-except=${EXTENSION_PATH}`,
      `--load-extension=${EXTENSION_PATH}`,
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      `--ignore-certificate-errors-spki-list=${spkiHash(TEST_TLS.cert)}`,
      `--host-resolver-rules=${hostResolverRules(vendors.port)}`,
    ],
  });
}

/**
 * Stops the extension's service worker the way Chrome does when it is idle or killed, through the DevTools protocol
 * (`ServiceWorker.stopWorker`), and waits until it has stopped: nothing in it runs after. (Playwright's `Worker`
 * for it is not closed by this; the next event or message starts a new worker.)
 */
export async function stopServiceWorker(
  context: BrowserContext,
  { keepTab = false }: { keepTab?: boolean } = {},
): Promise<void> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const versions = new Map<string, { scriptURL: string; runningStatus: string }>();
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: updated }) => {
    for (const version of updated) versions.set(version.versionId, version);
  });
  await cdp.send('ServiceWorker.enable');
  const ours = () => [...versions.entries()].find(([, v]) => v.scriptURL.startsWith('chrome-extension://'));
  await expect.poll(() => ours()?.[1].runningStatus).toBe('running');
  // Asked again while it still runs: on a busy machine the first request can pass before the worker stops.
  await expect
    .poll(
      async () => {
        const [versionId, version] = ours()!;
        if (version.runningStatus === 'running') await cdp.send('ServiceWorker.stopWorker', { versionId });
        return ours()?.[1].runningStatus;
      },
      { timeout: 20_000, intervals: [1_000, 2_000, 3_000] },
    )
    .toBe('stopped');
  await cdp.detach();
  // Closing the tab is an event the extension listens for, so it starts a new worker: `keepTab` leaves it open for
  // a journey that must end the browser before anything can wake the extension again.
  if (!keepTab) await page.close();
}

/**
 * The documents Chrome shows in its side panel, as the extension's worker sees them (`runtime.getContexts`). A
 * test's own tab on `sidepanel.html` is a tab, not one of these: this sees only the real panel beside the page.
 */
export function sidePanelsShown(background: Worker): Promise<string[]> {
  return background.evaluate(async () => {
    const { chrome } = globalThis as unknown as WorkerGlobals;
    const panels = await chrome.runtime.getContexts({ contextTypes: ['SIDE_PANEL'] });
    // A panel just opening may not have its document's URL yet: its path is '' until it has (never a throw).
    return panels.map((p) => (p.documentUrl ?? '').replace(/^chrome-extension:\/\/[^/]+/, ''));
  });
}

export { linkedinPage } from '../support/linkedin-page';
export type { LoggedRequest, Sim } from '../support/sim-client';

/** The part of the service worker's `chrome` the tests read (evaluated inside the worker). */
export interface WorkerGlobals {
  chrome: {
    tabs: { query(query: object): Promise<Array<{ id?: number; url?: string }>> };
    runtime: {
      getContexts(filter: { contextTypes: string[] }): Promise<Array<{ documentUrl?: string }>>;
    };
    action: {
      getBadgeText(details: { tabId?: number }): Promise<string>;
      getTitle(details: { tabId?: number }): Promise<string>;
      setIcon(details: { tabId?: number; path?: Record<number, string> }): Promise<void>;
    };
    storage: {
      local: { get(keys?: string | string[] | null): Promise<Record<string, unknown>> };
      session: { get(keys?: string | string[] | null): Promise<Record<string, unknown>> };
    };
  };
}

interface Fixtures {
  /** A simulator of the service on a free port, fresh for each test. */
  sim: Sim;
  /** Saves the simulator's URL and a key on the options page (the real first-run journey); returns the page. */
  connect: (key?: string) => Promise<Page>;
  /** Connects with `demo-key` (through the options page) and opens the side panel: where every search test starts. */
  openSearchPanel: () => Promise<Page>;
  /** The id of the tab showing a URL (as the background sees it). */
  tabIdOf: (page: Page) => Promise<number>;
  context: BrowserContext;
  extensionId: string;
  background: Worker;
  /** The page the extension opened by itself on install (the options page, for first-run setup); closed. */
  firstRunUrl: string;
  /** Errors seen in any page or the service worker; the test fails at teardown if any. */
  pageErrors: string[];
  /** Opens an extension page (`popup.html`, `options.html`, `sidepanel.html`). */
  openExtensionPage: (path: string) => Promise<Page>;
}

/**
 * One Chromium per Playwright worker, shared by its journeys: starting a browser with the extension costs seconds,
 * and most journeys need no more than a freshly installed extension. Between journeys the extension is put back to
 * that state (`resetExtension`); a journey that fails ends its worker, so the next one starts on a new browser.
 */
interface SharedBrowser {
  context: BrowserContext;
  extensionId: string;
  /**
   * The tab a fresh browser opens with, kept open between journeys (so the browser keeps a window) on one of the
   * extension's own files: Chrome answers the DevTools protocol's `Extensions.*` storage commands only over the
   * extension's own pages (the manifest runs none of its code).
   */
  holder: Page;
  /** The DevTools session over `holder`. */
  cdp: CDPSession;
  /** Whether a journey has used the browser since it started (then the next one resets it first). */
  used: boolean;
}

/** The page each shared browser's extension opened by itself on install. */
const firstRunUrls = new WeakMap<BrowserContext, string>();

interface WorkerFixtures {
  sharedBrowser: SharedBrowser;
}

/** Polls quickly: each step of a reset takes tens of milliseconds. */
const QUICK = { timeout: 20_000, intervals: [25, 50, 100] };

/**
 * Puts the shared browser's extension back to a fresh install's state: no pages but the first, no stored data in
 * any area or in the extension's databases (nor its secrets), no alarms, no side panel, no granted permissions or cookies, a new service worker (nothing kept in its
 * memory). The worker clears its own storage first so that its listeners see the change; then it is stopped,
 * whatever those listeners wrote is cleared from outside (`Extensions.clearStorageItems`), and a new worker starts
 * on empty storage, as a first start finds it. Chrome keeps the context menus, which the extension creates on
 * install, across this.
 */
async function resetExtension({ context, extensionId, holder, cdp }: SharedBrowser): Promise<void> {
  await Promise.all([
    ...context.pages().map((page) => (page === holder ? null : page.close())),
    context.clearPermissions(),
    context.clearCookies(),
  ]);
  const before = context.serviceWorkers().at(-1);
  const status = await serviceWorkerStatus(cdp);
  // Side panels still open (counted after closing them); unknown while the worker is stopped.
  let panels: number | null = null;
  if (before && status.runningStatus === 'running') {
    panels = await Promise.race([
      before.evaluate(clearFromWorker).catch(() => null),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000)),
    ]);
  }
  await stopWorker(cdp, status.versionId);
  await Promise.all([
    ...['session', 'sync', 'local'].map((storageArea) =>
      cdp.send('Extensions.clearStorageItems' as 'Runtime.enable', { id: extensionId, storageArea } as never),
    ),
    // The database of what grows (the vault, the ledger): the new worker makes it again at its start. And the
    // secrets' (the service key, the destinations' keys): one journey's saved key must not be the next one's.
    ...['candidate-lens', SECRETS.database].map((databaseName) =>
      cdp.send('IndexedDB.deleteDatabase', {
        securityOrigin: `chrome-extension://${extensionId}`,
        databaseName,
      }),
    ),
  ]);
  // Clearing what is already empty wakes nobody: start the worker as a browser start does.
  await cdp.send('ServiceWorker.startWorker', { scopeURL: `chrome-extension://${extensionId}/` });
  await expect.poll(async () => (await serviceWorkerStatus(cdp)).runningStatus, QUICK).toBe('running');
  if (panels === 0) return;
  // A panel left open while the worker was stopped, or one that would not close: asked of the new worker.
  const worker = context.serviceWorkers().at(-1) as Worker;
  await expect
    .poll(() => worker.evaluate(closeSidePanels), { ...QUICK, message: 'no side panel open after the reset' })
    .toBe(0);
}

/** The part of the worker's `chrome` the reset uses. */
interface ResetGlobals {
  chrome: {
    windows: { getAll(): Promise<Array<{ id: number }>> };
    sidePanel: { close(options: { windowId: number }): Promise<void> };
    runtime: { getContexts(filter: { contextTypes: string[] }): Promise<unknown[]> };
    alarms?: { clearAll(): Promise<boolean> };
    storage: Record<'local' | 'session' | 'sync', { clear(): Promise<void> }>;
  };
}

/**
 * Closes every window's side panel, as a user would (Chrome keeps it open while the window lives), and returns
 * how many are still open. Evaluated inside the worker: nothing outside the function is in scope there.
 */
async function closeSidePanels(): Promise<number> {
  const { chrome } = globalThis as unknown as ResetGlobals;
  for (const { id } of await chrome.windows.getAll()) {
    await chrome.sidePanel.close({ windowId: id }).catch(() => undefined);
  }
  return (await chrome.runtime.getContexts({ contextTypes: ['SIDE_PANEL'] })).length;
}

/** Inside the worker: closes the side panels, clears alarms and every storage area; returns the panels left. */
async function clearFromWorker(): Promise<number> {
  const { chrome } = globalThis as unknown as ResetGlobals;
  for (const { id } of await chrome.windows.getAll()) {
    await chrome.sidePanel.close({ windowId: id }).catch(() => undefined);
  }
  await chrome.alarms?.clearAll();
  await Promise.all([chrome.storage.session.clear(), chrome.storage.sync.clear()]);
  await chrome.storage.local.clear();
  return (await chrome.runtime.getContexts({ contextTypes: ['SIDE_PANEL'] })).length;
}

/** The extension's service worker as the DevTools protocol reports it (`ServiceWorker.workerVersionUpdated`). */
async function serviceWorkerStatus(cdp: CDPSession): Promise<{ versionId: string; runningStatus: string }> {
  const found = new Promise<{ versionId: string; runningStatus: string }>((resolve) => {
    const listener = ({
      versions,
    }: {
      versions: Array<{ versionId: string; scriptURL: string; runningStatus: string }>;
    }) => {
      const ours = versions.find((v) => v.scriptURL.startsWith('chrome-extension://'));
      if (!ours) return;
      cdp.off('ServiceWorker.workerVersionUpdated', listener);
      resolve(ours);
    };
    cdp.on('ServiceWorker.workerVersionUpdated', listener);
  });
  await cdp.send('ServiceWorker.disable');
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** Stops the extension's service worker and waits until it has stopped. */
async function stopWorker(cdp: CDPSession, versionId: string): Promise<void> {
  await expect
    .poll(async () => {
      const { runningStatus } = await serviceWorkerStatus(cdp);
      if (runningStatus === 'running') await cdp.send('ServiceWorker.stopWorker', { versionId });
      return runningStatus;
    }, QUICK)
    .toBe('stopped');
}

/** Waits for the options page the extension opens on install, closes it, and returns its URL. */
async function closeFirstRunPage(context: BrowserContext): Promise<string> {
  // After the worker is up; generous, since a loaded machine can be slow to run onInstalled.
  const isOptions = (p: Page) => p.url().endsWith('/options.html');
  let page: Page | undefined;
  await expect.poll(() => (page = context.pages().find(isOptions)), { timeout: 20_000 }).toBeTruthy();
  await page!.waitForLoadState();
  const url = page!.url();
  await page!.close();
  return url;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  sharedBrowser: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured object.
    async ({}, use) => {
      const context = await launchWithExtension('');
      const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
      const extensionId = new URL(worker.url()).host;
      firstRunUrls.set(context, await closeFirstRunPage(context));
      const holder = context.pages()[0] ?? (await context.newPage());
      await holder.goto(`chrome-extension://${extensionId}/manifest.json`);
      const cdp = await context.newCDPSession(holder);
      await use({ context, extensionId, holder, cdp, used: false });
      await context.close();
    },
    { scope: 'worker' },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured object.
  pageErrors: async ({}, use) => {
    await use([]);
  },
  context: async ({ pageErrors, sharedBrowser }, use) => {
    if (sharedBrowser.used) await resetExtension(sharedBrowser);
    sharedBrowser.used = true;
    const { context } = sharedBrowser;
    const onError = (error: WebError) => pageErrors.push(`page error: ${error.error().message}`);
    const onConsole = (message: ConsoleMessage) => {
      if (message.type() === 'error') pageErrors.push(`console error: ${message.text()}`);
    };
    context.on('weberror', onError);
    context.on('console', onConsole);
    // LinkedIn is never reached: every LinkedIn URL is answered from fixtures unless a test routes it otherwise.
    await context.route('https://*.linkedin.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: linkedinPage() }),
    );
    await use(context);
    context.off('weberror', onError);
    context.off('console', onConsole);
    await context.unrouteAll({ behavior: 'ignoreErrors' });
  },
  firstRunUrl: [
    async ({ context, background: _worker }, use) => {
      // The extension opens its options page on install; closed here so it cannot interrupt a test's navigation
      // (the shared browser's was closed when it started).
      await use(firstRunUrls.get(context) ?? (await closeFirstRunPage(context)));
    },
    { auto: true },
  ],
  background: [
    async ({ context }, use) => {
      const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
      // Uncaught errors and unhandled rejections in the worker do not reach the console by themselves: report them
      // as console errors, which fail the test (see `pageErrors`).
      await worker.evaluate(() => {
        const scope = globalThis as unknown as {
          addEventListener(
            type: string,
            listener: (event: { message?: string; reason?: unknown }) => void,
          ): void;
        };
        scope.addEventListener('error', (event) => console.error(`worker error: ${event.message}`));
        scope.addEventListener('unhandledrejection', (event) => {
          const reason = event.reason as { message?: string } | undefined;
          console.error(`worker unhandled rejection: ${reason?.message ?? String(event.reason)}`);
        });
      });
      await use(worker);
    },
    { auto: true },
  ],
  extensionId: async ({ background }, use) => {
    await use(new URL(background.url()).host);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured object.
  sim: async ({}, use) => {
    const running: RunningSimulator = await startSimulator({ port: 0 });
    await use(simClient(running));
    await running.close();
  },
  connect: async ({ openExtensionPage, sim }, use) => {
    await use(async (key = 'demo-key') => {
      const page = await openExtensionPage('options.html');
      await page.getByLabel('Service address').fill(sim.url);
      await page.getByLabel('API key').fill(key);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByTestId('connected')).toBeVisible();
      // Saved, the page is one step (open LinkedIn) with the settings folded under it: the journeys go on to them.
      await page.getByTestId('settings-fold').locator(':scope > summary').click();
      return page;
    });
  },
  openSearchPanel: async ({ connect, openExtensionPage }, use) => {
    await use(async () => {
      await connect();
      return openExtensionPage('sidepanel.html');
    });
  },
  tabIdOf: async ({ background }, use) => {
    await use(async (page) => {
      const url = page.url();
      const id = await background.evaluate(async (target) => {
        const tabs = await (globalThis as unknown as WorkerGlobals).chrome.tabs.query({});
        return tabs.find((tab) => tab.url === target)?.id ?? null;
      }, url);
      if (id === null) throw new Error(`no tab shows ${url}`);
      return id;
    });
  },
  openExtensionPage: async ({ context, extensionId }, use) => {
    await use(async (path) => {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${path}`);
      return page;
    });
  },
});

test.afterEach(async ({ pageErrors }) => {
  expect(pageErrors, 'no page, console or worker errors').toEqual([]);
});

export { expect };
