import { expect, test } from './fixtures';

test('filters: cost and balance before and after; similar titles frozen across pages; revisiting is free', async ({
  openSearchPanel,
  sim,
}) => {
  const panel = await openSearchPanel();
  await expect(panel.getByTestId('balance')).toHaveText('Balance: 10,000 credits');

  const titles = panel.getByLabel('Job titles');
  await titles.fill('Registered Nurse');
  await titles.press('Enter');
  await panel.getByLabel('Current employers').fill('-Acme');
  await panel.getByLabel('Current employers').press('Enter');
  await panel.getByRole('button', { name: 'Exact: Registered Nurse' }).click();
  await expect(panel.getByRole('button', { name: 'Exact: Registered Nurse' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await panel.getByLabel('Include similar titles').check();
  await panel.getByLabel('Page size').selectOption('10');
  // The cost is on the button before the click.
  await panel.getByRole('button', { name: 'Search · 1 credit' }).click();

  await expect(panel.getByTestId('result-count')).toHaveText(/candidates · showing 1–10/);
  await expect(panel.getByTestId('page-cost')).toHaveText(/This page cost 1 credit/);
  await expect(panel.getByTestId('balance')).toHaveText('Balance: 9,999 credits');
  await expect(panel.locator('.result-card')).toHaveCount(10);
  // Results first: the form folds to what was asked, in words, and focus moves to the results near the top.
  const summary = panel.getByTestId('search-summary');
  await expect(summary).toContainText('Job titles');
  await expect(summary).toContainText('exactly “Registered Nurse”');
  await expect(summary).toContainText('Current employers');
  await expect(summary).toContainText('not Acme');
  await expect(summary).toContainText('similar titles included');
  await expect(panel.getByRole('form', { name: 'Search' })).toHaveCount(0);
  const results = panel.getByRole('heading', { name: 'Results' });
  await expect(results).toBeFocused();
  await panel.setViewportSize({ width: 320, height: 700 });
  expect((await results.boundingBox())!.y).toBeLessThan(350);
  await panel.setViewportSize({ width: 400, height: 700 });
  const similar = (await panel.getByTestId('similar-titles').textContent()) ?? '';
  expect(similar).toContain('Registered Nurse');

  let log = await sim.requests('/v1/search');
  expect(log).toHaveLength(1);
  expect(log[0]!.body).toEqual({
    search_criteria: { current_title: ['"Registered Nurse"'], current_employer: ['-Acme'] },
    include_similar_titles: true,
    page_size: 10,
    start: 1,
  });

  // Page 2: paid (1 credit), with the titles the service searched on page 1 and no re-expansion.
  await panel.getByRole('button', { name: 'Next page · 1 credit' }).click();
  await expect(panel.getByTestId('result-count')).toHaveText(/showing 11–20/);
  await expect(panel.getByTestId('balance')).toHaveText('Balance: 9,998 credits');
  log = await sim.requests('/v1/search');
  expect(log).toHaveLength(2);
  const page2 = log[1]!.body as Record<string, unknown>;
  expect(page2.include_similar_titles).toBe(false);
  expect(page2.start).toBe(11);
  const frozenTitles = (page2.search_criteria as Record<string, string[]>).current_title ?? [];
  expect(frozenTitles.length).toBeGreaterThan(1);
  expect(similar).toContain(frozenTitles.join(', '));
  expect((page2.search_criteria as Record<string, string[]>).current_employer).toEqual(['-Acme']);

  // Back to page 1 and forward again: both already paid for, so free and without any request.
  await panel.getByRole('button', { name: 'Previous page · free' }).click();
  await expect(panel.getByTestId('result-count')).toHaveText(/showing 1–10/);
  await panel.getByRole('button', { name: 'Next page · free' }).click();
  await expect(panel.getByTestId('result-count')).toHaveText(/showing 11–20/);
  expect(await sim.requests('/v1/search')).toHaveLength(2);
  expect(await sim.balance()).toBe(9_998);
  await expect(panel.getByTestId('balance')).toHaveText('Balance: 9,998 credits');

  // Edit search opens the form as it ran, ready for a change.
  await panel.getByRole('button', { name: 'Edit search' }).click();
  await expect(panel.getByRole('tab', { name: 'Filters' })).toBeFocused();
  await expect(panel.getByRole('button', { name: 'Exact: Registered Nurse' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(panel.getByRole('button', { name: 'Exclude: Acme' })).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByLabel('Include similar titles')).toBeChecked();
});

test('filters: locations with a radius, numeric checks with a specific message, nothing sent while invalid', async ({
  openSearchPanel,
  sim,
}) => {
  const panel = await openSearchPanel();
  await panel.getByLabel('Radius', { exact: true }).fill('25');
  await panel.getByLabel('Unit', { exact: true }).selectOption('km');
  await panel.getByLabel('Locations').fill('Boston');
  await panel.getByLabel('Locations').press('Enter');
  await panel.getByLabel('Years of experience').fill('ten');
  await panel.getByLabel('Years of experience').press('Enter');
  await expect(panel.getByLabel('Years of experience')).toHaveAccessibleDescription(
    /Years of experience: "ten" is not a number, range/,
  );
  const search = panel.getByRole('button', { name: /^Search ·/ });
  await expect(search).toBeDisabled();
  await expect(panel.getByTestId('search-reason')).toHaveText('Correct Years of experience above to search.');

  await panel.getByLabel('Years of experience').fill('5-3');
  await panel.getByLabel('Years of experience').press('Enter');
  await expect(panel.getByLabel('Years of experience')).toHaveAccessibleDescription(
    /lower end is above its upper end/,
  );
  await panel.getByLabel('Years of experience').fill('3-5, 10+');
  await panel.getByLabel('Years of experience').press('Enter');
  await expect(search).toBeEnabled();
  expect(await sim.requests('/v1/search')).toHaveLength(0);

  await search.click();
  await expect(panel.getByTestId('page-cost')).toBeVisible();
  const [first] = await sim.requests('/v1/search');
  expect((first!.body as { search_criteria: unknown }).search_criteria).toEqual({
    location: ['Boston::~25km'],
    years_experience: ['3-5', '10+'],
  });
});
