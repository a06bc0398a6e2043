import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readTabPeople } from '@/src/background/page-people';
import { normaliseTarget } from '@/src/background/reveal';
import type { PagePerson } from '@/src/sites/linkedin/read-people';
import { READ_PAGE } from '@/src/sites/linkedin/read-request';
import type { ContactRecord } from '../../../src/store/database/vault/vault-record';
import { vaultWrite } from '../../../src/store/database/vault/vault-write';
import { tabProfiles } from '../../../src/store/items/tabs';

const SEARCH = 'https://www.linkedin.com/search/results/people/?keywords=nurse';
const LEAD = 'https://www.linkedin.com/sales/lead/ACwAAAAda1Lovelace,NAME_SEARCH,aB1c';
const ADA = 'https://www.linkedin.com/in/ada-lovelace-demo';
const GRACE = 'https://www.linkedin.com/in/grace-okafor-rn-demo';

const seen = (fields: Partial<PagePerson>): PagePerson => ({
  name: 'Someone',
  headline: null,
  location: null,
  publicUrl: null,
  pageUrl: null,
  ...fields,
});

function held(socialUrl: string, email: ContactRecord['email']): ContactRecord {
  const at = '2026-11-01T10:00:00.000Z';
  return {
    v: 1,
    key: socialUrl,
    socialUrl,
    candidateId: null,
    name: null,
    currentTitle: null,
    currentEmployer: null,
    ...(email ? { email } : {}),
    updatedAt: at,
  };
}

async function tabOn(url: string): Promise<number> {
  const tab = await browser.tabs.create({ url });
  return tab.id!;
}

/** A content script's whole answer: `people` on `url`, each a card, no report unless given. */
const answer = (url: string, people: PagePerson[], more: { cards?: number; report?: string } = {}) => ({
  url,
  people,
  cards: more.cards ?? people.length,
  report: more.report ?? null,
});

/** The tab's content script answers the read request with `reply`. */
function tabAnswers(reply: unknown) {
  return vi.spyOn(browser.tabs, 'sendMessage').mockResolvedValue(reply as never);
}

beforeEach(() => fakeBrowser.reset());
afterEach(() => fakeBrowser.reset());

describe('readTabPeople', () => {
  it('lists the people of a search page with what the vault holds, resolved or not', async () => {
    await vaultWrite.put(
      held(ADA, { found: true, value: 'ada@example.com', at: '2026-11-01T10:00:00.000Z' }),
    );
    await vaultWrite.put(held(GRACE, { found: false, at: '2026-11-01T10:00:00.000Z' }));
    const tabId = await tabOn(SEARCH);
    const send = tabAnswers(
      answer(SEARCH, [
        seen({ name: 'Ada Lovelace', publicUrl: 'https://uk.linkedin.com/in/Ada-Lovelace-Demo/' }),
        seen({ name: 'Grace Okafor', publicUrl: GRACE }),
        seen({ name: 'Kwame Mensah', pageUrl: 'https://www.linkedin.com/in/ACoAAAF3kwame0Mensah' }),
        // The same member twice (LinkedIn shows a person again in "people also viewed"): listed once.
        seen({ name: 'Ada Lovelace', publicUrl: ADA }),
      ]),
    );

    const page = await readTabPeople(tabId);

    expect(send).toHaveBeenCalledWith(tabId, { type: READ_PAGE }, { frameId: 0 });
    expect(page).toMatchObject({
      kind: 'people-search',
      list: true,
      label: 'LinkedIn people search',
      problem: null,
      report: null,
    });
    expect(page.toResolve).toMatch(/Open the person/);
    expect(
      page.people.map(({ name, socialUrl, pageUrl, revealed }) => ({ name, socialUrl, pageUrl, revealed })),
    ).toEqual([
      { name: 'Ada Lovelace', socialUrl: ADA, pageUrl: null, revealed: true },
      { name: 'Grace Okafor', socialUrl: GRACE, pageUrl: null, revealed: false },
      {
        name: 'Kwame Mensah',
        socialUrl: null,
        pageUrl: 'https://www.linkedin.com/in/ACoAAAF3kwame0Mensah',
        revealed: false,
      },
    ]);
    expect(page.people[0]!.record?.email).toMatchObject({ found: true });
    expect(page.people[1]!.record?.email).toEqual({ found: false, at: '2026-11-01T10:00:00.000Z' });
  });

  it("trusts none of the tab's URLs: only canonical public profiles, and person pages on LinkedIn", async () => {
    const tabId = await tabOn(SEARCH);
    tabAnswers(
      answer(SEARCH, [
        seen({ publicUrl: 'https://linkedin.com.evil.example/in/ada', pageUrl: 'javascript:alert(1)' }),
        seen({ publicUrl: 'https://www.linkedin.com/in/me', pageUrl: 'https://evil.example/sales/lead/x' }),
        seen({
          publicUrl: 'https://www.linkedin.com/company/acme',
          pageUrl: 'https://www.linkedin.com/feed/',
        }),
        seen({ pageUrl: 'https://www.linkedin.com/sales/lead/ACwAAA1,NAME_SEARCH,x?trk=1#top' }),
      ]),
    );
    const { people } = await readTabPeople(tabId);
    expect(people.map((p) => [p.socialUrl, p.pageUrl])).toEqual([
      [null, null],
      [null, null],
      [null, null],
      [null, 'https://www.linkedin.com/sales/lead/ACwAAA1,NAME_SEARCH,x'],
    ]);
  });

  it('takes the page kind from the tab, not from the answer', async () => {
    const tabId = await tabOn(LEAD);
    tabAnswers(answer(SEARCH, [seen({ publicUrl: ADA })]));
    await expect(readTabPeople(tabId)).rejects.toThrow(/changed while it was read/);
  });

  it.each([
    ['an answer of the wrong shape', { people: 'everyone' }],
    [
      'too many people',
      answer(
        SEARCH,
        Array.from({ length: 251 }, () => seen({})),
      ),
    ],
    ['a field too long', answer(SEARCH, [seen({ name: 'x'.repeat(201) })])],
    ['an extra field', answer(SEARCH, [{ ...seen({}), email: 'a@b.c' } as PagePerson])],
    ['a report too long', answer(SEARCH, [], { report: 'x'.repeat(200_001) })],
    ['a negative card count', answer(SEARCH, [], { cards: -1 })],
  ])('refuses %s', async (_, reply) => {
    const tabId = await tabOn(SEARCH);
    tabAnswers(reply);
    await expect(readTabPeople(tabId)).rejects.toThrow(/could not be read/);
  });

  it('says how to fix a tab without the content script (opened before the extension was loaded)', async () => {
    const tabId = await tabOn(SEARCH);
    vi.spyOn(browser.tabs, 'sendMessage').mockRejectedValue(new Error('Receiving end does not exist.'));
    await expect(readTabPeople(tabId)).rejects.toThrow(/reload the LinkedIn page/);
  });

  it('a Sales Navigator lead whose page shows no public URL is one person who needs it', async () => {
    const tabId = await tabOn(LEAD);
    tabAnswers(answer(LEAD, [seen({ name: 'Ada Lovelace' })]));
    const page = await readTabPeople(tabId);
    expect(page).toMatchObject({ kind: 'sales-lead', list: false, label: 'Sales Navigator lead' });
    expect(page.people).toMatchObject([{ name: 'Ada Lovelace', socialUrl: null, record: null }]);
    expect(page.toResolve).toMatch(/View LinkedIn profile/);
  });

  it('a /in/ profile is its URL and its reported hints, with the place its page shows', async () => {
    const tabId = await tabOn(`${ADA}/`);
    await tabProfiles.set(tabId, {
      socialUrl: ADA,
      nameHint: 'Ada Lovelace',
      seenAt: '2026-11-01T10:00:00.000Z',
    });
    const send = tabAnswers(
      answer(`${ADA}/`, [
        seen({ name: 'Ada L.', location: 'London, England, United Kingdom', publicUrl: ADA }),
      ]),
    );
    const page = await readTabPeople(tabId);
    expect(send).toHaveBeenCalledTimes(1);
    expect(page.people).toMatchObject([
      { name: 'Ada Lovelace', socialUrl: ADA, location: 'London, England, United Kingdom' },
    ]);
  });

  it('a /in/ profile whose page cannot answer is its URL and its reported hints, with no place', async () => {
    const tabId = await tabOn(`${ADA}/`);
    await tabProfiles.set(tabId, {
      socialUrl: ADA,
      nameHint: 'Ada Lovelace',
      seenAt: '2026-11-01T10:00:00.000Z',
    });
    vi.spyOn(browser.tabs, 'sendMessage').mockRejectedValue(new Error('Receiving end does not exist.'));
    const page = await readTabPeople(tabId);
    expect(page).toMatchObject({ problem: null, report: null });
    expect(page.people).toMatchObject([{ name: 'Ada Lovelace', socialUrl: ADA, location: null }]);
  });

  it('says a search page it could not read is not read, and hands on its report', async () => {
    const tabId = await tabOn(SEARCH);
    tabAnswers(answer(SEARCH, [], { report: 'page: people-search at /search/results/people/' }));
    expect(await readTabPeople(tabId)).toMatchObject({
      people: [],
      problem: 'unread',
      report: 'page: people-search at /search/results/people/',
    });
  });

  it('tells result cards not shown yet from a page not read', async () => {
    const tabId = await tabOn(SEARCH);
    tabAnswers(answer(SEARCH, [], { cards: 3, report: 'r' }));
    expect(await readTabPeople(tabId)).toMatchObject({ people: [], problem: 'not-shown', report: 'r' });
  });

  it('a lead page with no one on it is not read', async () => {
    const tabId = await tabOn(LEAD);
    tabAnswers(answer(LEAD, [], { report: 'r' }));
    expect(await readTabPeople(tabId)).toMatchObject({ people: [], problem: 'unread', report: 'r' });
  });

  it('keeps no report beside a page that was read', async () => {
    const tabId = await tabOn(SEARCH);
    tabAnswers(answer(SEARCH, [seen({ publicUrl: ADA })], { report: 'r' }));
    expect(await readTabPeople(tabId)).toMatchObject({ problem: null, report: null });
  });

  it('a /in/ profile that reported no name: the tab is asked, and its name taken', async () => {
    const tabId = await tabOn(`${ADA}/details/experience/`);
    await tabProfiles.set(tabId, { socialUrl: ADA, seenAt: '2026-11-01T10:00:00.000Z' });
    const send = tabAnswers(
      answer(`${ADA}/details/experience/`, [
        seen({ name: 'Ada Lovelace', headline: 'Engineer', publicUrl: ADA }),
      ]),
    );
    const page = await readTabPeople(tabId);
    expect(send).toHaveBeenCalledTimes(1);
    expect(page).toMatchObject({ problem: null, report: null });
    expect(page.people).toMatchObject([{ name: 'Ada Lovelace', headline: 'Engineer', socialUrl: ADA }]);
  });

  it('a /in/ profile whose name cannot be read is still its URL, with the problem and the report', async () => {
    const tabId = await tabOn(ADA);
    await tabProfiles.set(tabId, { socialUrl: ADA, seenAt: '2026-11-01T10:00:00.000Z' });
    tabAnswers(answer(ADA, [seen({ name: null, publicUrl: ADA })], { report: 'page: profile at /in/*' }));
    const page = await readTabPeople(tabId);
    expect(page).toMatchObject({ kind: 'profile', problem: 'unread', report: 'page: profile at /in/*' });
    expect(page.people).toMatchObject([{ name: null, socialUrl: ADA }]);
  });

  it('a /in/ profile with no name and no content script to ask is still its URL', async () => {
    const tabId = await tabOn(ADA);
    vi.spyOn(browser.tabs, 'sendMessage').mockRejectedValue(new Error('Receiving end does not exist.'));
    const page = await readTabPeople(tabId);
    expect(page).toMatchObject({ kind: 'profile', problem: 'unread', report: null });
    expect(page.people).toMatchObject([{ name: null, socialUrl: ADA }]);
  });

  it('reads nothing on other pages, and says so for a closed tab', async () => {
    const send = vi.spyOn(browser.tabs, 'sendMessage');
    const feed = await tabOn('https://www.linkedin.com/feed/');
    expect(await readTabPeople(feed)).toMatchObject({ kind: null, people: [] });
    expect(send).not.toHaveBeenCalled();
    await expect(readTabPeople(9999)).rejects.toThrow(/tab is closed/);
  });
});

describe('a pasted URL of a page that is not a public profile', () => {
  it.each([
    [LEAD, /Sales Navigator lead/],
    ['https://www.linkedin.com/talent/profile/AEMAAAkDbz0BqQ2zXk2L', /Recruiter profile/],
    ['linkedin.com/in/ACoAABcdEfG123456789', /internal id/],
    ['https://www.linkedin.com/company/acme', /is not a LinkedIn profile URL/],
  ])('%s is refused with what to do instead', (url, message) => {
    expect(() => normaliseTarget({ socialUrl: url })).toThrow(message);
  });
});
