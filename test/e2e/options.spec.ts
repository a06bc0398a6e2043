import { expect, test } from './fixtures';

test.describe('options: the service connection', () => {
  test('saves a working URL and key, shows balance and purchases, and masks the key', async ({
    connect,
    sim,
  }) => {
    const page = await connect('demo-key');
    await expect(page.getByTestId('connected')).toContainText('Balance: 10,000 credits');
    await expect(page.getByTestId('connected')).toContainText('Purchased over the account');
    await expect(page.getByTestId('key-status')).toContainText('••••');
    await expect(page.getByTestId('key-status')).not.toContainText('demo-key');
    expect((await sim.requests()).map((r) => r.path)).toEqual(['/v1/account']);
  });

  test('says exactly what is wrong, and stores nothing', async ({ openExtensionPage, sim }) => {
    const page = await openExtensionPage('options.html');
    const url = page.getByLabel('API base URL');
    const key = page.getByLabel('API key');
    const save = page.getByRole('button', { name: 'Save', exact: true });

    await url.fill('not a url');
    await key.fill('demo-key');
    await save.click();
    // A setting that needs a change is not saved, and is not called a request.
    await expect(page.getByRole('alert')).toHaveText(
      'Not saved"not a url" is not a valid URL. Enter the service\'s base URL, e.g. https://api.example.com.',
    );

    await url.fill(sim.url);
    await key.fill('inactive-key');
    await save.click();
    await expect(page.getByRole('alert')).toContainText('The API key was refused');
    // The key is on this page: the step points above, with no way "to Options".
    await expect(page.getByRole('alert')).toContainText('Check the key above and save it again.');
    await expect(page.getByRole('alert').getByRole('button')).toHaveCount(0);

    // A port nothing listens on.
    await url.fill('http://127.0.0.1:9');
    await key.fill('demo-key');
    await save.click();
    await expect(page.getByRole('alert')).toContainText('Could not reach the service');
    await expect(page.getByRole('alert')).toContainText('the service address above, then try again.');

    await expect(page.getByTestId('key-status')).toHaveCount(0);
    expect((await sim.requests()).map((r) => r.status)).toEqual([403]);
  });

  test('the key can be removed', async ({ connect }) => {
    const page = await connect();
    await page.getByRole('button', { name: 'Remove key' }).click();
    await expect(page.getByTestId('key-status')).toHaveCount(0);
    await expect(page.getByLabel('API key')).toHaveAttribute('placeholder', 'Paste your API key');
  });
});

test.describe('options: defaults and the vault', () => {
  test('default reveal options are what the popup starts with', async ({ connect, openExtensionPage }) => {
    const options = await connect();
    await options.getByLabel('Mobile phone').check();
    await options.getByLabel('Personal email').uncheck();
    const popup = await openExtensionPage('popup.html');
    await expect(popup.getByLabel('Mobile phone')).toBeChecked();
    await expect(popup.getByLabel('Personal email')).not.toBeChecked();
    await expect(popup.getByTestId('max-cost')).toContainText('6 credits');
  });

  test('retention must be a whole number of days; clearing the vault forgets revealed contacts', async ({
    connect,
    openExtensionPage,
    sim,
  }) => {
    const options = await connect();
    const days = options.getByLabel('Keep revealed contacts for (days)');
    await days.fill('0');
    await options.getByRole('button', { name: 'Save retention' }).click();
    await expect(options.getByText('Enter a whole number of days from 1 to 3650.')).toBeVisible();
    await days.fill('30');
    await options.getByRole('button', { name: 'Save retention' }).click();
    await expect(options.getByText('Revealed contacts are kept for 30 days.')).toBeVisible();

    const popup = await openExtensionPage('popup.html');
    await popup.getByLabel('Profile URL').fill('https://www.linkedin.com/in/ada-lovelace-demo');
    await popup.getByRole('button', { name: 'Reveal' }).click();
    await expect(popup.getByTestId('charged')).toBeVisible();

    options.once('dialog', (dialog) => void dialog.accept());
    await options.getByRole('button', { name: 'Clear revealed contacts' }).click();
    await expect(options.getByText('Removed 1 revealed contact.')).toBeVisible();
    await popup.reload();
    await popup.getByLabel('Profile URL').fill('https://www.linkedin.com/in/ada-lovelace-demo');
    await expect(popup.getByTestId('reveal-status')).toHaveText('Not revealed yet');
    expect(await sim.requests('/v1/lookup')).toHaveLength(1);
  });
});
