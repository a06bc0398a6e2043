import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { expectPlainWords } from './plain-words';

test('a new search that fails keeps the results already paid for: one free click brings them back', async ({
  openSearchPanel,
  sim,
}) => {
  const panel = await openSearchPanel();
  const titles = panel.getByLabel('Job titles');
  await titles.fill('Registered Nurse');
  await titles.press('Enter');
  await panel.getByLabel('Page size').selectOption('10');
  await panel.getByRole('button', { name: 'Search · 1 credit' }).click();
  await expect(panel.locator('.result-card')).toHaveCount(10);
  const firstName = await panel.locator('.result-card .name').first().textContent();
  const count = await panel.getByTestId('result-count').textContent();

  // The service fails every attempt of the next search.
  await sim.admin('faults', { fail500: 3, path: '/v1/search' });
  await panel.getByRole('button', { name: 'Edit search' }).click();
  await panel.getByLabel('Skills').fill('Pediatrics');
  await panel.getByLabel('Skills').press('Enter');
  await panel.getByRole('button', { name: 'Search · 1 credit' }).click();
  await expect(panel.getByRole('alert')).toBeVisible();
  await expect(panel.locator('.result-card')).toHaveCount(0);
  // What was typed for the new search stays in the form, to try again.
  await expect(panel.getByRole('button', { name: /Pediatrics/ }).first()).toBeVisible();
  const back = panel.getByRole('button', { name: 'Back to the earlier results' });
  await expect(back).toBeVisible();
  await expectAccessible(panel, 'side panel: a new search failed, the earlier results kept');
  await expectPlainWords(panel, 'side panel: a new search failed, the earlier results kept');

  const sent = (await sim.requests('/v1/search')).length;
  const balance = await sim.balance();
  await back.click();
  await expect(panel.locator('.result-card')).toHaveCount(10);
  await expect(panel.locator('.result-card .name').first()).toHaveText(firstName!);
  await expect(panel.getByTestId('result-count')).toHaveText(count!);
  await expect(back).toHaveCount(0);
  expect(await sim.requests('/v1/search')).toHaveLength(sent);
  expect(await sim.balance()).toBe(balance);
});
