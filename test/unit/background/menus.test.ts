import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MENU, onMenuClicked } from '../../../src/background/menus';
import { currentSearch } from '../../../src/store/database/search';
import { vault } from '../../../src/store/database/vault/vault';
import { panelFocus } from '../../../src/store/items/panel';
import { freshConnection, stubService } from './service-stub';

const TAB = { id: 5, windowId: 2 };
const GRACE = {
  id: '1002',
  socialUrl: 'https://www.linkedin.com/in/grace-hopper',
  name: 'Grace Hopper',
  email: 'grace@example.org',
};

/** The lookup stub of service-stub.ts, plus a minimal /v1/search answering one profile. */
function stubAll() {
  const service = stubService([GRACE]);
  const lookup = service.fetch.getMockImplementation()!;
  const searches: Record<string, unknown>[] = [];
  service.fetch.mockImplementation(async (input, init) => {
    if (new URL(String(input)).pathname !== '/v1/search') return lookup(input, init);
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    searches.push(body);
    return service.json(200, {
      success: true,
      data: {
        profiles: [
          {
            id: 1,
            name: 'Zoë Schröder',
            current_title: 'Registered Nurse',
            current_employer: 'Arbor Health',
            location: 'Berlin',
          },
        ],
        pagination: { current_page: 1, page_size: 50, start: 1, total: 1, has_next: false, next_start: null },
      },
      credits: { used: body.jd_search ? 2 : 1, remaining: 90 },
      ...(body.jd_search ? { jd_searched: { current_title: ['Registered Nurse'] } } : {}),
      ...(body.free_text_search ? { free_text_searched: { current_title: ['Registered Nurse'] } } : {}),
    });
  });
  return { ...service, searches };
}

describe('context menus', () => {
  let open: ReturnType<typeof vi.spyOn>;

  beforeEach(async () => {
    await freshConnection();
    // Chrome's sidePanel.open resolves once the panel is shown; fake-browser does not implement it.
    open = vi.spyOn(fakeBrowser.sidePanel, 'open').mockImplementation((async () => undefined) as never);
  });

  it('"Find candidates for this job description": opens the panel in the click, then searches the selection as jd_search', async () => {
    const service = stubAll();
    const text = '  Acme Health is hiring a   Registered Nurse in Berlin. ';
    onMenuClicked({ menuItemId: MENU.searchJd, selectionText: text }, TAB);
    // Synchronously, inside the user gesture.
    expect(open).toHaveBeenCalledWith({ tabId: 5 });
    await vi.waitFor(async () => expect((await currentSearch.get())?.status).toBe('done'));
    expect(service.searches).toEqual([
      { jd_search: 'Acme Health is hiring a Registered Nurse in Berlin.', start: 1 },
    ]);
    expect(await panelFocus.get()).toMatchObject({ kind: 'search' });
    expect((await currentSearch.get())?.pages[0]?.charged).toBe(2);
  });

  it('"Search candidates": a short selection is searched as free text', async () => {
    const service = stubAll();
    onMenuClicked({ menuItemId: MENU.searchFreeText, selectionText: 'nurses in Berlin' }, TAB);
    expect(open).toHaveBeenCalledTimes(1);
    await vi.waitFor(async () => expect((await currentSearch.get())?.status).toBe('done'));
    expect(service.searches).toEqual([{ free_text_search: 'nurses in Berlin', start: 1 }]);
    expect((await currentSearch.get())?.mode).toBe('free_text');
  });

  it('a job description over 8,500 characters: the panel says why, nothing is sent', async () => {
    const service = stubAll();
    const text = 'Registered nurse. '.repeat(500);
    onMenuClicked({ menuItemId: MENU.searchJd, selectionText: text }, TAB);
    expect(open).toHaveBeenCalledTimes(1);
    await vi.waitFor(async () => expect((await panelFocus.get())?.kind).toBe('selection'));
    expect(await panelFocus.get()).toMatchObject({
      kind: 'selection',
      mode: 'jd',
      // Whitespace collapsed, as it would be sent: the limit is measured on that.
      text: text.trim(),
      problem: expect.stringMatching(/8,999 characters; a job description can be at most 8,500/),
    });
    expect(service.searches).toEqual([]);
    expect(await currentSearch.get()).toBeNull();
  });

  it('free text over 300 characters waits for the user (trim or cancel): nothing is sent', async () => {
    const service = stubAll();
    const text = 'ICU nurse in Berlin with German and English, '.repeat(8);
    onMenuClicked({ menuItemId: MENU.searchFreeText, selectionText: text }, TAB);
    await vi.waitFor(async () => expect((await panelFocus.get())?.kind).toBe('selection'));
    expect(await panelFocus.get()).toMatchObject({
      mode: 'free_text',
      problem: expect.stringMatching(/at most 300/),
    });
    expect(service.searches).toEqual([]);
  });

  it('a selection over 300 characters only because of its whitespace is searched as is', async () => {
    const service = stubAll();
    const words = 'ICU nurse in Berlin with German and English';
    onMenuClicked(
      { menuItemId: MENU.searchFreeText, selectionText: `${words}\n\n${' '.repeat(400)}\t${words}` },
      TAB,
    );
    // Its search ends within this test: one still storing its page would land in the next test's database.
    await vi.waitFor(async () => expect((await currentSearch.get())?.status).toBe('done'));
    expect(service.searches).toHaveLength(1);
    expect(service.searches[0]).toMatchObject({ free_text_search: `${words} ${words}` });
  });

  it('"Reveal contact" on a profile link: opens the panel, focuses the contact and reveals the default items', async () => {
    const service = stubAll();
    onMenuClicked({ menuItemId: MENU.revealLink, linkUrl: 'https://uk.linkedin.com/in/Grace-Hopper/' }, TAB);
    expect(open).toHaveBeenCalledWith({ tabId: 5 });
    await vi.waitFor(async () =>
      expect((await vault.get(GRACE.socialUrl))?.email).toMatchObject({ found: true }),
    );
    expect(await panelFocus.get()).toMatchObject({ kind: 'contact', vaultKey: GRACE.socialUrl });
    expect(service.requests.filter((r) => r.path === '/v1/lookup')).toHaveLength(1);
  });

  it('without a tab (e.g. a menu in a window without one), opens the panel for the window', async () => {
    const service = stubAll();
    onMenuClicked({ menuItemId: MENU.searchFreeText, selectionText: 'nurses' }, { windowId: 2 });
    expect(open).toHaveBeenCalledWith({ windowId: 2 });
    // The search it starts ends within this test, not in the next one's.
    await vi.waitFor(async () => expect((await currentSearch.get())?.status).toBe('done'));
    expect(service.searches).toEqual([{ free_text_search: 'nurses', start: 1 }]);
  });

  it('a click on a link that is not a profile opens the panel and sends nothing; a profile clicked after it is the only one asked', async () => {
    const service = stubAll();
    onMenuClicked({ menuItemId: MENU.revealLink, linkUrl: 'https://www.linkedin.com/company/acme' }, TAB);
    expect(open).toHaveBeenCalledTimes(1);
    expect(await panelFocus.get()).toBeNull();
    // A profile clicked after it is revealed; by then anything the first click started would have been asked first.
    onMenuClicked({ menuItemId: MENU.revealLink, linkUrl: GRACE.socialUrl }, TAB);
    await vi.waitFor(async () =>
      expect((await vault.get(GRACE.socialUrl))?.email).toMatchObject({ found: true }),
    );
    expect(service.requests.map((r) => r.body?.social_url ?? r.path)).toEqual([GRACE.socialUrl]);
    expect(await panelFocus.get()).toMatchObject({ kind: 'contact', vaultKey: GRACE.socialUrl });
  });
});
