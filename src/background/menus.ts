/**
 * Right-click menus. "Reveal contact" on a link to a LinkedIn profile (any site) or on a LinkedIn profile page:
 * reveals with the default options, writes to the vault, and shows the result in the side panel. A menu click is a
 * click in the extension's own UI, so it may spend credits; already-held items cost nothing.
 */
import { browser } from 'wxt/browser';
import { profileUrl } from '../sites/linkedin/url';
import { panelFocus, settings, vaultKeyFor } from '../storage';
import { reveal } from './reveal';
import { refreshBadges } from './tabs';

export const MENU = {
  revealLink: 'reveal-link',
  revealPage: 'reveal-page',
} as const;

const PROFILE_PATTERNS = ['https://*.linkedin.com/in/*', 'https://linkedin.com/in/*'];

/** Creates the menus (idempotent: removes them first, as Chrome keeps menus across service-worker restarts). */
export async function createMenus(): Promise<void> {
  const menus = browser.contextMenus;
  await menus.removeAll();
  menus.create({
    id: MENU.revealLink,
    title: 'Reveal contact',
    contexts: ['link'],
    targetUrlPatterns: PROFILE_PATTERNS,
  });
  menus.create({
    id: MENU.revealPage,
    title: 'Reveal contact',
    contexts: ['page'],
    documentUrlPatterns: PROFILE_PATTERNS,
  });
}

/**
 * Opens the side panel (Chrome) or sidebar (Firefox). Must run synchronously inside the click handler: both
 * browsers only allow it in response to a user gesture.
 */
export function openPanel(tabId: number | undefined, windowId: number | undefined): Promise<void> {
  const sidebar = (browser as unknown as { sidebarAction?: { open(): Promise<void> } }).sidebarAction;
  if (sidebar) return sidebar.open();
  if (browser.sidePanel) {
    return browser.sidePanel.open(tabId !== undefined ? { tabId } : { windowId: windowId! });
  }
  return Promise.resolve();
}

interface MenuClick {
  menuItemId: string | number;
  linkUrl?: string | undefined;
  pageUrl?: string | undefined;
}

/** Handles a click on one of our menus. */
export function onMenuClicked(info: MenuClick, tab: { id?: number; windowId?: number } | undefined): void {
  if (info.menuItemId !== MENU.revealLink && info.menuItemId !== MENU.revealPage) return;
  const raw = info.menuItemId === MENU.revealLink ? info.linkUrl : info.pageUrl;
  const socialUrl = raw ? profileUrl(raw) : null;
  const opening = openPanel(tab?.id, tab?.windowId).catch((error) =>
    console.warn('Could not open the panel', error),
  );
  if (!socialUrl) return;
  void (async () => {
    await opening;
    await panelFocus.set({
      kind: 'contact',
      vaultKey: vaultKeyFor({ socialUrl }),
      at: new Date().toISOString(),
    });
    const { defaultSelection } = await settings.get();
    // The outcome (record or error) is stored by the job; the panel renders it from storage.
    await reveal({ target: { socialUrl }, selection: defaultSelection }).catch(() => undefined);
    await refreshBadges();
  })();
}
