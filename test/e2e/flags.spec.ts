import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { demoProfilePage } from '../../scripts/demo-page';
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { openPopupFor, openTab } from '../support/popup-on-tab';
import { expectAccessible } from './axe';
import { expectPlainWords } from './plain-words';
import { addDestinations, expect, test } from './send-helpers';
import { PUT_RECORDS, STORED_LEDGER } from './vault-db';

const at = new Date(Date.now() - 3 * 86_400_000).toISOString();
const person = (slug: string, name: string, email: string) => {
  const key = `https://www.linkedin.com/in/${slug}`;
  return {
    v: 1,
    key,
    socialUrl: key,
    candidateId: null,
    name,
    currentTitle: 'Analyst',
    currentEmployer: 'Babbage Ltd',
    email: { found: true, value: email, at },
    phone: { found: true, value: '+44 20 7946 0000', at },
    updatedAt: at,
  };
};

/** Pictures of the page at 320 and 400 px, light and dark, when TRUST_SHOTS names a folder (for looking at). */
async function shoot(page: Page, state: string) {
  const dir = process.env.TRUST_SHOTS;
  if (!dir) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [320, 400]) {
      await page.setViewportSize({ width, height: 700 });
      await page.screenshot({ path: `${dir}/${state}-${width}-${scheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('an email flagged wrong is struck with who and when, filtered, left out of the export unless included, and the flag taken back', async ({
  background,
  openExtensionPage,
}) => {
  const ada = person('ada-lovelace', 'Ada Lovelace', 'ada.lovelace@example.com');
  const grace = person('grace-okafor', 'Grace Okafor', 'grace@example.org');
  await background.evaluate(
    `(async () => { ${PUT_RECORDS}; await putRecords(${JSON.stringify([ada, grace])}); })()`,
  );
  const page = await openExtensionPage('contacts.html');
  await page.getByRole('button', { name: 'Ada Lovelace', exact: true }).click();
  const card = page.getByRole('article', { name: 'Revealed contact' });

  await card.getByText('Something wrong?').click();
  await expect(card.getByRole('radio', { name: 'Wrong email' })).toBeChecked();
  await card.getByLabel('Note (optional)').fill('bounced');
  await shoot(page, 'flag-form');
  await card.getByRole('button', { name: 'Flag it: wrong email' }).click();

  // Struck through, with who and when, in the card and (once the card is closed, the row then showing the address)
  // in the row.
  const note = card.locator('[data-flag="email"]');
  await expect(note).toContainText(/Flagged wrong by you, \d{1,2} [A-Z][a-z]{2}/);
  await expect(note).toContainText('“bounced”');
  await expect(card.locator('.hero[data-item="email"] s')).toHaveText('ada.lovelace@example.com');
  const name = page.getByRole('button', { name: 'Ada Lovelace', exact: true });
  await name.click();
  await expect(
    page.locator('.library-row', { hasText: 'Ada Lovelace' }).locator('.library-value s'),
  ).toHaveText('ada.lovelace@example.com');
  await name.click();
  // Not offered again while it stands.
  await card.getByText('Something wrong?').click();
  await expect(card.getByRole('radio', { name: 'Wrong email' })).toHaveCount(0);
  await card.getByText('Something wrong?').click();
  await expectAccessible(page, 'library with an email flagged wrong');
  await expectPlainWords(page, 'library with an email flagged wrong');
  await shoot(page, 'flagged-email');

  // The filter, once every contact is read.
  await page.getByLabel('Show').selectOption({ label: 'Flagged wrong' });
  await expect(page.locator('.library-row .library-name')).toHaveText(['Ada Lovelace']);
  await page.getByLabel('Show').selectOption({ label: 'All contacts' });

  // The exports say the flagged data is left out, and leave it out; included when the user ticks it.
  const exportCsv = page.getByRole('button', { name: 'Export CSV · flagged left out' });
  let download = page.waitForEvent('download');
  await exportCsv.click();
  let csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv).not.toContain('ada.lovelace@example.com');
  expect(csv).toContain('grace@example.org');
  await page.getByLabel('Include data flagged wrong').check();
  download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV · flagged included' }).click();
  csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv).toContain('ada.lovelace@example.com');

  // Taken back: said as visibly, and the email is whole again.
  await card.getByRole('button', { name: 'Take the flag back' }).click();
  await expect(note).toContainText(/Flag taken back by you, \d{1,2} [A-Z][a-z]{2}/);
  await expect(card.locator('.hero[data-item="email"] s')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export CSV', exact: true })).toBeVisible();
});

test('an email bought from the popup and flagged wrong there is in the usage page’s dispute report, with its 3 credits and ledger entry', async ({
  connect,
  context,
  openExtensionPage,
  tabIdOf,
}) => {
  const ada = DEMO_PROFILES.full;
  await connect();
  const { tabId } = await openTab({ context, tabIdOf }, `${ada.social_url}/`);
  const popup = await openPopupFor(openExtensionPage, tabId);
  await popup.getByRole('button', { name: 'Reveal', exact: true }).click();
  const card = popup.getByRole('article', { name: 'Revealed contact' });
  await expect(card.getByRole('link', { name: ada.personal_email! })).toBeVisible();
  await card.getByText('Something wrong?').click();
  await card.getByRole('button', { name: 'Flag it: wrong email' }).click();
  await expect(card.locator('[data-flag="email"]')).toContainText('Flagged wrong by you');
  await shoot(popup, 'popup-flagged');

  const usage = await openExtensionPage('usage.html');
  await expect(usage.getByTestId('dispute-total')).toHaveText('3 credits for 1 item');
  await expect(usage.getByTestId('dispute-rows')).toContainText('Wrong email');
  await expectAccessible(usage, 'usage with a charge for data flagged wrong');
  await expectPlainWords(usage, 'usage with a charge for data flagged wrong');
  await shoot(usage, 'usage-dispute');
  const download = usage.waitForEvent('download');
  await usage.getByRole('button', { name: 'Download the report (CSV)' }).click();
  const lines = readFileSync(await (await download).path(), 'utf8').split('\r\n');
  const charges = (
    (await usage.evaluate(`(async () => { ${STORED_LEDGER}; return storedLedger(); })()`)) as Array<{
      id: string;
      kind: string;
    }>
  ).filter((entry) => entry.kind === 'charge');
  expect(charges).toHaveLength(1);
  const entry = charges[0];
  expect(lines[1]!.split(',')).toEqual([
    expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
    ada.name,
    ada.social_url,
    'Personal email',
    '3',
    entry!.id,
    'Wrong email',
    'you',
    expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
  ]);
});

test('a held person whose profile page shows a new employer: the popup, the library’s filter and the CSV say so, and Update in Lever tells Lever, for free', async ({
  background,
  connect,
  context,
  openExtensionPage,
  tabIdOf,
  vendors,
}) => {
  const grace = {
    ...person('grace-okafor', 'Grace Okafor', 'grace@example.org'),
    currentTitle: 'Nurse',
    currentEmployer: 'Brightpath',
  };
  const wei = person('wei-chen', 'Wei Chen', 'wei@example.org');
  await background.evaluate(
    `(async () => { ${PUT_RECORDS}; await putRecords(${JSON.stringify([grace, wei])}); })()`,
  );
  const { tabId } = await openTab({ context, tabIdOf }, `${grace.socialUrl}/`, {
    pattern: `${grace.socialUrl}/**`,
    html: demoProfilePage('Grace Okafor', 'Charge Nurse at Arbor Health', 'Boston, MA'),
  });
  const popup = await openPopupFor(openExtensionPage, tabId);
  await expect(popup.getByTestId('job-change')).toHaveText(
    /^Now Charge Nurse at Arbor Health, seen on LinkedIn \d{1,2} [A-Z][a-z]{2}$/,
  );
  await expectPlainWords(popup, 'popup with a job change seen');
  await shoot(popup, 'popup-job-change');

  const library = await openExtensionPage('contacts.html');
  await library.getByLabel('Show').selectOption({ label: 'Changed since revealed' });
  await expect(library.locator('.library-row .library-name')).toHaveText(['Grace Okafor']);
  const download = library.waitForEvent('download');
  await library.getByRole('button', { name: 'Export CSV' }).click();
  const [header, row] = readFileSync(await (await download).path(), 'utf8').split('\r\n');
  expect(header).toMatch(/,Now \(seen on LinkedIn\),Seen on$/);
  expect(row).toMatch(/,Charge Nurse at Arbor Health,\d{4}-\d\d-\d\d$/);

  // Sent to Lever, then updated there: Lever changes no headline through its API, so the new job is a note on the
  // record (src/send/destinations/lever.ts says where the reference says so).
  await addDestinations(await connect(), vendors, ['lever']);
  await library.getByLabel('Show').selectOption({ label: 'All contacts' });
  await library.getByRole('button', { name: 'Grace Okafor', exact: true }).click();
  const card = library.getByRole('article', { name: 'Revealed contact' });
  await card.getByRole('button', { name: 'Send to Lever' }).click();
  await expect(card.getByTestId('send-to').getByRole('status')).toHaveText('Added to Lever.');
  await expectAccessible(library, 'library, a job change to update in Lever');
  await shoot(library, 'library-job-change-lever');
  await card.getByRole('button', { name: 'Update in Lever' }).click();
  await expect(card.getByTestId('job-update')).toHaveText(
    /^Lever updated with the new job · \d{1,2} [A-Z][a-z]{2}$/,
  );
  expect(vendors.lever.opportunities).toHaveLength(1);
  expect(vendors.lever.opportunities[0]!.notes?.map((n) => n.value)).toEqual([
    expect.stringMatching(
      /^Job change seen on LinkedIn on \d{1,2} [A-Z][a-z]{2} \d{4}: now Charge Nurse at Arbor Health \(was Nurse at Brightpath\)\. Added by Candidate Lens\.$/,
    ),
  ]);
  await expectAccessible(library, 'library, a job change updated in Lever');
  await expectPlainWords(library, 'library, a job change updated in Lever');
  await shoot(library, 'library-job-update');
});

test('an email held for 13 months says when it was bought and offers Check again at its price: clicked, charged once, dated anew', async ({
  background,
  connect,
  context,
  openExtensionPage,
  tabIdOf,
}) => {
  const ada = DEMO_PROFILES.full;
  await connect();
  const bought = new Date();
  bought.setMonth(bought.getMonth() - 13);
  // Her phone was added three weeks ago: the record changed since, so retention (counted from the last change: 30
  // days for a contact in the UK or of unknown location never sent, 365 by default) keeps it, while the email itself
  // is 13 months old.
  const added = new Date(Date.now() - 21 * 86_400_000).toISOString();
  const old = {
    ...person('ada-lovelace-demo', ada.name!, 'ada.old@example.com'),
    key: ada.social_url,
    socialUrl: ada.social_url,
    email: { found: true, value: 'ada.old@example.com', at: bought.toISOString() },
    phone: { found: true, value: '+44 20 7946 0000', at: added },
    updatedAt: added,
  };
  await background.evaluate(
    `(async () => { ${PUT_RECORDS}; await putRecords(${JSON.stringify([old])}); })()`,
  );
  const { tabId } = await openTab({ context, tabIdOf }, `${ada.social_url}/`);
  const popup = await openPopupFor(openExtensionPage, tabId);
  const card = popup.getByRole('article', { name: 'Revealed contact' });
  const year = String(bought.getFullYear());
  await expect(card.locator('.hero[data-item="email"] .label')).toHaveText(
    new RegExp(`^Email · Revealed \\d{1,2} [A-Z][a-z]{2} ${year}$`),
  );
  const check = popup.getByRole('button', { name: 'Check again · up to 3 credits' });
  await expect(check).toBeEnabled();
  await expectAccessible(popup, 'popup offering Check again');
  await expectPlainWords(popup, 'popup offering Check again');
  await shoot(popup, 'popup-check-again');

  await check.click();
  await expect(card.getByRole('link', { name: ada.personal_email! })).toBeVisible();
  await expect(card.locator('.hero[data-item="email"] .label')).toHaveText(
    /^Email · Revealed \d{1,2} [A-Z][a-z]{2}$/,
  );
  await expect(check).toHaveCount(0);
  await shoot(popup, 'popup-checked-again');
  const charges = (
    (await background.evaluate(`(async () => { ${STORED_LEDGER}; return storedLedger(); })()`)) as Array<{
      kind: string;
      credits: number;
      items: string[];
    }>
  ).filter((entry) => entry.kind === 'charge');
  expect(charges).toMatchObject([{ credits: 3, items: ['email'] }]);
});
