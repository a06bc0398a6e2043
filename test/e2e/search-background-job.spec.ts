import type { Page } from '@playwright/test';
import { test as base, expect, stopServiceWorker } from './fixtures';

/** Connects, and starts a search for nurses that the simulator answers after `latencyMs`; returns the panel. */
const test = base.extend<{ startSlowSearch: (latencyMs: number) => Promise<Page> }>({
  startSlowSearch: async ({ connect, openExtensionPage, sim }, use) => {
    await use(async (latencyMs) => {
      await connect();
      await sim.admin('faults', { latencyMs, path: '/v1/search' });
      const panel = await openExtensionPage('sidepanel.html');
      const titles = panel.getByLabel('Job titles');
      await titles.fill('Nurse');
      await titles.press('Enter');
      await panel.getByRole('button', { name: 'Search · 1 credit' }).click();
      await expect(panel.getByText('Searching…')).toBeVisible();
      return panel;
    });
  },
});

test('closing the side panel during a slow search loses nothing, and it is paid once', async ({
  startSlowSearch,
  openExtensionPage,
  sim,
}) => {
  const panel = await startSlowSearch(1500);
  // Still in flight when the page goes: the simulator has not answered yet.
  expect((await sim.requests('/v1/search')).filter((r) => r.status === 200)).toEqual([]);
  await panel.close();

  await expect
    .poll(async () => (await sim.requests('/v1/search')).filter((r) => r.status === 200).length, {
      timeout: 10_000,
    })
    .toBe(1);

  const reopened = await openExtensionPage('sidepanel.html');
  await expect(reopened.getByTestId('result-count')).toHaveText(/^[\d,]+ candidates · showing 1–\d+$/);
  const [, total, last] = /^([\d,]+) candidates · showing 1–(\d+)$/.exec(
    (await reopened.getByTestId('result-count').textContent()) ?? '',
  )!;
  const shown = Number(last);
  expect(Number(total!.replace(/,/g, ''))).toBeGreaterThanOrEqual(shown);
  // The simulator holds hundreds of nurses: a full first page of the default size (50).
  expect(shown).toBe(50);
  const rows = reopened.locator('.result-card');
  await expect(rows).toHaveCount(shown);
  await expect(rows.first()).toContainText(/nurse/i);
  await expect(reopened.getByText('Searching…')).toHaveCount(0);
  await expect(reopened.getByTestId('page-cost')).toHaveText('This page cost 1 credit.');
  await expect(reopened.getByTestId('balance')).toHaveText('Balance: 9,999 credits');

  const searches = await sim.requests('/v1/search');
  expect(searches).toHaveLength(1);
  expect(searches[0]!.status).toBe(200);
  expect(searches[0]!.charged).toBe(1);
  expect(searches[0]!.body).toEqual({
    search_criteria: { current_title: ['Nurse'] },
    page_size: 50,
    start: 1,
    include_similar_titles: false,
  });
  expect(await sim.balance()).toBe(9_999);
});

test('a search whose service worker was stopped is shown cut off in the panel, not as still searching', async ({
  startSlowSearch,
  context,
}) => {
  const panel = await startSlowSearch(4000);
  await stopServiceWorker(context);
  await expect(panel.getByText('The extension stopped during this search')).toBeVisible({ timeout: 10_000 });
  await expect(panel.getByText('Searching…')).toHaveCount(0);
});
