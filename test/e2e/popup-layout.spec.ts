import type { BrowserContext, Page } from '@playwright/test';
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { openPopupOnTab } from '../support/popup-on-tab';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { expectPlainWords } from './plain-words';
import { expectFits, expectFitsAccessible } from './popup-checks';

const NURSE = DEMO_PROFILES.nurse;
const ADA = DEMO_PROFILES.full;
const ALL_ITEMS = ['Personal email', 'Mobile phone', 'Detailed profile', 'Healthcare data'] as const;

/** Ada's LinkedIn profile in a tab, then the popup for that tab (it shows her headline and URL). */
async function openOnAdaTab(
  context: BrowserContext,
  tabIdOf: (page: Page) => Promise<number>,
  openExtensionPage: (path: string) => Promise<Page>,
) {
  const { popup } = await openPopupOnTab({ context, openExtensionPage, tabIdOf }, `${ADA.social_url}/`);
  await expect(popup.getByRole('heading', { name: ADA.name })).toBeVisible();
  await popup.setViewportSize({ width: 320, height: 600 });
  return popup;
}

/** Three saved searches, as the side panel stores them. */
const threeSavedSearches = () =>
  ['Registered Nurse', 'Software Engineer', 'Account Executive'].map((title, i) => ({
    id: `s${i}`,
    name: `${title} search ${i + 1}`,
    mode: 'filters',
    request: { search_criteria: { job_title: [title] } },
    createdAt: new Date().toISOString(),
  }));

/** The extension's storage, as an extension page sees it. */
interface LocalStorage {
  chrome: {
    storage: {
      local: { get(k: string): Promise<Record<string, unknown>>; set(v: object): Promise<void> };
    };
  };
}

/** Sets stored values from an extension page, as the options page and the side panel would. */
const store = (page: Page, values: Record<string, unknown>) =>
  page.evaluate((v) => (globalThis as unknown as LocalStorage).chrome.storage.local.set(v), values);

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
    // Result first, and with every item held the reveal form folds away: nothing is left to ask.
    await expect(popup.getByTestId('reveal-status')).toHaveText('Revealed just now');
    await expect(popup.getByRole('group', { name: 'Reveal' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Copy all' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Save vCard' })).toBeVisible();

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
    await expect(popup.getByTestId('reveal-status')).toHaveText('Revealed just now');
    await expect(popup.locator('[data-item="healthcare_profile"]')).toHaveText(
      /Healthcare data: Not found · \d{1,2} [A-Z][a-z]{2}/,
    );
    await expect(popup.getByText(/partly/i)).toHaveCount(0);
    await expectPlainWords(popup, 'popup after a reveal with an item not found');
  });

  test('Ada on her profile tab, every item ticked, healthcare data not found: said once, fits, asked again at its price', async ({
    connect,
    context,
    openExtensionPage,
    sim,
    tabIdOf,
  }) => {
    await connect();
    const popup = await openOnAdaTab(context, tabIdOf, openExtensionPage);
    await expect(popup.getByTestId('reveal-status')).toHaveText('Not revealed yet');
    for (const item of ALL_ITEMS) await popup.getByLabel(item).check();
    await expectFitsAccessible(popup, 'Ada before a reveal of every item');
    await popup.getByRole('button', { name: 'Reveal' }).click();
    await expect(popup.getByTestId('charged')).toHaveText(/^Charged 10 · /);

    // Right after the click the status speaks of this reveal; the missing item is said once, with its price.
    await expect(popup.getByTestId('reveal-status')).toHaveText('Revealed just now');
    const said = (text: RegExp) => popup.getByText(text).filter({ visible: true });
    await expect(said(/not found/i)).toHaveCount(1);
    await expect(said(/healthcare data/i)).toHaveCount(2);
    const again = popup.getByRole('button', { name: 'Ask again for healthcare data · up to 1 credit' });
    await expect(again).toBeEnabled();
    // Nothing is left for the form to ask: it folds away, and the result stays first.
    await expect(popup.getByRole('group', { name: 'Reveal' })).toHaveCount(0);
    await expectFitsAccessible(popup, 'Ada on her tab after a reveal, healthcare data not found');

    // Opened again on held data: how long ago it was revealed.
    await popup.reload();
    await expect(popup.getByTestId('reveal-status')).toHaveText(/^Revealed (just now|1 minute ago)$/);
    await expectFitsAccessible(popup, 'Ada on her tab, opened on held data');

    // Asking again sends only the missing item.
    await popup.getByRole('button', { name: 'Ask again for healthcare data · up to 1 credit' }).click();
    await expect(popup.getByTestId('reveal-status')).toHaveText('Looked up just now');
    const lookups = await sim.requests('/v1/lookup');
    expect(lookups).toHaveLength(2);
    expect(Object.keys(lookups[1]!.body!).sort()).toEqual(
      ['reveal_healthcare_enrichment', 'social_url'].sort(),
    );
    await expect(said(/not found/i)).toHaveCount(1);
  });

  test('email and phone on a profile tab with three saved searches: two listed, the rest in the side panel', async ({
    connect,
    context,
    openExtensionPage,
    tabIdOf,
  }) => {
    const options = await connect();
    await store(options, { 'saved-searches': threeSavedSearches() });
    const popup = await openOnAdaTab(context, tabIdOf, openExtensionPage);
    await popup.getByLabel('Mobile phone').check();
    await popup.getByRole('button', { name: 'Reveal' }).click();
    await expect(popup.getByTestId('charged')).toHaveText(/^Charged 9 · /);
    await expect(popup.getByTestId('reveal-status')).toHaveText('Revealed just now');
    await expect(popup.getByRole('button', { name: /^Run · 1 credit/ })).toHaveCount(2);
    await expect(popup.getByRole('button', { name: 'All saved searches (3)' })).toBeVisible();
    // What is left is one priced button per item, not the form again with its ticked "revealed" boxes.
    await expect(popup.getByRole('group', { name: 'Reveal' })).toHaveCount(0);
    await expect(popup.getByTestId('more-to-reveal').getByRole('button')).toHaveText([
      'Add detailed profile · 1 credit',
      'Add healthcare data · 1 credit',
    ]);
    await expectFitsAccessible(popup, 'email and phone revealed, three saved searches');
  });

  test('a not-found item while others are still to reveal, with saved searches: its price tag agrees with the cost', async ({
    connect,
    openExtensionPage,
    sim,
  }) => {
    const options = await connect();
    await store(options, { 'saved-searches': threeSavedSearches() });
    const popup = await openExtensionPage('popup.html');
    await popup.setViewportSize({ width: 320, height: 600 });
    await popup.getByLabel('Profile URL').fill(DEMO_PROFILES.emailOnly.social_url);
    await popup.getByLabel('Mobile phone').check();
    await popup.getByRole('button', { name: 'Reveal' }).click();
    await expect(popup.getByTestId('charged')).toHaveText(/^Charged 3 · /);
    await expect(popup.getByTestId('reveal-status')).toHaveText('Revealed just now');
    // The phone does not exist: said once, in the result, with its own priced way to ask again.
    await expect(popup.getByText(/not found/i).filter({ visible: true })).toHaveText([
      /^Mobile phone: Not found · \d{1,2} [A-Z][a-z]{2}/,
    ]);
    // Items never asked are priced buttons of their own; the one not found is asked again at its price.
    await expect(popup.getByTestId('more-to-reveal').getByRole('button')).toHaveText([
      'Add detailed profile · 1 credit',
      'Add healthcare data · 1 credit',
      'Ask again for mobile phone · up to 6 credits',
    ]);
    await expect(
      popup.getByRole('button', { name: 'Ask again for mobile phone · up to 6 credits' }),
    ).toBeEnabled();
    await expectFitsAccessible(popup, 'a not-found item with items still to reveal and saved searches');
    expect(await sim.requests('/v1/lookup')).toHaveLength(1);
    await popup.getByRole('button', { name: 'Add detailed profile · 1 credit' }).click();
    await expect(popup.getByTestId('charged')).toHaveText(/^Charged 1 · /);
    expect(Object.keys((await sim.requests('/v1/lookup'))[1]!.body!).sort()).toEqual([
      'reveal_detailed_person_enrichment',
      'social_url',
    ]);
  });

  test('a reveal under way counts against the cap before it is answered: the popup says so before any click, and fits', async ({
    connect,
    openExtensionPage,
    context,
    sim,
    tabIdOf,
  }) => {
    const options = await connect();
    const { settings } = await options.evaluate(() =>
      (globalThis as unknown as LocalStorage).chrome.storage.local.get('settings'),
    );
    await store(options, { settings: { ...(settings as object), dailyCapCredits: 12 } });
    const other = await openExtensionPage('popup.html');
    await other.getByLabel('Profile URL').fill(NURSE.social_url);
    await other.getByLabel('Mobile phone').check();
    await other.getByRole('button', { name: 'Reveal' }).click();
    await expect(other.getByTestId('charged')).toHaveText(/^Charged 9 · /);
    // A second reveal of up to 3 credits is under way (9 + 3 is within the cap of 12) …
    await sim.admin('faults', { latencyMs: 6000, path: '/v1/lookup' });
    await other.getByLabel('Profile URL').fill(DEMO_PROFILES.emailOnly.social_url);
    await other.getByLabel('Mobile phone').uncheck();
    await other.getByRole('button', { name: 'Reveal' }).click();
    await expect(other.getByText('Revealing personal email…')).toBeVisible();

    // … and on the ledger at its most from before it left: another popup sees the cap reached before any click.
    const popup = await openOnAdaTab(context, tabIdOf, openExtensionPage);
    await expect(popup.getByTestId('spending-warning')).toContainText(
      'You have spent or under way 12 of your 12-credit daily cap today. Paid actions wait until tomorrow',
    );
    await expect(popup.getByRole('button', { name: 'Reveal' })).toHaveAccessibleDescription(
      'Your daily spending cap is reached (see above).',
    );
    await expectFitsAccessible(popup, 'a cap reached by a reveal under way');
    expect(await sim.requests('/v1/lookup')).toHaveLength(2);

    // The call under way is charged: what was under way is now spent, said once, beside Reveal too.
    await expect(other.getByTestId('charged')).toHaveText(/^Charged 3 · /, { timeout: 15_000 });
    await expect(popup.getByTestId('spending-warning')).toContainText(
      'You have spent 12 of your 12-credit daily cap today. Paid actions wait until tomorrow',
    );
    await expect(popup.getByRole('alert')).toHaveCount(0);
    await expectFitsAccessible(popup, 'at the cap');
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
