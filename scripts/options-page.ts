import { setTimeout as sleep } from 'node:timers/promises';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * The extension's options page in a browser just started with it: the one the extension opens by itself on install
 * (looked for up to `waitMs`), else a new one. Opening a second while the first still loads interrupts one
 * navigation or the other. Used by `npm start` and the benches.
 */
export async function optionsPage(context: BrowserContext, origin: string, waitMs = 5_000): Promise<Page> {
  const url = `${origin}/options.html`;
  const own = () => context.pages().find((page) => page.url() === url);
  for (let waited = 0; !own() && waited < waitMs; waited += 100) {
    await sleep(100);
  }
  const page = own() ?? (await context.newPage());
  if (page.url() !== url) await page.goto(url);
  await page.waitForLoadState('load');
  return page;
}
