/**
 * The opening every "find a person" journey from a right-click shares: connected to the service, the page open,
 * one of our menu items clicked over it, and the side panel open on its find.
 */
import type { BrowserContext, Locator, Page, Worker } from '@playwright/test';
import { clickMenu } from '../e2e/find-menus';

export interface FindOpeningFixtures {
  context: BrowserContext;
  background: Worker;
  connect: () => Promise<unknown>;
  openExtensionPage: (path: string) => Promise<Page>;
}

export interface FindOpening {
  page: Page;
  panel: Page;
  /** The panel's "Find a person" region. */
  find: Locator;
  /** Its paid button, with the price it states. */
  findButton: Locator;
}

/** What the menu click carries, read from the open page (a link's address, a selection made on it). */
type MenuClick = (page: Page) => Promise<Parameters<typeof clickMenu>[2]>;

/** Opens `url`, clicks the menu item `click` says over it, and opens the side panel on the find. */
export async function openFindFromMenu(
  { context, background, connect, openExtensionPage }: FindOpeningFixtures,
  url: string,
  click: MenuClick,
): Promise<FindOpening> {
  await connect();
  const page = await context.newPage();
  await page.goto(url);
  await clickMenu(background, page, await click(page));
  const panel = await openExtensionPage('sidepanel.html');
  const find = panel.getByRole('region', { name: 'Find a person' });
  return { page, panel, find, findButton: find.getByRole('button', { name: 'Find · 1 credit if found' }) };
}
