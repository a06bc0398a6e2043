/**
 * A contact revealed from the popup on a LinkedIn profile keeps the place the page shows (the service's answer has
 * none): the library's CSV has its Location, as it has for a contact revealed from a search row.
 */
import { readFileSync } from 'node:fs';
import { openPopupOnTab } from '../support/popup-on-tab';
import { expect, test } from './fixtures';
import { linkedinFixture } from './linkedin-pages';

const GRACE = 'https://www.linkedin.com/in/grace-okafor-rn-demo/';

test('the popup reveal from a profile keeps the place the page shows', async ({
  connect,
  context,
  openExtensionPage,
  tabIdOf,
}) => {
  await connect();
  const { popup } = await openPopupOnTab({ context, openExtensionPage, tabIdOf }, GRACE, {
    pattern: 'https://www.linkedin.com/in/grace-okafor-rn-demo/**',
    html: linkedinFixture('profile-today.html'),
  });
  await expect(popup.getByRole('heading', { name: 'Grace Okafor' })).toBeVisible();
  await popup.getByRole('button', { name: 'Reveal', exact: true }).click();
  await expect(popup.getByTestId('charged')).toContainText('Charged 3 ·');

  const library = await openExtensionPage('contacts.html');
  await expect(library.getByRole('button', { name: 'Grace Okafor', exact: true })).toBeVisible();
  const csv = library.waitForEvent('download');
  await library.getByRole('button', { name: 'Export CSV' }).click();
  const [, row] = readFileSync(await (await csv).path(), 'utf8').split('\r\n');
  expect(row).toContain('"Boston, Massachusetts, United States"');
});
