import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { expectPlainWords } from './plain-words';

test('a row reveal with no readable answer is checked against the balance, and asking again is its own choice', async ({
  openSearchPanel,
  sim,
}) => {
  const panel = await openSearchPanel();
  await panel.getByLabel('Job titles').fill('Registered Nurse');
  await panel.getByLabel('Page size').selectOption('10');
  await panel.getByRole('button', { name: 'Search · 1 credit' }).click();
  await expect(panel.locator('.result-card')).toHaveCount(10);
  const row = panel.locator('.result-card').first();
  const name = (await row.locator('.name').textContent()) ?? '';

  // The service's answer is cut off mid-way: the extension cannot tell whether the lookup was charged.
  await sim.admin('faults', { malformed: 1, path: '/v1/lookup' });
  await row.getByRole('button', { name: `Reveal · up to 3 credits: ${name}` }).click();
  const cutOff = row.getByTestId('cut-off');
  await expect(cutOff).toContainText(
    'The last reveal got no answerThe reveal of personal email is not charged so far; checking again shortly.',
  );
  // Said once: no second error for the same call.
  await expect(row.getByRole('alert')).toHaveCount(1);
  expect(await sim.requests('/v1/lookup')).toHaveLength(1);
  await expectAccessible(panel, 'side panel row after a reveal with no answer');
  await expectPlainWords(panel, 'side panel row after a reveal with no answer');

  // Asking again is a separate, priced button, sent only on its click.
  const again = row.getByRole('button', { name: `Reveal again · up to 3 credits: ${name}` });
  await expect(again).toBeEnabled();
  await again.click();
  await expect(row.locator('[data-item=email] a')).toBeVisible();
  await expect(cutOff).toHaveCount(0);
  expect(await sim.requests('/v1/lookup')).toHaveLength(2);
  expect(await sim.balance()).toBe(9_996);
});
