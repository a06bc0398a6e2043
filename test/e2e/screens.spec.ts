/**
 * Pictures that guard the look: each main screen, in the states a recruiter sees most, at the side panel's narrowest
 * (320 px) and a usual width (400 px), light and dark, compared with the committed baselines in
 * `test/e2e/__screenshots__/`. A change of look is then a reviewed change of those files
 * (`npx playwright test test/e2e/screens.spec.ts --update-snapshots`), never an accident.
 * What changes from run to run (a clock time, a date) is masked; everything else comes from a fresh simulator.
 */
import type { Locator, Page } from '@playwright/test';
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { expect, test } from './fixtures';
import { searchNurses } from './panel-checks';

const ADA = DEMO_PROFILES.full;
const WIDTHS = [320, 400] as const;
const SCHEMES = ['light', 'dark'] as const;

/** The screen at each width and colour scheme, against `<name>-<width>-<scheme>.png`. */
async function expectScreens(page: Page, name: string, mask: (page: Page) => Locator[] = () => []) {
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 600 });
      await expect(page).toHaveScreenshot(`${name}-${width}-${scheme}.png`, {
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
        mask: mask(page),
      });
    }
  }
}

/**
 * Clock times ("as of 9:41 AM") and dates ("revealed on 25 Nov 2026", a held item's "Email · Revealed 6 Dec") change
 * with the run.
 */
const times = (page: Page) => [
  page.getByText(
    /\d{1,2}:\d{2}\s?[AP]M|\b20\d\d\b|\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/,
  ),
];

test('the popup on a profile, before and after a reveal', async ({
  connect,
  context,
  openExtensionPage,
  tabIdOf,
}) => {
  await connect();
  const tab = await context.newPage();
  await tab.goto(`${ADA.social_url}/`);
  const popup = await openExtensionPage(`popup.html?tabId=${await tabIdOf(tab)}`);
  await expect(popup.getByRole('heading', { name: ADA.name })).toBeVisible();
  await expectScreens(popup, 'popup-profile', times);
  await popup.getByRole('button', { name: 'Reveal' }).click();
  await expect(popup.getByTestId('charged')).toBeVisible();
  await expectScreens(popup, 'popup-revealed', times);
});

test('the side panel with search results', async ({ openSearchPanel }) => {
  const panel = await openSearchPanel();
  await searchNurses(panel, '10');
  await expectScreens(panel, 'panel-results', times);
});

test('the options page, connected', async ({ connect }) => {
  const options = await connect();
  await expect(options.getByTestId('connected')).toBeVisible();
  // The simulator's address has a new port every run.
  await expectScreens(options, 'options-connected', (page) => [
    ...times(page),
    page.getByLabel('Service address'),
  ]);
});
