import { expect, test } from './fixtures';

test('the extension loads and its service worker runs', async ({ extensionId, background }) => {
  expect(extensionId).toMatch(/^[a-p]{32}$/);
  expect(background.url()).toContain('/background.js');
});

for (const page of ['popup.html', 'options.html', 'sidepanel.html']) {
  test(`${page} renders`, async ({ openExtensionPage }) => {
    const view = await openExtensionPage(page);
    await expect(view.locator('h1')).toBeVisible();
  });
}

test('first run opens the options page to set up the key', async ({ firstRunUrl, extensionId }) => {
  expect(firstRunUrl).toBe(`chrome-extension://${extensionId}/options.html`);
});
