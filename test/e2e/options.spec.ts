import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { formatInvitation } from '../../src/api/invitation';
import { openPopupFor } from '../support/popup-on-tab';
import { expectAccessible } from './axe';
import { expect, sidePanelsShown, test } from './fixtures';

const KEY_HINT = 'The key from your candidate service account, or the invitation your team admin sent you.';

test.describe('options: the service connection', () => {
  test('saves a working URL and key, shows balance and purchases, and masks the key', async ({
    connect,
    sim,
  }) => {
    const page = await connect('demo-key');
    await expect(page.getByTestId('connected')).toContainText('Balance: 10,000 credits');
    await expect(page.getByTestId('connected')).toContainText('Purchased over the account');
    await expect(page.getByTestId('key-status')).toContainText('••••');
    await expect(page.getByTestId('key-status')).not.toContainText('demo-key');
    // Both free: the balance, and whether the address is a team gateway (the service answers that one with a 404).
    expect((await sim.requests()).map((r) => r.path)).toEqual(['/v1/account', '/v1/team/me']);
  });

  test('says exactly what is wrong, and stores nothing', async ({ openExtensionPage, sim }) => {
    const page = await openExtensionPage('options.html');
    const url = page.getByLabel('Service address');
    const key = page.getByLabel('API key');
    const save = page.getByRole('button', { name: 'Save', exact: true });

    // What was typed is refused at its field, before anything is asked or sent: marked invalid, described by the
    // problem, said once (not again in an alert), and the first refused field has the focus.
    await url.fill('not a url');
    await save.click();
    const badUrl = '"not a url" is not a valid URL. Enter the service address, e.g. https://api.example.com.';
    await expect(url).toHaveAttribute('aria-invalid', 'true');
    await expect(url).toHaveAccessibleDescription(
      `${badUrl} Change it only for a team gateway or a test service.`,
    );
    // The key comes first on the page: the first refused field is the key.
    await expect(key).toBeFocused();
    await expect(key).toHaveAttribute('aria-invalid', 'true');
    await expect(key).toHaveAccessibleDescription(`Enter your API key. ${KEY_HINT}`);
    await expect(page.getByText('is not a valid URL')).toHaveCount(1);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectAccessible(page, 'options, URL and key refused');
    await url.fill(sim.url);
    await key.fill('cl-invite-1.eyJ1cmwiOiJodHRwczovL2dhdGV3YXkuZXhhbXBsZS5jb20iLCJr');
    await save.click();
    await expect(key).toHaveAccessibleDescription(
      `This invitation is incomplete. Copy the whole line your team admin sent, then paste it again. ${KEY_HINT}`,
    );
    await expect(key).toBeFocused();
    await url.fill('not a url');
    await key.fill('demo-key');
    await expect(key).not.toHaveAttribute('aria-invalid');
    await save.click();
    await expect(url).toHaveAttribute('aria-invalid', 'true');
    await expect(url).toBeFocused();
    await expect(url).toBeFocused();
    await expect(key).not.toHaveAttribute('aria-invalid');

    await url.fill(sim.url);
    await key.fill('inactive-key');
    await save.click();
    await expect(page.getByRole('alert')).toContainText('The API key was refused');
    // The key is on this page: the step points above, with no way "to Options".
    await expect(page.getByRole('alert')).toContainText('Check the key above and save it again.');
    await expect(page.getByRole('alert').getByRole('button')).toHaveCount(0);

    // A port nothing listens on.
    await url.fill('http://127.0.0.1:9');
    await key.fill('demo-key');
    await save.click();
    await expect(page.getByRole('alert')).toContainText('Could not reach the service');
    await expect(page.getByRole('alert')).toContainText('the service address above, then try again.');

    await expect(page.getByTestId('key-status')).toHaveCount(0);
    await expect(url).not.toHaveAttribute('aria-invalid');
    expect((await sim.requests()).map((r) => r.status)).toEqual([403]);
  });

  test('a refused cap is said at its field, and the first refused field is focused', async ({
    openExtensionPage,
  }) => {
    const page = await openExtensionPage('options.html');
    await page.setViewportSize({ width: 320, height: 900 });
    // Before a key is saved, the settings after the connection are folded.
    await page.getByText('Reveal defaults, spending caps and revealed contacts').click();
    const daily = page.getByLabel('Daily cap (credits)');
    const monthly = page.getByLabel('Monthly cap (credits)');
    const warn = page.getByLabel('Warn me when the balance is below (credits)');
    await expect(daily).toHaveAccessibleDescription(
      'No paid action is sent that could take today past this. Empty: no daily cap.',
    );
    await daily.fill('-5');
    await monthly.fill('0');
    await page.getByRole('button', { name: 'Save spending settings' }).click();
    await expect(daily).toBeFocused();
    await expect(daily).toHaveAttribute('aria-invalid', 'true');
    await expect(daily).toHaveAccessibleDescription(
      'Enter a whole number of credits, like 500. No paid action is sent that could take today past this. Empty: no daily cap.',
    );
    await expect(monthly).toHaveAttribute('aria-invalid', 'true');
    await expect(monthly).toHaveAccessibleDescription(
      /^0 would stop every paid action\. Leave it empty for no cap\. The same for the calendar month/,
    );
    await expect(warn).not.toHaveAttribute('aria-invalid');
    await expect(page.getByText('Enter a whole number of credits, like 500.')).toHaveCount(1);
    await expectAccessible(page, 'options, caps refused');

    // The type scale: a field's label is not smaller than its hint or its problem.
    const sizes = await page.locator('.field').evaluateAll((fields) =>
      fields.map((field) => {
        const size = (selector: string) => {
          const el = field.querySelector(selector);
          return el ? Number.parseFloat(getComputedStyle(el).fontSize) : 0;
        };
        return { label: size('label'), hint: size('.hint'), problem: size('.field-error') };
      }),
    );
    for (const { label, hint, problem } of sizes) {
      expect(label).toBeGreaterThanOrEqual(13);
      expect(label).toBeGreaterThanOrEqual(hint);
      expect(label).toBeGreaterThanOrEqual(problem);
    }

    // The daily cap above the monthly one is said at the daily cap.
    await daily.fill('600');
    await monthly.fill('500');
    await page.getByRole('button', { name: 'Save spending settings' }).click();
    await expect(daily).toHaveAccessibleDescription(
      /^This is above the monthly cap: lower it or raise the monthly cap\./,
    );
    await expect(monthly).not.toHaveAttribute('aria-invalid');
    await monthly.fill('6000');
    await page.getByRole('button', { name: 'Save spending settings' }).click();
    await expect(page.getByText('Spending settings saved.')).toBeVisible();
    await expect(daily).not.toHaveAttribute('aria-invalid');
  });

  test('the key can be removed', async ({ connect }) => {
    const page = await connect();
    await page.getByRole('button', { name: 'Remove key' }).click();
    await expect(page.getByTestId('key-status')).toHaveCount(0);
    await expect(page.getByLabel('API key')).toHaveAttribute(
      'placeholder',
      'Paste your API key or invitation',
    );
  });
});

test.describe('options: defaults and the vault', () => {
  test('default reveal options are what the popup starts with', async ({ connect, openExtensionPage }) => {
    const options = await connect();
    await options.getByLabel('Mobile phone').check();
    await options.getByLabel('Personal email').uncheck();
    const popup = await openExtensionPage('popup.html');
    await expect(popup.getByLabel('Mobile phone')).toBeChecked();
    await expect(popup.getByLabel('Personal email')).not.toBeChecked();
    await expect(popup.getByTestId('max-cost')).toContainText('6 credits');
  });

  test('retention must be a whole number of days; "Delete all" names its count, forgets revealed contacts, and Undo brings them back', async ({
    connect,
    openExtensionPage,
    sim,
  }) => {
    const options = await connect();
    const days = options.getByLabel('Keep revealed contacts for (days)');
    await days.fill('0');
    await options.getByRole('button', { name: 'Save retention' }).click();
    await expect(days).toHaveAccessibleDescription('Enter a whole number of days from 1 to 3650.');
    await expect(days).toHaveAttribute('aria-invalid', 'true');
    await expect(days).toBeFocused();
    await days.fill('30');
    await options.getByRole('button', { name: 'Save retention' }).click();
    await expect(options.getByText('Revealed contacts are kept for 30 days.')).toBeVisible();

    const popup = await openExtensionPage('popup.html');
    await popup.getByLabel('Profile URL').fill('https://www.linkedin.com/in/ada-lovelace-demo');
    await popup.getByRole('button', { name: 'Reveal' }).click();
    await expect(popup.getByTestId('charged')).toBeVisible();

    // Deleting every contact lives here, with its count (the library deletes only what it shows); Undo puts them back.
    const confirmed: string[] = [];
    const accept = () =>
      options.once('dialog', (dialog) => {
        confirmed.push(dialog.message());
        void dialog.accept();
      });
    const notice = options.getByTestId('delete-all-notice');
    accept();
    await options.getByRole('button', { name: 'Delete all 1 revealed contact' }).click();
    expect(confirmed).toEqual([
      'Delete all 1 contact from this browser? Revealing them again costs credits.',
    ]);
    await expect(notice).toHaveText('Deleted 1 contact. · Undo');
    await expect(options.getByText('No revealed contacts in this browser.')).toHaveCount(0);
    await expectAccessible(options, 'options after deleting every contact, Undo offered');
    await notice.getByRole('button', { name: 'Undo' }).click();
    await expect(notice).toHaveText('Brought back 1 contact.');
    await popup.reload();
    await popup.getByLabel('Profile URL').fill('https://www.linkedin.com/in/ada-lovelace-demo');
    await expect(popup.getByTestId('reveal-status')).not.toHaveText('Not revealed yet');

    accept();
    await options.getByRole('button', { name: 'Delete all 1 revealed contact' }).click();
    await expect(notice).toHaveText('Deleted 1 contact. · Undo');
    await popup.reload();
    await popup.getByLabel('Profile URL').fill('https://www.linkedin.com/in/ada-lovelace-demo');
    await expect(popup.getByTestId('reveal-status')).toHaveText('Not revealed yet');
    expect(await sim.requests('/v1/lookup')).toHaveLength(1);
  });
});

test.describe('options: an invitation shows where it leads', () => {
  test('pasting one for an unknown gateway shows its address and sends nothing until Connect; http:// to another computer is refused', async ({
    context,
    connect,
    sim,
  }) => {
    const GATEWAY = 'https://gw.acme.example';
    // Whatever reaches the unknown gateway is counted (and answered as nothing would be).
    const reached: string[] = [];
    await context.route(`${GATEWAY}/**`, (route) => {
      reached.push(route.request().url());
      return route.abort();
    });
    const page = await connect();
    const key = page.getByLabel('API key');
    await key.fill(formatInvitation({ baseUrl: GATEWAY, key: 'clm_stranger-key-0001' }));
    const card = page.getByTestId('invitation');
    await expect(card).toContainText(
      `This invitation connects you to a team gateway at ${GATEWAY}: your searches, reveals and team sends will go there, with the key it holds.`,
    );
    await expect(card).toContainText(`They go to ${sim.url} now.`);
    await expect(card).toContainText('Nothing is sent before you click Connect.');
    // Its Connect is the one way on: no Save, and Enter in the field takes nothing.
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
    await key.press('Enter');
    await expectAccessible(page, 'options, an invitation shown');
    for (const width of [320, 400]) {
      await page.setViewportSize({ width, height: 800 });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({
          path: `test-results/options-invitation-${width}-${scheme}.png`,
          fullPage: true,
        });
      }
    }
    expect(reached).toEqual([]);
    const before = (await sim.requests()).length;
    await card.getByRole('button', { name: 'Cancel' }).click();
    await expect(card).toHaveCount(0);
    await expect(key).toHaveValue('');
    await expect(page.getByLabel('Service address')).toHaveValue(sim.url);
    expect(reached).toEqual([]);
    expect((await sim.requests()).length).toBe(before);

    // An invitation over http:// to another computer would carry the key in clear: refused as it is pasted.
    await key.fill(formatInvitation({ baseUrl: 'http://gw.acme.example', key: 'clm_stranger-key-0001' }));
    await expect(key).toHaveAttribute('aria-invalid', 'true');
    await expect(key).toHaveAccessibleDescription(
      `This invitation's address cannot be used: The service address must start with https://: over http:// your key would cross the network unencrypted (http:// is accepted only for this computer, e.g. http://127.0.0.1). ${KEY_HINT}`,
    );
    await expect(card).toHaveCount(0);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(key).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'options, an http invitation refused');
    await page.setViewportSize({ width: 320, height: 800 });
    await page.screenshot({ path: 'test-results/options-invitation-refused-320.png', fullPage: true });
    expect(reached).toEqual([]);
    expect((await sim.requests()).length).toBe(before);
  });
});

test("a first run: what it does, one paste of a team's invitation, Save, Open LinkedIn, the toolbar, Reveal", async ({
  background,
  context,
  openExtensionPage,
  tabIdOf,
  sim,
}) => {
  const ada = DEMO_PROFILES.full;
  const page = await openExtensionPage('options.html');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Candidate Lens');
  await expect(page.getByTestId('welcome')).toContainText("Reveal a candidate's email and phone");
  // Settings that only matter once connected are folded; a simulator build shows its address.
  await expect(page.getByLabel('Daily cap (credits)')).toBeHidden();
  await expect(page.getByLabel('Service address')).toBeVisible();
  await expectAccessible(page, 'options, first run');

  // One paste: the address and the key in one line, as `npm run gateway -- member add NAME --url URL` prints. It
  // says where it leads, and is taken by its own Connect.
  await page.getByLabel('API key').fill(formatInvitation({ baseUrl: sim.url, key: 'demo-key' }));
  await expect(page.getByTestId('invitation')).toContainText(`connects you to a team gateway at ${sim.url}`);
  expect(await sim.requests()).toEqual([]);
  await page.getByTestId('invitation').getByRole('button', { name: 'Connect' }).click(); // click 1
  await expect(page.getByTestId('connected')).toContainText('Balance: 10,000 credits');
  await expect(page.getByLabel('Service address')).toHaveValue(sim.url);
  const next = page.getByTestId('next-steps');
  await expect(next.getByRole('heading')).toHaveText('Now open a LinkedIn profile');
  await expect(next).toContainText('click Candidate Lens in the toolbar (Alt+Shift+L)');
  await expect(next).toContainText(
    'Keep people beside LinkedIn in the side panel: press Alt+Shift+K, or click Open search in the popup.',
  );
  // One step: "Open LinkedIn" the one primary action, first on the page, every setting folded under it.
  await expect(page.locator('button.primary')).toHaveText(['Open LinkedIn']);
  const step = await next.boundingBox();
  expect(step!.y).toBeLessThan(120);
  expect(step!.y + step!.height).toBeLessThan(600);
  await expect(page.getByLabel('Daily cap (credits)')).toBeHidden();
  await expect(page.getByLabel('API key')).toBeHidden();
  await expectAccessible(page, 'options, connected, next steps');
  await page.getByText('Settings: service connection, Send to').click();
  await expect(page.getByLabel('Daily cap (credits)')).toBeVisible();

  const opened = context.waitForEvent('page');
  await next.getByRole('button', { name: 'Open LinkedIn' }).click(); // click 2
  const linkedin = await opened;
  await linkedin.waitForURL('https://www.linkedin.com/**');
  // The recruiter goes to a profile on LinkedIn itself, then the toolbar button opens the popup over it.
  await linkedin.goto(`${ada.social_url}/`);
  const popup = await openPopupFor(openExtensionPage, await tabIdOf(linkedin)); // click 3
  await expect(popup.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  // The first profile open: the popup offers the side panel that follows the tab, once.
  const offer = popup.getByTestId('panel-offer');
  await expect(offer).toBeVisible();
  await expectAccessible(popup, 'popup, the side panel offered');
  await offer.getByRole('button', { name: 'Keep me beside LinkedIn: open the side panel' }).click();
  await expect.poll(() => sidePanelsShown(background)).toEqual([expect.stringMatching(/^\/sidepanel\.html/)]);
  await expect(offer).toHaveCount(0);
  await popup.getByRole('button', { name: 'Reveal' }).click(); // click 4
  await expect(popup.getByRole('link', { name: ada.personal_email! })).toBeVisible();
  const again = await openPopupFor(openExtensionPage, await tabIdOf(linkedin));
  await expect(again.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  await expect(again.getByTestId('panel-offer')).toHaveCount(0);
  expect((await sim.requests('/v1/lookup')).map((l) => l.body?.social_url)).toEqual([ada.social_url]);
});
