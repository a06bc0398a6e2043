/**
 * Following the tab: which tab the panel stands beside (the active tab of its window, or the one named by
 * `?tabId=` when the panel is opened as a page), what that tab shows (a LinkedIn profile, as the content script
 * reported it; a LinkedIn page listing people; anything else) and which of the panel's home views that makes:
 * the person, the page's people, or search. A recruiter who chose search keeps it while tabs change; "This page"
 * follows the tab again.
 */
import { computed, type ReadonlySignal, signal } from '@preact/signals';
import { browser } from 'wxt/browser';
import { pageKindOf } from '../../sites/linkedin/page-kinds';
import type { SearchSession } from '../../store/database/search';
import { type TabProfile, tabProfiles } from '../../store/items/tabs';

/** The home views: the tab's person, the people of the tab's page, or search. */
export type HomeView = 'profile' | 'list' | 'search';

/** What the tab shows, as far as the panel knows. */
export interface TabSubject {
  tabId: number;
  /** The profile the content script reported for the tab (null: none). */
  profile: TabProfile | null;
  /** The tab's URL when the extension may see it (LinkedIn's pages), else null. */
  url: string | null;
}

/** The view the tab makes, when the panel follows it. */
export function tabView(subject: TabSubject | null): HomeView {
  if (!subject) return 'search';
  if (subject.profile) return 'profile';
  const kind = subject.url ? pageKindOf(subject.url) : null;
  return kind?.list ? 'list' : 'search';
}

/**
 * The home view: the tab's while the recruiter follows it, search once they chose it (or once a search started
 * after they last chose the tab: a search from the popup or a menu is news to show).
 */
export function homeView(
  follow: { view: 'tab' | 'search'; at: string },
  tab: HomeView,
  searchStartedAt: string | undefined,
): HomeView {
  if (follow.view === 'search') return 'search';
  if (searchStartedAt && searchStartedAt > follow.at) return 'search';
  return tab;
}

/** The tab the panel was opened for, when opened as a page (`?tabId=`); null beside a window's tabs. */
function pinnedTab(): number | null {
  const id = Number(new URLSearchParams(globalThis.location?.search ?? '').get('tabId'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function createTabModel(session: ReadonlySignal<SearchSession | null>) {
  const subject = signal<TabSubject | null>(null);
  /** The recruiter's choice: follow the tab (from when), or stay on search. */
  const follow = signal<{ view: 'tab' | 'search'; at: string }>({
    view: 'tab',
    at: new Date().toISOString(),
  });
  const tabKind = computed(() => tabView(subject.value));
  const view = computed(() => homeView(follow.value, tabKind.value, session.value?.startedAt));

  let stopProfile: (() => void) | null = null;
  let windowId: number | null = null;
  const pinned = pinnedTab();

  /** Follows tab `tabId`: its reported profile (as stored), and its URL. */
  let shown = 0;
  async function show(tabId: number) {
    stopProfile?.();
    const turn = ++shown;
    const [profile, tab] = await Promise.all([
      tabProfiles.get(tabId),
      browser.tabs.get(tabId).catch(() => null),
    ]);
    // Tabs switched again while this one was read: the later one is shown.
    if (turn !== shown) return;
    subject.value = { tabId, profile, url: tab?.url ?? null };
    stopProfile = tabProfiles.watch(tabId, (next) => {
      if (subject.peek()?.tabId !== tabId) return;
      subject.value = { ...subject.peek()!, profile: next };
    });
  }

  const onActivated = (info: { tabId: number; windowId: number }) => {
    if (pinned === null && info.windowId === windowId) void show(info.tabId);
  };
  const onUpdated = (tabId: number, change: { url?: string }) => {
    const current = subject.peek();
    if (change.url !== undefined && current?.tabId === tabId) subject.value = { ...current, url: change.url };
  };

  async function init() {
    browser.tabs.onUpdated.addListener(onUpdated);
    if (pinned !== null) return show(pinned);
    browser.tabs.onActivated.addListener(onActivated);
    // The current window is the panel's own (Chrome's side panel and Firefox's sidebar belong to one window).
    const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
    windowId = tab?.windowId ?? null;
    if (tab?.id !== undefined) await show(tab.id);
  }

  return {
    subject,
    tabKind,
    view,
    /** The recruiter goes to search, and stays there while tabs change. */
    chooseSearch: () => {
      if (follow.peek().view !== 'search') follow.value = { view: 'search', at: new Date().toISOString() };
    },
    /** The recruiter goes back to what the tab shows, and follows it again. */
    chooseTab: () => {
      follow.value = { view: 'tab', at: new Date().toISOString() };
    },
    init,
    stop() {
      stopProfile?.();
      browser.tabs.onActivated.removeListener(onActivated);
      browser.tabs.onUpdated.removeListener(onUpdated);
    },
  };
}

export type TabModel = ReturnType<typeof createTabModel>;
