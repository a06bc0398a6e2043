import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { findPerson, gitHubProfileOnTab, prepareGitHubFind } from '../../../src/background/find-person';
import { MENU, onMenuClicked } from '../../../src/background/menus';
import { findIntent } from '../../../src/find/intent';
import { currentSearch } from '../../../src/store/database/search';
import { freshConnection, stubService } from './service-stub';

const TAB = { id: 5, windowId: 2 };

/** The service stub answering /v1/search with `found` profiles (1 credit when any). */
function stubSearch(found = 1) {
  const service = stubService([]);
  const other = service.fetch.getMockImplementation()!;
  const searches: Record<string, unknown>[] = [];
  service.fetch.mockImplementation(async (input, init) => {
    if (new URL(String(input)).pathname !== '/v1/search') return other(input, init);
    searches.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    const profiles = Array.from({ length: found }, (_, i) => ({
      id: `p${i}`,
      name: 'Ada Lovelace',
      current_title: 'Engineer',
      current_employer: 'Analytical Engines',
      location: 'London',
      social_url: `https://www.linkedin.com/in/ada-${i}`,
    }));
    return service.json(200, {
      success: true,
      data: {
        profiles,
        pagination: {
          current_page: 1,
          page_size: 10,
          start: 1,
          total: found,
          has_next: false,
          next_start: null,
        },
      },
      credits: { used: found > 0 ? 1 : 0, remaining: 90 },
    });
  });
  return { ...service, searches };
}

beforeEach(async () => {
  await freshConnection();
  vi.spyOn(fakeBrowser.sidePanel, 'open').mockImplementation((async () => undefined) as never);
});

describe('the find menus', () => {
  it('"Find this person" on a mailto: link prepares a find by its address; nothing is sent', async () => {
    const service = stubSearch();
    onMenuClicked(
      { menuItemId: MENU.findEmailLink, linkUrl: 'mailto:Ada.Lovelace@Example.COM?subject=Hi' },
      TAB,
    );
    expect(fakeBrowser.sidePanel.open).toHaveBeenCalledWith({ tabId: 5 });
    await vi.waitFor(async () => expect(await findIntent.get()).not.toBeNull());
    expect(await findIntent.get()).toMatchObject({
      query: { kind: 'email', email: 'Ada.Lovelace@example.com' },
    });
    expect(service.requests).toEqual([]);
  });

  it('a selected address is an email find; a selected name a name find with the page domain offered', async () => {
    const service = stubSearch();
    onMenuClicked({ menuItemId: MENU.findSelection, selectionText: ' ada.lovelace@example.com. ' }, TAB);
    await vi.waitFor(async () => expect((await findIntent.get())?.query.kind).toBe('email'));
    expect((await findIntent.get())?.query).toEqual({ kind: 'email', email: 'ada.lovelace@example.com' });

    onMenuClicked(
      {
        menuItemId: MENU.findSelection,
        selectionText: 'Ada\n Lovelace',
        pageUrl: 'https://www.analyticalengines.io/team',
      },
      TAB,
    );
    await vi.waitFor(async () => expect((await findIntent.get())?.query.kind).toBe('name'));
    expect(await findIntent.get()).toMatchObject({
      query: { kind: 'name', name: 'Ada Lovelace', companyDomain: 'analyticalengines.io' },
      offeredDomain: 'analyticalengines.io',
    });
    expect(service.requests).toEqual([]);
  });

  it('a selection that cannot be searched is kept as typed for the panel to refuse; no domain from a mail site', async () => {
    stubSearch();
    onMenuClicked(
      {
        menuItemId: MENU.findSelection,
        selectionText: 'ada at example',
        pageUrl: 'https://mail.google.com/',
      },
      TAB,
    );
    await vi.waitFor(async () => expect(await findIntent.get()).not.toBeNull());
    expect(await findIntent.get()).toMatchObject({
      query: { kind: 'name', name: 'ada at example', companyDomain: '' },
      offeredDomain: null,
    });
    onMenuClicked({ menuItemId: MENU.findSelection, selectionText: 'write to ada@ example' }, TAB);
    await vi.waitFor(async () => expect((await findIntent.get())?.query.kind).toBe('email'));
    expect((await findIntent.get())?.query).toEqual({ kind: 'email', email: 'write to ada@ example' });
  });
});

describe('findPerson', () => {
  it('runs one ordinary search with the criteria, stored under the id the intent names', async () => {
    const service = stubSearch(1);
    await findIntent.set({ at: new Date().toISOString(), query: { kind: 'email', email: 'x@example.com' } });
    const session = await findPerson({ kind: 'email', email: 'Ada <ada.lovelace@Example.com>' });
    expect(service.searches).toEqual([
      { search_criteria: { email: ['ada.lovelace@example.com'] }, page_size: 10, start: 1 },
    ]);
    const intent = await findIntent.get();
    expect(intent?.sent).toMatchObject({
      searchId: session.id,
      query: { kind: 'email', email: 'Ada <ada.lovelace@Example.com>' },
    });
    expect(await currentSearch.get()).toMatchObject({ id: session.id, status: 'done', mode: 'filters' });
    expect((await currentSearch.get())?.pages[0]?.charged).toBe(1);
  });

  it('refuses bad input before anything is sent or stored', async () => {
    const service = stubSearch();
    await expect(findPerson({ kind: 'name', name: 'Ada', companyDomain: 'gmail.com' })).rejects.toMatchObject(
      {
        kind: 'invalid-request',
        message: expect.stringMatching(/one word/),
      },
    );
    await expect(
      findPerson({ kind: 'name', name: 'Ada Lovelace', companyDomain: '192.168.0.1' }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/IP address/) });
    await expect(findPerson({ kind: 'email', email: 'not an address' })).rejects.toMatchObject({
      message: expect.stringMatching(/not an email address/),
    });
    expect(service.requests).toEqual([]);
    expect(await findIntent.get()).toBeNull();
    expect(await currentSearch.get()).toBeNull();
  });

  it('a refusal of the search itself (no key) leaves the find as it was', async () => {
    const service = stubSearch();
    fakeBrowser.reset();
    indexedDB.deleteDatabase('candidate-lens-secrets');
    const before = {
      at: new Date().toISOString(),
      query: { kind: 'email' as const, email: 'ada@example.com' },
    };
    await findIntent.set(before);
    await expect(findPerson(before.query)).rejects.toMatchObject({ kind: 'not-set-up' });
    expect(await findIntent.get()).toEqual(before);
    expect(service.searches).toEqual([]);
  });
});

describe('the popup on a GitHub profile', () => {
  it('reads the profile from the tab URL, and prepares the find without sending anything', async () => {
    const service = stubSearch();
    const tab = await fakeBrowser.tabs.create({ url: 'https://github.com/ada-codes?tab=repositories' });
    expect(await gitHubProfileOnTab(tab.id!)).toEqual({
      handle: 'ada-codes',
      link: 'https://github.com/ada-codes',
    });
    await prepareGitHubFind(tab.id!);
    expect((await findIntent.get())?.query).toEqual({ kind: 'github', url: 'https://github.com/ada-codes' });
    expect(service.requests).toEqual([]);
  });

  it('offers nothing on other pages, and refuses to prepare a find there', async () => {
    const repo = await fakeBrowser.tabs.create({ url: 'https://github.com/ada-codes/engine' });
    expect(await gitHubProfileOnTab(repo.id!)).toBeNull();
    expect(await gitHubProfileOnTab(9999)).toBeNull();
    await expect(prepareGitHubFind(repo.id!)).rejects.toMatchObject({ kind: 'not-now' });
    expect(await findIntent.get()).toBeNull();
  });
});
