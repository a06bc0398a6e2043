/**
 * The side panel in Firefox, where it is the sidebar (`sidebar_action`). In a tab: a search saved by name, a row
 * reveal, CSV export through Firefox's download flow. In the real sidebar, opened by a click in the popup: a search
 * and a reveal, and rows that fit its width.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CSV_HEADER } from '../../src/ui/sidepanel/search/export-csv';
import type { Driver } from './driver';
import { EXTENSION_ORIGIN, expect, test } from './fixtures';
import { enterSidebar, setSidebarWidth } from './sidebar-panel';

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
  // Beside the results' heading: "Save search…" opens its name field.
  await ff.clickButton('Save search…');
  await ff.fillLabelled('Search name', 'Nurses');
  await ff.clickButton('Save search');
  await ff.textMatching('.list-tools', /Saved as "Nurses"\./);
  await ff.textMatching('ul.saved', /Nurses/);

  const name = await ff.text(`${ROWS}:first-child .name`);
  const before = await sim.balance();
  await ff.clickButton(`Reveal · up to 3 credits: ${name}`);
  // Once held, the row shows the email itself, and no Reveal button.
  await ff.textMatching(`${ROWS}:first-child [data-item="email"]`, /@/);
  await ff.until(
    'no Reveal button once held',
    async () => (await ff.findAll(`${ROWS}:first-child button.reveal`)).length === 0,
  );
  expect(before - (await sim.balance())).toBe(3);
  const href = await ff.attribute(`${ROWS}:first-child .name a`, 'href');
  expect((await sim.requests('/v1/lookup')).map((r) => r.body)).toEqual([
    { social_url: href, reveal_personal_email: true },
  ]);
  const email = await ff.text(`${ROWS}:first-child [data-item="email"] a`);
  expect(email).toContain('@');

  await ff.click('.export-menu summary');
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

test('"Open search" in the popup opens the sidebar; in it, at its own width and at 320 px, a search costs its quote and lists rows that fit, each with Reveal in view', async ({
  connect,
  openExtensionPage,
  inExtension,
  ff,
  sim,
}) => {
  const sidepanel = `${EXTENSION_ORIGIN}/sidepanel.html`;
  expect(await inExtension('return browser.sidebarAction.getPanel({})')).toBe(sidepanel);
  await connect();
  await openExtensionPage('popup.html');
  expect(await inExtension('return browser.sidebarAction.isOpen({})')).toBe(false);
  await ff.clickButton('Open search');
  await ff.until('the sidebar to open', () =>
    inExtension<boolean>('return browser.sidebarAction.isOpen({})'),
  );

  // From here on every command goes to the page in the sidebar, at the width Firefox gave the sidebar.
  const ownWidth = await enterSidebar(ff, sidepanel);
  expect(await ff.url()).toBe(sidepanel);
  expect(await ff.execute<number>('return window.innerWidth')).toBe(ownWidth);
  // Before any search, the form fits Firefox's default sidebar width too.
  expect(
    await ff.execute<number>(
      'return document.documentElement.scrollWidth - document.documentElement.clientWidth',
    ),
    `horizontal scroll of the search form at ${ownWidth} px`,
  ).toBe(0);
  await ff.fillLabelled('Job titles', 'Registered Nurse');
  const before = await sim.balance();
  await ff.clickButton('Search · 1 credit');
  await ff.textMatching('[data-testid=page-cost]', /^This page cost 1 credit\.$/);
  const [search] = await sim.requests('/v1/search');
  await ff.until(
    'a full page of rows',
    async () => (await ff.findAll(ROWS)).length === search?.body?.page_size,
  );
  expect(before - (await sim.balance())).toBe(1);
  await expectRowsFit(ff, ownWidth);
  await setSidebarWidth(ff, 320);
  await expectRowsFit(ff, 320);

  // A row's Reveal, clicked in the sidebar: its quote, then that charge.
  const name = await ff.text(`${ROWS}:first-child .name`);
  const beforeReveal = await sim.balance();
  await ff.clickButton(`Reveal · up to 3 credits: ${name}`);
  await ff.textMatching(`${ROWS}:first-child [data-item="email"]`, /@/);
  expect(beforeReveal - (await sim.balance())).toBe(3);
  expect(await sim.requests('/v1/lookup')).toHaveLength(1);
});

/**
 * The sidebar's page does not scroll sideways at `width`, and every result row, with its Reveal button, lies within
 * it; WebDriver also deems each Reveal displayed.
 */
async function expectRowsFit(ff: Driver, width: number) {
  const layout = await ff.execute<{ overflow: number; outside: string[] }>(
    `
    const page = document.documentElement;
    const within = (r) => r.width > 0 && r.left >= 0 && r.right <= page.clientWidth;
    const outside = [...document.querySelectorAll(arguments[0])]
      .filter((row) => !within(row.getBoundingClientRect()) || !within(row.querySelector('.reveal').getBoundingClientRect()))
      .map((row) => row.querySelector('.name').textContent);
    return { overflow: page.scrollWidth - page.clientWidth, outside };
  `,
    ROWS,
  );
  expect(layout.overflow, `horizontal scroll at ${width} px`).toBe(0);
  expect(layout.outside, `rows or Reveal buttons outside the sidebar at ${width} px`).toEqual([]);
  const reveals = await ff.findAll(`${ROWS} .reveal`);
  expect(reveals.length).toBeGreaterThan(0);
  for (const reveal of reveals)
    expect(await ff.isDisplayed(reveal), `Reveal displayed at ${width} px`).toBe(true);
}
