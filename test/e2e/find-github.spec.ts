/**
 * Finding a person from a GitHub profile page: the toolbar click (and only it) lets the popup know the tab shows a
 * GitHub profile, from the tab's URL; the popup's offer opens the side panel on the find, which says its price and
 * sends one search by the profile's link and handle when Find is clicked.
 */
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { test as base, EXTENSION_PATH, expect, sidePanelsShown } from './fixtures';
import { checkState } from './panel-checks';
import { launchWithToolbar, type ToolbarBrowser } from './toolbar-click';

const ADA = DEMO_PROFILES.full;
const PROFILE = `https://github.com/${ADA.github}`;
const PROFILE_PAGE = `<!doctype html><html lang="en"><title>${ADA.github} · GitHub</title><main>
  <h1><span>${ADA.name}</span> <span>${ADA.github}</span></h1><p>Compilers and TypeScript.</p>
</main></html>`;

const launched = new WeakMap<object, ToolbarBrowser>();

/** The usual fixtures, on a Chromium whose toolbar button the test can click. */
const test = base.extend<{
  clickToolbar: (page: import('@playwright/test').Page) => Promise<import('@playwright/test').Page>;
}>({
  context: async ({ pageErrors }, use) => {
    const browser = await launchWithToolbar(EXTENSION_PATH);
    const { context } = browser;
    launched.set(context, browser);
    context.on('weberror', (error) => pageErrors.push(`page error: ${error.error().message}`));
    context.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(`console error: ${message.text()}`);
    });
    await context.route('https://github.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: PROFILE_PAGE }),
    );
    await use(context);
    await browser.close();
  },
  clickToolbar: async ({ context, extensionId, pageErrors }, use) => {
    await use(async (page) => {
      const popup = await launched.get(context)!.clickToolbar(page, extensionId);
      popup.on('console', (message) => {
        if (message.type() === 'error') pageErrors.push(`popup console error: ${message.text()}`);
      });
      popup.on('pageerror', (error) => pageErrors.push(`popup error: ${error.message}`));
      return popup;
    });
  },
});

test.describe.configure({ timeout: 90_000 });

test('the toolbar click on a GitHub profile offers the find; the panel sends one search by link and handle', async ({
  context,
  background,
  connect,
  clickToolbar,
  openExtensionPage,
  sim,
}) => {
  await connect();
  const page = await context.newPage();
  await page.goto(PROFILE);
  await page.bringToFront();

  const popup = await clickToolbar(page);
  const offer = popup.getByRole('button', { name: `Find ${ADA.github} on the candidate service` });
  await expect(offer).toBeVisible();
  await expect(popup.getByRole('region', { name: 'GitHub profile' })).toContainText(
    '1 credit if found, charged only when you click Find there',
  );
  await offer.click();
  // The panel opens beside the page, on the find; nothing was sent.
  await expect.poll(() => sidePanelsShown(background)).toContain('/sidepanel.html');
  expect(await sim.requests('/v1/search')).toHaveLength(0);

  const panel = await openExtensionPage('sidepanel.html');
  const find = panel.getByRole('region', { name: 'Find a person' });
  await expect(find).toContainText('From a GitHub profile');
  await expect(find).toContainText(`GitHub profile: github.com/${ADA.github}`);
  await expect(find.getByTestId('find-cost')).toHaveText('Costs 1 credit if found, nothing if not.');
  await checkState(panel, 'find by GitHub profile, before the click');

  await find.getByRole('button', { name: 'Find · 1 credit if found' }).click();
  const person = find.getByTestId('find-result');
  await expect(person).toHaveAttribute('data-match', 'exact');
  await expect(person).toContainText(ADA.name);
  await expect(person.getByTestId('match-reason')).toHaveText(
    'Exact match: The service found this GitHub profile on this person alone.',
  );
  expect((await sim.requests('/v1/search')).map((r) => r.body)).toEqual([
    { search_criteria: { link: [PROFILE], handle: [ADA.github] }, page_size: 10, start: 1 },
  ]);
  await person.getByRole('button', { name: 'Reveal · up to 3 credits' }).click();
  await expect(person.getByRole('article', { name: 'Revealed contact' })).toContainText(ADA.personal_email!);
  await checkState(panel, 'find by GitHub profile, revealed');
});

test('without the toolbar click the tab is not readable: no offer, nothing sent', async ({
  context,
  connect,
  openExtensionPage,
  tabIdOf,
  sim,
}) => {
  await connect();
  const page = await context.newPage();
  await page.goto(PROFILE);
  // The popup opened as a page about that tab: no activeTab grant, so the extension cannot read its URL.
  const popup = await openExtensionPage(`popup.html?tabId=${await tabIdOf(page).catch(() => 0)}`);
  await expect(popup.getByRole('heading', { name: 'Candidate Lens' })).toBeVisible();
  await expect(popup.getByRole('button', { name: /on the candidate service/ })).toHaveCount(0);
  expect(await sim.requests('/v1/search')).toEqual([]);
});
