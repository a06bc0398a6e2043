/**
 * The background: the only holder of the API key and the only caller of the service. Listeners are registered
 * synchronously so that an event that wakes the service worker is not missed.
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { settings, tabProfiles, vault } from '../storage';
import { createMenus, onMenuClicked } from './menus';
import { markInterruptedJobs } from './reveal';
import { registerMessageHandlers } from './router';
import { markInterruptedSearch } from './search';
import { onTabUpdated } from './tabs';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Content scripts need no storage at all; on Chrome keep them out of it (the vault holds contact data). */
async function restrictStorage(): Promise<void> {
  const local = browser.storage.local as { setAccessLevel?: (o: { accessLevel: string }) => Promise<void> };
  await local.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' });
}

async function purgeExpired(): Promise<void> {
  const { retentionDays } = await settings.get();
  await vault.purgeOlderThan(new Date(Date.now() - retentionDays * DAY_MS));
}

export function startBackground(): void {
  const startedAt = new Date();
  // zod/mini ships no messages; the background's refusals quote zod's, so they should be readable English.
  z.config(en());
  registerMessageHandlers();

  browser.runtime.onInstalled.addListener(({ reason }) => {
    void createMenus();
    if (reason === 'install') void browser.runtime.openOptionsPage();
  });
  browser.runtime.onStartup.addListener(() => void createMenus());
  browser.contextMenus.onClicked.addListener((info, tab) => onMenuClicked(info, tab));
  browser.tabs.onUpdated.addListener((tabId, change) => void onTabUpdated(tabId, change));
  browser.tabs.onRemoved.addListener((tabId) => void tabProfiles.set(tabId, null));

  void restrictStorage().catch((error) => console.warn('Could not restrict storage access', error));
  void markInterruptedJobs(startedAt);
  void markInterruptedSearch(startedAt);
  void purgeExpired();
}
