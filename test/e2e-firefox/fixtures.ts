/**
 * Fixtures of the Firefox end-to-end tests (vitest, one test at a time; see `vitest.firefox.config.ts`). Each test
 * gets its own simulator, LinkedIn proxy, profile and Firefox with the built `.output/firefox-mv2` installed as a
 * temporary add-on, as the Chromium fixtures in `test/e2e/fixtures.ts` do for Chromium. Any `JavaScript error:` or
 * `console.error:` line Firefox prints (pages, background page, content script) fails the test.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base, expect, inject } from 'vitest';
import { startSimulator } from '../../sim/server';
import { type Sim, simClient } from '../support/sim-client';
import type { Driver } from './driver';
import { findFirefox, HOW_TO_GET_FIREFOX, launchFirefox, type Prefs, type RunningFirefox } from './firefox';
import { type SiteProxy, startSiteProxy } from './site-proxy';

export const EXTENSION_PATH = resolve(import.meta.dirname, '../../.output/firefox-mv2');

/** Fixed by pref, so the extension's origin is known before it is installed. */
export const EXTENSION_UUID = 'c0ffee00-0000-4000-8000-000000000001';
export const EXTENSION_ORIGIN = `moz-extension://${EXTENSION_UUID}`;

/** The add-on id the build declares (`browser_specific_settings.gecko.id`). */
export function geckoId(extensionPath = EXTENSION_PATH): string {
  const manifest = JSON.parse(readFileSync(join(extensionPath, 'manifest.json'), 'utf8'));
  const id = manifest.browser_specific_settings?.gecko?.id;
  if (typeof id !== 'string') throw new Error(`${extensionPath}: the manifest declares no gecko id`);
  return id;
}

/** The test profile's prefs: the fixed extension UUID, the proxy, console to stdout, downloads without a dialog. */
export function firefoxPrefs(options: { addonId: string; proxyPort: number; downloadDir: string }): Prefs {
  return {
    'extensions.webextensions.uuids': JSON.stringify({ [options.addonId]: EXTENSION_UUID }),
    // LinkedIn over HTTPS, and plain-HTTP service hosts, go to the local proxy; loopback is never proxied.
    'network.proxy.type': 1,
    'network.proxy.ssl': '127.0.0.1',
    'network.proxy.ssl_port': options.proxyPort,
    'network.proxy.http': '127.0.0.1',
    'network.proxy.http_port': options.proxyPort,
    'devtools.console.stdout.content': true,
    'browser.download.folderList': 2,
    'browser.download.dir': options.downloadDir,
    'browser.download.useDownloadDir': true,
    'browser.download.always_ask_before_handling_new_types': false,
    'browser.download.start_downloads_in_tmp_dir': false,
  };
}

/** A tab the test opened. */
export interface Tab {
  /** Marionette's window handle (to switch to it). */
  handle: string;
  /** The browser's tab id (what the extension sees). */
  tabId: number;
}

interface Fixtures {
  /** A simulator of the service on a free port, fresh for each test. */
  sim: Sim;
  /** A temporary directory for the test: Firefox's profile, the certificate, downloads. */
  workDir: string;
  /** LinkedIn fixture pages (and forwarded service hosts) behind the proxy Firefox uses. */
  site: SiteProxy;
  /** Firefox with the extension installed; the options page it opened on install is the control tab. */
  firefox: RunningFirefox;
  /** The driver of `firefox`. */
  ff: Driver;
  /** The URL of the page the extension opened by itself on install (the options page, for first-run setup). */
  firstRunUrl: string;
  /**
   * Runs `body` with the extension's privileges (in its control tab, where `browser.*` is the extension's API) and
   * returns to the current tab; for reading what the background sees (badges, storage, tabs).
   */
  inExtension: <T>(body: string, ...args: unknown[]) => Promise<T>;
  /** Opens a URL in a new tab and switches to it. */
  openTab: (url: string) => Promise<Tab>;
  /** Opens an extension page (`popup.html`, `options.html`, `sidepanel.html`) in a new tab. */
  openExtensionPage: (path: string) => Promise<Tab>;
  /** Saves the simulator's URL and a key on the options page (the real first-run journey); stays on that tab. */
  connect: (key?: string) => Promise<Tab>;
}

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: vitest fixtures take their dependencies as a destructured object.
  sim: async ({}, use) => {
    const running = await startSimulator({ port: 0 });
    await use(simClient(running));
    await running.close();
  },
  // biome-ignore lint/correctness/noEmptyPattern: vitest fixtures take their dependencies as a destructured object.
  workDir: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'candidate-lens-firefox-'));
    await use(dir);
    rmSync(dir, { recursive: true, force: true });
  },
  // biome-ignore lint/correctness/noEmptyPattern: vitest fixtures take their dependencies as a destructured object.
  site: async ({}, use) => {
    const site = await startSiteProxy();
    await use(site);
    await site.close();
  },
  firefox: async ({ workDir, site }, use) => {
    const binary = findFirefox();
    if (!binary) throw new Error(HOW_TO_GET_FIREFOX);
    const profileDir = join(workDir, 'profile');
    const downloadDir = join(workDir, 'downloads');
    mkdirSync(downloadDir);
    const firefox = await launchFirefox({
      binary,
      profileDir,
      prefs: firefoxPrefs({ addonId: geckoId(), proxyPort: site.port, downloadDir }),
      template: inject('firefoxTemplateProfile'),
    });
    try {
      await firefox.driver.command('Addon:Install', { path: EXTENSION_PATH, temporary: true });
      await use(firefox);
    } finally {
      await firefox.stop();
    }
    // Read after Firefox has exited, so that every line it printed is in.
    expect(firefox.errors(), 'no JavaScript or console errors in Firefox').toEqual([]);
  },
  ff: async ({ firefox }, use) => {
    await use(firefox.driver);
  },
  firstRunUrl: [
    async ({ ff }, use) => {
      // The extension opens its options page on install (in a new tab, which becomes the selected one).
      const options = `${EXTENSION_ORIGIN}/options.html`;
      const handle = await ff.until('the options page to open on install', async () => {
        for (const candidate of await ff.windowHandles()) {
          await ff.switchTo(candidate);
          if ((await ff.url()) === options) return candidate;
        }
        return null;
      });
      await ff.switchTo(handle);
      await use(await ff.url());
    },
    { auto: true },
  ],
  inExtension: async ({ ff, firstRunUrl: _opened }, use) => {
    const control = await ff.windowHandle();
    // On a loaded machine a script run here once found no extension API ("browser is not defined"): each waits
    // for the page to have it first.
    const run = async <T>(body: string, args: unknown[]) => {
      await ff.until('the extension page to have its browser API', () =>
        ff.execute<boolean>('return typeof browser === "object"'),
      );
      return ff.execute<T>(body, ...args);
    };
    await use(async <T>(body: string, ...args: unknown[]) => {
      const current = await ff.windowHandle();
      if (current === control) return run<T>(body, args);
      // Without focus: the tab under test stays the selected, visible one (hidden tabs throttle their timers).
      await ff.switchTo(control, false);
      try {
        return await run<T>(body, args);
      } finally {
        await ff.switchTo(current, false);
      }
    });
  },
  openTab: async ({ ff, inExtension }, use) => {
    const allTabIds = () =>
      inExtension<number[]>('return browser.tabs.query({}).then((tabs) => tabs.map((tab) => tab.id))');
    await use(async (url) => {
      const before = await allTabIds();
      const handle = await ff.openTab(url);
      // The one new tab (another tab may show the same URL, e.g. the control tab's options page).
      const tabId = await ff.until(`the tab id of ${url}`, async () => {
        const added = (await allTabIds()).filter((id) => !before.includes(id));
        return added.length === 1 ? added[0] : null;
      });
      return { handle, tabId };
    });
  },
  openExtensionPage: async ({ openTab }, use) => {
    await use((path) => openTab(`${EXTENSION_ORIGIN}/${path}`));
  },
  connect: async ({ ff, openExtensionPage, sim }, use) => {
    await use(async (key = 'demo-key') => {
      const tab = await openExtensionPage('options.html');
      // The page fills the base URL from storage once loaded; type after that, so it does not overwrite ours.
      await ff.until('the options page to load its settings', () =>
        ff.execute<boolean>('return document.querySelector("#base-url")?.value !== ""'),
      );
      await ff.fillLabelled('Service address', sim.url);
      await ff.fillLabelled('API key', key);
      await ff.clickButton('Save');
      await ff.textMatching('[data-testid=connected]', /credits/);
      // Saved, the page is one step with the settings folded under it: the journeys go on to them.
      await ff.click('[data-testid=settings-fold] > summary');
      return tab;
    });
  },
});

export { expect };
