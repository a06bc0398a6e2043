/**
 * A LinkedIn list page in Firefox: the popup asks the page's content script who is on it, counts them with what the
 * vault holds, opens the sidebar; the side panel lists them and reveals one row.
 */
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { linkedinFixture, SEARCH_2026_NAMES } from '../e2e/linkedin-pages';
import { buttonXpath } from './driver';
import { expect, test } from './fixtures';

const ADA = DEMO_PROFILES.full;
const GRACE = DEMO_PROFILES.nurse;
const SEARCH = 'https://www.linkedin.com/search/results/people/?keywords=nurse';

test('a people search: counted in the popup, listed in the side panel, one row revealed', async ({
  connect,
  openExtensionPage,
  openTab,
  inExtension,
  site,
  ff,
  sim,
}) => {
  await connect();
  // Ada revealed first (by her pasted URL), so the page has one person already held.
  await openExtensionPage('popup.html');
  await ff.fillLabelled('Profile URL', ADA.social_url);
  await ff.until('Reveal to be enabled', () => ff.isEnabled({ xpath: buttonXpath('Reveal') }));
  await ff.clickButton('Reveal');
  await ff.textMatching('[data-testid=charged]', /Charged 3 ·/);

  site.route('/search/results/people/', linkedinFixture('people-search.html'));
  const search = await openTab(SEARCH);
  await openExtensionPage(`popup.html?tabId=${search.tabId}`);
  await ff.textMatching('[data-testid=page-people-count]', /^5 people · 1 revealed$/);
  expect(await inExtension('return browser.sidebarAction.isOpen({})')).toBe(false);
  await ff.clickButton('Open them in the side panel');
  await ff.until('the sidebar to open', () =>
    inExtension<boolean>('return browser.sidebarAction.isOpen({})'),
  );

  await openExtensionPage('sidepanel.html');
  await ff.textMatching('[data-testid=page-people-count]', /^5 people · 1 revealed$/);
  const people = 'ul[aria-label="People"] > li';
  expect(await ff.findAll(people)).toHaveLength(5);
  expect(await ff.text(`${people}:nth-child(1) [data-item="email"]`)).toContain('@');
  await ff.clickButton('Reveal · up to 3 credits: Grace Okafor');
  await ff.textMatching(`${people}:nth-child(5) [data-item="email"]`, /@/);
  await ff.textMatching('[data-testid=page-people-count]', /^5 people · 2 revealed$/);
  const lookups = await sim.requests('/v1/lookup');
  expect(lookups.map((l) => l.body?.social_url)).toEqual([ADA.social_url, GRACE.social_url]);
});

test("2026's people search: the same people, names exact, as Firefox parses the page", async ({
  connect,
  openExtensionPage,
  openTab,
  site,
  ff,
}) => {
  await connect();
  site.route('/search/results/people/', linkedinFixture('people-search-2026.html'));
  const search = await openTab(SEARCH);
  await openExtensionPage(`popup.html?tabId=${search.tabId}`);
  await ff.textMatching('[data-testid=page-people-count]', /^7 people · 0 revealed$/);
  const names = await ff.execute<string[]>(
    'return [...document.querySelectorAll(".list-name")].map((e) => e.textContent.trim())',
  );
  expect(names).toEqual(SEARCH_2026_NAMES);
});
