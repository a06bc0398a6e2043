import type { Page } from '@playwright/test';
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { eachColorScheme, expectAccessible } from './axe';
import { expect, type Sim, test } from './fixtures';
import { searchNurses } from './panel-checks';
import { expectPlainWords } from './plain-words';
import { PUT_LEDGER } from './vault-db';

// A day of actions through a real browser: searches, a popup reveal and a bulk reveal.
test.describe.configure({ timeout: 90_000 });

/** What the simulator charged, over every paid call it answered. */
async function charged(sim: Sim): Promise<number> {
  return (await sim.requests()).reduce((sum, r) => sum + (r.charged ?? 0), 0);
}

/** The sum of the chart's segments, as drawn. */
async function chartTotal(usage: Page): Promise<number> {
  const credits = await usage
    .locator('[data-testid="usage-chart"] rect')
    .evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('data-credits'))));
  return credits.reduce((a, b) => a + b, 0);
}

test('a day of actions: the usage chart and totals equal what the service charged', async ({
  context,
  openSearchPanel,
  openExtensionPage,
  tabIdOf,
  sim,
}) => {
  const panel = await openSearchPanel();
  await searchNurses(panel);
  await panel.getByRole('button', { name: 'Next page · 1 credit' }).click();
  await expect(panel.locator('.result-card')).toHaveCount(10);

  // A bulk reveal of three rows (email and phone).
  await panel.getByRole('group', { name: 'Reveal from results' }).getByLabel('Mobile phone').check();
  for (const card of (await panel.locator('.result-card').all()).slice(0, 3)) {
    await card.getByRole('checkbox', { name: /^Select / }).check();
  }
  await panel.getByRole('button', { name: /^Reveal 3 contacts, up to/ }).click();
  await expect(panel.getByRole('heading', { name: 'Bulk reveal finished' })).toBeVisible({ timeout: 30_000 });

  // A single reveal from the popup.
  const profile = await context.newPage();
  await profile.goto(`${DEMO_PROFILES.full.social_url}/`);
  const popup = await openExtensionPage(`popup.html?tabId=${await tabIdOf(profile)}`);
  await popup.getByLabel('Mobile phone').check();
  await popup.getByRole('button', { name: 'Reveal' }).click();
  await expect(popup.getByTestId('charged')).toContainText('Charged 9');

  const spent = await charged(sim);
  expect(spent).toBeGreaterThan(9);
  const usage = await openExtensionPage('usage.html');
  await expect(usage.getByTestId('total-month')).toHaveText(`This month: ${spent} credits`);
  await expect.poll(() => chartTotal(usage)).toBe(spent);
  // Searches are their own part of the stack: two pages, a credit each.
  const searches = await usage
    .locator('rect.part-search')
    .evaluateAll((rects) => rects.reduce((sum, r) => sum + Number(r.getAttribute('data-credits')), 0));
  expect(searches).toBe(2);
  // The table alternative says the same.
  await usage.getByText('Show the figures as a table').click();
  await expect(usage.getByTestId('usage-table').locator('tbody tr td').last()).toHaveText(String(spent));
  await expect(usage.getByTestId('top-jobs').locator('tbody tr')).toHaveCount(3);
  await expect(usage.getByTestId('balance-line')).toBeVisible();
  await expectAccessible(usage, 'usage page with the table open');

  // The CSV holds one row per paid call, and every balance check.
  const download = usage.waitForEvent('download');
  await usage.getByRole('button', { name: 'Export the history (CSV)' }).click();
  const path = await (await download).path();
  const { readFile } = await import('node:fs/promises');
  const csv = await readFile(path, 'utf8');
  const paidCalls = (await sim.requests()).filter((r) => r.path !== '/v1/account' && r.status === 200);
  expect(
    csv
      .trim()
      .split('\r\n')
      .filter((line) => !line.includes('Balance checked')),
  ).toHaveLength(paidCalls.length + 1);
});

test('a daily cap stops a bulk reveal and a search at the cap, and nothing is lost', async ({
  openSearchPanel,
  openExtensionPage,
  sim,
}) => {
  const panel = await openSearchPanel();
  const options = await openExtensionPage('options.html');
  await options.getByLabel('Daily cap (credits)').fill('abc');
  await options.getByRole('button', { name: 'Save spending settings' }).click();
  await expect(options.getByLabel('Daily cap (credits)')).toHaveAccessibleDescription(
    /^Enter a whole number of credits, like 500\./,
  );
  await options.getByLabel('Daily cap (credits)').fill('30');
  await options.getByRole('button', { name: 'Save spending settings' }).click();
  await expect(options.getByText('Spending settings saved.')).toBeVisible();

  await searchNurses(panel);
  await panel.getByRole('group', { name: 'Reveal from results' }).getByLabel('Mobile phone').check();
  await panel.getByRole('button', { name: 'Select all on this page' }).click();
  await panel.getByRole('button', { name: /^Reveal 10 contacts, up to/ }).click();
  const job = panel.getByTestId('bulk-job');
  await expect(job.getByRole('heading', { name: 'Bulk reveal stopped' })).toBeVisible({ timeout: 30_000 });
  await expect(job.getByTestId('bulk-receipt')).toContainText(
    /This may cost up to 9 credits, which would pass your daily cap: \d+ of 30 credits are spent or under way today\. To go ahead, raise the cap in Options \(Spending caps\)\./,
  );

  // No lookup was sent that could pass the cap (each may cost up to 9 credits); the rest were not started.
  const lookups = (await sim.requests('/v1/lookup')).length;
  expect(lookups).toBeGreaterThan(0);
  expect(lookups).toBeLessThan(10);
  const spent = await charged(sim);
  expect(spent).toBeLessThanOrEqual(30);
  await expect(panel.getByTestId('spending-warning')).toContainText(
    new RegExp(`You have spent ${spent} of your 30-credit daily cap today \\(\\d+%\\)\\.`),
  );
  // The usage page shows the cap on the chart and in words, and a monthly cap set meanwhile as soon as it is saved.
  const usage = await openExtensionPage('usage.html');
  await expect(usage.getByTestId('cap-daily')).toHaveText(`Daily cap: ${spent} of 30 credits today`);
  await expect(usage.getByTestId('daily-cap-line')).toHaveCount(1);
  await expect(usage.getByTestId('usage-chart')).toHaveAttribute(
    'aria-label',
    /against a daily cap of 30 credits/,
  );
  await expect(usage.getByTestId('cap-monthly')).toHaveCount(0);
  await options.getByLabel('Monthly cap (credits)').fill('1000');
  await options.getByRole('button', { name: 'Save spending settings' }).click();
  await expect(usage.getByTestId('cap-monthly')).toHaveText(
    `Monthly cap: ${spent} of 1,000 credits this month`,
  );
  await expectAccessible(usage, 'usage with a daily and a monthly cap');
  await expectPlainWords(usage, 'usage with a daily and a monthly cap');

  // A cap at what is spent: the next page and a new search are refused before anything is sent, and the results
  // on screen stay.
  await options.getByLabel('Daily cap (credits)').fill(String(spent));
  await options.getByRole('button', { name: 'Save spending settings' }).click();
  await expect(panel.getByTestId('spending-warning')).toContainText(
    `You have spent ${spent} of your ${spent}-credit daily cap today. Paid actions wait until tomorrow, or raise the cap. Open the cap setting`,
  );
  const searches = (await sim.requests('/v1/search')).length;
  await panel.getByRole('button', { name: 'Next page · 1 credit' }).click();
  // The refusal says the cost against the cap, and the step once, with the way to the cap's own field.
  const refusal = panel.getByRole('alert').filter({ hasText: 'Not sent: over your spending cap' });
  await expect(refusal).toContainText(
    `This may cost up to 1 credit, which would pass your daily cap: ${spent} of ${spent} credits are spent or under way today.To go ahead, raise the cap.`,
  );
  expect((await refusal.innerText()).match(/raise the cap/g)).toHaveLength(1);
  expect(await refusal.innerText()).not.toMatch(/request|reached|Nothing was sent/i);
  await expect(refusal.getByRole('button', { name: 'Open the cap setting' })).toBeVisible();
  await panel.getByRole('button', { name: 'Edit search' }).click();
  await panel.getByRole('button', { name: 'Search · 1 credit' }).click();
  await expect(panel.getByText(/would pass your daily cap/).first()).toBeVisible();
  expect((await sim.requests('/v1/search')).length).toBe(searches);
  await expect(panel.locator('.result-card')).toHaveCount(10);
  expect(await charged(sim)).toBe(spent);
});

interface LabelBox {
  text: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** The font size as it reaches the screen (an SVG's text shrinks with its drawing). */
  size: number;
}

/** Every piece of text drawn in the chart, where it is on screen and how big, and the chart's own box. */
function chartLabels(usage: Page) {
  return usage.getByTestId('usage-chart').evaluate((chart) => {
    const frame = chart.getBoundingClientRect();
    const walker = document.createTreeWalker(chart, NodeFilter.SHOW_TEXT);
    const labels: LabelBox[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement!;
      // A bar's tooltip is not drawn.
      if (parent.closest('title') || !node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width === 0) continue;
      const scale = parent instanceof SVGGraphicsElement ? (parent.getScreenCTM()?.d ?? 1) : 1;
      const size = Number.parseFloat(getComputedStyle(parent).fontSize) * scale;
      labels.push({ text: node.textContent.trim(), ...box.toJSON(), size });
    }
    return { frame: frame.toJSON() as DOMRect, labels };
  });
}

test('the chart keeps its dates and scale whole and readable, from a 320 px panel to a wide window', async ({
  openExtensionPage,
}) => {
  const usage = await openExtensionPage('usage.html');
  // Some spending today, so the newest bar and the scale have figures (written as the background writes them).
  // Six lookups of a bulk reveal, email and phone each.
  const now = new Date().toISOString();
  const entries = [1, 2, 3, 4, 5, 6].map((n) => ({
    kind: 'charge',
    id: `c${n}`,
    at: now,
    action: 'bulk-reveal',
    items: ['email', 'phone'],
    credits: 9,
    maxCredits: 9,
    state: 'charged',
    ref: 'job-1',
  }));
  await usage.evaluate(`(async () => { ${PUT_LEDGER}; await putLedger(${JSON.stringify(entries)}); })()`);
  await expect(usage.getByTestId('usage-chart')).toHaveAttribute('data-max', '100');
  const today = new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });

  for (const width of [320, 900]) {
    await usage.setViewportSize({ width, height: 900 });
    await eachColorScheme(usage, async (scheme) => {
      const { frame, labels } = await chartLabels(usage);
      const at = `${width} px, ${scheme}`;
      // The newest day and the scale's top are labelled.
      expect(
        labels.map((l) => l.text),
        at,
      ).toEqual(expect.arrayContaining([today, '100', '50', '0']));
      for (const label of labels) {
        expect(label.size, `${label.text} at ${at}`).toBeGreaterThanOrEqual(11);
        expect(label.left, `${label.text} at ${at}`).toBeGreaterThanOrEqual(frame.left);
        expect(label.right, `${label.text} at ${at}`).toBeLessThanOrEqual(frame.right);
        expect(label.top, `${label.text} at ${at}`).toBeGreaterThanOrEqual(frame.top);
        expect(label.bottom, `${label.text} at ${at}`).toBeLessThanOrEqual(frame.bottom);
      }
      // No two labels overlap.
      for (const [i, a] of labels.entries()) {
        for (const b of labels.slice(i + 1)) {
          const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
          expect(apart, `${a.text} and ${b.text} overlap at ${at}`).toBe(true);
        }
      }
      expect(await usage.evaluate(() => document.documentElement.scrollWidth), at).toBeLessThanOrEqual(width);
    });
    await expectAccessible(usage, `usage chart at ${width} px`);
  }
  // A wide chart has room for a date every week; a narrow one every other week.
  expect((await chartLabels(usage)).labels.filter((l) => /[A-Z]/.test(l.text))).toHaveLength(5);
  await usage.setViewportSize({ width: 320, height: 900 });
  expect((await chartLabels(usage)).labels.filter((l) => /[A-Z]/.test(l.text))).toHaveLength(3);
});
