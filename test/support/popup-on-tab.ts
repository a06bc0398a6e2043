/**
 * The opening many popup journeys share: a LinkedIn page open in a tab (a fixture page served on its real URL when
 * one is given; otherwise the one every LinkedIn URL gets), then the popup opened on that tab, as a click on the
 * toolbar button over it opens it.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { serve } from '../e2e/linkedin-pages';

export interface PopupOnTabFixtures {
  context: BrowserContext;
  openExtensionPage: (path: string) => Promise<Page>;
  tabIdOf: (page: Page) => Promise<number>;
}

/** A page to serve: its HTML at every URL `pattern` matches (a Playwright glob on the real LinkedIn URL). */
export interface ServedPage {
  pattern: string;
  html: string;
}

/** Opens `url` in a new tab (serving `served` first); resolves with the tab and its id. */
export async function openTab(
  { context, tabIdOf }: Pick<PopupOnTabFixtures, 'context' | 'tabIdOf'>,
  url: string,
  served?: ServedPage,
): Promise<{ tab: Page; tabId: number }> {
  if (served) await serve(context, served.pattern, served.html);
  const tab = await context.newPage();
  await tab.goto(url);
  return { tab, tabId: await tabIdOf(tab) };
}

/** The popup of tab `tabId`, as the toolbar button opens it over that tab. */
export const openPopupFor = (openExtensionPage: PopupOnTabFixtures['openExtensionPage'], tabId: number) =>
  openExtensionPage(`popup.html?tabId=${tabId}`);

/** {@link openTab}, then the popup on it; resolves with the tab, its id and the popup. */
export async function openPopupOnTab(
  fixtures: PopupOnTabFixtures,
  url: string,
  served?: ServedPage,
): Promise<{ tab: Page; tabId: number; popup: Page }> {
  const { tab, tabId } = await openTab(fixtures, url, served);
  return { tab, tabId, popup: await openPopupFor(fixtures.openExtensionPage, tabId) };
}
