import type { Page, Worker } from '@playwright/test';
import { expect, type Sim, stopServiceWorker, test, type WorkerGlobals } from './fixtures';
import { searchNurses } from './panel-checks';

/** What the simulator charged for lookups, and how often each profile was asked for. */
async function lookupLog(sim: Sim) {
  const lookups = await sim.requests('/v1/lookup');
  const perUrl = new Map<string, number>();
  for (const r of lookups) {
    const url = String(r.body?.social_url);
    if (r.status === 200) perUrl.set(url, (perUrl.get(url) ?? 0) + 1);
  }
  return {
    lookups,
    charged: lookups.reduce((sum, r) => sum + (r.charged ?? 0), 0),
    answeredTwice: [...perUrl.values()].filter((n) => n > 1).length,
  };
}

// Each test runs a job of tens of lookups through a real browser: more time than a single reveal needs.
test.describe.configure({ timeout: 60_000 });

const tick = (panel: Page, item: string) =>
  panel.getByRole('group', { name: 'Reveal from results' }).getByLabel(item).check();

/** The toolbar button's badge and title for the window (what a bulk reveal sets), as the background reads them. */
const toolbar = (background: Worker) =>
  background.evaluate(async () => {
    const { chrome } = globalThis as unknown as WorkerGlobals;
    return { badge: await chrome.action.getBadgeText({}), title: await chrome.action.getTitle({}) };
  });

test('select a page of 50, see the quote, confirm once, watch progress, get a receipt equal to the charges', async ({
  openSearchPanel,
  background,
  sim,
}) => {
  const panel = await openSearchPanel();
  await searchNurses(panel, '50');
  await tick(panel, 'Mobile phone');
  // Slow enough to watch: Chromium sends at most 6 requests at once to one HTTP/1.1 host, like the simulator.
  await sim.admin('faults', { latencyMs: 500, path: '/v1/lookup' });

  await panel.getByRole('button', { name: 'Select all on this page' }).click();
  await expect(panel.getByTestId('selected-count')).toHaveText('50 selected');
  const quote = panel.getByTestId('bulk-quote');
  // The breakdown, on demand under "Details".
  const details = panel.getByTestId('quote-details');
  await details.getByText('Details').click();
  await expect(details).toContainText('50 contacts: 50 to look up.');
  await expect(details).toContainText('At most 450 credits (personal email 150 · mobile phone 300)');
  await expect(details).toContainText('Only what is found is charged.');
  // Above the default confirmation limit (100 credits): said plainly before the click.
  await expect(quote.getByTestId('over-limit')).toHaveText(
    'This is more than your confirmation limit of 100 credits.',
  );
  const before = await sim.balance();
  expect((await sim.requests('/v1/lookup')).length).toBe(0);

  await panel.getByRole('button', { name: 'Reveal 50 contacts, up to 450 credits' }).click();
  const job = panel.getByTestId('bulk-job');
  await expect(job.getByRole('heading', { name: 'Bulk reveal' })).toBeVisible();
  await expect(job.getByRole('progressbar')).toBeVisible();
  await expect(job.getByTestId('bulk-count')).toContainText(
    /of 50 contacts · \d+ found · [\d,]+ credits? so far/,
  );
  // Rows follow the job: waiting or revealing while it runs.
  await expect(panel.locator('.result-card').last()).toContainText(/Waiting to be revealed|Revealing…/);
  // The toolbar button shows the share done, and says it in words to a pointer or a screen reader.
  await expect
    .poll(() => toolbar(background))
    .toMatchObject({
      badge: /^\d{1,2}%$/,
      title: /^Candidate Lens: bulk reveal under way, \d+ of 50 contacts$/,
    });

  await expect(job.getByRole('heading', { name: 'Bulk reveal finished' })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => toolbar(background)).toEqual({ badge: '', title: 'Candidate Lens' });
  const log = await lookupLog(sim);
  expect(log.lookups).toHaveLength(50);
  expect(log.answeredTwice).toBe(0);
  const spent = before - (await sim.balance());
  expect(log.charged).toBe(spent);
  await expect(job.getByTestId('bulk-charged')).toHaveText(`${spent} credits`);
  await expect(job.getByTestId('bulk-balance')).toHaveText(
    `Balance ${before.toLocaleString('en-US')} before · ${(before - spent).toLocaleString('en-US')} after`,
  );
  // Every found email is in its row.
  const revealedRows = await panel
    .locator('.result-card', { has: panel.locator('[data-item=email] a') })
    .count();
  expect(revealedRows).toBeGreaterThan(0);
  await expect(panel.locator('.result-card', { hasText: /Waiting|Revealing/ })).toHaveCount(0);

  // Selecting the same page again: everything chosen is held, nothing to pay (those not found are passed by).
  await job.getByRole('button', { name: 'Dismiss' }).click();
  await panel.getByRole('button', { name: 'Select all on this page' }).click();
  await expect(panel.getByTestId('quote-details')).toContainText(
    /(\d+) contacts: \1 already revealed \(free\)/,
  );
  await expect(panel.getByTestId('bulk-quote')).toContainText(
    'Everything chosen is already revealed for these contacts: nothing to pay.',
  );
});

test('a service worker stopped mid-job: the job resumes, in-flight contacts are not sent again', async ({
  openSearchPanel,
  openExtensionPage,
  context,
  sim,
}) => {
  const panel = await openSearchPanel();
  await searchNurses(panel, '25');
  // Slow enough that the lookups out are still unanswered when the worker is stopped, even on a busy machine.
  await sim.admin('faults', { latencyMs: 4000, path: '/v1/lookup' });
  await panel.getByRole('button', { name: 'Select all on this page' }).click();
  await panel.getByRole('button', { name: 'Reveal 25 contacts, up to 75 credits' }).click();
  await expect(panel.getByTestId('bulk-count')).toContainText('0 of 25 contacts');
  await expect.poll(async () => (await sim.requests('/v1/lookup')).length).toBeGreaterThan(0);
  const sentBeforeStop = (await sim.requests('/v1/lookup')).length;
  expect(sentBeforeStop).toBeLessThan(25);
  await panel.close();

  // Chrome stops the worker (as it does when idle): the lookups it had started are answered to nobody.
  await stopServiceWorker(context);
  // What reached the service before the stop: the cut-off lookups it may charge.
  const cutOffSent = (await sim.requests('/v1/lookup')).length;

  // Opening the panel wakes a worker, which settles the cut-off contacts and resumes the queue.
  await sim.admin('faults', { latencyMs: 0, path: '/v1/lookup' });
  const reopened = await openExtensionPage('sidepanel.html');
  const job = reopened.getByTestId('bulk-job');
  await expect(job.getByRole('heading', { name: 'Bulk reveal finished' })).toBeVisible({ timeout: 20_000 });
  const log = await lookupLog(sim);
  // No profile was ever asked for twice.
  expect(new Set(log.lookups.map((r) => r.body?.social_url)).size).toBe(log.lookups.length);
  expect(log.lookups.length).toBeGreaterThanOrEqual(10);
  // Every lookup the job had handed to the network counts as "may have charged", whether or not the browser had
  // sent it yet (nothing records the moment a request leaves the browser); one written ahead and not yet handed
  // over when the worker stopped is asked again. So up to 15, and at least those the service received.
  const lostLine = job.getByTestId('bulk-lost-line');
  await expect(lostLine).toContainText(/^\d+ answers? never arrived/);
  const lost = Number(/^(\d+)/.exec(await lostLine.innerText())![1]);
  expect(lost).toBeLessThanOrEqual(15);
  expect(lost).toBeGreaterThanOrEqual(cutOffSent);
  await expect(
    job.getByRole('button', { name: `Ask again for the ${lost} (up to ${lost * 3} credits)` }),
  ).toBeVisible();
  expect(log.lookups.length).toBeLessThanOrEqual(25);
  // The service may still be finishing a cut-off lookup when the job ends: the background checks the balance
  // again (free) once it cannot be, and the receipt shows the final charge with no click.
  await expect
    .poll(async () => (await sim.requests('/v1/lookup')).every((r) => r.status !== null))
    .toBe(true);
  const lostCharged = (await sim.requests('/v1/lookup'))
    .slice(0, cutOffSent)
    .reduce((s, r) => s + r.charged, 0);
  await expect(lostLine).toHaveText(
    lostCharged > 0
      ? `${lost} answers never arrived: paid ${lostCharged} credit${lostCharged === 1 ? '' : 's'} for them.`
      : `${lost} answers never arrived: nothing was charged for them.`,
    { timeout: 30_000 },
  );
  const after = await sim.balance();
  await expect(job.getByTestId('bulk-balance')).toContainText(`${after.toLocaleString('en-US')} after`);
});

test('out of credits mid-job: nothing new starts, what was paid is kept, the rest is listed as not started', async ({
  openSearchPanel,
  sim,
}) => {
  const panel = await openSearchPanel();
  await searchNurses(panel, '25');
  // The balance drops after the panel learnt it (another user of the key): the quote looked affordable.
  await sim.admin('keys', { key: 'demo-key', remaining: 20 });
  await panel.getByRole('button', { name: 'Select all on this page' }).click();
  await panel.getByRole('button', { name: 'Reveal 25 contacts, up to 75 credits' }).click();
  const job = panel.getByTestId('bulk-job');
  await expect(job.getByRole('heading', { name: 'Bulk reveal stopped' })).toBeVisible({ timeout: 20_000 });
  await expect(job).toContainText('The balance ran out.');
  await expect(job).toContainText(/\d+ contacts were not looked up/);
  const log = await lookupLog(sim);
  expect(log.lookups.length).toBeLessThan(25);
  expect(log.charged).toBe(20 - (await sim.balance()));
  await expect(job.getByTestId('bulk-charged')).toHaveText(`${log.charged} credits`);
});

test('a burst of 429s: the whole job waits, then every contact is asked and charged once', async ({
  openSearchPanel,
  sim,
}) => {
  const panel = await openSearchPanel();
  await searchNurses(panel, '10');
  await sim.admin('faults', { rateLimit: { count: 4, retryAfter: '2' }, path: '/v1/lookup' });
  await panel.getByRole('button', { name: 'Select all on this page' }).click();
  await panel.getByRole('button', { name: 'Reveal 10 contacts, up to 30 credits' }).click();
  const job = panel.getByTestId('bulk-job');
  await expect(job).toContainText('The service asked us to slow down');
  await expect(job.getByRole('heading', { name: 'Bulk reveal finished' })).toBeVisible({ timeout: 20_000 });
  const log = await lookupLog(sim);
  expect(log.lookups.filter((r) => r.status === 429)).toHaveLength(4);
  expect(log.lookups.filter((r) => r.status === 200)).toHaveLength(10);
  expect(log.answeredTwice).toBe(0);
});

test('select every loaded page at once; over the balance it waits for "Stop when the balance runs out", then spends no more than there is', async ({
  openSearchPanel,
  sim,
}) => {
  const panel = await openSearchPanel();
  await searchNurses(panel, '10');
  // Less than twenty lookups can cost: the next page's answer tells the panel the balance.
  await sim.admin('keys', { key: 'demo-key', remaining: 21 });
  await panel.getByRole('button', { name: 'Next page · 1 credit' }).click();
  await expect(panel.getByTestId('result-count')).toHaveText(/showing 11–20/);
  await expect(panel.getByTestId('balance')).toHaveText('Balance: 20 credits');

  // The rest of the loaded pages is offered once this page is selected.
  await panel.getByRole('button', { name: 'Select all on this page' }).click();
  await panel.getByRole('button', { name: 'Select all 20 loaded' }).click();
  await expect(panel.getByTestId('selected-count')).toHaveText('20 selected');
  const quote = panel.getByTestId('bulk-quote');
  await expect(panel.getByTestId('quote-details')).toContainText('20 contacts: 20 to look up.');
  await expect(quote).toContainText('Your balance is 20 credits, less than the most this can cost.');
  const confirm = quote.getByRole('button', { name: 'Reveal 20 contacts, up to 60 credits' });
  await expect(confirm).toBeDisabled();
  await expect(quote).toContainText(
    'Choose "Stop when the balance runs out", or select fewer contacts or items.',
  );
  await quote.getByLabel('Stop when the balance runs out').check();
  await confirm.click();

  const job = panel.getByTestId('bulk-job');
  await expect(job.getByRole('heading', { name: /^Bulk reveal (stopped|finished)$/ })).toBeVisible({
    timeout: 20_000,
  });
  const log = await lookupLog(sim);
  expect(log.answeredTwice).toBe(0);
  // Both pages' people were asked for, and never more than the balance was spent.
  const asked = new Set(log.lookups.map((r) => String(r.body?.social_url)));
  const pageTwo = await panel.locator('.result-card .name a').first().getAttribute('href');
  expect(asked.size).toBeGreaterThan(10);
  expect(log.lookups.some((r) => r.body?.social_url === pageTwo)).toBe(true);
  expect(log.charged).toBe(20 - (await sim.balance()));
  expect(log.charged).toBeLessThanOrEqual(20);
  await expect(job.getByTestId('bulk-charged')).toHaveText(`${log.charged} credits`);
});
