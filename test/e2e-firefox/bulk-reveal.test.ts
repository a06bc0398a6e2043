/** Bulk reveal in Firefox: the quote before, progress while the background runs the job, a receipt equal to the charges. */
import { expect, test } from './fixtures';

test('a page of 10 selected: quote, one confirmation, progress, receipt; nobody asked for twice', async ({
  connect,
  openExtensionPage,
  inExtension,
  ff,
  sim,
}) => {
  await connect();
  await openExtensionPage('sidepanel.html');
  await ff.fillLabelled('Job titles', 'Nurse');
  await ff.click('#page-size option[value="10"]');
  await ff.clickButton('Search · 1 credit');
  await ff.until('10 result cards', async () => (await ff.findAll('.result-card')).length === 10);

  await ff.clickButton('Select all on this page');
  await ff.textMatching('[data-testid=selected-count]', /^10 selected$/);
  // The quote's breakdown, under "Details".
  await ff.click('[data-testid=quote-details] summary');
  const quote = await ff.textMatching('[data-testid=quote-details]', /10 contacts: 10 to look up\./);
  expect(quote).toContain('At most 30 credits');
  expect(await sim.requests('/v1/lookup')).toEqual([]);
  const before = await sim.balance();

  // Slow enough to see the job running.
  await sim.admin('faults', { latencyMs: 1000, path: '/v1/lookup' });
  await ff.clickButton('Reveal 10 contacts, up to 30 credits');
  await ff.textMatching('[data-testid=bulk-count]', /of 10 contacts · \d+ found/);
  expect(await ff.findAll('[data-testid=bulk-job] progress')).toHaveLength(1);
  // The toolbar button (MV2 `browserAction`, for every tab) shows the share settled while the job runs.
  await ff.until('the toolbar badge to show progress', () =>
    inExtension<boolean>(
      'return browser.browserAction.getBadgeText({}).then((text) => /^\\d+%$/.test(text))',
    ),
  );
  await ff.textMatching('#bulk-job-title', /^Bulk reveal finished$/, 20_000);

  const lookups = await sim.requests('/v1/lookup');
  expect(lookups).toHaveLength(10);
  expect(new Set(lookups.map((r) => r.body?.social_url)).size).toBe(10);
  const spent = before - (await sim.balance());
  expect(lookups.reduce((sum, r) => sum + r.charged, 0)).toBe(spent);
  expect(await ff.text('[data-testid=bulk-charged]')).toBe(`${spent} credits`);
  await ff.until('the toolbar badge to clear', () =>
    inExtension<boolean>('return browser.browserAction.getBadgeText({}).then((text) => text === "")'),
  );
});
