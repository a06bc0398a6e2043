import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';

test('reveal from a row (cost first, vault-aware), then Export CSV: all pages held plus revealed emails', async ({
  openSearchPanel,
  openExtensionPage,
  sim,
}) => {
  const panel = await openSearchPanel();
  await panel.getByLabel('Job titles').fill('Registered Nurse');
  await panel.getByLabel('Page size').selectOption('25');
  await panel.getByRole('button', { name: 'Search · 1 credit' }).click();
  await expect(panel.locator('.result-card')).toHaveCount(25);
  await panel.getByRole('button', { name: 'Next page · 1 credit' }).click();
  await expect(panel.getByTestId('result-count')).toHaveText(/showing 26–50/);
  await panel.getByRole('button', { name: 'Previous page · free' }).click();
  await expect(panel.getByTestId('result-count')).toHaveText(/showing 1–25/);

  // Reveal the first row's email: the button says what it may cost before the click.
  const row = panel.locator('.result-card').first();
  const name = (await row.locator('.name').textContent()) ?? '';
  await expect(row.getByRole('link', { name })).toHaveAttribute('target', '_blank');
  const reveal = row.getByRole('button', { name: `Reveal · up to 3 credits: ${name}` });
  const before = await sim.balance();
  await reveal.click();
  // The dataset is seeded: the first Registered Nurse of this search has a personal email.
  await expect(row.locator('[data-item=email] a')).toBeVisible();
  await expect(row.getByRole('button', { name: /^Reveal/ })).toHaveCount(0);
  expect(before - (await sim.balance())).toBe(3);
  const lookups = await sim.requests('/v1/lookup');
  expect(lookups).toHaveLength(1);
  // Asked by the row's profile URL (the canonical social_url), for the email only.
  const href = await row.getByRole('link', { name }).getAttribute('href');
  expect(lookups[0]!.body).toEqual({ social_url: href, reveal_personal_email: true });
  const revealed = row.locator('.held');
  await expect(revealed).toContainText('@');
  const email = (await revealed.locator('[data-item="email"] a').textContent()) ?? '';

  await panel.getByText('Export', { exact: true }).click();
  const [download] = await Promise.all([
    panel.waitForEvent('download'),
    panel.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^candidates-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  const lines = text.split('\r\n');
  expect(lines[0]).toBe(
    'Name,Title,Employer,Location,Profile URL,Email,Phone,Skills,NPI,License,Specialty,Credentials,Now (seen on LinkedIn),Seen on',
  );
  expect(lines.at(-1)).toBe('');
  // 50 rows: both pages held, each once.
  expect(lines).toHaveLength(1 + 50 + 1);
  // Locations hold commas: quoted.
  expect(text).toMatch(/,"[^"]+, [^"]+",/);
  // Non-ASCII names arrive intact.
  const names = await panel.locator('.result-card .name a').allTextContents();
  const accented = names.find((n) => [...n].some((ch) => ch.charCodeAt(0) > 0x7f));
  expect(accented, 'the dataset has accented names on page 1').toBeTruthy();
  expect(lines.some((line) => line.startsWith(`${accented},`))).toBe(true);
  const firstRow = lines.find((line) => line.startsWith(name.includes(',') ? `"${name}` : name))!;
  expect(firstRow).toContain(`,${email},`);

  // The library's export of the same contact: the same row, its location kept from the search row (the service's
  // lookup answers none).
  const library = await openExtensionPage('contacts.html');
  await expect(library.locator('.library-row .library-name')).toHaveText([name]);
  const [fromLibrary] = await Promise.all([
    library.waitForEvent('download'),
    library.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const libraryLines = (await readFile((await fromLibrary.path())!, 'utf8')).split('\r\n');
  expect(libraryLines[1]).toBe(firstRow);
  // The location, quoted for its commas, just before the profile URL.
  expect(firstRow).toMatch(/,"[^"]+, [^"]+",https:/);
});

// How fast 100 rows render is measured by `npm run bench` (a figure, not a timed test); this checks they all show.
test('a page of 100 results shows all 100 rows', async ({ openSearchPanel, sim }) => {
  const panel = await openSearchPanel();
  await panel.getByLabel('Job titles').fill('Nurse');
  await panel.getByLabel('Page size').selectOption('100');
  await panel.getByRole('button', { name: 'Search · 1 credit' }).click();
  await expect(panel.locator('.result-card')).toHaveCount(100);
  const searches = await sim.requests('/v1/search');
  expect(searches.map((r) => r.body?.page_size)).toEqual([100]);
});
