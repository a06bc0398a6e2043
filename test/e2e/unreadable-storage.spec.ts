import type { Worker } from '@playwright/test';
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { expect, test } from './fixtures';
import { PUT_RECORDS } from './vault-db';

const ADA = DEMO_PROFILES.full;

/** Writes raw values to the extension's local storage, as a damaged profile or an old version could leave them. */
async function writeRaw(background: Worker, items: Record<string, unknown>): Promise<void> {
  await background.evaluate(async (values) => {
    const { chrome } = globalThis as unknown as {
      chrome: { storage: { local: { set(items: object): Promise<void> } } };
    };
    await chrome.storage.local.set(values);
  }, items);
}

async function readRaw(background: Worker, key: string): Promise<unknown> {
  return background.evaluate(async (k) => {
    const { chrome } = globalThis as unknown as {
      chrome: { storage: { local: { get(key: string): Promise<Record<string, unknown>> } } };
    };
    return (await chrome.storage.local.get(k))[k];
  }, key);
}

test('a stored contact that cannot be read is said so, kept, and asking again says it may charge', async ({
  connect,
  context,
  background,
  openExtensionPage,
  tabIdOf,
  sim,
}) => {
  await connect();
  // Held data the current version cannot read (a damaged record): the email was paid for.
  const damaged = { v: 1, key: ADA.social_url, email: { found: true, value: ADA.personal_email } };
  await background.evaluate(
    `(async () => { ${PUT_RECORDS}; await putRecords([${JSON.stringify(damaged)}]); })()`,
  );

  const profile = await context.newPage();
  await profile.goto(`${ADA.social_url}/`);
  const popup = await openExtensionPage(`popup.html?tabId=${await tabIdOf(profile)}`);
  await expect(popup.getByTestId('reveal-status')).toHaveText(
    'The stored contact for this profile could not be read. It stays stored until a new reveal replaces it.',
  );
  await expect(popup.getByText('Not revealed yet')).toHaveCount(0);
  await expect(
    popup.getByText('Revealing again asks the service anew and may charge for items you already paid for.'),
  ).toBeVisible();
  expect(await sim.requests('/v1/lookup')).toHaveLength(0);

  // Asking again is the user's choice, made with that said next to the button.
  await popup.getByRole('button', { name: 'Reveal', exact: true }).click();
  await expect(popup.getByRole('link', { name: ADA.personal_email! })).toBeVisible();
  await expect(popup.getByTestId('charged')).toContainText('Charged 3 ·');
  await expect(popup.getByTestId('reveal-status')).toHaveText('Revealed just now');
  expect(await sim.requests('/v1/lookup')).toHaveLength(1);
});

test('settings that cannot be read are said so on the options page, not shown silently as defaults', async ({
  background,
  openExtensionPage,
}) => {
  const damaged = { baseUrl: 42, defaultSelection: 'phone', retentionDays: 'forever' };
  await writeRaw(background, { settings: damaged });
  const options = await openExtensionPage('options.html');
  const problem = options.getByTestId('settings-problem');
  await expect(problem).toHaveText(
    'Your saved settings could not be read, so the defaults are shown. The unreadable copy was kept aside; saving here replaces the settings in use.',
  );
  await expect(problem).toHaveAttribute('role', 'alert');
  expect(await readRaw(background, 'unreadable:settings')).toMatchObject({ value: damaged });

  // Saving a setting replaces them: the page stops saying so, and the unreadable copy is still kept.
  await options.getByLabel('Keep revealed contacts for (days)').fill('30');
  await options.getByRole('button', { name: 'Save retention' }).click();
  await expect(problem).toHaveCount(0);
  expect(await readRaw(background, 'unreadable:settings')).toMatchObject({ value: damaged });
});
