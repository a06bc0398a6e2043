import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { expectPlainWords } from './plain-words';

const DOWN = "Can't reach the candidate service right now";

/** A search for registered nurses typed in the panel's filters, ten a page. */
async function typeNurses(panel: Page): Promise<void> {
  await panel.getByLabel('Job titles').fill('Registered Nurse');
  await panel.getByLabel('Job titles').press('Enter');
  await panel.getByLabel('Page size').selectOption('10');
}

/** The panel's state checked in light and dark at 320 and 400 px (screenshots when SHOTS names a folder). */
async function checkState(panel: Page, state: string): Promise<void> {
  for (const width of [320, 400]) {
    await panel.setViewportSize({ width, height: 800 });
    if (process.env.SHOTS) {
      for (const scheme of ['light', 'dark'] as const) {
        await panel.emulateMedia({ colorScheme: scheme });
        const name = state.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
        await panel.screenshot({ path: `${process.env.SHOTS}/panel-${name}-${scheme}-${width}.png` });
      }
      await panel.emulateMedia({ colorScheme: 'light' });
    }
  }
  await expectAccessible(panel, state);
  await expectPlainWords(panel, state);
}

test('the service down when the side panel opens: said at the top, Search not offered, Retry once it is back', async ({
  connect,
  openExtensionPage,
  sim,
}) => {
  await connect();
  await sim.admin('faults', { down: true });
  const panel = await openExtensionPage('sidepanel.html');
  const notice = panel.getByTestId('service-down');
  await expect(notice).toContainText(DOWN);
  await typeNurses(panel);
  const search = panel.getByRole('button', { name: 'Search · 1 credit' });
  await expect(search).toBeDisabled();
  await expect(search).toHaveAttribute('aria-describedby', 'service-down');
  await expect(panel.getByText(DOWN)).toHaveCount(1);
  await checkState(panel, 'the service out of reach on opening');

  await sim.admin('faults', { down: false });
  await notice.getByRole('button', { name: 'Retry' }).click();
  await expect(notice).toHaveCount(0);
  await expect(search).toBeEnabled();
  await search.click();
  await expect(panel.locator('.result-card')).toHaveCount(10);
  expect(await sim.requests('/v1/search')).toHaveLength(1);
});

test('a search the service did not answer: never shown as a charge, no Options; once it is back, what it cost, then Retry', async ({
  openSearchPanel,
  sim,
}) => {
  const panel = await openSearchPanel();
  await typeNurses(panel);
  await sim.admin('faults', { down: true });
  await panel.getByRole('button', { name: 'Search · 1 credit' }).click();

  const problem = panel.getByTestId('search-no-answer');
  await expect(problem).toContainText('The search got no answer');
  await expect(problem).toContainText('Nothing is known to be charged for it');
  await expect(panel.getByTestId('service-down')).toContainText(DOWN);
  await expect(panel.getByText(/may have (been )?charged/i)).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Open Options' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Search · 1 credit' })).toBeDisabled();
  await checkState(panel, 'a search with no answer, the service out of reach');

  await sim.admin('faults', { down: false });
  await panel.getByTestId('service-down').getByRole('button', { name: 'Retry' }).click();
  await expect(panel.getByTestId('service-down')).toHaveCount(0);
  // Settled once the service could no longer be finishing the call: said once, then Retry at its price.
  await expect(problem).toContainText('It was not charged.', { timeout: 30_000 });
  await expect(problem).toHaveAttribute('role', 'status');
  await checkState(panel, 'a search with no answer, settled');
  await problem.getByRole('button', { name: 'Retry · 1 credit' }).click();
  await expect(panel.locator('.result-card')).toHaveCount(10);
  await expect(problem).toHaveCount(0);
  expect(await sim.requests('/v1/search')).toHaveLength(1);
  expect(await sim.balance()).toBe(9_999);
});
