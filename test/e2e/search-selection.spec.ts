import { expect, test } from './fixtures';

type Chrome = {
  runtime: { sendMessage(message: unknown): Promise<unknown> };
  storage: { local: { set(items: Record<string, unknown>): Promise<void> } };
};

test('a selected job description is searched through the real background; the panel shows it', async ({
  openSearchPanel,
  sim,
}) => {
  const panel = await openSearchPanel();
  const text =
    'Acme Health is hiring a Registered Nurse in Boston, MA. You have 3+ years of experience in hospital care.';
  // What the menu handler calls (onMenuClicked is unit-tested): the `searchSelection` message, as the panel sends it.
  const answer = await panel.evaluate(async (selection) => {
    const { chrome } = globalThis as unknown as { chrome: Chrome };
    return chrome.runtime.sendMessage({
      id: 1,
      type: 'searchSelection',
      data: { mode: 'jd', text: selection },
      timestamp: Date.now(),
    });
  }, text);
  expect(answer).toMatchObject({ res: { ok: true } });
  await expect(panel.getByTestId('page-cost')).toHaveText(/This page cost 2 credits/);
  // Results first: the form stands folded as a summary of what ran, and opens with the selection in it.
  const summary = panel.getByRole('region', { name: 'Your search' });
  await expect(summary).toContainText('Job description · 50 per page');
  await expect(summary.getByTestId('search-summary')).toContainText(text.slice(0, 60));
  await summary.getByRole('button', { name: 'Edit search' }).click();
  await expect(panel.getByRole('tab', { name: 'Job description' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByRole('tab', { name: 'Job description' })).toBeFocused();
  await expect(panel.getByLabel('Job description')).toHaveValue(text);
  const [request] = await sim.requests('/v1/search');
  expect(request!.body).toEqual({ jd_search: text, start: 1 });
});

test('over-long selections: free text asks before trimming to 300; a job description is refused, nothing sent', async ({
  openSearchPanel,
  sim,
}) => {
  const panel = await openSearchPanel();
  const setFocus = (focus: object) =>
    panel.evaluate(async (value) => {
      const { chrome } = globalThis as unknown as { chrome: Chrome };
      await chrome.storage.local.set({ 'panel-focus': { ...value, at: new Date().toISOString() } });
    }, focus);

  // As menus.ts stores it for a job description over 8,500 characters: the message only.
  await setFocus({
    kind: 'selection',
    mode: 'jd',
    text: 'Nurse. '.repeat(1300),
    problem:
      'The selection is 9,099 characters; a job description can be at most 8,500. Select less text and try again.',
  });
  await expect(panel.getByTestId('selection-problem')).toHaveText(/at most 8,500/);
  await expect(panel.getByRole('button', { name: /Search the first/ })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Back to search' }).click();
  await expect(panel.getByRole('tab', { name: 'Filters' })).toBeVisible();

  // Free text over 300: Cancel sends nothing.
  const long = 'ICU registered nurse in Boston with five years of experience and a BSN, '.repeat(6);
  const focus = {
    kind: 'selection',
    mode: 'free_text',
    text: long,
    problem: `The selection is ${long.trim().length} characters; a free-text search can be at most 300.`,
  };
  await setFocus(focus);
  await expect(panel.getByTestId('selection-problem')).toHaveText(/at most 300/);
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByTestId('selection-problem')).toHaveCount(0);
  expect(await sim.requests('/v1/search')).toHaveLength(0);

  // Again, and this time the user agrees: the first 300 characters are searched.
  await setFocus(focus);
  await panel.getByRole('button', { name: 'Search the first 300 characters' }).click();
  await expect(panel.getByTestId('page-cost')).toHaveText(/This page cost 1 credit/);
  const [request] = await sim.requests('/v1/search');
  const sent = String((request!.body as { free_text_search: string }).free_text_search);
  expect(sent.length).toBeLessThanOrEqual(300);
  expect(long.startsWith(sent)).toBe(true);
  await panel.getByRole('button', { name: 'Edit search' }).click();
  await expect(panel.getByLabel('Free text')).toHaveValue(sent);
});
