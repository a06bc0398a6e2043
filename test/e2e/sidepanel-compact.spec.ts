/**
 * Lists that work at a glance: compact rows (an unrevealed row in at most ~64 px at 400 px wide, its Reveal beside the
 * name; a revealed row shows its email and phone, each with a copy icon, in at most ~88 px), the first result near
 * the top once a search has answered, the list's actions in a bar that stays in view, no paging for a single page,
 * no word broken inside at 320 px, and a bulk receipt with its next steps that fits 320 px.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { checkState, expectFits, searchNurses } from './panel-checks';
import { PUT_SEARCH } from './vault-db';

/** The tallest of the rows `selector` finds, in whole pixels (sub-pixel line boxes make 64.08). */
const tallest = async (page: Page, selector: string) =>
  Math.round(
    Math.max(
      ...(await page
        .locator(selector)
        .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height))),
    ),
  );

/** How far down the page the first result row starts, whatever the page is scrolled to. */
const firstResultTop = (page: Page) =>
  page
    .locator('.result-card')
    .first()
    .evaluate((el) => Math.round(el.getBoundingClientRect().top + window.scrollY));

/**
 * Every place a line of visible text inside `root` wraps, as the two characters around the break ("m|p"), read from
 * each character's box. Text broken inside a word has a letter or digit on both sides, with no space between.
 */
const lineBreaks = (root: Locator) =>
  root.evaluate((top) => {
    const breaks: string[] = [];
    const walker = document.createTreeWalker(top, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    let previous: { char: string; bottom: number; parent: Element | null } | null = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      // Text of another element (a cell, a row, a label) starts its own line by layout, not by a wrap.
      if (previous && previous.parent !== node.parentElement) previous = null;
      for (let i = 0; i < text.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        // A space is where a line may wrap: it stays in the break's words ("0 |c"), inside no word.
        if (/\s/.test(text[i]!)) {
          if (previous && !previous.char.endsWith(' ')) previous.char += ' ';
          continue;
        }
        const box = range.getClientRects()[0];
        if (!box || box.width === 0) continue;
        if (previous && box.top >= previous.bottom - 1) breaks.push(`${previous.char}|${text[i]}`);
        previous = { char: text[i]!, bottom: box.bottom, parent: node.parentElement };
      }
    }
    return breaks;
  });

/** The breaks of `lineBreaks` that fall inside a word: a letter or digit on both sides. */
const insideWords = (breaks: string[]) => breaks.filter((b) => /^[\p{L}\p{N}]\|[\p{L}\p{N}]$/u.test(b));

test('a revealed row shows the email and phone with copy icons in at most 88 px at 400 px; the bar stays in view', async ({
  openSearchPanel,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const panel = await openSearchPanel();
  await panel.setViewportSize({ width: 400, height: 700 });
  await searchNurses(panel);
  await panel.getByRole('group', { name: 'Reveal from results' }).getByLabel('Mobile phone').check();
  const rows = panel.locator('.result-card');
  // A row whose person has both: reveal rows until one shows a phone.
  let revealed = -1;
  for (let i = 0; i < 10 && revealed < 0; i++) {
    const name = (await rows.nth(i).locator('.name').textContent()) ?? '';
    await rows
      .nth(i)
      .getByRole('button', { name: new RegExp(`^Reveal · up to \\d+ credits: ${name}$`) })
      .click();
    await expect(rows.nth(i).locator('.held')).toBeVisible();
    if ((await rows.nth(i).locator('[data-item=phone] a').count()) > 0) revealed = i;
  }
  expect(revealed, 'a nurse with an email and a phone').toBeGreaterThanOrEqual(0);
  const row = rows.nth(revealed);
  await expect(row.locator('[data-item=email] a')).toHaveText(/@/);
  await expect(row.getByRole('button', { name: 'Copy email' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Copy phone' })).toBeVisible();
  // Nothing left to ask: no disabled "Revealed" button, the contact itself.
  await expect(row.getByRole('button', { name: /^Revealed/ })).toHaveCount(0);
  const box = await row.boundingBox();
  test.info().annotations.push({ type: 'revealed row height at 400 px', description: `${box?.height} px` });
  // ~88 px: measured to the whole pixel (sub-pixel line boxes make 88.08).
  expect(Math.round(box!.height), 'a revealed row at 400 px').toBeLessThanOrEqual(88);
  expect(await tallest(panel, '.result-card:has(.held)'), 'every revealed row at 400 px').toBeLessThanOrEqual(
    88,
  );

  // The list's bar stays in view at the bottom while the rows scroll under it.
  await panel.evaluate(() => window.scrollTo(0, 0));
  const bar = panel.getByRole('region', { name: 'Selection and list actions' });
  await expect(bar).toBeInViewport();
  await expect(bar.getByRole('button', { name: 'Select all on this page' })).toBeInViewport();
  expect(await rows.last().evaluate((el) => el.getBoundingClientRect().top > window.innerHeight)).toBe(true);
  await checkState(panel, 'compact rows with a revealed row');

  // j and k move between rows; e copies the email of the row in focus.
  await panel.locator('h2#results-title').focus();
  for (let i = 0; i <= revealed; i++) await panel.keyboard.press('j');
  await expect(row).toBeFocused();
  await panel.keyboard.press('e');
  const email = await row.locator('[data-item=email] a').textContent();
  await expect.poll(() => panel.evaluate(() => navigator.clipboard.readText())).toBe(email);
  await panel.setViewportSize({ width: 320, height: 700 });
  await expectFits(panel, 320);
  // An email wraps at its "@" or a ".", a name or a title between words: never inside a word.
  expect(insideWords(await lineBreaks(panel.locator('main'))), 'words broken at 320 px').toEqual([]);
});

test('once a search has answered its first result is within 250 px, and an unrevealed row is at most 64 px at 400 px', async ({
  openSearchPanel,
}) => {
  const panel = await openSearchPanel();
  await panel.setViewportSize({ width: 400, height: 700 });
  await searchNurses(panel);
  const filters = await firstResultTop(panel);
  test.info().annotations.push({ type: 'first result, filters, 400 px', description: `${filters} px` });
  expect(filters, 'the first result of a filter search').toBeLessThanOrEqual(250);
  const unrevealed = await tallest(panel, '.result-card');
  test.info().annotations.push({ type: 'tallest unrevealed row at 400 px', description: `${unrevealed} px` });
  expect(unrevealed, 'an unrevealed row at 400 px').toBeLessThanOrEqual(64);
  // Reveal sits beside the name, not in a column beside the title: the title line has the row's whole width.
  const row = panel.locator('.result-card').first();
  const [name, reveal, role] = await Promise.all(
    ['.name', '.reveal', '.role'].map(async (part) => (await row.locator(part).boundingBox())!),
  );
  expect(Math.abs(reveal!.y + reveal!.height / 2 - (name!.y + name!.height / 2))).toBeLessThan(6);
  expect(role!.width).toBeGreaterThan(reveal!.x - role!.x);

  // A free-text search, with what the service understood of it: still results first.
  await panel.getByRole('button', { name: 'Edit search' }).click();
  await panel.getByRole('tab', { name: 'Free text' }).click();
  await panel.getByLabel('Free text').fill('Registered nurses in Boston with 5+ years of experience');
  await panel.getByLabel('Page size').selectOption('10');
  await panel.getByRole('button', { name: 'Search · 1 credit' }).click();
  await expect(panel.getByTestId('understood-criteria')).toContainText('Registered Nurse');
  const text = await firstResultTop(panel);
  test.info().annotations.push({ type: 'first result, free text, 400 px', description: `${text} px` });
  expect(text, 'the first result of a free-text search').toBeLessThanOrEqual(250);
  await panel.setViewportSize({ width: 320, height: 700 });
  test.info().annotations.push({
    type: 'first result, free text, 320 px',
    description: `${await firstResultTop(panel)} px`,
  });
  await expectFits(panel, 320);
  expect(insideWords(await lineBreaks(panel.locator('main'))), 'words broken at 320 px').toEqual([]);
  await checkState(panel, 'a free-text search answered, results first');
});

test('the bar is one line with nothing selected (56 px at most) and two with a selection (96 px), at 320 and 400 px', async ({
  openSearchPanel,
}) => {
  const panel = await openSearchPanel();
  await searchNurses(panel);
  const bar = panel.getByRole('region', { name: 'Selection and list actions' });
  const height = async () => Math.round((await bar.boundingBox())!.height);
  const rows = panel.locator('.result-card');
  for (const width of [320, 400]) {
    await panel.setViewportSize({ width, height: 700 });
    await expect(bar.getByTestId('selected-count')).toHaveText('None selected');
    const empty = await height();
    for (let i = 0; i < 6; i++) await rows.nth(i).getByRole('checkbox').check();
    await expect(bar.getByRole('button', { name: 'Reveal 6 contacts, up to 18 credits' })).toBeInViewport();
    const selected = await height();
    test.info().annotations.push({
      type: `bar at ${width} px`,
      description: `${empty} px with nothing selected, ${selected} px with 6 selected`,
    });
    expect(empty, `the bar with nothing selected at ${width} px`).toBeLessThanOrEqual(56);
    expect(selected, `the bar with 6 selected at ${width} px`).toBeLessThanOrEqual(96);
    // The breakdown is there on demand.
    await bar.getByText('Details').click();
    await expect(bar.getByTestId('quote-details')).toContainText('6 contacts: 6 to look up.');
    await expect(bar.getByTestId('quote-details')).toContainText('Only what is found is charged.');
    await bar.getByText('Details').click();
    await bar.getByRole('button', { name: 'Clear' }).click();
  }
  // What Export writes is said where it applies: in its menu.
  await panel.getByText('Export', { exact: true }).click();
  await expect(panel.getByTestId('export-rows')).toBeVisible();
  await expect(bar.getByTestId('export-rows')).toHaveCount(0);
  await checkState(panel, 'the export menu open');
});

test('a single page has no paging controls', async ({ openSearchPanel, background }) => {
  const panel = await openSearchPanel();
  const at = new Date().toISOString();
  const profiles = [0, 1, 2].map((i) => ({
    id: `one-page-${i}`,
    name: `Person ${i}`,
    current_title: 'Registered Nurse',
    current_employer: 'Arbor Health',
    location: 'Boston, Massachusetts, United States',
    social_url: `https://www.linkedin.com/in/one-page-${i}`,
  }));
  const request = { search_criteria: { current_title: ['Registered Nurse'] }, page_size: 10 };
  const session = {
    id: 'one-page',
    mode: 'filters',
    first: request,
    frozen: { ...request, include_similar_titles: false },
    understood: {},
    pageSize: 10,
    pages: [{ start: 1, profiles, total: 3, hasNext: false, nextStart: null, charged: 1, at }],
    currentStart: 1,
    status: 'done',
    startedAt: at,
  };
  await background.evaluate(
    `(async () => { ${PUT_SEARCH}; await putSearch(${JSON.stringify(session)}); })()`,
  );
  await expect(panel.locator('.result-card')).toHaveCount(3);
  await expect(panel.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: /Next page|Previous page/ })).toHaveCount(0);
});

test('the bulk receipt offers its next steps and fits 320 px without breaking its headings', async ({
  openSearchPanel,
  context,
}) => {
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const panel = await openSearchPanel();
  await searchNurses(panel);
  await panel.getByRole('button', { name: 'Select all on this page' }).click();
  await panel.getByRole('button', { name: 'Reveal 10 contacts, up to 30 credits' }).click();
  const job = panel.getByTestId('bulk-job');
  await expect(job.getByRole('heading', { name: 'Bulk reveal finished' })).toBeVisible({ timeout: 20_000 });
  const emails = await panel.locator('.result-card [data-item=email] a').allTextContents();
  expect(emails.length).toBeGreaterThan(0);
  await job.getByRole('button', { name: `Copy the emails (${emails.length})` }).click();
  await expect.poll(() => panel.evaluate(() => navigator.clipboard.readText())).toBe(emails.join('\n'));
  const download = panel.waitForEvent('download');
  await job.getByRole('button', { name: 'Export what was revealed' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);

  // A person the service had nothing for: said once with its day, no box to tick and no price, "Select all" passes
  // them by, and asking again is their own priced button.
  const notFound = panel.locator('.result-card').filter({ hasText: /Not found · \d{1,2} [A-Z][a-z]{2}/ });
  const none = await notFound.count();
  expect(none, 'the dataset has a nurse without an email').toBeGreaterThan(0);
  await expect(job.locator('.counts div', { hasText: 'Not found' })).toHaveText(`Not found${none}`);
  await expect(notFound.getByRole('checkbox')).toHaveCount(0);
  await expect(notFound.getByRole('button', { name: /^Reveal/ })).toHaveCount(0);
  await expect(
    notFound.first().getByRole('button', { name: /^Ask again · up to 3 credits: / }),
  ).toBeVisible();
  await panel.getByRole('button', { name: 'Select all on this page' }).click();
  await expect(panel.getByTestId('selected-count')).toHaveText(`${10 - none} selected`);
  await panel.getByRole('button', { name: 'Clear' }).click();
  await panel.setViewportSize({ width: 320, height: 800 });
  await expectFits(panel, 320);
  // Every column heading on one line, and no figure parted from its unit ("9 / credits", "5 of / 11").
  for (const th of await job.locator('.charges thead th').all()) {
    expect((await th.boundingBox())!.height).toBeLessThan(24);
  }
  for (const cell of await job.locator('.charges td').all()) {
    const words = (await cell.textContent()) ?? '';
    if (/^\d[\d,]*\s(credits?|of\s\d[\d,]*)$/.test(words)) {
      expect(await lineBreaks(cell), `"${words}" on one line`).toEqual([]);
    }
  }
  expect(insideWords(await lineBreaks(job)), 'words broken at 320 px').toEqual([]);
  await checkState(panel, 'bulk receipt with its next steps at 320 px');
});
