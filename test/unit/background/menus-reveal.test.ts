import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MENU, onMenuClicked, revealTitle } from '../../../src/background/menus';
import { vault } from '../../../src/store/database/vault/vault';
import { panelFocus } from '../../../src/store/items/panel';
import { revealJobs } from '../../../src/store/items/reveal-jobs';
import { settings } from '../../../src/store/items/settings';
import { setApiKey } from '../../../src/store/secrets/api-key';
import { GRACE, stubService } from './service-stub';

describe('"Reveal contact" context menu', () => {
  let openPanel: ReturnType<typeof vi.fn<(options: unknown) => Promise<void>>>;
  beforeEach(async () => {
    fakeBrowser.reset();
    openPanel = vi.fn(async (_options: unknown) => undefined);
    vi.spyOn(fakeBrowser.sidePanel, 'open').mockImplementation(openPanel as never);
    indexedDB.deleteDatabase('candidate-lens-secrets');
    await setApiKey('test-key-123456');
  });

  it('reveals a linked profile with the default options, into the vault, and focuses the side panel on it', async () => {
    const service = stubService([GRACE]);
    await settings.set({ ...(await settings.get()), defaultSelection: ['email', 'phone'] });
    onMenuClicked(
      {
        menuItemId: MENU.revealLink,
        linkUrl: 'https://de.linkedin.com/in/Grace-Hopper?trk=people',
        pageUrl: 'https://example.org/',
      },
      { id: 3, windowId: 1 },
    );
    // Opened within the click (a user gesture is required), before any await.
    expect(openPanel).toHaveBeenCalledWith({ tabId: 3 });
    await expect.poll(async () => (await revealJobs.latestFor(GRACE.socialUrl))?.status).toBe('done');
    expect(service.requests.map((r) => r.body)).toEqual([
      { social_url: GRACE.socialUrl, reveal_personal_email: true, reveal_phone: true },
    ]);
    expect((await vault.get(GRACE.socialUrl))?.phone).toMatchObject({ found: true, value: GRACE.phone });
    expect(await panelFocus.get()).toMatchObject({ kind: 'contact', vaultKey: GRACE.socialUrl });
  });

  it('on a profile page, reveals that page; already-held items cost nothing', async () => {
    const service = stubService([GRACE]);
    onMenuClicked(
      { menuItemId: MENU.revealPage, pageUrl: `${GRACE.socialUrl}/details/experience/` },
      { id: 3 },
    );
    await expect.poll(async () => (await revealJobs.latestFor(GRACE.socialUrl))?.status).toBe('done');
    onMenuClicked({ menuItemId: MENU.revealPage, pageUrl: GRACE.socialUrl }, { id: 3 });
    await new Promise((r) => setTimeout(r, 50));
    expect(service.requests).toHaveLength(1);
  });

  it('ignores a link that is not a LinkedIn profile: no request', async () => {
    const service = stubService([GRACE]);
    onMenuClicked(
      { menuItemId: MENU.revealLink, linkUrl: 'https://www.linkedin.com/company/acme' },
      { id: 3 },
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(service.requests).toHaveLength(0);
    expect(await panelFocus.get()).toBeNull();
  });
});

describe('menu titles show the price before the click', () => {
  it.each([
    [['email'] as const, 'Reveal contact (up to 3 credits)'],
    [['email', 'phone'] as const, 'Reveal contact (up to 9 credits)'],
    [
      ['email', 'phone', 'detailed_profile', 'healthcare_profile'] as const,
      'Reveal contact (up to 11 credits)',
    ],
    [[] as const, 'Reveal contact'],
  ])('default options %j: "%s"', (selection, title) => {
    expect(revealTitle([...selection])).toBe(title);
  });
});
