import { expect, sidePanelsShown, test } from './fixtures';

test('the popup works from the keyboard alone', async ({ connect, openExtensionPage }) => {
  await connect();
  const popup = await openExtensionPage('popup.html');
  // The header's ways out come first: Open search, Contacts, Options.
  for (const name of ['Open search', 'Contacts', 'Options']) {
    await popup.keyboard.press('Tab');
    await expect(popup.getByRole('button', { name })).toBeFocused();
  }
  await popup.keyboard.press('Tab');
  await expect(popup.getByLabel('Profile URL')).toBeFocused();
  await popup.keyboard.type('https://www.linkedin.com/in/ada-lovelace-demo');
  await popup.keyboard.press('Tab'); // Personal email
  await popup.keyboard.press('Tab'); // Mobile phone
  await expect(popup.getByLabel('Mobile phone')).toBeFocused();
  await popup.keyboard.press('Space');
  await expect(popup.getByTestId('max-cost')).toContainText('9 credits');
  // Through the remaining boxes to Reveal.
  await popup.keyboard.press('Tab');
  await popup.keyboard.press('Tab');
  await popup.keyboard.press('Tab');
  await expect(popup.getByRole('button', { name: 'Reveal', exact: true })).toBeFocused();
  await popup.keyboard.press('Enter');
  await expect(popup.getByTestId('charged')).toContainText('Charged 9 ·');
  // Focus moves to the result: the email's copy button, so Enter copies it; then on through the result.
  await expect(popup.getByRole('button', { name: 'Copy email' })).toBeFocused();
  await popup.keyboard.press('Tab');
  await expect(popup.getByRole('link', { name: /^\+/ })).toBeFocused();
  await popup.keyboard.press('Tab');
  await expect(popup.getByRole('button', { name: 'Copy phone' })).toBeFocused();
});

test('Open search opens the side panel beside the page', async ({
  background,
  connect,
  openExtensionPage,
}) => {
  await connect();
  const popup = await openExtensionPage('popup.html');
  expect(await sidePanelsShown(background)).toEqual([]);
  await popup.getByRole('button', { name: 'Open search' }).click();
  await expect.poll(() => sidePanelsShown(background)).toEqual(['/sidepanel.html']);
});
