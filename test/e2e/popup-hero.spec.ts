/**
 * The popup as a recruiter uses it a hundred times a day: the contact is the hero (copied in one click), what is
 * left to reveal is one priced button per item, the balance is asked again on opening, refusals come with their
 * control, and a LinkedIn list page is revealed in bulk from the popup.
 */
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { openPopupFor, openPopupOnTab, openTab, type PopupOnTabFixtures } from '../support/popup-on-tab';
import { expect, test } from './fixtures';
import { linkedinFixture } from './linkedin-pages';
import { expectFitsAccessible } from './popup-checks';

const ADA = DEMO_PROFILES.full;
const SEARCH = 'https://www.linkedin.com/search/results/people/?keywords=nurse';

/** Counts the user's clicks: the toolbar button (opening the popup on a tab), and every click on a page. */
function clickCounter() {
  let clicks = 0;
  return {
    toolbar: () => {
      clicks++;
    },
    click: async (target: { click: () => Promise<void> }) => {
      clicks++;
      await target.click();
    },
    get count() {
      return clicks;
    },
  };
}

/** The popup on a tab showing Ada's profile, as the toolbar button opens it there. */
const popupOnAda = async (fixtures: PopupOnTabFixtures) =>
  (await openPopupOnTab(fixtures, `${ADA.social_url}/`)).popup;

test('from landing on a new profile to its email on the clipboard: 3 clicks (toolbar, Reveal, copy); 2 once held', async ({
  connect,
  context,
  openExtensionPage,
  tabIdOf,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await connect();
  const { tabId } = await openTab({ context, tabIdOf }, `${ADA.social_url}/`);
  const clicks = clickCounter();

  // 1: the toolbar button opens the popup on the tab. Focus is on Reveal, the screen's primary action.
  const popup = await openPopupFor(openExtensionPage, tabId);
  clicks.toolbar();
  const reveal = popup.getByRole('button', { name: 'Reveal', exact: true });
  await expect(reveal).toBeFocused();
  // 2: Reveal.
  await clicks.click(reveal);
  const card = popup.getByRole('article', { name: 'Revealed contact' });
  // The email is the hero: in full, larger than the body text, with its copy icon button.
  const email = card.getByRole('link', { name: ADA.personal_email! });
  await expect(email).toBeVisible();
  const size = (locator: typeof email) =>
    locator.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
  expect(await size(email)).toBeGreaterThan(await size(popup.getByTestId('reveal-status')));
  // 3: copy.
  await clicks.click(card.getByRole('button', { name: 'Copy email' }));
  await expect(card.getByRole('button', { name: 'Copied email' })).toContainText('Copied');
  expect(await popup.evaluate(() => navigator.clipboard.readText())).toBe(ADA.personal_email);
  expect(clicks.count).toBe(3);
  console.log(`clicks from landing on a new profile to its email on the clipboard: ${clicks.count}`);

  // Held: the popup opens with the focus on the email's copy button: toolbar, copy.
  await popup.close();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const again = await openExtensionPage(`popup.html?tabId=${tabId}`);
  const held = clickCounter();
  held.toolbar();
  const copy = again.getByRole('button', { name: 'Copy email' });
  await expect(copy).toBeFocused();
  await expect(again.getByTestId('reveal-status')).toHaveText('Revealed just now');
  await held.click(copy);
  expect(await again.evaluate(() => navigator.clipboard.readText())).toBe(ADA.personal_email);
  expect(held.count).toBe(2);
  console.log(`clicks from landing on a held profile to its email on the clipboard: ${held.count}`);
});

test('from the keyboard: the popup opens on Reveal, Enter reveals, Enter copies', async ({
  connect,
  context,
  openExtensionPage,
  tabIdOf,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await connect();
  const popup = await popupOnAda({ context, openExtensionPage, tabIdOf });
  await expect(popup.getByRole('button', { name: 'Reveal', exact: true })).toBeFocused();
  await popup.keyboard.press('Enter');
  await expect(popup.getByRole('button', { name: 'Copy email' })).toBeFocused();
  await popup.keyboard.press('Enter');
  await expect(popup.getByRole('button', { name: 'Copied email' })).toBeVisible();
  expect(await popup.evaluate(() => navigator.clipboard.readText())).toBe(ADA.personal_email);
});

test('after a reveal, what is left is one priced button per item, not the form again; Add phone reveals the phone alone', async ({
  connect,
  context,
  openExtensionPage,
  sim,
  tabIdOf,
}) => {
  await connect();
  const popup = await popupOnAda({ context, openExtensionPage, tabIdOf });
  await popup.getByRole('button', { name: 'Reveal', exact: true }).click();
  await expect(popup.getByTestId('charged')).toHaveText(/^Charged 3 · Balance 9,997 · /);
  // The form is gone: no ticked "revealed" boxes, no "Costs nothing" beside a disabled Reveal.
  await expect(popup.getByRole('group', { name: 'Reveal' })).toHaveCount(0);
  await expect(popup.getByRole('button', { name: 'Reveal', exact: true })).toHaveCount(0);
  await expect(popup.getByText(/Costs nothing|Tick an item/)).toHaveCount(0);
  const more = popup.getByTestId('more-to-reveal');
  await expect(more.getByRole('button')).toHaveText([
    'Add phone · 6 credits',
    'Add detailed profile · 1 credit',
    'Add healthcare data · 1 credit',
  ]);
  await expectFitsAccessible(popup, 'email revealed, three items left as priced buttons');

  await more.getByRole('button', { name: 'Add phone · 6 credits' }).click();
  await expect(popup.getByRole('link', { name: ADA.phone_number! })).toBeVisible();
  await expect(popup.getByTestId('charged')).toHaveText(/^Charged 6 · Balance 9,991 · /);
  const lookups = await sim.requests('/v1/lookup');
  expect(lookups).toHaveLength(2);
  expect(Object.keys(lookups[1]!.body!).sort()).toEqual(['reveal_phone', 'social_url']);
  await expect(more.getByRole('button')).toHaveText([
    'Add detailed profile · 1 credit',
    'Add healthcare data · 1 credit',
  ]);
  await expectFitsAccessible(popup, 'email and phone revealed, two items left');
});

test('a stale balance never enables Reveal: asked again on opening, refused before any click, with who adds credits', async ({
  connect,
  context,
  openExtensionPage,
  sim,
  tabIdOf,
}) => {
  await connect(); // stores the balance: 10,000
  await sim.admin('keys', { key: 'demo-key', remaining: 2 }); // spent elsewhere since
  const popup = await popupOnAda({ context, openExtensionPage, tabIdOf });
  const reveal = popup.getByRole('button', { name: 'Reveal', exact: true });
  await expect(popup.getByTestId('balance')).toHaveText('Balance: 2 credits');
  await expect(reveal).toBeDisabled();
  await expect(reveal).toHaveAccessibleDescription(
    /^Not enough credits: this may cost up to 3 credits, your balance is 2 credits\. Ask your account admin to add credits\./,
  );
  await expectFitsAccessible(popup, 'not enough credits');
  // The admin adds credits: checking again (free) enables Reveal.
  await sim.admin('keys', { key: 'demo-key', remaining: 500 });
  await popup.getByRole('button', { name: 'Check my balance again' }).click();
  await expect(reveal).toBeEnabled();
  expect(await sim.requests('/v1/lookup')).toHaveLength(0);

  // The balance cannot be asked: the figure says when it was true, and still guards Reveal.
  await sim.admin('faults', { fail500: 5, path: '/v1/account' });
  const offline = await popupOnAda({ context, openExtensionPage, tabIdOf });
  await expect(offline.getByTestId('balance')).toHaveText(/^Balance: 500 credits as of \d\d:\d\d$/);
  await expect(offline.getByRole('button', { name: 'Reveal', exact: true })).toBeEnabled();
});

test('the service having trouble: Retry sends the same reveal again, priced as before', async ({
  connect,
  context,
  openExtensionPage,
  sim,
  tabIdOf,
}) => {
  await connect();
  const popup = await popupOnAda({ context, openExtensionPage, tabIdOf });
  await expect(popup.getByRole('button', { name: 'Reveal', exact: true })).toBeEnabled();
  await sim.admin('faults', { fail500: 10, path: '/v1/lookup' });
  await popup.getByRole('button', { name: 'Reveal', exact: true }).click();
  const alert = popup.getByRole('alert');
  await expect(alert).toContainText('The service is having trouble');
  await expect(alert).toContainText('Nothing was charged.');
  await expectFitsAccessible(popup, 'the service is having trouble');
  await sim.admin('reset'); // the service is back (and its request log starts afresh)
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(popup.getByRole('link', { name: ADA.personal_email! })).toBeVisible();
  const lookups = await sim.requests('/v1/lookup');
  expect(lookups.at(-1)?.body).toEqual({ social_url: ADA.social_url, reveal_personal_email: true });
});

test('a cap in the way: "Open the cap setting" opens Options at the cap field, focused', async ({
  connect,
  context,
  openExtensionPage,
  tabIdOf,
}) => {
  const options = await connect();
  await options.getByLabel('Daily cap (credits)').fill('2');
  await options.getByRole('button', { name: 'Save spending settings' }).click();
  await expect(options.getByText('Spending settings saved.')).toBeVisible();
  const popup = await popupOnAda({ context, openExtensionPage, tabIdOf });
  const reveal = popup.getByRole('button', { name: 'Reveal', exact: true });
  await expect(reveal).toHaveAccessibleDescription(/^Your daily spending cap leaves 2 credits today/);
  await expectFitsAccessible(popup, 'a cap in the way');
  const opened = context.waitForEvent('page');
  await popup.getByRole('button', { name: 'Open the cap setting' }).click();
  const page = await opened;
  await expect(page).toHaveURL(/options\.html#dailyCapCredits$/);
  await expect(page.locator('#dailyCapCredits')).toBeFocused();
});

test('a people search: the popup lists its people with their status and reveals the ticked ones in bulk', async ({
  connect,
  context,
  openExtensionPage,
  sim,
  tabIdOf,
}) => {
  await connect();
  // Ada is held already.
  const first = await openExtensionPage('popup.html');
  await first.getByLabel('Profile URL').fill(ADA.social_url);
  await first.getByRole('button', { name: 'Reveal', exact: true }).click();
  await expect(first.getByTestId('charged')).toContainText('Charged 3 ·');
  await first.close();
  const { popup } = await openPopupOnTab({ context, openExtensionPage, tabIdOf }, SEARCH, {
    pattern: 'https://www.linkedin.com/search/results/people/**',
    html: linkedinFixture('people-search.html'),
  });

  const list = popup.getByRole('list', { name: 'LinkedIn people search' });
  await expect(popup.getByTestId('page-people-count')).toHaveText('5 people · 1 revealed');
  const people = list.getByRole('listitem');
  await expect(people).toHaveCount(5);
  // Held: the email itself, with its copy button. Not held: a box to tick, with its price. No public URL: said so.
  await expect(people.nth(0)).toContainText(ADA.personal_email!);
  await expect(people.nth(0).getByRole('button', { name: `Copy email of ${ADA.name}` })).toBeVisible();
  await expect(people.nth(0).getByRole('checkbox')).toHaveCount(0);
  await expect(people.nth(2)).toContainText('needs the public profile URL');
  await expect(people.nth(4)).toContainText('up to 3 credits');
  // No one ticked at first, as in the side panel's lists: the focus is on ticking all those left to reveal.
  await expect(list.getByRole('checkbox', { checked: true })).toHaveCount(0);
  const selectAll = popup.getByRole('button', { name: 'Select all on this page' });
  await expect(selectAll).toBeFocused();
  // The profile URL box is secondary: folded.
  await expect(popup.getByLabel('Profile URL')).toBeHidden();
  await expectFitsAccessible(popup, 'a people search');
  await selectAll.click();
  await expect(list.getByRole('checkbox', { checked: true })).toHaveCount(2);
  await expect(selectAll).toHaveCount(0);
  // The primary action names the count and the most it can cost, in the side panel's words.
  const primary = popup.getByRole('button', { name: 'Reveal 2 contacts, up to 6 credits' });
  await expect(primary).toBeEnabled();

  await list.getByRole('checkbox').first().uncheck();
  await expect(popup.getByRole('button', { name: 'Reveal 1 contact, up to 3 credits' })).toBeVisible();
  await list.getByRole('checkbox').first().check();
  expect(await sim.requests('/v1/lookup')).toHaveLength(1);
  // Slow answers keep the job running long enough to read what the popup says while it runs.
  await sim.admin('faults', { latencyMs: 1500, path: '/v1/lookup' });
  await primary.click();
  await expect(popup.getByTestId('bulk-started')).toContainText('Revealing 2 contacts. You can close this');
  await sim.admin('faults', { latencyMs: 0, path: '/v1/lookup' });
  // The bulk job reveals them; the rows show the emails as they land.
  await expect.poll(async () => (await sim.requests('/v1/lookup')).length, { timeout: 15_000 }).toBe(3);
  await expect(popup.getByTestId('page-people-count')).toHaveText(/5 people · [23] revealed/, {
    timeout: 15_000,
  });
  // The status follows the job to its end: no "Revealing…" left once it has ended.
  await expect(popup.getByTestId('bulk-started')).toContainText(
    /^Bulk reveal finished: \d of 2 contacts found · /,
    {
      timeout: 30_000,
    },
  );
  await expectFitsAccessible(popup, 'a people search after a bulk reveal');
});
