/**
 * Finding a person from a name selected on a company's page: the page's domain is offered as the company's and can
 * be changed or cleared before anything is sent; a one-word name and a public mail provider as "company" are
 * refused with nothing sent; the people found are likely matches, and none can be revealed until the user chose.
 */
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { openFindFromMenu } from '../support/find-opening';
import { clickMenu, selectText } from './find-menus';
import { expect, test } from './fixtures';
import { checkState, expectFits } from './panel-checks';

const WEI = DEMO_PROFILES.numericId;
const PAGE = 'https://www.tessellatepay.com/team';
const TEAM_PAGE = `<!doctype html><html lang="en"><title>Our team</title><main>
  <h1>Our team</h1>
  <ul><li><h2 id="wei">${WEI.name}</h2><p>Data science</p></li><li><h2 id="first">Kwame</h2></li></ul>
</main></html>`;

test.describe.configure({ timeout: 90_000 });

test('a selected name on a company page: the domain offered and editable, refusals first, a likely match chosen before its reveal', async ({
  context,
  background,
  connect,
  openExtensionPage,
  sim,
}) => {
  await context.route(PAGE, (route) => route.fulfill({ contentType: 'text/html', body: TEAM_PAGE }));
  // One word could be anyone: refused, nothing sent.
  const { page, panel, find, findButton } = await openFindFromMenu(
    { context, background, connect, openExtensionPage },
    PAGE,
    async (page) => ({ menuItemId: 'find-selection', selectionText: await selectText(page, '#first') }),
  );
  await expect(find.getByTestId('find-problem')).toHaveText(
    '"Kwame" is one word, which could be anyone. Give the first and last name.',
  );
  await expect(findButton).toBeDisabled();

  await clickMenu(background, page, {
    menuItemId: 'find-selection',
    selectionText: await selectText(page, '#wei'),
  });
  await expect(find.getByLabel('Full name')).toHaveValue(WEI.name);
  const domain = find.getByLabel('Company website (optional)');
  await expect(domain).toHaveValue('tessellatepay.com');
  await expect(find).toContainText('Taken from the page you were on (tessellatepay.com)');
  await expect(find.getByTestId('find-cost')).toHaveText('Costs 1 credit if found, nothing if not.');
  await checkState(panel, 'find by name, before the click');

  // A public mail provider or an IP address is not a company: refused while typed.
  await domain.fill('gmail.com');
  await expect(find.getByTestId('find-problem')).toHaveText(
    "gmail.com is a public email provider, not a company. Type the company's own website, or clear the field.",
  );
  await expect(findButton).toBeDisabled();
  await domain.fill('10.0.0.7');
  await expect(find.getByTestId('find-problem')).toContainText('is an IP address');
  await expect(findButton).toBeDisabled();
  expect(await sim.requests('/v1/search')).toHaveLength(0);

  await domain.fill('https://www.tessellatepay.com/');
  await expect(find.getByTestId('find-problem')).toHaveCount(0);
  await findButton.click();
  const person = find.getByTestId('find-result').first();
  await expect(person).toHaveAttribute('data-match', 'likely');
  await expect(person.getByTestId('match-reason')).toHaveText(
    'Likely match: Same name, at tessellatepay.com. Names are shared: check the title and company.',
  );
  expect((await sim.requests('/v1/search')).map((r) => r.body)).toEqual([
    { search_criteria: { name: [WEI.name], company_domain: ['tessellatepay.com'] }, page_size: 10, start: 1 },
  ]);
  // Never one click from a reveal: the person is chosen first.
  await expect(find.getByRole('button', { name: /^Reveal/ })).toHaveCount(0);
  await expect(find.getByRole('group', { name: /^Reveal/ })).toHaveCount(0);
  await checkState(panel, 'find by name, likely matches');
  await expectFits(panel, 320);

  await person.getByRole('button', { name: `This is the person: ${WEI.name}` }).click();
  await expect(person.getByTestId('find-reveal-cost')).toHaveText(/Costs at most 3 credits/);
  await checkState(panel, 'find by name, person chosen');
  await person.getByRole('button', { name: 'Reveal · up to 3 credits' }).click();
  await expect(person.getByRole('article', { name: 'Revealed contact' })).toContainText(WEI.personal_email!);
  expect(await sim.requests('/v1/lookup')).toHaveLength(1);
  expect(await sim.requests('/v1/search')).toHaveLength(1);
});

test('the domain can be cleared: a name searched alone', async ({
  context,
  background,
  connect,
  openExtensionPage,
  sim,
}) => {
  await context.route(PAGE, (route) => route.fulfill({ contentType: 'text/html', body: TEAM_PAGE }));
  const { find } = await openFindFromMenu(
    { context, background, connect, openExtensionPage },
    PAGE,
    async (page) => ({ menuItemId: 'find-selection', selectionText: await selectText(page, '#wei') }),
  );
  await find.getByLabel('Company website (optional)').fill('');
  await find.getByRole('button', { name: 'Find · 1 credit if found' }).click();
  await expect(find.getByTestId('find-result').first()).toHaveAttribute('data-match', 'likely');
  expect((await sim.requests('/v1/search')).map((r) => r.body)).toEqual([
    { search_criteria: { name: [WEI.name] }, page_size: 10, start: 1 },
  ]);
});
