/** What each tab shows (session storage: tab ids mean nothing after the browser restarts). */
import { storage } from 'wxt/utils/storage';
import * as z from 'zod/mini';
import { inspector } from '../read';
import { PREFIXES } from './keys';

export const TabProfile = z.object({
  socialUrl: z.string(),
  nameHint: z.optional(z.string()),
  headlineHint: z.optional(z.string()),
  seenAt: z.string(),
});
export type TabProfile = z.infer<typeof TabProfile>;

/**
 * One key per tab, a family rather than one item (see `item.ts`); a detection that no longer reads is warned of
 * and read as none (the tab reports its page again on its next navigation).
 */
const inspectTab = inspector(TabProfile, 'tab profile', { unreadable: 'warn' });
const readTab = (value: unknown, tabId: number): TabProfile | null => {
  const read = inspectTab(value, PREFIXES.tab.name(tabId));
  return read.state === 'ok' ? read.value : null;
};

export const tabProfiles = {
  async get(tabId: number): Promise<TabProfile | null> {
    return readTab(await storage.getItem(PREFIXES.tab.key(tabId)), tabId);
  },
  async set(tabId: number, value: TabProfile | null): Promise<void> {
    if (value === null) await storage.removeItem(PREFIXES.tab.key(tabId));
    else await storage.setItem(PREFIXES.tab.key(tabId), TabProfile.parse(value));
  },
  watch(tabId: number, cb: (value: TabProfile | null) => void) {
    return storage.watch<unknown>(PREFIXES.tab.key(tabId), (value) => cb(readTab(value, tabId)));
  },
};
