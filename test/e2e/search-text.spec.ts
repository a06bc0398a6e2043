import { expect, test } from './fixtures';
import { STORED_SEARCH } from './vault-db';

const JD =
  'Acme Health is hiring a Registered Nurse in Boston, MA. You have 3+ years of experience in hospital care ' +
  'and a degree in Nursing. Join Acme Health in the healthcare industry.';

test('free text: live counter, what the service understood, then refined and run again as filters', async ({
  openSearchPanel,
  sim,
}) => {
  const panel = await openSearchPanel();
  await panel.getByRole('tab', { name: 'Free text' }).click();
  const box = panel.getByLabel('Free text');
  await box.fill('Registered nurses in Boston with 5+ years of experience');
  await expect(panel.getByText('55 / 300')).toBeVisible();
  await panel.getByRole('button', { name: 'Search · 1 credit' }).click();

  const understood = panel.getByTestId('understood-criteria');
  await expect(understood).toContainText('Job titles');
  await expect(understood).toContainText('Registered Nurse');
  await expect(understood).toContainText('Boston, MA');
  await expect(panel.getByTestId('balance')).toHaveText('Balance: 9,999 credits');
  const [first] = await sim.requests('/v1/search');
  expect(first!.body).toEqual({
    free_text_search: 'Registered nurses in Boston with 5+ years of experience',
    page_size: 50,
    start: 1,
  });
  expect(first!.charged).toBe(1);

  // Refine: the understood criteria, folded to one line above the results, become editable filters; change one and
  // search again.
  await panel.getByText('What the service understood').click();
  await panel.getByRole('button', { name: 'Edit as filters' }).click();
  await expect(panel.getByRole('tab', { name: 'Filters' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByRole('button', { name: 'Remove: Registered Nurse' })).toBeVisible();
  await panel.getByRole('button', { name: 'Remove: 5+' }).click();
  await panel.getByLabel('Years of experience').fill('1-3');
  await panel.getByLabel('Years of experience').press('Enter');
  await panel.getByRole('button', { name: 'Search · 1 credit' }).click();
  await expect(panel.getByTestId('balance')).toHaveText('Balance: 9,998 credits');
  const log = await sim.requests('/v1/search');
  expect(log).toHaveLength(2);
  expect(log[1]!.body).toEqual({
    search_criteria: {
      current_title: ['Registered Nurse'],
      location: ['Boston, MA'],
      years_experience: ['1-3'],
    },
    include_similar_titles: false,
    page_size: 50,
    start: 1,
  });
});

test('job description: page 1 costs 2, page 2 costs 1 with the same criteria (jd_searched, no re-parse)', async ({
  openSearchPanel,
  sim,
}) => {
  const panel = await openSearchPanel();
  await panel.getByRole('tab', { name: 'Job description' }).click();
  await panel.getByLabel('Job description').fill(JD);
  await expect(panel.getByText(`${JD.length} / 8,500`)).toBeVisible();
  await panel.getByLabel('Page size').selectOption('10');
  await panel.getByRole('button', { name: 'Search · 2 credits' }).click();

  await expect(panel.getByTestId('page-cost')).toHaveText(/This page cost 2 credits/);
  await expect(panel.getByTestId('balance')).toHaveText('Balance: 9,998 credits');
  // The hiring company is excluded, said in words ("not …"), never in the service's "-…" syntax.
  await expect(panel.getByTestId('understood-criteria')).toContainText('Current employersnot Acme Health');

  await panel.getByRole('button', { name: 'Next page · 1 credit' }).click();
  await expect(panel.getByTestId('result-count')).toHaveText(/showing 11–/);
  await expect(panel.getByTestId('page-cost')).toHaveText(/This page cost 1 credit/);
  await expect(panel.getByTestId('balance')).toHaveText('Balance: 9,997 credits');
  expect(await sim.balance()).toBe(9_997);

  const [page1, page2] = await sim.requests('/v1/search');
  expect(page1!.body).toEqual({ jd_search: JD, page_size: 10, start: 1 });
  expect(page1!.charged).toBe(2);
  expect(page2!.charged).toBe(1);
  // Rule 7: the criteria the JD was parsed to, with the titles searched, and no jd_search.
  const stored = await panel.evaluate<{ parsed: Record<string, string[]>; similarTitles?: string[] }>(
    `(async () => { ${STORED_SEARCH}; return (await storedSearch()).understood; })()`,
  );
  const expected: Record<string, string[]> = { ...stored.parsed };
  if (stored.similarTitles) expected.current_title = stored.similarTitles;
  expect(page2!.body).toEqual({
    search_criteria: expected,
    include_similar_titles: false,
    page_size: 10,
    start: 11,
  });
  expect(page2!.body).not.toHaveProperty('jd_search');
  expect((expected.current_employer ?? []).some((v) => v.startsWith('-'))).toBe(true);
});

test('over-long or empty input is refused in the panel with a specific message, and nothing is sent', async ({
  openSearchPanel,
  sim,
}) => {
  const panel = await openSearchPanel();
  const reason = panel.getByTestId('search-reason');

  // Filters, empty.
  await expect(panel.getByRole('button', { name: 'Search · 1 credit' })).toBeDisabled();
  await expect(reason).toHaveText('Add at least one filter value.');

  await panel.getByRole('tab', { name: 'Free text' }).click();
  await expect(reason).toHaveText('Describe who you are looking for in Free text.');
  await panel.getByLabel('Free text').fill('n'.repeat(301));
  await expect(panel.getByText('301 / 300')).toBeVisible();
  const search = panel.getByRole('button', { name: 'Search · 1 credit' });
  await expect(search).toBeDisabled();
  await expect(reason).toHaveText('Free text is 301 characters; the limit is 300. Shorten it by 1.');
  await expect(search).toHaveAccessibleDescription(/Free text is 301 characters/);

  await panel.getByRole('tab', { name: 'Job description' }).click();
  await panel.getByLabel('Job description').fill('j'.repeat(8_501));
  await expect(panel.getByText('8,501 / 8,500')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Search · 2 credits' })).toBeDisabled();
  await expect(reason).toHaveText(
    'The job description is 8,501 characters; the limit is 8,500. Shorten it by 1.',
  );

  // Keyboard: Enter in the form does not get round the refusal.
  await panel.getByLabel('Job description').press('Control+Enter');
  await panel.getByRole('tab', { name: 'Job description' }).press('ArrowLeft');
  await expect(panel.getByRole('tab', { name: 'Free text' })).toBeFocused();
  await expect(panel.getByRole('tab', { name: 'Free text' })).toHaveAttribute('aria-selected', 'true');
  expect(await sim.requests('/v1/search')).toHaveLength(0);
  expect(await sim.balance()).toBe(10_000);
});
