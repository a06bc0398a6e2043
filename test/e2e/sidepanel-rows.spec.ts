import type { Locator } from '@playwright/test';
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { expect, test, type WorkerGlobals } from './fixtures';
import { checkState, expectFits, searchNurses } from './panel-checks';

const nameOf = async (row: Locator) => (await row.locator('.name').textContent()) ?? '';

test('a row reveal says what it cost, its button then says Revealed, and Export says it writes the rows loaded', async ({
  openSearchPanel,
  sim,
}) => {
  const panel = await openSearchPanel();
  await searchNurses(panel);
  const total = Number(((await panel.getByTestId('result-count').textContent()) ?? '').split(' ')[0]);
  expect(total).toBeGreaterThan(10);
  await expect(panel.getByTestId('export-rows')).toHaveText(
    `Only the 10 rows loaded, of ${total} candidates, with revealed emails and phones`,
  );

  const row = panel.locator('.result-card').first();
  const name = await nameOf(row);
  const before = await sim.balance();
  await row.getByRole('button', { name: `Reveal · up to 3 credits: ${name}` }).click();
  // Once held, the row shows the email itself (with its copy icon), and no Reveal button.
  await expect(row.locator('.held [data-item=email] a')).toBeVisible();
  await expect(row.getByRole('button', { name: /^Reveal/ })).toHaveCount(0);
  // The charge, from the job the background stored, next to the row (not only in the header's balance).
  await expect(row.getByTestId('charged')).toHaveText(/^Charged 3 · /);
  expect(before - (await sim.balance())).toBe(3);
  // Rows not revealed here say nothing of a charge.
  await expect(panel.getByTestId('charged')).toHaveCount(1);
  await checkState(panel, 'side panel row revealed');
  await panel.setViewportSize({ width: 320, height: 800 });
  await expectFits(panel, 320);
});

test('after a bulk reveal, a row says an item was not found once; the receipt says per item what was found and charged', async ({
  openSearchPanel,
  sim,
}) => {
  test.setTimeout(60_000);
  const panel = await openSearchPanel();
  await searchNurses(panel);
  await panel.getByRole('group', { name: 'Reveal from results' }).getByLabel('Mobile phone').check();
  const before = await sim.balance();
  await panel.getByRole('button', { name: 'Select all on this page' }).click();
  await panel.getByRole('button', { name: 'Reveal 10 contacts, up to 90 credits' }).click();
  const job = panel.getByTestId('bulk-job');
  await expect(job.getByRole('heading', { name: 'Bulk reveal finished' })).toBeVisible({ timeout: 20_000 });
  const spent = before - (await sim.balance());
  await expect(job.getByTestId('bulk-charged')).toHaveText(`${spent} credits`);

  // What the rows hold, item by item: the receipt must say the same.
  const rows = panel.locator('.result-card');
  const has = (item: string) => rows.filter({ has: panel.locator(`.held [data-item="${item}"] a`) });
  const phones = await has('phone').count();
  const emails = await has('email').count();
  const partly = await rows
    .filter({ has: panel.locator('.held [data-testid=held-missing]') })
    .filter({ has: panel.locator('.held .held-item') })
    .count();
  expect(phones, 'the dataset has nurses without a mobile phone').toBeLessThan(10);
  await expect(job.getByTestId('receipt-phone')).toHaveText(`Mobile phone${phones} of 10${phones * 6}60`);
  await expect(job.getByTestId('receipt-email')).toHaveText(`Personal email${emails} of 10${emails * 3}30`);
  expect(spent).toBe(phones * 6 + emails * 3);
  expect(partly, 'some nurses have only one of the two').toBeGreaterThan(0);
  await expect(job.locator('.counts div', { hasText: 'Some found' })).toHaveText(`Some found${partly}`);
  await checkState(panel, 'bulk receipt with items not found');

  // A row whose phone was not found says so once, beside the email it holds; nothing is left to reveal.
  const missing = rows
    .filter({ hasText: 'Phone not found' })
    .filter({ has: panel.locator('.held [data-item="email"] a') })
    .first();
  await expect(missing.getByText(/Phone not found/)).toHaveCount(1);
  await expect(missing.getByRole('button', { name: /^Reveal/ })).toHaveCount(0);
  await checkState(panel, 'side panel rows after a bulk reveal');
  await panel.setViewportSize({ width: 320, height: 900 });
  await expectFits(panel, 320);
});

test('titles and employers wrap in a 320 px panel instead of being cut off', async ({ openSearchPanel }) => {
  const panel = await openSearchPanel();
  await panel.setViewportSize({ width: 320, height: 800 });
  await searchNurses(panel);
  const roles = panel.locator('.result-card .role');
  // Every title and employer shows whole: none is wider than its box (clipped), and a long one takes two lines.
  const measures = await roles.evaluateAll((els) =>
    els.map((el) => {
      const text = document.createRange();
      text.selectNodeContents(el);
      return { clipped: el.scrollWidth > el.clientWidth, lines: text.getClientRects().length };
    }),
  );
  expect(measures.filter((m) => m.clipped)).toEqual([]);
  expect(
    measures.some((m) => m.lines >= 2),
    'a long title and employer wraps',
  ).toBe(true);
  await expectFits(panel, 320);
});

test('before a search: what is missing is a quiet hint, a missing key links to Options, a bad field is said once', async ({
  context,
  connect,
  openExtensionPage,
}) => {
  // No key yet.
  let panel = await openExtensionPage('sidepanel.html');
  let reason = panel.getByTestId('search-reason');
  const quiet = panel.getByText('Charged only when profiles are returned.');
  await expect(reason).toHaveText('No API key yet. Set up your key in Options');
  // In the quiet colour of a hint, not the colour of an error.
  const hintColour = await quiet.evaluate((el) => getComputedStyle(el).color);
  await expect(reason).toHaveCSS('color', hintColour);
  await checkState(panel, 'side panel with no key');
  const [options] = await Promise.all([
    context.waitForEvent('page'),
    reason.getByRole('button', { name: 'Set up your key in Options' }).click(),
  ]);
  expect(options.url()).toMatch(/\/options\.html$/);
  await options.close();
  await panel.close();

  await connect();
  panel = await openExtensionPage('sidepanel.html');
  reason = panel.getByTestId('search-reason');
  await expect(reason).toHaveText('Add at least one filter value.');
  await expect(reason).toHaveCSS('color', hintColour);
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await checkState(panel, 'empty side panel');

  const years = panel.getByLabel('Years of experience');
  await years.fill('ten');
  await years.press('Enter');
  await expect(years).toHaveAccessibleDescription(/"ten" is not a number/);
  // Said at the field; Search only points to it.
  await expect(panel.getByText(/"ten" is not a number/)).toHaveCount(1);
  await expect(panel.getByRole('button', { name: /^Search ·/ })).toBeDisabled();
  await expect(reason).toHaveText('Correct Years of experience above to search.');
  await checkState(panel, 'side panel with a bad field');
  await panel.setViewportSize({ width: 320, height: 800 });
  await expectFits(panel, 320);
});

test('the contact view of a reveal with no answer offers Reveal again at its price, after its charge is checked', async ({
  connect,
  openExtensionPage,
  background,
  sim,
}) => {
  const ada = DEMO_PROFILES.full;
  await connect();
  const popup = await openExtensionPage('popup.html');
  await sim.admin('faults', { malformed: 1, path: '/v1/lookup' });
  await popup.getByLabel('Profile URL').fill(ada.social_url);
  await popup.getByRole('button', { name: 'Reveal' }).click();
  await expect(popup.getByTestId('cut-off')).toBeVisible();
  await popup.close();
  // What the "Reveal contact" menu leaves for the side panel (see panel-contact.spec.ts).
  await background.evaluate(async (vaultKey) => {
    const { chrome } = globalThis as unknown as WorkerGlobals & {
      chrome: { storage: { local: { set(items: object): Promise<void> } } };
    };
    await chrome.storage.local.set({
      'panel-focus': { kind: 'contact', vaultKey, at: new Date().toISOString() },
    });
  }, ada.social_url);

  const panel = await openExtensionPage('sidepanel.html');
  await expect(panel.getByTestId('cut-off')).toContainText('is not charged so far');
  const again = panel.getByRole('button', { name: 'Reveal again · up to 3 credits' });
  await expect(again).toBeEnabled();
  expect(await sim.requests('/v1/lookup')).toHaveLength(1);
  await checkState(panel, 'side panel contact after a reveal with no answer');
  await panel.setViewportSize({ width: 320, height: 800 });
  await expectFits(panel, 320);

  await again.click();
  await expect(panel.getByRole('link', { name: ada.personal_email! })).toBeVisible();
  await expect(panel.getByTestId('charged')).toContainText('Charged 3 ·');
  await expect(panel.getByTestId('cut-off')).toHaveCount(0);
  expect(await sim.requests('/v1/lookup')).toHaveLength(2);
});
