/**
 * Opens the side panel (Chrome's `sidePanel`) or the sidebar (Firefox's `sidebarAction`). Both browsers allow it
 * only in response to a user gesture, so call it synchronously inside the click handler, before any await.
 * Resolves (never rejects) when there is nothing to open in.
 */
import { browser } from 'wxt/browser';

export function openSidePanel(where: {
  tabId?: number | undefined;
  windowId?: number | undefined;
}): Promise<void> {
  try {
    const sidebar = (browser as unknown as { sidebarAction?: { open(): Promise<void> } }).sidebarAction;
    if (sidebar) return sidebar.open();
    if (browser.sidePanel && where.tabId !== undefined) return browser.sidePanel.open({ tabId: where.tabId });
    if (browser.sidePanel && where.windowId !== undefined)
      return browser.sidePanel.open({ windowId: where.windowId });
  } catch (error) {
    return Promise.reject(error);
  }
  return Promise.resolve();
}
