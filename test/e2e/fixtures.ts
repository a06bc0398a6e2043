import { resolve } from 'node:path';
import {
  type BrowserContext,
  test as base,
  chromium,
  expect,
  type Page,
  type Worker,
} from '@playwright/test';
import { type RunningSimulator, startSimulator } from '../../sim/server';
import { linkedinPage } from '../support/linkedin-page';
import { type Sim, simClient } from '../support/sim-client';
import { findChromium } from './chromium-path';

export const EXTENSION_PATH = resolve(import.meta.dirname, '../../.output/chrome-mv3');

/**
 * Chromium with the built extension loaded, on a persistent profile in `userDataDir` ('' for a fresh temporary
 * one; the same directory again is the same browser profile after a restart).
 */
export function launchWithExtension(userDataDir: string): Promise<BrowserContext> {
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
    ],
  });
}

/**
 * Stops the extension's service worker the way Chrome does when it is idle or killed, through the DevTools protocol
 * (`ServiceWorker.stopWorker`), and waits until it has stopped: nothing in it runs after. (Playwright's `Worker`
 * for it is not closed by this; the next event or message starts a new worker.)
 */
export async function stopServiceWorker(context: BrowserContext): Promise<void> {
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
  await page.close();
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

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured object.
  pageErrors: async ({}, use) => {
    await use([]);
  },
  context: async ({ pageErrors }, use) => {
    const context = await launchWithExtension('');
    context.on('weberror', (error) => pageErrors.push(`page error: ${error.error().message}`));
    context.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(`console error: ${message.text()}`);
    });
    // LinkedIn is never reached: every LinkedIn URL is answered from fixtures unless a test routes it otherwise.
    await context.route('https://*.linkedin.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: linkedinPage() }),
    );
    await use(context);
    await context.close();
  },
  firstRunUrl: [
    async ({ context, background: _worker }, use) => {
      // The extension opens its options page on install; wait for it so it cannot interrupt a test's navigation.
      // (After the worker is up; generous, since a loaded machine can be slow to run onInstalled.)
      const isOptions = (p: Page) => p.url().endsWith('/options.html');
      let page: Page | undefined;
      await expect.poll(() => (page = context.pages().find(isOptions)), { timeout: 20_000 }).toBeTruthy();
      await page!.waitForLoadState();
      const url = page!.url();
      await page!.close();
      await use(url);
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
      await page.getByLabel('API base URL').fill(sim.url);
      await page.getByLabel('API key').fill(key);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByTestId('connected')).toBeVisible();
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
