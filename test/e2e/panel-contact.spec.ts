import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { revealByUrl } from '../support/reveal-by-url';
import { expect, test, type WorkerGlobals } from './fixtures';

const ADA = DEMO_PROFILES.full;

// What the "Reveal contact" menu leaves for the side panel (the click handler itself is unit-tested with WXT's fake
// browser: Playwright cannot click Chromium's native context menus).
test('the side panel shows the contact a menu reveal focused, and goes back to search', async ({
  connect,
  openExtensionPage,
  background,
}) => {
  await connect();
  await revealByUrl(openExtensionPage, ADA.social_url);

  await background.evaluate(async (vaultKey) => {
    const { chrome } = globalThis as unknown as WorkerGlobals & {
      chrome: { storage: { local: { set(items: object): Promise<void> } } };
    };
    await chrome.storage.local.set({
      'panel-focus': { kind: 'contact', vaultKey, at: new Date().toISOString() },
    });
  }, ADA.social_url);

  const panel = await openExtensionPage('sidepanel.html');
  await expect(panel.getByRole('heading', { name: ADA.name })).toBeVisible();
  await expect(panel.getByRole('link', { name: ADA.personal_email! })).toHaveAttribute(
    'href',
    `mailto:${ADA.personal_email}`,
  );
  await expect(panel.getByTestId('charged')).toContainText('Charged 3 ·');
  await panel.getByRole('button', { name: 'Back to search' }).click();
  await expect(panel.getByRole('tab', { name: 'Filters' })).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Search', exact: true })).toBeFocused();
});

test('a refusal before any request is told in the panel, with the way to fix it', async ({
  openExtensionPage,
  background,
  sim,
}) => {
  await background.evaluate(async (vaultKey) => {
    const { chrome } = globalThis as unknown as {
      chrome: { storage: { local: { set(items: object): Promise<void> } } };
    };
    await chrome.storage.local.set({
      'panel-focus': {
        kind: 'contact',
        vaultKey,
        at: new Date().toISOString(),
        problem: 'No API key is saved yet. Enter your API key in Options.',
      },
    });
  }, ADA.social_url);
  const panel = await openExtensionPage('sidepanel.html');
  await expect(panel.getByRole('alert')).toContainText('Not revealed: nothing was sent');
  await expect(panel.getByRole('button', { name: 'Open Options' })).toBeVisible();
  expect(await sim.requests()).toEqual([]);
});
