/**
 * The background: the only holder of the API key and the only caller of the service. Listeners are registered
 * synchronously so that an event that wakes the service worker is not missed.
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { db } from '../store/database/db';
import { settings } from '../store/items/settings';
import { resumeBulkJob } from './jobs/bulk-reveal';
import { resumeBulkSend } from './jobs/bulk-send';
import { createMenus, onMenuClicked, updateRevealTitles } from './menus';
import { onPanelCommand } from './panel-command';
import { keepRetention } from './privacy/retention';
import { markCutOffReveals } from './reveal';
import { registerMessageHandlers } from './router';
import { markCutOffSearch } from './search/search';
import { forgetTab, onTabUpdated } from './tabs';
import { followTeamFlags } from './team/team-flags';
import { followTeamSends } from './team/team-send';

/** Content scripts need no storage at all; on Chrome keep them out of it (the vault holds contact data). */
async function restrictStorage(): Promise<void> {
  const local = browser.storage.local as { setAccessLevel?: (o: { accessLevel: string }) => Promise<void> };
  await local.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' });
}

/** Background chores run without awaiting; a failure is reported, never left as an unhandled rejection. */
function chore(what: string, task: Promise<unknown>): void {
  task.catch((error) => console.warn(`Could not ${what}`, error));
}

export function startBackground(): void {
  // zod/mini ships no messages; the background's refusals quote zod's, so they should be readable English.
  z.config(en());
  registerMessageHandlers();

  browser.runtime.onInstalled.addListener(({ reason }) => {
    chore('create the menus', createMenus());
    if (reason === 'install') chore('open the options page', browser.runtime.openOptionsPage());
  });
  browser.runtime.onStartup.addListener(() => chore('create the menus', createMenus()));
  browser.contextMenus.onClicked.addListener((info, tab) => onMenuClicked(info, tab));
  // Firefox opens its sidebar by its own command; Chrome's panel is opened here.
  browser.commands?.onCommand.addListener((command, tab) => void onPanelCommand(command, tab));
  browser.tabs.onUpdated.addListener((tabId, change) => chore('follow the tab', onTabUpdated(tabId, change)));
  browser.tabs.onRemoved.addListener((tabId) => chore('forget the tab', forgetTab(tabId)));
  // The "Reveal contact" menus show what the default options may cost; keep that true when they change.
  settings.watch(({ defaultSelection }) => chore('update the menus', updateRevealTitles(defaultSelection)));

  chore('restrict storage access', restrictStorage());
  // Opened at the start, so the first read after a wake does not also pay for the opening.
  chore('open the database', db());
  chore('mark cut-off reveals', markCutOffReveals());
  chore('mark a cut-off search', markCutOffSearch());
  chore('resume the bulk reveal', resumeBulkJob());
  chore('resume the bulk send', resumeBulkSend());
  keepRetention((error) => console.warn('Could not remove expired contacts', error));
  followTeamSends((error) => console.warn('Could not read what the team sent', error));
  followTeamFlags((error) => console.warn('Could not read what the team flagged', error));
}
