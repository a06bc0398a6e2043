import { expect, test } from './fixtures';
import { checkState, expectFits } from './panel-checks';

test('side panel results, quote, running job and receipt: no axe violations, plain words, fits 320 and 400 px', async ({
  openSearchPanel,
  sim,
}) => {
  test.setTimeout(90_000);
  const panel = await openSearchPanel();
  await checkState(panel, 'empty side panel');

  await panel.getByLabel('Page size').selectOption('25');
  const locations = panel.getByLabel('Locations');
  await locations.fill('Boston');
  await panel.getByLabel('Radius').fill('30');
  await locations.press('Enter');
  const titles = panel.getByLabel('Job titles');
  await titles.fill('Nurse');
  await titles.press('Enter');
  await panel.getByRole('button', { name: 'Search · 1 credit' }).click();
  await expect(panel.locator('.result-card').first()).toBeVisible();
  // The radius is said in words, never in the service's syntax.
  await expect(panel.getByText('within 30 mi', { exact: false }).first()).toBeVisible();
  await checkState(panel, 'search results');
  for (const width of [320, 400]) {
    await panel.setViewportSize({ width, height: 800 });
    await expectFits(panel, width);
  }

  await panel.getByRole('button', { name: 'Select all on this page' }).click();
  await expect(panel.getByTestId('bulk-quote')).toBeVisible();
  await checkState(panel, 'bulk quote');
  await expectFits(panel, 400);

  await sim.admin('faults', { latencyMs: 3000, path: '/v1/lookup' });
  await panel.getByRole('button', { name: /^Reveal \d+ contacts?, up to/ }).click();
  await expect(panel.getByTestId('bulk-count')).toBeVisible();
  await checkState(panel, 'bulk reveal running');
  await panel.getByRole('button', { name: 'Pause' }).click();
  await expect(panel.getByRole('heading', { name: 'Bulk reveal paused' })).toBeVisible({ timeout: 15_000 });
  await checkState(panel, 'bulk reveal paused');
  await sim.admin('faults', { latencyMs: 0, path: '/v1/lookup' });
  await panel.getByRole('button', { name: 'Resume' }).click();
  await expect(panel.getByRole('heading', { name: 'Bulk reveal finished' })).toBeVisible({ timeout: 20_000 });
  await checkState(panel, 'bulk reveal receipt');
  await panel.setViewportSize({ width: 320, height: 800 });
  await expectFits(panel, 320);
});
