/**
 * Lists that work at a glance: compact rows (a revealed row shows its email and phone, each with a copy icon, in at
 * most ~88 px at 400 px wide), the list's actions in a bar that stays in view, no paging for a single page, and a
 * bulk receipt with its next steps that fits 320 px.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { checkState, expectFits, searchNurses } from './panel-checks';

const heightOf = async (page: Page, selector: string) =>
  (await page.locator(selector).first().boundingBox())?.height ?? Number.POSITIVE_INFINITY;

test('a revealed row shows the email and phone with copy icons in at most 88 px at 400 px; the bar stays in view', async ({
  openSearchPanel,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const panel = await openSearchPanel();
  await panel.setViewportSize({ width: 400, height: 700 });
  await searchNurses(panel);
  await panel.getByRole('group', { name: 'Reveal from results' }).getByLabel('Mobile phone').check();
  const rows = panel.locator('.result-card');
  // A row whose person has both: reveal rows until one shows a phone.
  let revealed = -1;
  for (let i = 0; i < 10 && revealed < 0; i++) {
    const name = (await rows.nth(i).locator('.name').textContent()) ?? '';
    await rows
      .nth(i)
      .getByRole('button', { name: new RegExp(`^Reveal · up to \\d+ credits: ${name}$`) })
      .click();
    await expect(rows.nth(i).locator('.held')).toBeVisible();
    if ((await rows.nth(i).locator('[data-item=phone] a').count()) > 0) revealed = i;
  }
  expect(revealed, 'a nurse with an email and a phone').toBeGreaterThanOrEqual(0);
  const row = rows.nth(revealed);
  await expect(row.locator('[data-item=email] a')).toHaveText(/@/);
  await expect(row.getByRole('button', { name: 'Copy email' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Copy phone' })).toBeVisible();
  // Nothing left to ask: no disabled "Revealed" button, the contact itself.
  await expect(row.getByRole('button', { name: /^Revealed/ })).toHaveCount(0);
  const box = await row.boundingBox();
  test.info().annotations.push({ type: 'revealed row height at 400 px', description: `${box?.height} px` });
  test.info().annotations.push({
    type: 'unrevealed row height at 400 px',
    description: `${await heightOf(panel, '.result-card:not(:has(.held))')} px`,
  });
  // ~88 px: measured to the whole pixel (sub-pixel line boxes make 88.08).
  expect(Math.round(box!.height), 'a revealed row at 400 px').toBeLessThanOrEqual(88);

  // The list's bar stays in view at the bottom while the rows scroll under it.
  await panel.evaluate(() => window.scrollTo(0, 0));
  const bar = panel.getByRole('region', { name: 'Selection and list actions' });
  await expect(bar).toBeInViewport();
  await expect(bar.getByRole('button', { name: 'Export CSV' })).toBeInViewport();
  await expect(bar.getByRole('button', { name: 'Save search…' })).toBeInViewport();
  expect(await rows.last().evaluate((el) => el.getBoundingClientRect().top > window.innerHeight)).toBe(true);
  await checkState(panel, 'compact rows with a revealed row');

  // j and k move between rows; e copies the email of the row in focus.
  await panel.locator('h2#results-title').focus();
  for (let i = 0; i <= revealed; i++) await panel.keyboard.press('j');
  await expect(row).toBeFocused();
  await panel.keyboard.press('e');
  const email = await row.locator('[data-item=email] a').textContent();
  await expect.poll(() => panel.evaluate(() => navigator.clipboard.readText())).toBe(email);
  await panel.setViewportSize({ width: 320, height: 700 });
  await expectFits(panel, 320);
});

test('a single page has no paging controls', async ({ openSearchPanel, background }) => {
  const panel = await openSearchPanel();
  await background.evaluate(async () => {
    const at = new Date().toISOString();
    const profiles = [0, 1, 2].map((i) => ({
      id: `one-page-${i}`,
      name: `Person ${i}`,
      current_title: 'Registered Nurse',
      current_employer: 'Arbor Health',
      location: 'Boston, Massachusetts, United States',
      social_url: `https://www.linkedin.com/in/one-page-${i}`,
    }));
    const request = { search_criteria: { current_title: ['Registered Nurse'] }, page_size: 10 };
    const store = (
      globalThis as unknown as { chrome: { storage: { local: { set(o: object): Promise<void> } } } }
    ).chrome.storage.local;
    await store.set({
      search: {
        id: 'one-page',
        mode: 'filters',
        first: request,
        frozen: { ...request, include_similar_titles: false },
        understood: {},
        pageSize: 10,
        pages: [{ start: 1, profiles, total: 3, hasNext: false, nextStart: null, charged: 1, at }],
        currentStart: 1,
        status: 'done',
        startedAt: at,
      },
    });
  });
  await expect(panel.locator('.result-card')).toHaveCount(3);
  await expect(panel.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: /Next page|Previous page/ })).toHaveCount(0);
});

test('the bulk receipt offers its next steps and fits 320 px without breaking its headings', async ({
  openSearchPanel,
  context,
}) => {
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const panel = await openSearchPanel();
  await searchNurses(panel);
  await panel.getByRole('button', { name: 'Select all on this page' }).click();
  await panel.getByRole('button', { name: 'Reveal 10 contacts, up to 30 credits' }).click();
  const job = panel.getByTestId('bulk-job');
  await expect(job.getByRole('heading', { name: 'Bulk reveal finished' })).toBeVisible({ timeout: 20_000 });
  const emails = await panel.locator('.result-card [data-item=email] a').allTextContents();
  expect(emails.length).toBeGreaterThan(0);
  await job.getByRole('button', { name: `Copy the emails (${emails.length})` }).click();
  await expect.poll(() => panel.evaluate(() => navigator.clipboard.readText())).toBe(emails.join('\n'));
  const download = panel.waitForEvent('download');
  await job.getByRole('button', { name: 'Export what was revealed' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);
  await panel.setViewportSize({ width: 320, height: 800 });
  await expectFits(panel, 320);
  // Every column heading on one line.
  for (const th of await job.locator('.charges thead th').all()) {
    expect((await th.boundingBox())!.height).toBeLessThan(24);
  }
  await checkState(panel, 'bulk receipt with its next steps at 320 px');
});
