/**
 * Sending from a search result row: once revealed, the row's Reveal gives way to a quiet "Send to Lever", then to
 * the mark "In Lever · 3 Nov" linking to the record; the row stays one glance tall.
 */
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { openTab } from '../support/popup-on-tab';
import { linkedinFixture } from './linkedin-pages';
import { checkState, expectFits, searchNurses } from './panel-checks';
import { addDestinations, expect, test, type VendorStandIns } from './send-helpers';

let fakes: VendorStandIns;
test.beforeEach(({ vendors }) => {
  fakes = vendors;
});

const today = () => new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });

test('a revealed row sends its person to Lever and is marked "In Lever", in at most 88 px at 400 px', async ({
  connect,
  openExtensionPage,
}) => {
  await addDestinations(await connect(), fakes, ['lever']);
  const panel = await openExtensionPage('sidepanel.html');
  await panel.setViewportSize({ width: 400, height: 800 });
  await searchNurses(panel);
  const row = panel.locator('.result-card').first();
  const name = (await row.locator('.name').textContent()) ?? '';
  // Nothing is offered before the row is revealed: a send needs the contact.
  await expect(panel.getByTestId('row-send')).toHaveCount(0);
  await row.getByRole('button', { name: new RegExp(`^Reveal · up to \\d+ credits: ${name}$`) }).click();
  const send = row.getByRole('button', { name: `Send to Lever: ${name}` });
  await expect(send).toHaveText('Send to Lever');
  // Only the revealed row offers it.
  await expect(panel.getByTestId('row-send')).toHaveCount(1);
  expect(Math.round((await row.boundingBox())!.height), 'a revealed row with its send').toBeLessThanOrEqual(
    88,
  );
  await checkState(panel, 'a revealed row offering its send');
  for (const width of [320, 400]) {
    await panel.setViewportSize({ width, height: 800 });
    await expectFits(panel, width);
    for (const scheme of ['light', 'dark'] as const) {
      await panel.emulateMedia({ colorScheme: scheme });
      await row.screenshot({ path: `test-results/send-row-offer-${width}-${scheme}.png` });
    }
  }
  await panel.emulateMedia({ colorScheme: 'light' });
  await panel.setViewportSize({ width: 400, height: 800 });

  await send.click();
  const mark = row.getByRole('link', { name: `In Lever · ${today()}` });
  await expect(mark).toHaveAttribute('href', /^https:\/\/hire\.lever\.co\/candidates\/opp-1$/);
  await expect(row.getByRole('status').filter({ hasText: 'Added' })).toHaveText('Added to Lever.');
  await expect(row.getByRole('button', { name: /^Send to Lever/ })).toHaveCount(0);
  expect(fakes.lever.opportunities).toMatchObject([{ name, sources: ['Candidate Lens'] }]);
  expect(Math.round((await row.boundingBox())!.height), 'a row sent').toBeLessThanOrEqual(88);
  await checkState(panel, 'a row sent to Lever');
  for (const width of [320, 400]) {
    await panel.setViewportSize({ width, height: 800 });
    await expectFits(panel, width);
    for (const scheme of ['light', 'dark'] as const) {
      await panel.emulateMedia({ colorScheme: scheme });
      await row.screenshot({ path: `test-results/send-row-sent-${width}-${scheme}.png` });
    }
  }
  await panel.emulateMedia({ colorScheme: 'light' });

  // The panel opened again reads the mark from what was sent.
  await panel.reload();
  await expect(
    panel
      .locator('.result-card')
      .first()
      .getByRole('link', { name: `In Lever · ${today()}` }),
  ).toBeVisible();
  expect(fakes.lever.opportunities).toHaveLength(1);
});

test("Lever's refusal is said in the row, and the row can send again", async ({
  connect,
  openExtensionPage,
}) => {
  await addDestinations(await connect(), fakes, ['lever']);
  const panel = await openExtensionPage('sidepanel.html');
  await searchNurses(panel);
  const row = panel.locator('.result-card').first();
  await row.getByRole('button', { name: /^Reveal · up to \d+ credits: / }).click();
  fakes.lever.faults.arm({ status: 400, body: { code: 'BadRequestError', message: 'Posting is closed' } }, 2);
  await row.getByRole('button', { name: /^Send to Lever: / }).click();
  await expect(row.getByRole('alert')).toHaveText('Lever refused it. Lever said: "Posting is closed"');
  await expect(row.getByRole('button', { name: /^Send to Lever: / })).toBeEnabled();
  await checkState(panel, "a row's send refused");
});

test('with several destinations a row folds them under "Send to…", and marks each one sent', async ({
  connect,
  openExtensionPage,
}) => {
  await addDestinations(await connect(), fakes, ['lever', 'ashby']);
  const panel = await openExtensionPage('sidepanel.html');
  await panel.setViewportSize({ width: 320, height: 800 });
  await searchNurses(panel);
  const row = panel.locator('.result-card').first();
  const name = (await row.locator('.name').textContent()) ?? '';
  await row.getByRole('button', { name: /^Reveal · up to \d+ credits: / }).click();
  const menu = row.getByTestId('row-send').locator('summary', { hasText: 'Send to…' });
  await expect(menu).toBeVisible();
  const folded = Math.round((await row.boundingBox())!.height);
  expect(folded, 'a revealed row with its folded send at 320 px').toBeLessThanOrEqual(88);
  await menu.click();
  await checkState(panel, "a row's destinations unfolded");
  for (const scheme of ['light', 'dark'] as const) {
    await panel.emulateMedia({ colorScheme: scheme });
    // The menu opens over the rows below: the picture takes them in.
    const box = (await row.boundingBox())!;
    await panel.screenshot({
      path: `test-results/send-row-menu-320-${scheme}.png`,
      clip: { x: 0, y: box.y, width: 320, height: box.height + 80 },
    });
  }
  await panel.emulateMedia({ colorScheme: 'light' });
  await row.getByRole('button', { name: `Send to Ashby: ${name}` }).click();
  await expect(row.getByRole('link', { name: `In Ashby · ${today()}` })).toBeVisible();
  // One destination left: offered as itself, no longer folded.
  await expect(row.getByRole('button', { name: `Send to Lever: ${name}` })).toBeVisible();
  await expect(menu).toHaveCount(0);
  await row.getByRole('button', { name: `Send to Lever: ${name}` }).click();
  await expect(row.getByTestId('row-send').getByRole('link')).toHaveText([
    `In Ashby · ${today()}`,
    `In Lever · ${today()}`,
  ]);
  await expect(row.getByTestId('row-send').getByRole('button')).toHaveCount(0);
  expect(fakes.ashby.candidates).toHaveLength(1);
  expect(fakes.lever.opportunities).toHaveLength(1);
  for (const scheme of ['light', 'dark'] as const) {
    await panel.emulateMedia({ colorScheme: scheme });
    await row.screenshot({ path: `test-results/send-row-both-320-${scheme}.png` });
  }
});

test("a LinkedIn page's people: a revealed person's row sends to Lever too", async ({
  connect,
  context,
  openExtensionPage,
  tabIdOf,
}) => {
  await addDestinations(await connect(), fakes, ['lever']);
  const { tabId } = await openTab(
    { context, tabIdOf },
    'https://www.linkedin.com/search/results/people/?keywords=nurse',
    {
      pattern: 'https://www.linkedin.com/search/results/people/**',
      html: linkedinFixture('people-search.html'),
    },
  );
  const popup = await openExtensionPage(`popup.html?tabId=${tabId}`);
  await popup.getByRole('button', { name: 'Open them in the side panel' }).click();
  const panel = await openExtensionPage('sidepanel.html');
  const people = panel.getByRole('list', { name: 'People' }).getByRole('listitem');
  await expect(people).toHaveCount(5);
  const grace = DEMO_PROFILES.nurse.name;
  await expect(panel.getByTestId('row-send')).toHaveCount(0);
  await panel.getByRole('button', { name: `Reveal · up to 3 credits: ${grace}` }).click();
  await panel.getByRole('button', { name: `Send to Lever: ${grace}` }).click();
  await expect(panel.getByRole('link', { name: `In Lever · ${today()}` })).toBeVisible();
  expect(fakes.lever.opportunities).toMatchObject([{ name: grace }]);
  await checkState(panel, "a page's person sent to Lever");
});
