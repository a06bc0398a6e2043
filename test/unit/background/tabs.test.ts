/**
 * A tab's toolbar button follows what the tab shows, in the order it was shown: a profile's badge waits on a vault
 * read, and the page the user went on to must not be overwritten by it when that read comes back late.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { forgetTab, onProfileSeen, refreshBadges } from '../../../src/background/tabs';
import { vault } from '../../../src/store/database/vault/vault';
import { tabProfiles } from '../../../src/store/items/tabs';

const A = 'https://www.linkedin.com/in/ada-lovelace-demo';
const B = 'https://www.linkedin.com/in/jose-alvarez-demo';
const TAB = 7;

/** The toolbar action, recording the last badge text set per tab (the fake browser has none). */
function fakeAction() {
  const badges = new Map<number | undefined, string>();
  const action = {
    setBadgeText: vi.fn(
      async ({ tabId, text }: { tabId?: number; text: string }) => void badges.set(tabId, text),
    ),
    setBadgeBackgroundColor: vi.fn(async () => undefined),
    setTitle: vi.fn(async () => undefined),
    setIcon: vi.fn(async () => undefined),
  };
  Object.defineProperty(browser, 'action', { value: action, configurable: true });
  return badges;
}

/** Holds every vault read of `url` until `release()`; other reads go through. */
function holdVaultReads(url: string) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const read = vault.get.bind(vault);
  vi.spyOn(vault, 'get').mockImplementation(async (key) => {
    if (key === url) await held;
    return read(key);
  });
  return () => release();
}

describe("a tab's toolbar button", () => {
  beforeEach(() => fakeBrowser.reset());
  afterEach(() => {
    Reflect.deleteProperty(browser, 'action');
  });

  it('ends on the page shown last when a profile before it is read late (profile, then the feed)', async () => {
    const badges = fakeAction();
    const release = holdVaultReads(B);
    const profile = onProfileSeen(TAB, { socialUrl: B });
    const feed = onProfileSeen(TAB, { socialUrl: null });
    // Let the feed's update run as far as it can while the profile's read is held.
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await Promise.all([profile, feed]);
    expect(badges.get(TAB)).toBe('');
    expect(await tabProfiles.get(TAB)).toBeNull();
  });

  it('a refresh that read a profile does not put its badge back over the page shown after it', async () => {
    const badges = fakeAction();
    await onProfileSeen(TAB, { socialUrl: A });
    expect(badges.get(TAB)).toBe('in');
    vi.spyOn(browser.tabs, 'query').mockImplementation((async () => [{ id: TAB }]) as never);
    const release = holdVaultReads(A);
    const refreshed = refreshBadges();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const feed = onProfileSeen(TAB, { socialUrl: null });
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await Promise.all([refreshed, feed]);
    expect(badges.get(TAB)).toBe('');
  });

  it('a tab closed while an update of it waits its turn is forgotten, not stored again by that update', async () => {
    fakeAction();
    const release = holdVaultReads(A);
    const first = onProfileSeen(TAB, { socialUrl: A });
    // B waits for A's turn, held on its vault read; the tab closes meanwhile.
    const next = onProfileSeen(TAB, { socialUrl: B });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const closed = forgetTab(TAB);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await Promise.all([first, next, closed]);
    expect(await tabProfiles.get(TAB)).toBeNull();
  });
});
