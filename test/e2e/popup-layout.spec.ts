import type { Page } from '@playwright/test';
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { expectPlainWords } from './plain-words';

const NURSE = DEMO_PROFILES.nurse;
const ADA = DEMO_PROFILES.full;
const ALL_ITEMS = ['Personal email', 'Mobile phone', 'Detailed profile', 'Healthcare data'] as const;

/** The page's scroll size against its viewport. */
const measure = (page: Page) =>
  page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
    scrollHeight: document.documentElement.scrollHeight,
  }));

async function expectFits(page: Page, width: number) {
  await page.setViewportSize({ width, height: 600 });
  const size = await measure(page);
  expect(size.scrollWidth, `no horizontal scroll at ${width} px`).toBeLessThanOrEqual(size.clientWidth);
  expect(size.scrollHeight, `within Chrome's 600 px popup height at ${width} px`).toBeLessThanOrEqual(600);
}

test.describe('popup layout, words and accessibility', () => {
  test('a full reveal: result first, one billing line, fits 320 and 400 px, no axe violation, plain words', async ({
    connect,
    context,
    openExtensionPage,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await connect();
    const popup = await openExtensionPage('popup.html');
    await popup.setViewportSize({ width: 320, height: 600 });
    await popup.getByLabel('Profile URL').fill(NURSE.social_url);
    for (const item of ALL_ITEMS) await popup.getByLabel(item).check();
    await expect(popup.getByTestId('max-cost')).toContainText('Costs at most 11 credits');
    await expectFits(popup, 320);
    await expectAccessible(popup, 'popup before a reveal');
    await expectPlainWords(popup, 'popup before a reveal');

    await popup.getByRole('button', { name: 'Reveal' }).click();
    const card = popup.getByRole('article', { name: 'Revealed contact' });
    await expect(card.getByRole('link', { name: NURSE.personal_email! })).toBeVisible();
    // One quiet line: the charge and the balance, said once.
    await expect(popup.getByTestId('charged')).toHaveText(/^Charged 11 · Balance 9,989 · /);
    await expect(popup.getByText(/Charged/).filter({ visible: true })).toHaveCount(1);
    await expect(popup.getByTestId('balance')).toHaveCount(1);
    // Result first: the email is above the reveal form.
    const emailTop = (await card.locator('[data-item="email"]').boundingBox())!.y;
    const formTop = (await popup.getByRole('group', { name: 'Reveal' }).boundingBox())!.y;
    expect(emailTop).toBeLessThan(formTop);
    await expect(card.getByRole('button', { name: 'Copy all' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Save as contact (.vcf)' })).toBeVisible();

    for (const width of [320, 400]) await expectFits(popup, width);
    if (process.env.SHOTS)
      await popup.screenshot({ path: `${process.env.SHOTS}/popup-after-320.png`, fullPage: true });
    await expectAccessible(popup, 'popup after a full reveal');
    await expectPlainWords(popup, 'popup after a full reveal');
    // Opened sections keep their headings in order (h1, h2, then h3).
    await card.getByText('Detailed profile').click();
    await expect(card.getByRole('heading', { level: 3 })).toHaveText([
      'Skills',
      'Experience',
      'Education',
      'Job history',
    ]);
    await expectAccessible(popup, 'popup with the detailed profile open');

    // Copy: the button's name follows its text, and a live region says what was copied.
    const copy = card.getByRole('button', { name: 'Copy email' });
    await copy.click();
    await expect(card.getByRole('button', { name: 'Copied email' })).toBeVisible();
    await expect(card.getByRole('status').filter({ hasText: 'copied' })).toHaveText(
      'Email copied to the clipboard',
    );
    expect(await popup.evaluate(() => navigator.clipboard.readText())).toBe(NURSE.personal_email);
    await card.getByRole('button', { name: 'Copy all' }).click();
    expect(await popup.evaluate(() => navigator.clipboard.readText())).toBe(
      [NURSE.name, NURSE.personal_email, NURSE.phone_number].join('\n'),
    );
  });

  test('items that do not exist are "not found", never "partly revealed"', async ({
    connect,
    openExtensionPage,
  }) => {
    await connect();
    const popup = await openExtensionPage('popup.html');
    await popup.getByLabel('Profile URL').fill(ADA.social_url);
    for (const item of ALL_ITEMS) await popup.getByLabel(item).check();
    await popup.getByRole('button', { name: 'Reveal' }).click();
    await expect(popup.getByTestId('charged')).toBeVisible();
    await expect(popup.getByTestId('reveal-status')).toHaveText(
      'Already revealed · healthcare data not found',
    );
    await expect(popup.locator('[data-item="healthcare_profile"]')).toHaveText(
      /Healthcare data: not found, no credits charged/,
    );
    await expect(popup.getByText(/partly/i)).toHaveCount(0);
    await expectPlainWords(popup, 'popup after a reveal with an item not found');
  });

  test('the plain-words check sees an API name on screen', async ({ openExtensionPage }) => {
    const popup = await openExtensionPage('popup.html');
    await expect(popup.getByRole('heading', { level: 1 })).toBeVisible();
    await popup.evaluate(() => {
      const p = document.createElement('p');
      p.textContent = 'Revealed detailed_profile for London::~30mi';
      document.body.append(p);
    });
    await expect(expectPlainWords(popup)).rejects.toThrow(/detailed_profile/);
  });
});
