/**
 * The type scale on every main screen, as Chromium draws it (Chromium gives extension pages its own
 * `body { font-size: 75% }`, which the pages must override): each screen at 320 and 400 px, read by
 * `test/support/type-scale.ts`. The same reader runs in Firefox (`test/e2e-firefox/type-scale.test.ts`).
 */
import type { Page } from '@playwright/test';
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import {
  readTextSizesScript,
  type ScreenMarks,
  type TextSize,
  typeScaleProblems,
} from '../support/type-scale';
import { expect, test } from './fixtures';
import { searchNurses } from './panel-checks';

const ADA = DEMO_PROFILES.full;

/**
 * Fails with every break of the scale on the screen, at each width. `narrow` is what the screen shows once it has
 * taken its narrow form: a page that changes its layout when its width crosses a media query does so on the next
 * frame, so its sizes are read only after that.
 */
async function expectScale(page: Page, screen: string, marks: ScreenMarks = {}, narrow?: string) {
  for (const width of [320, 400]) {
    await page.setViewportSize({ width, height: 700 });
    if (narrow) await expect(page.locator(narrow), `${screen}: its narrow form at ${width} px`).toBeVisible();
    const read = (await page.evaluate(readTextSizesScript(marks))) as { body: number; texts: TextSize[] };
    expect(read.texts.length, `${screen}: no text read`).toBeGreaterThan(3);
    if (marks.contact)
      expect(
        read.texts.some((t) => t.contact),
        `${screen}: the contact is not in view`,
      ).toBe(true);
    expect(typeScaleProblems(read), `${screen} at ${width} px`).toEqual([]);
  }
}

test('the popup, the side panel beside the profile, the library and usage, before and after a reveal', async ({
  connect,
  context,
  openExtensionPage,
  tabIdOf,
}) => {
  await connect();
  const tab = await context.newPage();
  await tab.goto(`${ADA.social_url}/`);
  const tabId = await tabIdOf(tab);
  const popup = await openExtensionPage(`popup.html?tabId=${tabId}`);
  await expect(popup.getByRole('heading', { name: ADA.name })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Reveal' })).toBeEnabled();
  await expectScale(popup, 'the popup before a reveal', { name: '#profile-name' });

  const panel = await openExtensionPage(`sidepanel.html?tabId=${tabId}`);
  await expect(panel.getByTestId('profile-name')).toHaveText(ADA.name);
  await expectScale(panel, 'the side panel on a profile', { name: '#profile-name' });

  await popup.getByLabel('Mobile phone').check();
  await popup.getByRole('button', { name: 'Reveal' }).click();
  await expect(popup.getByTestId('charged')).toBeVisible();
  await expectScale(popup, 'the popup after a reveal', { name: '#profile-name', contact: '.hero-value' });

  await expect(panel.locator('.held-large [data-item="phone"]')).toBeVisible();
  await expectScale(panel, 'the side panel with the contact', {
    name: '#profile-name',
    contact: '.held-large .held-item a',
  });

  const library = await openExtensionPage('contacts.html');
  await expect(library.getByText(ADA.name, { exact: true })).toBeVisible();
  await expectScale(
    library,
    'the contacts library',
    {
      name: '.library-row .library-name',
      contact: '.library-value',
    },
    'main.library:not(.wide) .library-row',
  );

  const usage = await openExtensionPage('usage.html');
  await expect(usage.getByRole('heading', { name: 'Totals' })).toBeVisible();
  await expectScale(usage, 'the usage page');
});

test('the options page, and the side panel with search results, a selection and a bulk receipt', async ({
  connect,
  openExtensionPage,
}) => {
  const options = await connect();
  await expect(options.getByTestId('connected')).toBeVisible();
  await expectScale(options, 'the options page');

  const panel = await openExtensionPage('sidepanel.html');
  await expectScale(panel, 'the search form');
  await searchNurses(panel, '10');
  await expectScale(panel, 'the search results');
  await panel.getByRole('button', { name: 'Select all on this page' }).click();
  await expectScale(panel, 'the search results with a selection');
  await panel.getByRole('button', { name: 'Reveal 10 contacts, up to 30 credits' }).click();
  await expect(panel.getByRole('heading', { name: 'Bulk reveal finished' })).toBeVisible({ timeout: 20_000 });
  await expectScale(panel, 'the bulk receipt and the rows revealed');
});
