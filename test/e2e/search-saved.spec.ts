import { expect, test } from './fixtures';
import { STORED_SEARCH } from './vault-db';

const JD =
  'Acme Health is hiring a Registered Nurse in Boston, MA. You have 3+ years of experience in hospital care ' +
  'and a degree in Nursing. Join Acme Health in the healthcare industry.';

test('saved search round trip: saved in the panel (JD, frozen), renamed, run from the popup at 1 credit, deleted', async ({
  openSearchPanel,
  openExtensionPage,
  sim,
}) => {
  const panel = await openSearchPanel();
  await panel.getByRole('tab', { name: 'Job description' }).click();
  await panel.getByLabel('Job description').fill(JD);
  await panel.getByRole('button', { name: 'Search · 2 credits' }).click();
  await expect(panel.getByTestId('page-cost')).toHaveText(/This page cost 2 credits/);

  await panel.getByRole('button', { name: 'Save search…' }).click();
  await panel.getByLabel('Search name').fill('Boston nurses');
  await panel.getByRole('button', { name: 'Save search', exact: true }).click();
  await expect(panel.getByText('Saved as "Boston nurses".')).toBeVisible();
  const saved = panel.getByRole('region', { name: 'Saved searches' });
  // Saved with the frozen criteria: running it again is a 1-credit search.
  await expect(saved.getByRole('button', { name: 'Run · 1 credit: Boston nurses' })).toBeVisible();

  await saved.getByRole('button', { name: 'Rename: Boston nurses' }).click();
  await saved.getByLabel('New name for Boston nurses').fill('ICU nurses, Boston');
  await saved.getByRole('button', { name: 'Save name' }).click();
  await expect(saved.getByText('ICU nurses, Boston')).toBeVisible();

  // The popup lists it; Run opens the side panel on the same click and runs the search in the background.
  const popup = await openExtensionPage('popup.html');
  const run = popup.getByRole('button', { name: 'Run · 1 credit: ICU nurses, Boston' });
  await expect(run).toBeVisible();
  await run.click();
  await expect.poll(async () => (await sim.requests('/v1/search')).length).toBe(2);
  const [first, again] = await sim.requests('/v1/search');
  expect(first!.body).toMatchObject({ jd_search: JD });
  expect(again!.body).not.toHaveProperty('jd_search');
  expect(again!.body).toMatchObject({ include_similar_titles: false, start: 1 });
  expect(
    (again!.body as { search_criteria: Record<string, string[]> }).search_criteria.current_employer,
  ).toEqual(expect.arrayContaining([expect.stringMatching(/^-/)]));
  expect(again!.charged).toBe(1);
  expect(await sim.balance()).toBe(10_000 - 3);

  // Stored as the current search, which the panel renders (here: the panel page already open).
  // The service has answered; the background writes the page and then marks the search done.
  const stored = () =>
    popup.evaluate<{ status: string; savedSearchId?: string }>(
      `(async () => { ${STORED_SEARCH}; return storedSearch(); })()`,
    );
  await expect.poll(async () => (await stored()).status).toBe('done');
  expect((await stored()).savedSearchId).toBeTruthy();
  await expect(panel.getByTestId('page-cost')).toHaveText(/This page cost 1 credit/);
  await expect(panel.getByTestId('balance')).toHaveText('Balance: 9,997 credits');

  await saved.getByRole('button', { name: 'Delete: ICU nurses, Boston' }).click();
  await expect(saved.getByText('None yet.')).toBeVisible();
  await expect(popup.getByRole('button', { name: /^Run ·/ })).toHaveCount(0);
});

test('saving needs a loaded search and a name; a duplicate name is refused with a message', async ({
  openSearchPanel,
}) => {
  const panel = await openSearchPanel();
  await expect(panel.getByRole('button', { name: 'Save search' })).toHaveCount(0);
  await panel.getByLabel('Job titles').fill('Registered Nurse');
  await panel.getByRole('button', { name: 'Search · 1 credit' }).click();
  await expect(panel.getByTestId('page-cost')).toBeVisible();
  // Beside the results' heading: "Save search…" opens its name field; Save waits for a name.
  await panel.getByRole('button', { name: 'Save search…' }).click();
  const save = panel.getByRole('button', { name: 'Save search', exact: true });
  await expect(save).toBeDisabled();
  await panel.getByLabel('Search name').fill('Nurses');
  await save.click();
  await expect(panel.getByText('Saved as "Nurses".')).toBeVisible();
  await panel.getByRole('button', { name: 'Save search…' }).click();
  await panel.getByLabel('Search name').fill('nurses');
  await save.click();
  await expect(panel.getByRole('alert')).toContainText('A saved search is already called "nurses".');
  // A refusal is news until the next search: it does not linger over new results.
  await panel.getByRole('button', { name: 'Edit search' }).click();
  await panel.getByRole('button', { name: 'Search · 1 credit' }).click();
  await expect(panel.getByTestId('result-count')).toBeVisible();
  await expect(panel.getByText('A saved search is already called "nurses".')).toHaveCount(0);
});
