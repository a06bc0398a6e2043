/**
 * Right-click menus of "find a person", clicked the way Chromium delivers a click: the real `contextMenus.onClicked`
 * event dispatched in the extension's worker with what Chromium puts in it (the link's URL, the selected text, the
 * page's URL, the tab). Playwright cannot open Chromium's native menu; everything after the click is the
 * extension's own code. The selection is read from the page as the user made it.
 */
import type { Page, Worker } from '@playwright/test';

interface MenuInfo {
  menuItemId: string;
  linkUrl?: string;
  selectionText?: string;
  pageUrl: string;
}

/** Dispatches a click on our menu item `menuItemId` over `page` (its tab). */
export async function clickMenu(
  background: Worker,
  page: Page,
  info: Omit<MenuInfo, 'pageUrl'>,
): Promise<void> {
  await background.evaluate(
    async ({ info, url }) => {
      const { chrome } = globalThis as unknown as {
        chrome: {
          tabs: { query(q: object): Promise<Array<{ id?: number; windowId?: number; url?: string }>> };
          contextMenus: { onClicked: { dispatch(info: object, tab: object): void } };
        };
      };
      const tab = (await chrome.tabs.query({})).find((t) => t.url === url);
      chrome.contextMenus.onClicked.dispatch({ ...info, pageUrl: url, editable: false }, tab ?? {});
    },
    { info, url: page.url() },
  );
}

/** Selects the text of the first element matching `selector` on the page, and returns the selection as Chromium reads it. */
export function selectText(page: Page, selector: string): Promise<string> {
  return page.evaluate((css) => {
    const element = document.querySelector(css);
    if (!element) throw new Error(`nothing matches ${css}`);
    const range = document.createRange();
    range.selectNodeContents(element);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    return selection.toString();
  }, selector);
}
