import { expect, test } from './fixtures';

test('a bulk reveal started from the bar at the bottom of a long list brings its progress, then its receipt, into view', async ({
  openSearchPanel,
  sim,
}) => {
  const panel = await openSearchPanel();
  await panel.setViewportSize({ width: 400, height: 700 });
  await panel.getByLabel('Job titles').fill('Registered Nurse');
  await panel.getByLabel('Page size').selectOption('25');
  await panel.getByRole('button', { name: 'Search · 1 credit' }).click();
  await expect(panel.locator('.result-card')).toHaveCount(25);
  // The first fifteen lookups take 5 s, and the job cannot end before they answer: its progress is there to be
  // seen, and left, however slow the machine; the rest answer at once once that is done.
  await sim.admin('faults', { latencyMs: 5_000, path: '/v1/lookup' });
  await panel.locator('.result-card').last().scrollIntoViewIfNeeded();
  await panel.getByRole('button', { name: 'Select all on this page' }).click();
  const start = panel.getByRole('button', { name: 'Reveal 25 contacts, up to 75 credits' });
  await start.click();

  const title = panel.locator('#bulk-job-title');
  await expect(title).toHaveText('Bulk reveal');
  await expect(title).toBeInViewport();
  await expect(title).toBeFocused();
  await expect(panel.getByRole('button', { name: 'Pause' })).toBeInViewport();
  await expect(panel.getByRole('button', { name: 'Cancel' })).toBeInViewport();

  // The recruiter goes back down the list; the receipt is brought into view when the job ends.
  await panel.locator('.result-card').last().scrollIntoViewIfNeeded();
  await expect(title).not.toBeInViewport();
  await expect(title).toHaveText('Bulk reveal');
  await sim.admin('faults', { latencyMs: 0, path: '/v1/lookup' });
  await expect(title).toHaveText('Bulk reveal finished', { timeout: 30_000 });
  await expect(title).toBeInViewport();
});
