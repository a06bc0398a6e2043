/**
 * A contact revealed from the side panel beside a LinkedIn profile keeps the place the page shows (the service's
 * answer has none), as one revealed from the popup does: the library's CSV has its Location.
 */
import { readFileSync } from 'node:fs';
import { expect } from './fixtures';
import { linkedinFixture } from './linkedin-pages';
import { test } from './panel-checks';

const GRACE = { name: 'Grace Okafor', social_url: 'https://www.linkedin.com/in/grace-okafor-rn-demo/' };

test("the side panel's reveal from a profile keeps the place the page shows", async ({
  besideProfile,
  openExtensionPage,
}) => {
  const { panel } = await besideProfile(GRACE, linkedinFixture('profile-today.html'));
  await panel.getByRole('button', { name: /^Reveal email/ }).click();
  await expect(panel.getByText('grace.okafor@example.org')).toBeVisible();

  const library = await openExtensionPage('contacts.html');
  await expect(library.getByRole('button', { name: 'Grace Okafor', exact: true })).toBeVisible();
  const csv = library.waitForEvent('download');
  await library.getByRole('button', { name: 'Export CSV' }).click();
  const [, row] = readFileSync(await (await csv).path(), 'utf8').split('\r\n');
  expect(row).toContain('"Boston, Massachusetts, United States"');
});
