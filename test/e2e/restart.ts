/**
 * A browser on a profile of its own, closed and opened again on the same profile: what a recruiter's browser
 * restart is. Shared by the journeys that cut paid work off by closing the browser.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, expect, type Page, type Worker } from '@playwright/test';
import { launchWithExtension } from './fixtures';
import { STORED_LEDGER } from './vault-db';

export interface ProfileBrowser {
  context: BrowserContext;
  extensionId: string;
  /** The extension's service worker as it runs now. */
  worker(): Promise<Worker>;
  /** Opens an extension page (`popup.html`, `sidepanel.html`, …) in a new tab. */
  open(path: string): Promise<Page>;
  /**
   * Ends the browser's process at once, as a crash or a power cut would: nothing more runs in it. (A closed tab, or
   * even the browser's own orderly close, is an event that can start the extension's worker once more.)
   */
  kill(): Promise<void>;
}

/** The browser's processes on `profileDir`, by their command line (Linux's /proc, as on the machines tests run on). */
function processesOf(profileDir: string): number[] {
  const flag = `--user-data-dir=${profileDir}`;
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(flag);
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
}

/** Launches Chromium with the extension on `profileDir` (the same directory again is the same profile). */
export async function launchProfile(profileDir: string): Promise<ProfileBrowser> {
  const context = await launchWithExtension(profileDir);
  const worker = async () => context.serviceWorkers().at(-1) ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL((await worker()).url()).host;
  const open = async (path: string): Promise<Page> => {
    const page = await context.newPage();
    try {
      await page.goto(`chrome-extension://${extensionId}/${path}`);
    } catch (error) {
      // Chrome may show the options page of the extension it just loaded in that new tab: take another.
      if (!String(error).includes('interrupted by another navigation')) throw error;
      return open(path);
    }
    return page;
  };
  const kill = async () => {
    for (const pid of processesOf(profileDir)) process.kill(pid, 'SIGKILL');
    await context.close().catch(() => undefined);
  };
  return { context, extensionId, worker, open, kill };
}

/** The first run on a new profile: the options page the extension opens on install, saved with `key`. */
export async function firstRun(browser: ProfileBrowser, simUrl: string, key = 'demo-key'): Promise<Page> {
  let options: Page | undefined;
  await expect
    .poll(() => (options = browser.context.pages().find((p) => p.url().endsWith('/options.html'))), {
      timeout: 20_000,
    })
    .toBeTruthy();
  await options!.waitForLoadState();
  await options!.getByLabel('Service address').fill(simUrl);
  await options!.getByLabel('API key').fill(key);
  await options!.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(options!.getByTestId('connected')).toBeVisible();
  // Saved, the page is one step with the settings folded under it: the journeys go on to them.
  await options!.getByTestId('settings-fold').locator(':scope > summary').click();
  return options!;
}

/** Runs `journey` with a new profile directory, removed after. */
export async function withProfileDir(journey: (dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'candidate-lens-restart-'));
  try {
    await journey(dir);
  } finally {
    // Chromium may still be flushing its profile for a moment after close: retry rather than fail the test.
    rmSync(dir, { recursive: true, force: true, maxRetries: 50, retryDelay: 200 });
  }
}

/** Every ledger entry the extension has stored, in the order written, read in its service worker. */
export async function storedLedger(worker: Worker): Promise<Array<Record<string, unknown>>> {
  return worker.evaluate(`(async () => { ${STORED_LEDGER}; return storedLedger(); })()`);
}
