/** Detection in Firefox: the content script on a LinkedIn page tells the background, which sets the badge. */
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { linkedinPage } from '../support/linkedin-page';
import type { Driver } from './driver';
import { expect, type Tab, test } from './fixtures';

const ADA = DEMO_PROFILES.full;
const GRACE = DEMO_PROFILES.nurse;

type InExtension = <T>(body: string, ...args: unknown[]) => Promise<T>;

/** Waits until the tab's badge (Firefox MV2: `browserAction`) reads `text`. */
function badgeOf(ff: Driver, inExtension: InExtension, tab: Tab, text: string) {
  return ff.until(`the badge of tab ${tab.tabId} to read ${JSON.stringify(text)}`, () =>
    inExtension<boolean>(
      'return browser.browserAction.getBadgeText({ tabId: arguments[0] }).then((t) => t === arguments[1])',
      tab.tabId,
      text,
    ),
  );
}

test('a LinkedIn profile sets the badge and its title; a page that is not a profile clears them', async ({
  openTab,
  inExtension,
  ff,
  site,
}) => {
  const tab = await openTab(`${ADA.social_url}/`);
  await badgeOf(ff, inExtension, tab, 'in');
  expect(
    await inExtension<string>('return browser.browserAction.getTitle({ tabId: arguments[0] })', tab.tabId),
  ).toBe('Candidate Lens: LinkedIn profile detected');
  // What the background recorded for the tab: the canonical profile URL and the page's name as a hint.
  const stored = await inExtension<{ socialUrl: string; nameHint?: string }>(
    'return browser.storage.session.get(arguments[0]).then((all) => all[arguments[0]])',
    `tab:${tab.tabId}`,
  );
  expect(stored).toMatchObject({ socialUrl: ADA.social_url, nameHint: 'Ada Lovelace' });

  site.route('/feed/', linkedinPage('Feed', ''));
  await ff.navigate('https://www.linkedin.com/feed/');
  await badgeOf(ff, inExtension, tab, '');
  expect(site.visited()).toEqual([`${ADA.social_url}/`, 'https://www.linkedin.com/feed/']);
});

test("LinkedIn's in-page navigation (profile, feed, another profile) is followed without a reload", async ({
  openTab,
  inExtension,
  ff,
  site,
}) => {
  const tab = await openTab(`${ADA.social_url}/`);
  await badgeOf(ff, inExtension, tab, 'in');
  await ff.execute(`history.pushState({}, '', '/feed/')`);
  await badgeOf(ff, inExtension, tab, '');
  await ff.execute(`history.pushState({}, '', arguments[0])`, `${GRACE.social_url}/`);
  await badgeOf(ff, inExtension, tab, 'in');
  const stored = await inExtension<{ socialUrl: string }>(
    'return browser.storage.session.get(arguments[0]).then((all) => all[arguments[0]])',
    `tab:${tab.tabId}`,
  );
  expect(stored.socialUrl).toBe(GRACE.social_url);
  expect(site.visited()).toEqual([`${ADA.social_url}/`]);
});
