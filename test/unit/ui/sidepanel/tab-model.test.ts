/** Following the tab: which home view the tab makes, and the recruiter's choice of search kept as tabs change. */

import { signal } from '@preact/signals';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { SearchSession } from '../../../../src/store/database/search';
import { tabProfiles } from '../../../../src/store/items/tabs';
import { createTabModel, homeView, tabView } from '../../../../src/ui/sidepanel/tab-model';

const ADA = 'https://www.linkedin.com/in/ada-lovelace-demo';
const JOSE = 'https://www.linkedin.com/in/jose-alvarez-demo';
const seen = (socialUrl: string, nameHint: string) => ({
  socialUrl,
  nameHint,
  seenAt: new Date().toISOString(),
});

describe('tabView', () => {
  it.each([
    [null, 'search'],
    [{ tabId: 1, profile: seen(ADA, 'Ada'), url: `${ADA}/` }, 'profile'],
    [{ tabId: 1, profile: null, url: 'https://www.linkedin.com/search/results/people/?keywords=x' }, 'list'],
    [
      { tabId: 1, profile: null, url: 'https://www.linkedin.com/sales/lists/people/7123456789012345678' },
      'list',
    ],
    [{ tabId: 1, profile: null, url: 'https://www.linkedin.com/feed/' }, 'search'],
    [{ tabId: 1, profile: null, url: null }, 'search'],
  ] as const)('%j makes %s', (subject, view) => {
    expect(tabView(subject)).toBe(view);
  });
});

describe('homeView', () => {
  const at = '2026-11-25T10:00:00.000Z';
  it('follows the tab until the recruiter chooses search', () => {
    expect(homeView({ view: 'tab', at }, 'profile', undefined)).toBe('profile');
    expect(homeView({ view: 'search', at }, 'profile', undefined)).toBe('search');
  });
  it('shows a search started after the recruiter last chose the tab (from the popup or a menu), not an older one', () => {
    expect(homeView({ view: 'tab', at }, 'profile', '2026-11-25T10:00:01.000Z')).toBe('search');
    expect(homeView({ view: 'tab', at }, 'profile', '2026-11-25T09:59:59.000Z')).toBe('profile');
  });
});

describe('createTabModel', () => {
  beforeEach(() => fakeBrowser.reset());

  async function besideTab(url: string) {
    const win = (await fakeBrowser.windows.create({ focused: true }))!;
    await fakeBrowser.windows.update(win.id!, { focused: true });
    const tab = await fakeBrowser.tabs.create({ url, active: true, windowId: win.id! });
    const m = createTabModel(signal<SearchSession | null>(null));
    return { m, tabId: tab.id! };
  }

  it('shows the person the tab reports, and the next one when LinkedIn navigates in place', async () => {
    const { m, tabId } = await besideTab(ADA);
    await tabProfiles.set(tabId, seen(ADA, 'Ada Lovelace'));
    await m.init();
    expect(m.subject.value?.profile?.nameHint).toBe('Ada Lovelace');
    expect(m.view.value).toBe('profile');
    await tabProfiles.set(tabId, seen(JOSE, 'José Álvarez'));
    await vi.waitFor(() => expect(m.subject.value?.profile?.socialUrl).toBe(JOSE));
    await tabProfiles.set(tabId, null);
    await vi.waitFor(() => expect(m.view.value).toBe('search'));
    m.stop();
  });

  it('keeps search once chosen while the tab moves on; "This page" follows the tab again', async () => {
    const { m, tabId } = await besideTab(ADA);
    await tabProfiles.set(tabId, seen(ADA, 'Ada Lovelace'));
    await m.init();
    m.chooseSearch();
    expect(m.view.value).toBe('search');
    await tabProfiles.set(tabId, seen(JOSE, 'José Álvarez'));
    await vi.waitFor(() => expect(m.subject.value?.profile?.socialUrl).toBe(JOSE));
    expect(m.view.value).toBe('search');
    m.chooseTab();
    expect(m.view.value).toBe('profile');
    m.stop();
  });

  it("follows the window's active tab: another tab activated is the one shown", async () => {
    const { m, tabId } = await besideTab(ADA);
    await tabProfiles.set(tabId, seen(ADA, 'Ada Lovelace'));
    await m.init();
    const first = await fakeBrowser.tabs.get(tabId);
    const other = await fakeBrowser.tabs.create({
      url: 'https://www.linkedin.com/feed/',
      active: false,
      windowId: first.windowId!,
    });
    await fakeBrowser.tabs.onActivated.trigger({ tabId: other.id!, windowId: other.windowId! });
    await vi.waitFor(() => expect(m.subject.value?.tabId).toBe(other.id));
    expect(m.view.value).toBe('search');
    // LinkedIn's in-page navigation from the feed to a people search: the URL alone makes it a list.
    await fakeBrowser.tabs.onUpdated.trigger(
      other.id!,
      { url: 'https://www.linkedin.com/search/results/people/?keywords=x' },
      other,
    );
    await vi.waitFor(() => expect(m.view.value).toBe('list'));
    m.stop();
  });
});
