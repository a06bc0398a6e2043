import { axeViolations, expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { expectPlainWords } from './plain-words';

test.describe('accessibility and plain words of every page', () => {
  test('options: before and after connecting, light and dark', async ({ connect, openExtensionPage }) => {
    const fresh = await openExtensionPage('options.html');
    await expect(fresh.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(fresh, 'options, not connected');
    await expectPlainWords(fresh, 'options, not connected');
    const options = await connect();
    await expectAccessible(options, 'options, connected');
    await expectPlainWords(options, 'options, connected');
  });

  test('side panel, empty: light and dark', async ({ connect, openExtensionPage }) => {
    await connect();
    const panel = await openExtensionPage('sidepanel.html');
    await expect(panel.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(panel, 'side panel, empty');
    await expectPlainWords(panel, 'side panel, empty');
  });

  test('popup with no key and with a refused URL: light and dark', async ({ openExtensionPage }) => {
    const popup = await openExtensionPage('popup.html');
    await expect(popup.getByText('No API key yet.')).toBeVisible();
    await popup.getByLabel('Profile URL').fill('https://example.com/not-a-profile');
    await expect(popup.locator('#url-problem')).toBeVisible();
    await expectAccessible(popup, 'popup, no key, bad URL');
    await expectPlainWords(popup, 'popup, no key, bad URL');
  });

  test('the axe check sees a violation: a nameless button, text without contrast', async ({
    openExtensionPage,
  }) => {
    const popup = await openExtensionPage('popup.html');
    await expect(popup.getByRole('heading', { level: 1 })).toBeVisible();
    await popup.evaluate(() => {
      const button = document.createElement('button');
      const faint = document.createElement('p');
      faint.textContent = 'Hard to read';
      faint.style.color = '#eeeeee';
      document.querySelector('main')!.append(button, faint);
    });
    const ids = (await axeViolations(popup)).map((v) => v.id);
    expect(ids).toEqual(expect.arrayContaining(['button-name', 'color-contrast']));
  });
});
