import { resolve } from 'node:path';
import {
  type BrowserContext,
  test as base,
  chromium,
  expect,
  type Page,
  type Worker,
} from '@playwright/test';
import { findChromium } from './chromium-path';

export const EXTENSION_PATH = resolve(import.meta.dirname, '../../.output/chrome-mv3');

/** A minimal LinkedIn-like page; the content script only reads the URL and, as a hint, the visible name. */
export function linkedinPage(name = 'Ada Lovelace', headline = 'Analyst'): string {
  return `<!doctype html><html><head><title>${name} | LinkedIn</title><link rel="icon" href="data:,"></head>
<body><main><section><h1>${name}</h1><div class="text-body-medium">${headline}</div></section></main></body></html>`;
}

interface Fixtures {
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
    const context = await chromium.launchPersistentContext('', {
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
    async ({ context }, use) => {
      // The extension opens its options page on install; wait for it so it cannot interrupt a test's navigation.
      const isOptions = (p: Page) => p.url().endsWith('/options.html');
      let page: Page | undefined;
      await expect.poll(() => (page = context.pages().find(isOptions)), { timeout: 10_000 }).toBeTruthy();
      await page!.waitForLoadState();
      const url = page!.url();
      await page!.close();
      await use(url);
    },
    { auto: true },
  ],
  background: async ({ context }, use) => {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await use(worker);
  },
  extensionId: async ({ background }, use) => {
    await use(new URL(background.url()).host);
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
