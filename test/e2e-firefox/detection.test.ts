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

test("a profile sets the badge; LinkedIn's in-page navigation and a page that is not a profile are followed", async ({
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
  const seen = () =>
    inExtension<{ socialUrl: string; nameHint?: string } | undefined>(
      'return browser.storage.session.get(arguments[0]).then((all) => all[arguments[0]])',
      `tab:${tab.tabId}`,
    );
  expect(await seen()).toMatchObject({ socialUrl: ADA.social_url, nameHint: 'Ada Lovelace' });

  // LinkedIn moves between pages without loading them: the content script follows.
  await ff.execute(`history.pushState({}, '', '/feed/')`);
  await badgeOf(ff, inExtension, tab, '');
  await ff.execute(`history.pushState({}, '', arguments[0])`, `${GRACE.social_url}/`);
  await badgeOf(ff, inExtension, tab, 'in');
  expect((await seen())?.socialUrl).toBe(GRACE.social_url);
  expect(site.visited()).toEqual([`${ADA.social_url}/`]);

  // A page load that is not a profile clears the badge.
  site.route('/feed/', linkedinPage('Feed', ''));
  await ff.navigate('https://www.linkedin.com/feed/');
  await badgeOf(ff, inExtension, tab, '');
  expect(await seen()).toBeFalsy();
  expect(site.visited()).toEqual([`${ADA.social_url}/`, 'https://www.linkedin.com/feed/']);
});
