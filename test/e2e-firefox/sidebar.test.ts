/**
 * The side panel in Firefox, where it is the sidebar (`sidebar_action`): a search saved by name, a row reveal, CSV
 * export through Firefox's download flow, and the sidebar opened by a click in the popup.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CSV_HEADER } from '../../src/ui/sidepanel/export-csv';
import { EXTENSION_ORIGIN, expect, test } from './fixtures';

const ROWS = '.result-card';

test('search, save it, reveal a row (cost first, charged once), then Export CSV downloads the rows with the email', async ({
  connect,
  openExtensionPage,
  ff,
  sim,
  workDir,
}) => {
  await connect();
  await openExtensionPage('sidepanel.html');
  await ff.fillLabelled('Job titles', 'Registered Nurse');
  await ff.click('#page-size option[value="25"]');
  await ff.clickButton('Search · 1 credit');
  await ff.until('25 result rows', async () => (await ff.findAll(ROWS)).length === 25);
  expect((await sim.requests('/v1/search')).map((r) => r.body?.page_size)).toEqual([25]);
  // Saved the moment the results show: the save waits for the search to finish its bookkeeping.
  await ff.fillLabelled('Search name', 'Nurses');
  await ff.clickButton('Save search');
  await ff.textMatching('.search-actions', /Saved as "Nurses"\./);
  await ff.textMatching('ul.saved', /Nurses/);

  const name = await ff.text(`${ROWS}:first-child .name`);
  const before = await sim.balance();
  await ff.clickButton(`Reveal · up to 3 credits: ${name}`);
  await ff.textMatching(`${ROWS}:first-child`, /email ✓/);
  expect(await ff.isEnabled({ xpath: `//button[@aria-label=${JSON.stringify(`Held: ${name}`)}]` })).toBe(
    false,
  );
  expect(before - (await sim.balance())).toBe(3);
  const href = await ff.attribute(`${ROWS}:first-child .name a`, 'href');
  expect((await sim.requests('/v1/lookup')).map((r) => r.body)).toEqual([
    { social_url: href, reveal_personal_email: true },
  ]);
  const email = await ff.text('article[aria-label="Revealed contact"] [data-item="email"] a');
  expect(email).toContain('@');

  await ff.clickButton('Export CSV');
  const downloads = join(workDir, 'downloads');
  const file = await ff.until('the CSV download', async () =>
    readdirSync(downloads).find((f) => /^candidates-\d{4}-\d{2}-\d{2}\.csv$/.test(f)),
  );
  const bytes = await ff.until('the CSV to be written', async () => {
    const content = readFileSync(join(downloads, file));
    return content.length > 0 && content;
  });
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe(CSV_HEADER.join(','));
  expect(lines).toHaveLength(1 + 25 + 1);
  expect(lines.find((line) => line.includes(href!))).toContain(`,${email},`);
});

test('the sidebar is the side panel, and "Open search" in the popup opens it', async ({
  connect,
  openExtensionPage,
  inExtension,
  ff,
}) => {
  expect(await inExtension('return browser.sidebarAction.getPanel({})')).toBe(
    `${EXTENSION_ORIGIN}/sidepanel.html`,
  );
  await connect();
  await openExtensionPage('popup.html');
  expect(await inExtension('return browser.sidebarAction.isOpen({})')).toBe(false);
  await ff.clickButton('Open search');
  await ff.until('the sidebar to open', () =>
    inExtension<boolean>('return browser.sidebarAction.isOpen({})'),
  );
});
