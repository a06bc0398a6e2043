/**
 * A real click on the extension's toolbar button, for what only that click allows: `activeTab`, which lets the
 * extension read the clicked tab's URL. Playwright has no way to click the toolbar, so Chromium is started here with
 * the DevTools pipe as well as a port: over the pipe (and only there, with `--enable-unsafe-extension-debugging`)
 * the DevTools protocol's `Extensions.triggerAction` runs the action as the toolbar click does, and Playwright drives
 * the pages over the port (`connectOverCDP`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, expect, type Page } from '@playwright/test';
import { findChromium } from './chromium-path';

/** The DevTools protocol over Chromium's pipe (fd 3 in, fd 4 out; messages end with a NUL byte). */
class Pipe {
  private next = 1;
  private buffer = '';
  private readonly waiting = new Map<
    number,
    (reply: { result?: unknown; error?: { message: string } }) => void
  >();

  constructor(
    private readonly toBrowser: NodeJS.WritableStream,
    fromBrowser: NodeJS.ReadableStream,
  ) {
    fromBrowser.on('data', (chunk: Buffer) => {
      this.buffer += chunk.toString('utf8');
      const messages = this.buffer.split('\0');
      this.buffer = messages.pop()!;
      for (const message of messages) {
        const reply = JSON.parse(message) as { id?: number; result?: unknown; error?: { message: string } };
        if (reply.id !== undefined) this.waiting.get(reply.id)?.(reply);
      }
    });
  }

  send<T>(method: string, params: object): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, (reply) => {
        this.waiting.delete(id);
        if (reply.error) reject(new Error(`${method}: ${reply.error.message}`));
        else resolve(reply.result as T);
      });
      this.toBrowser.write(`${JSON.stringify({ id, method, params })}\0`);
    });
  }
}

export interface ToolbarBrowser {
  context: BrowserContext;
  /** Clicks the toolbar button over `page`'s tab; resolves with the popup it opened. */
  clickToolbar(page: Page, extensionId: string): Promise<Page>;
  close(): Promise<void>;
}

/** Chromium with the built extension loaded (as `launchWithExtension` does), its toolbar button clickable. */
export async function launchWithToolbar(extensionPath: string): Promise<ToolbarBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'candidate-lens-toolbar-'));
  const child: ChildProcess = spawn(
    findChromium(),
    [
      '--headless=new',
      '--no-sandbox',
      `--user-data-dir=${profile}`,
      '--remote-debugging-port=0',
      '--remote-debugging-pipe',
      '--enable-unsafe-extension-debugging',
      `--disable-extensions-except=${extensionPath}`,
      `--load-extension=${extensionPath}`,
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    let said = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString('utf8');
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(said);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) =>
      reject(new Error(`Chromium exited (${code}) before listening: ${said.slice(-500)}`)),
    );
  });
  const pipe = new Pipe(child.stdio[3] as NodeJS.WritableStream, child.stdio[4] as NodeJS.ReadableStream);
  const browser = await chromium.connectOverCDP(endpoint);
  const context = browser.contexts()[0]!;
  /** A second connection, made once the popup is open: the first is not told of it. */
  let watcher: Browser | null = null;

  return {
    context,
    async clickToolbar(page, extensionId) {
      const { targetInfos } = await pipe.send<{
        targetInfos: Array<{ targetId: string; type: string; url: string }>;
      }>('Target.getTargets', { filter: [{ type: 'tab' }] });
      const tab = targetInfos.find((t) => t.type === 'tab' && t.url === page.url());
      if (!tab) throw new Error(`no tab shows ${page.url()}`);
      await pipe.send('Extensions.triggerAction', { id: extensionId, targetId: tab.targetId });
      // The popup's page is not reported to connections made before it opened: wait for it over the pipe, then
      // connect (a new connection lists every page there is).
      const popupOpen = async () => {
        const { targetInfos: now } = await pipe.send<{ targetInfos: Array<{ type: string; url: string }> }>(
          'Target.getTargets',
          { filter: [{ type: 'page' }] },
        );
        return now.some((t) => t.url === `chrome-extension://${extensionId}/popup.html`);
      };
      await expect.poll(popupOpen).toBe(true);
      await watcher?.close();
      watcher = await chromium.connectOverCDP(endpoint);
      const popup = watcher
        .contexts()[0]
        ?.pages()
        .find((p) => p.url().endsWith('/popup.html'));
      if (!popup) throw new Error('the popup opened, but the new connection does not list it');
      await popup.waitForLoadState();
      return popup;
    },
    async close() {
      await watcher?.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      // Chromium's own way out (its profile is written to the end), then the process, if it is still there.
      const exited = new Promise((resolve) =>
        child.exitCode === null ? child.once('exit', resolve) : resolve(null),
      );
      await Promise.race([pipe.send('Browser.close', {}).catch(() => undefined), exited]);
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}
