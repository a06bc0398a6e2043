import type { Page } from '@playwright/test';
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { openPopupOnTab, openTab, type ServedPage } from '../support/popup-on-tab';
import { revealByUrl } from '../support/reveal-by-url';
import { expectAccessible } from './axe';
import { test as base, expect, sidePanelsShown } from './fixtures';
import { linkedinFixture, SEARCH_2026_NAMES } from './linkedin-pages';
import { expectPlainWords } from './plain-words';

const ADA = DEMO_PROFILES.full;
const GRACE = DEMO_PROFILES.nurse;
const SEARCH = 'https://www.linkedin.com/search/results/people/?keywords=nurse';
/** A member whose slug LinkedIn made from the emoji in their name; the service has no such candidate. */
const MIRA = 'https://www.linkedin.com/in/%F0%9F%94%BA-mira-solberg-4b1a2c3d';
const JOSE = DEMO_PROFILES.emailOnly.social_url;
const LEAD = 'https://www.linkedin.com/sales/lead/ACwAAAAda1Lovelace,NAME_SEARCH,aB1c';

/** A people search fixture page, served on every people search URL. */
const searchPage = (file: string): ServedPage => ({
  pattern: 'https://www.linkedin.com/search/results/people/**',
  html: linkedinFixture(file),
});
/** A Sales Navigator lead fixture page, served on every lead URL. */
const leadPage = (file: string): ServedPage => ({
  pattern: 'https://www.linkedin.com/sales/lead/**',
  html: linkedinFixture(file),
});

/**
 * Connects, reveals Ada (so the vault holds one person of the page), and opens the people-search fixture page;
 * resolves with that tab and its id.
 */
const test = base.extend<{ openPeopleSearch: () => Promise<{ search: Page; tabId: number }> }>({
  openPeopleSearch: async ({ context, connect, openExtensionPage, tabIdOf }, use) => {
    await use(async () => {
      await connect();
      await revealAda(openExtensionPage);
      const { tab: search, tabId } = await openTab(
        { context, tabIdOf },
        SEARCH,
        searchPage('people-search.html'),
      );
      return { search, tabId };
    });
  },
});

/** Reveals Ada's email from the popup by pasting her URL: the vault then holds her. */
async function revealAda(openExtensionPage: (path: string) => Promise<Page>) {
  await (await revealByUrl(openExtensionPage, ADA.social_url)).close();
}

test('a people search: the popup counts the people, the side panel lists them with their vault status', async ({
  background,
  openPeopleSearch,
  openExtensionPage,
  sim,
}) => {
  const { search, tabId } = await openPeopleSearch();

  const popup = await openExtensionPage(`popup.html?tabId=${tabId}`);
  await expect(popup.getByTestId('page-people-count')).toHaveText('5 people · 1 revealed');
  await expect(popup.getByText('needs the public profile URL')).toHaveCount(2);
  expect(await sidePanelsShown(background)).toEqual([]);
  await popup.getByRole('button', { name: 'Open them in the side panel' }).click();
  await expect.poll(() => sidePanelsShown(background)).toEqual(['/sidepanel.html']);

  // The panel's content, driven as a page: the real panel beside the tab is not a page Playwright can drive.
  const panel = await openExtensionPage('sidepanel.html');
  await expect(panel.getByRole('heading', { name: 'LinkedIn people search' })).toBeVisible();
  await expect(panel.getByTestId('page-people-count')).toHaveText('5 people · 1 revealed');
  const people = panel.getByRole('list', { name: 'People' }).getByRole('listitem');
  await expect(people).toHaveCount(5);
  // Room for people: beside a people search the first person is near the top at 320 and 400 px, rows are compact,
  // and the bar at the bottom is one line while nothing is selected.
  for (const width of [320, 400]) {
    await panel.setViewportSize({ width, height: 700 });
    const first = await people
      .first()
      .evaluate((el) => Math.round(el.getBoundingClientRect().top + window.scrollY));
    const rows = async (selector: string) =>
      Math.round(
        Math.max(
          ...(await panel
            .locator(selector)
            .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height))),
        ),
      );
    const unrevealed = await rows('.result-card:not(:has(.held))');
    const revealed = await rows('.result-card:has(.held)');
    const bar = Math.round(
      (await panel.getByRole('region', { name: 'Selection and list actions' }).boundingBox())!.height,
    );
    test.info().annotations.push({
      type: `people search at ${width} px`,
      description: `first person ${first} px down; rows ${unrevealed} px unrevealed, ${revealed} px revealed; bar ${bar} px`,
    });
    expect(first, `the first person at ${width} px`).toBeLessThanOrEqual(250);
    // At 320 px a row's Reveal goes under the name, and its title keeps two lines rather than being cut off.
    if (width === 400) {
      expect(unrevealed, `an unrevealed row at ${width} px`).toBeLessThanOrEqual(64);
      expect(revealed, `a revealed row at ${width} px`).toBeLessThanOrEqual(88);
    }
    expect(bar, `the bar with nothing selected at ${width} px`).toBeLessThanOrEqual(56);
  }
  await panel.setViewportSize({ width: 400, height: 700 });
  await expect(people.nth(0)).toContainText('Ada Lovelace');
  await expect(people.nth(0).locator('[data-item=email] a')).toHaveText(ADA.personal_email!);
  await expect(people.nth(0).getByRole('button', { name: /^Reveal/ })).toHaveCount(0);
  // Kwame's result links by member id, the "LinkedIn Member" by nothing: listed, never revealable.
  await expect(people.nth(2)).toContainText('Needs the public profile URL');
  await expect(panel.getByRole('link', { name: 'Open on LinkedIn: Kwame Mensah' })).toHaveAttribute(
    'href',
    'https://www.linkedin.com/in/ACoAAAF3kwame0Mensah',
  );
  await expect(people.nth(3)).toContainText('LinkedIn Member');
  await expect(people.nth(2).getByRole('button')).toHaveCount(0);
  await expect(people.nth(3).getByRole('button')).toHaveCount(0);
  await expect(panel.getByTestId('page-people-unresolved')).toContainText('2 need the public profile URL');

  await panel.getByRole('button', { name: 'Reveal · up to 3 credits: Grace Okafor' }).click();
  await expect(people.nth(4).locator('[data-item=email] a')).toBeVisible();
  await expect(panel.getByTestId('page-people-count')).toHaveText('5 people · 2 revealed');
  const lookups = await sim.requests('/v1/lookup');
  expect(lookups.map((l) => l.body?.social_url)).toEqual([ADA.social_url, GRACE.social_url]);

  // The user scrolls and LinkedIn shows other results: nothing changes until "Read again".
  await search.evaluate(() => document.querySelector('li.reusable-search__result-container')?.remove());
  await expect(people).toHaveCount(5);
  await panel.getByRole('button', { name: 'Read again' }).click();
  await expect(panel.getByTestId('page-people-count')).toHaveText('4 people · 1 revealed');

  await panel.getByRole('button', { name: 'Back to search' }).click();
  await expect(panel.getByRole('tab', { name: 'Filters' })).toBeVisible();
});

test('people on a search page with a balance known too low: each row says so before any click, nothing is sent', async ({
  openPeopleSearch,
  openExtensionPage,
  sim,
}) => {
  // Ada's reveal (3 credits) leaves 2: less than Grace's email would cost.
  await sim.admin('keys', { key: 'demo-key', remaining: 5 });
  const { tabId } = await openPeopleSearch();
  const popup = await openExtensionPage(`popup.html?tabId=${tabId}`);
  await popup.getByRole('button', { name: 'Open them in the side panel' }).click();
  const panel = await openExtensionPage('sidepanel.html');
  const people = panel.getByRole('list', { name: 'People' }).getByRole('listitem');
  await expect(people).toHaveCount(5);
  const grace = panel.getByRole('button', { name: 'Balance too low · 3 credits: Grace Okafor' });
  await expect(grace).toBeDisabled();
  const lookups = await sim.requests('/v1/lookup');
  expect(lookups.map((l) => l.body?.social_url)).toEqual([ADA.social_url]);
  await expectAccessible(panel, 'side panel, people on a page with a balance too low');
});

test('a Sales Navigator lead without its public URL on the page: told how to get it, nothing is sent', async ({
  context,
  connect,
  openExtensionPage,
  tabIdOf,
  sim,
}) => {
  await connect();
  const { popup } = await openPopupOnTab(
    { context, openExtensionPage, tabIdOf },
    LEAD,
    leadPage('sales-lead.html'),
  );

  await expect(popup.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  await expect(popup.getByTestId('needs-public-url')).toContainText('Needs the public profile URL');
  await expect(popup.getByTestId('needs-public-url')).toContainText('⋯ menu');
  await expect(popup.getByRole('button', { name: 'Reveal' })).toBeDisabled();

  // A pasted Sales Navigator URL is told what it is, not "not a profile".
  await popup.getByLabel('Profile URL').fill(LEAD);
  await expect(popup.getByText(/This is a Sales Navigator lead/)).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Reveal' })).toBeDisabled();
  expect(await sim.requests('/v1/lookup')).toEqual([]);
});

test('a Sales Navigator lead whose page shows the public URL is revealed like a profile', async ({
  context,
  connect,
  openExtensionPage,
  tabIdOf,
  sim,
}) => {
  await connect();
  const { popup } = await openPopupOnTab(
    { context, openExtensionPage, tabIdOf },
    LEAD,
    leadPage('sales-lead-menu-open.html'),
  );

  await expect(popup.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  await expect(popup.getByText(ADA.social_url)).toBeVisible();
  await expect(popup.getByTestId('max-cost')).toContainText('Costs at most 3 credits');
  await popup.getByRole('button', { name: 'Reveal' }).click();
  await expect(popup.getByTestId('charged')).toContainText('Charged 3 ·');
  await expect(popup.getByRole('link', { name: ADA.personal_email! })).toBeVisible();
  const lookups = await sim.requests('/v1/lookup');
  expect(lookups.map((l) => l.body)).toEqual([{ social_url: ADA.social_url, reveal_personal_email: true }]);
});

test('people on a search page feed bulk reveal: select all, one confirmation, only resolved people are asked', async ({
  openPeopleSearch,
  openExtensionPage,
  sim,
}) => {
  const { tabId } = await openPeopleSearch();
  const popup = await openExtensionPage(`popup.html?tabId=${tabId}`);
  await popup.getByRole('button', { name: 'Open them in the side panel' }).click();

  const panel = await openExtensionPage('sidepanel.html');
  await expect(panel.getByTestId('page-people-count')).toHaveText('5 people · 1 revealed');
  await panel.getByRole('button', { name: 'Select all on this page' }).click();
  // Three people have a public URL; Ada's email is held already.
  await expect(panel.getByTestId('selected-count')).toHaveText('3 selected');
  const quote = panel.getByTestId('quote-details');
  await expect(quote).toContainText('3 contacts: 1 already revealed (free), 2 to look up.');
  const before = await sim.balance();
  await panel.getByRole('button', { name: 'Reveal 2 contacts, up to 6 credits' }).click();
  const job = panel.getByTestId('bulk-job');
  await expect(job.getByRole('heading', { name: 'Bulk reveal finished' })).toBeVisible({ timeout: 20_000 });
  const lookups = (await sim.requests('/v1/lookup')).slice(1);
  expect(lookups).toHaveLength(2);
  expect(lookups.map((l) => l.body?.social_url)).not.toContain(ADA.social_url);
  const spent = before - (await sim.balance());
  await expect(job.getByTestId('bulk-charged')).toHaveText(`${spent} credits`);
  await expect(
    panel.getByRole('list', { name: 'People' }).getByRole('listitem').nth(4).locator('[data-item=email] a'),
  ).toBeVisible();
});

test("today's people search: role and data-view-name cards with hashed classes, read without the right rail", async ({
  context,
  connect,
  openExtensionPage,
  tabIdOf,
}) => {
  await connect();
  const { popup } = await openPopupOnTab(
    { context, openExtensionPage, tabIdOf },
    SEARCH,
    searchPage('people-search-today.html'),
  );
  await expect(popup.getByTestId('page-people-count')).toHaveText('5 people · 0 revealed');
  await expect(popup.getByTestId('page-not-read')).toHaveCount(0);

  const panel = await openExtensionPage('sidepanel.html');
  await popup.getByRole('button', { name: 'Open them in the side panel' }).click();
  const people = panel.getByRole('list', { name: 'People' }).getByRole('listitem');
  await expect(people).toHaveCount(5);
  // Exactly the results, in order: not the promoted slot, the mutual connection, nor "People you may know".
  expect(await people.locator('.name, strong').allTextContents()).toEqual([
    'Ada Lovelace',
    'José Álvarez',
    'Kwame Mensah',
    'LinkedIn Member',
    'Grace Okafor',
  ]);
  await expect(panel.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', ADA.social_url);
  await expect(panel.getByRole('link', { name: 'Grace Okafor' })).toHaveAttribute('href', GRACE.social_url);
});

test("2026's people search: clean names in the popup and the side panel, an emoji slug revealed, a bulk reveal from it", async ({
  context,
  connect,
  openExtensionPage,
  tabIdOf,
  sim,
}) => {
  test.slow(); // A bulk reveal of five.
  await connect();
  const { popup, tab } = await openPopupOnTab(
    { context, openExtensionPage, tabIdOf },
    SEARCH,
    searchPage('people-search-2026.html'),
  );
  // The browser's parser splits the card's outer link from the name link inside it: read all the same.
  expect(await tab.locator('a a').count()).toBe(0);
  const names = SEARCH_2026_NAMES;
  await expect(popup.getByTestId('page-people-count')).toHaveText('7 people · 0 revealed');
  expect((await popup.locator('.list-name').allTextContents()).map((name) => name.trim())).toEqual(names);
  await expect(popup.getByTestId('page-not-read')).toHaveCount(0);

  const panel = await openExtensionPage('sidepanel.html');
  await popup.getByRole('button', { name: 'Open them in the side panel' }).click();
  const people = panel.getByRole('list', { name: 'People' }).getByRole('listitem');
  await expect(people).toHaveCount(7);
  expect(await people.locator('.name, strong').allTextContents()).toEqual(names);
  await expect(panel.getByRole('link', { name: 'Grace Okafor' })).toHaveAttribute('href', GRACE.social_url);
  await expect(panel.getByRole('link', { name: '🔺 Mira Solberg' })).toHaveAttribute('href', MIRA);
  await expect(panel.getByTestId('page-people-unresolved')).toContainText('2 need the public profile URL');

  await panel.getByRole('button', { name: 'Select all on this page' }).click();
  await expect(panel.getByTestId('selected-count')).toHaveText('5 selected');
  const before = await sim.balance();
  await panel.getByRole('button', { name: /^Reveal 5 contacts, up to \d+ credits$/ }).click();
  const job = panel.getByTestId('bulk-job');
  await expect(job.getByRole('heading', { name: 'Bulk reveal finished' })).toBeVisible({ timeout: 30_000 });
  const asked = (await sim.requests('/v1/lookup')).map((l) => l.body?.social_url);
  expect(asked.toSorted()).toEqual(
    [ADA.social_url, GRACE.social_url, DEMO_PROFILES.numericId.social_url, MIRA, JOSE].toSorted(),
  );
  const spent = before - (await sim.balance());
  expect(spent).toBeGreaterThan(0);
  await expect(job.getByTestId('bulk-charged')).toHaveText(`${spent} credits`);
  await expect(people.nth(0).locator('[data-item=email] a')).toHaveText(ADA.personal_email!);
});

test('a people search LinkedIn changed: said in words, with a page report of the structure alone to copy', async ({
  context,
  connect,
  openExtensionPage,
  tabIdOf,
}) => {
  test.slow(); // Two screens, each checked with axe in both colour schemes.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await connect();
  const { popup, tab: search } = await openPopupOnTab(
    { context, openExtensionPage, tabIdOf },
    SEARCH,
    searchPage('people-search-unreadable.html'),
  );
  const notice = popup.getByTestId('page-not-read');
  await expect(notice).toContainText(
    'Candidate Lens could not read the people on this page. LinkedIn may have changed it.',
  );
  await expect(notice).toContainText('send the page report to Candidate Lens support');
  await expect(popup.getByText(/0 people/)).toHaveCount(0);
  await expectAccessible(popup, 'popup, a page not read');
  await expectPlainWords(popup, 'popup, a page not read');
  await popup.getByRole('button', { name: 'Copy page report' }).click();
  await expect(
    popup.getByRole('status').filter({ hasText: 'Page report copied to the clipboard' }),
  ).toHaveCount(1);
  const report = await popup.evaluate(() => navigator.clipboard.readText());
  expect(report).toContain('page: people-search at /search/results/people/');
  expect(report).toContain('people read: 0');
  for (const secret of ['Ada', 'Lovelace', 'Grace', 'ada-lovelace-demo', '@', '555', 'keywords', 'nurse']) {
    expect(report).not.toContain(secret);
  }

  await popup.setViewportSize({ width: 320, height: 600 });
  expect(await popup.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  const panel = await openExtensionPage('sidepanel.html');
  await popup.getByRole('button', { name: 'Read it again in the side panel' }).click();
  const panelNotice = panel.getByTestId('page-not-read');
  await expect(panelNotice).toContainText('Candidate Lens could not read the people on this page.');
  await expect(panelNotice).toContainText('click Read again');
  await expect(panel.getByTestId('page-people-count')).toHaveText('');
  await expect(panel.getByRole('button', { name: 'Copy page report' })).toBeVisible();
  await expectAccessible(panel, 'side panel, a page not read');
  await expectPlainWords(panel, 'side panel, a page not read');

  // LinkedIn shows the results again in a markup the reader knows: Read again lists them, and the notice goes.
  await search.evaluate((html) => {
    document.body.innerHTML = new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
  }, linkedinFixture('people-search-today.html'));
  await panel.getByRole('button', { name: 'Read again' }).click();
  await expect(panel.getByTestId('page-people-count')).toHaveText('5 people · 0 revealed');
  await expect(panelNotice).toHaveCount(0);
});

test('a profile whose name cannot be read: said so, with its report, and still revealable by its URL', async ({
  context,
  connect,
  openExtensionPage,
  tabIdOf,
  sim,
}) => {
  await connect();
  const { popup } = await openPopupOnTab({ context, openExtensionPage, tabIdOf }, ADA.social_url, {
    pattern: `${ADA.social_url}**`,
    html: '<!doctype html><html lang="en"><head><title>LinkedIn</title><link rel="icon" href="data:,"></head><body><main><section class="_a1"><div class="_b2"><span class="_c3">Ada Lovelace</span></div></section></main></body></html>',
  });
  await expect(popup.getByTestId('page-not-read')).toContainText(
    'Candidate Lens could not read the name on this profile.',
  );
  await expect(popup.getByTestId('page-not-read')).toContainText('You can still reveal this profile');
  await expect(popup.getByRole('button', { name: 'Copy page report' })).toBeVisible();
  await expect(popup.getByText(ADA.social_url)).toBeVisible();
  await expectAccessible(popup, 'popup, a profile whose name was not read');
  await popup.getByRole('button', { name: 'Reveal' }).click();
  await expect(popup.getByTestId('charged')).toContainText('Charged 3 ·');
  expect((await sim.requests('/v1/lookup')).map((l) => l.body?.social_url)).toEqual([ADA.social_url]);
});

test('a profile section page: the name from the sticky header, not the site header', async ({
  context,
  connect,
  openExtensionPage,
  tabIdOf,
}) => {
  await connect();
  const url = 'https://www.linkedin.com/in/kwame-mensah-demo/details/experience/';
  const { popup } = await openPopupOnTab({ context, openExtensionPage, tabIdOf }, url, {
    pattern: `${url}**`,
    html: linkedinFixture('profile-details-today.html'),
  });
  await expect(popup.getByRole('heading', { name: 'Kwame Mensah' })).toBeVisible();
  await expect(popup.getByText('Enterprise Account Executive at Tessellate Pay')).toBeVisible();
  await expect(popup.getByTestId('page-not-read')).toHaveCount(0);
});

test("2026's profile: the name from the top card's h2, no h1 on the page, and revealed from it", async ({
  context,
  connect,
  openExtensionPage,
  tabIdOf,
  sim,
}) => {
  await connect();
  const wei = DEMO_PROFILES.numericId;
  const { popup } = await openPopupOnTab({ context, openExtensionPage, tabIdOf }, `${wei.social_url}/`, {
    pattern: `${wei.social_url}/**`,
    html: linkedinFixture('profile-2026.html'),
  });
  await expect(popup.getByRole('heading', { name: 'Wei Chen' })).toBeVisible();
  await expect(
    popup.getByText('Senior Data Scientist at Tessellate Pay | fraud models, causal inference'),
  ).toBeVisible();
  await expect(popup.getByTestId('page-not-read')).toHaveCount(0);
  await popup.getByRole('button', { name: 'Reveal' }).click();
  await expect(popup.getByRole('link', { name: wei.personal_email! })).toBeVisible();
  expect((await sim.requests('/v1/lookup')).map((l) => l.body?.social_url)).toEqual([wei.social_url]);
});
