/**
 * Right-click menus. "Reveal contact" on a link to a LinkedIn profile (any site) or on a LinkedIn profile page:
 * reveals with the default options, writes to the vault, and shows the result in the side panel. A menu click is a
 * click in the extension's own UI, so it may spend credits; already-held items cost nothing.
 */
import { browser } from 'wxt/browser';
import { profileUrl } from '../sites/linkedin/url';
import { panelFocus, settings, vaultKeyFor } from '../storage';
import { reveal } from './reveal';
import { searchSelection, selectionProblem } from './search';
import { refreshBadges } from './tabs';

export const MENU = {
  revealLink: 'reveal-link',
  revealPage: 'reveal-page',
  searchJd: 'search-jd',
  searchFreeText: 'search-free-text',
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
  menus.create({
    id: MENU.searchJd,
    title: 'Find candidates for this job description',
    contexts: ['selection'],
  });
  menus.create({ id: MENU.searchFreeText, title: 'Search candidates: "%s"', contexts: ['selection'] });
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
  selectionText?: string | undefined;
}

/**
 * A selected text to search. Too long (or empty): the panel says why and, for free text, offers to trim; nothing
 * is sent. Otherwise the search runs and the panel shows it.
 */
async function searchFromSelection(mode: 'free_text' | 'jd', text: string): Promise<void> {
  const at = new Date().toISOString();
  const problem = selectionProblem(mode, text);
  if (problem) {
    await panelFocus.set({ kind: 'selection', mode, text, problem, at });
    return;
  }
  await panelFocus.set({ kind: 'search', at });
  // The outcome (results or error) is stored with the search; the panel renders it from storage.
  await searchSelection({ mode, text }).catch(() => undefined);
}

/** Handles a click on one of our menus. */
export function onMenuClicked(info: MenuClick, tab: { id?: number; windowId?: number } | undefined): void {
  if (info.menuItemId === MENU.searchJd || info.menuItemId === MENU.searchFreeText) {
    const opening = openPanel(tab?.id, tab?.windowId).catch((error) =>
      console.warn('Could not open the panel', error),
    );
    const mode = info.menuItemId === MENU.searchJd ? 'jd' : 'free_text';
    void opening.then(() => searchFromSelection(mode, info.selectionText ?? ''));
    return;
  }
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
