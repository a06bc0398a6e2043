/**
 * Finding a person from an email address: a `mailto:` link and a selected address on any page. The menu click
 * only prepares the find; the side panel says its price, sends one search by the address on the click of Find,
 * and offers the one exact match for a reveal priced against the vault.
 */
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { openFindFromMenu } from '../support/find-opening';
import { clickMenu, selectText } from './find-menus';
import { expect, test } from './fixtures';
import { checkState } from './panel-checks';

const ADA = DEMO_PROFILES.full;
const PAGE = 'https://www.analyticalengines.io/contact';
const CONTACT_PAGE = `<!doctype html><html lang="en"><title>Contact</title><main>
  <p>Questions? <a id="mail" href="mailto:${ADA.personal_email}?subject=Hello">Write to our lead engineer</a>.</p>
  <p id="plain">Or copy this: ${ADA.personal_email}</p>
  <p id="broken">ada.lovelace@analytical</p>
</main></html>`;

// Several states each checked with axe in light and dark: slow on a loaded machine.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ context }) => {
  await context.route(PAGE, (route) => route.fulfill({ contentType: 'text/html', body: CONTACT_PAGE }));
});

test('a mailto: link: the panel says the price, one search by the address, then the exact match revealed', async ({
  context,
  background,
  connect,
  openExtensionPage,
  sim,
}) => {
  const { panel, find } = await openFindFromMenu(
    { context, background, connect, openExtensionPage },
    PAGE,
    async (page) => ({
      menuItemId: 'find-email-link',
      linkUrl: (await page.locator('#mail').getAttribute('href'))!,
    }),
  );
  await expect(find.getByLabel('Email address')).toHaveValue(ADA.personal_email!);
  await expect(find.getByTestId('find-cost')).toHaveText('Costs 1 credit if found, nothing if not.');
  // The menu click sent nothing.
  expect(await sim.requests('/v1/search')).toHaveLength(0);
  await checkState(panel, 'find by email, before the click');

  await find.getByRole('button', { name: 'Find · 1 credit if found' }).click();
  const person = find.getByTestId('find-result');
  await expect(person).toHaveCount(1);
  await expect(person).toHaveAttribute('data-match', 'exact');
  await expect(person.getByTestId('match-reason')).toHaveText(
    'Exact match: The service found this email address on this person alone.',
  );
  await expect(find.getByTestId('find-charged')).toHaveText('This search cost 1 credit.');
  const searches = await sim.requests('/v1/search');
  expect(searches.map((r) => r.body)).toEqual([
    { search_criteria: { email: [ADA.personal_email] }, page_size: 10, start: 1 },
  ]);
  expect(searches[0]!.charged).toBe(1);

  // Exact: offered for a reveal at once, at the price of what the vault lacks (the default: email, 3 credits).
  await expect(person.getByTestId('find-reveal-cost')).toHaveText(/Costs at most 3 credits/);
  await checkState(panel, 'find by email, exact match');
  await person.getByRole('button', { name: 'Reveal · up to 3 credits' }).click();
  await expect(person.getByRole('article', { name: 'Revealed contact' })).toContainText(ADA.personal_email!);
  await expect(person.getByRole('button', { name: 'Revealed' })).toBeDisabled();
  expect(await sim.requests('/v1/lookup')).toHaveLength(1);
  expect(await sim.requests('/v1/search')).toHaveLength(1);
  await checkState(panel, 'find by email, revealed');

  // Folded once it has results; "Back to search" shows the search it ran, in plain words.
  await expect(find.getByTestId('find-searched')).toHaveText(`Searched: ${ADA.personal_email}`);
  await find.getByRole('button', { name: 'Back to search' }).click();
  await expect(panel.getByRole('region', { name: 'Find a person' })).toHaveCount(0);
  await expect(panel.getByRole('region', { name: 'Your search' })).toContainText('Email');
});

test('a selected address is found the same way; a selection that is not an address sends nothing', async ({
  context,
  background,
  connect,
  openExtensionPage,
  sim,
}) => {
  // Not an address (no top-level domain): said in the panel, Find disabled, nothing sent.
  const { page, panel, find } = await openFindFromMenu(
    { context, background, connect, openExtensionPage },
    PAGE,
    async (page) => ({ menuItemId: 'find-selection', selectionText: await selectText(page, '#broken') }),
  );
  await expect(find.getByTestId('find-problem')).toHaveText(
    '"ada.lovelace@analytical" is not an email address. Select one address, like jane@example.com, and try again.',
  );
  await expect(find.getByRole('button', { name: 'Find · 1 credit if found' })).toBeDisabled();
  await checkState(panel, 'find by email, refused');

  // The address inside a sentence: the sentence is not an address either; the address alone is.
  await clickMenu(background, page, {
    menuItemId: 'find-selection',
    selectionText: await selectText(page, '#plain'),
  });
  await expect(find.getByTestId('find-problem')).toContainText('is not an email address');
  await find.getByLabel('Email address').fill(` ${ADA.personal_email} `);
  await expect(find.getByTestId('find-problem')).toHaveCount(0);
  expect(await sim.requests('/v1/search')).toHaveLength(0);

  await find.getByRole('button', { name: 'Find · 1 credit if found' }).click();
  await expect(find.getByTestId('find-result')).toHaveAttribute('data-match', 'exact');
  expect((await sim.requests('/v1/search')).map((r) => r.body)).toEqual([
    { search_criteria: { email: [ADA.personal_email] }, page_size: 10, start: 1 },
  ]);
});

test('an address the service does not know: nothing found, nothing charged', async ({
  context,
  background,
  connect,
  openExtensionPage,
  sim,
}) => {
  const { panel, find } = await openFindFromMenu(
    { context, background, connect, openExtensionPage },
    PAGE,
    async () => ({ menuItemId: 'find-email-link', linkUrl: 'mailto:nobody@analyticalengines.io' }),
  );
  await find.getByRole('button', { name: 'Find · 1 credit if found' }).click();
  await expect(find.getByTestId('find-charged')).toHaveText('No one found. Nothing was charged.');
  await expect(find.getByTestId('find-result')).toHaveCount(0);
  const [search] = await sim.requests('/v1/search');
  expect(search!.charged).toBe(0);
  await checkState(panel, 'find by email, no one found');
});
