import { readFileSync } from 'node:fs';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, stopServiceWorker, test } from './fixtures';
import { expectPlainWords } from './plain-words';
import { OPEN_DB, PUT_RECORDS, STORED_CONTACTS } from './vault-db';

const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
const CONTACTS = [
  {
    slug: 'grace-okafor',
    name: 'Grace Okafor',
    currentTitle: 'Registered Nurse',
    currentEmployer: 'Brightpath Health',
    email: 'grace.okafor@example.org',
    phone: '+1 617-555-0123',
    location: 'Boston, Massachusetts, United States',
    updatedAt: at(1),
  },
  {
    slug: 'ada-lovelace',
    name: 'Ada Lovelace',
    currentTitle: 'Analyst',
    currentEmployer: 'Babbage Ltd',
    email: 'ada.lovelace@example.com',
    phone: null,
    location: 'London Area, United Kingdom',
    updatedAt: at(3),
  },
  {
    slug: 'wei-chen',
    name: 'Wei Chen',
    currentTitle: 'Engineer',
    currentEmployer: 'Tessellate Pay',
    email: null,
    phone: null,
    location: 'Austin, Texas, United States',
    updatedAt: at(90),
  },
];

/** A day within the month ahead as the library's removal line says it: "6 Jan". */
const shortDay = (daysAhead: number) =>
  new Date(Date.now() + daysAhead * 86_400_000).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
  });

/** Writes vault records straight into the extension's database, as an older version could have left them. */
async function seed(
  background: Worker,
  contacts: ReadonlyArray<
    Omit<(typeof CONTACTS)[number], 'location'> & { location?: string; extra?: object }
  > = CONTACTS,
) {
  const records = contacts.map((c) => {
    const key = `https://www.linkedin.com/in/${c.slug}`;
    return {
      v: 1,
      key,
      socialUrl: key,
      candidateId: null,
      name: c.name,
      currentTitle: c.currentTitle,
      currentEmployer: c.currentEmployer,
      email: c.email ? { found: true, value: c.email, at: c.updatedAt } : { found: false, at: c.updatedAt },
      ...(c.phone ? { phone: { found: true, value: c.phone, at: c.updatedAt } } : {}),
      ...(c.location ? { location: c.location } : {}),
      ...c.extra,
      updatedAt: c.updatedAt,
    };
  });
  await background.evaluate(
    `(async () => { ${PUT_RECORDS}; await putRecords(${JSON.stringify(records)}); })()`,
  );
}

/** Every stored key, in storage or in the vault's database, whose name or value mentions `text`. */
const storedMentioning = (page: Page, text: string) =>
  page.evaluate(`(async () => {
    ${STORED_CONTACTS}
    const text = ${JSON.stringify(text)};
    const local = Object.entries(await chrome.storage.local.get(null));
    const records = (await storedContacts()).map((record) => ['contacts:' + record.key, record]);
    return [...local, ...records]
      .filter(([key, value]) => (key + JSON.stringify(value)).includes(text))
      .map(([key]) => key);
  })()`) as Promise<string[]>;

/** How many contacts the vault holds. */
const storedCount = (background: Worker) =>
  background.evaluate(`(async () => { ${STORED_CONTACTS}; return (await storedContacts()).length; })()`);

/**
 * Opens the library with its reading of every contact held back until `release()`: the moment, short in real use,
 * between the first rows and a searchable list. (The page's reads of every record, `getAll` on the vault's store,
 * answer when released; its first page comes through an index and is not held.)
 */
async function openWithFullReadHeld(context: BrowserContext, extensionId: string) {
  const page = await context.newPage();
  await page.addInitScript(() => {
    const held = new Promise((resolve) => {
      (globalThis as unknown as { releaseIndex: () => void }).releaseIndex = () => resolve(undefined);
    });
    const getAll = IDBObjectStore.prototype.getAll;
    IDBObjectStore.prototype.getAll = function (this: IDBObjectStore, ...args: Parameters<typeof getAll>) {
      const request = getAll.apply(this, args);
      if (this.name !== 'contacts') return request;
      const listen = request.addEventListener.bind(request);
      request.addEventListener = ((type: string, listener: EventListener, options?: unknown) =>
        listen(
          type,
          type === 'success' ? (event: Event) => void held.then(() => listener(event)) : listener,
          options as AddEventListenerOptions,
        )) as typeof request.addEventListener;
      return request;
    };
  });
  await page.goto(`chrome-extension://${extensionId}/contacts.html`);
  return { page, release: () => page.evaluate('releaseIndex()') };
}

/** The names of the contacts listed, in the table of a wide page or the cards of a narrow one. */
const rows = (page: Page) => page.locator('.library-row .library-name');

test.describe('revealed contacts library', () => {
  test('lists, searches, filters, sorts, opens, exports and erases; accessible in light and dark', async ({
    background,
    openExtensionPage,
  }) => {
    await seed(background);
    const page = await openExtensionPage('contacts.html');
    await expect(page.getByTestId('library-counts')).toHaveText('3 contacts · 2 with email · 1 with phone');
    await expect(rows(page)).toHaveText(['Grace Okafor', 'Ada Lovelace', 'Wei Chen']);
    // The total is said once; the list's heading says what it lists.
    await expect(page.getByText(/\b3 contacts\b/)).toHaveCount(1);
    await expect(page.getByTestId('match-count')).toHaveText('All contacts');
    // At 1,280 px a table: a row shows the address and the number themselves, each with its copy button, how long
    // ago they were revealed (the exact moment in the tooltip), and the way to the LinkedIn profile.
    await expect(page.locator('table.library-table')).toBeVisible();
    const row = (name: string) => page.locator('.library-row').filter({ hasText: name });
    await expect(row('Grace Okafor').locator('.library-value')).toHaveText([
      'grace.okafor@example.org',
      '+1 617-555-0123',
    ]);
    await expect(
      row('Grace Okafor').getByRole('button', { name: 'Copy email of Grace Okafor' }),
    ).toBeVisible();
    await expect(
      row('Grace Okafor').getByRole('button', { name: 'Copy phone of Grace Okafor' }),
    ).toBeVisible();
    await expect(row('Grace Okafor').getByRole('cell', { name: 'yesterday', exact: true })).toHaveAttribute(
      'title',
      /\d{4}/,
    );
    await expect(row('Grace Okafor').getByRole('link', { name: 'Grace Okafor on LinkedIn' })).toHaveAttribute(
      'href',
      'https://www.linkedin.com/in/grace-okafor',
    );
    await expect(row('Ada Lovelace').locator('.library-value')).toHaveText(['ada.lovelace@example.com']);
    // In the UK, revealed 3 days ago and never sent: the EU rule removes her 30 days after, said under her name
    // (a contact elsewhere is kept by the 365-day setting, too far off to say).
    await expect(row('Ada Lovelace').getByRole('cell', { name: '3 days ago', exact: true })).toBeVisible();
    await expect(row('Ada Lovelace').getByRole('rowheader')).toHaveText(
      `Ada Lovelace${`Removed ${shortDay(27)} (EU rule)`}`,
    );
    await expect(row('Grace Okafor').getByText(/^Removed /)).toHaveCount(0);
    // A contact where nothing was found is said so in words, not shown like a revealed one, the date said once.
    await expect(row('Wei Chen').locator('.library-value')).toHaveCount(0);
    await expect(row('Wei Chen').getByRole('cell', { name: 'Not found', exact: true })).toBeVisible();
    await expect(row('Wei Chen').getByRole('cell', { name: /^[23] months ago$/ })).toBeVisible();
    // Sorted newest first, said on the one header sorted by.
    await expect(page.locator('th[aria-sort]')).toHaveCount(1);
    await expect(page.getByRole('columnheader', { name: 'Revealed' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expectAccessible(page, 'library with contacts');
    await expectPlainWords(page, 'library with contacts');

    // The narrow page's cards say the same, with one date for one not found.
    await page.setViewportSize({ width: 400, height: 720 });
    await expect(page.locator('table.library-table')).toHaveCount(0);
    await expect(row('Grace Okafor').getByText('revealed yesterday')).toHaveAttribute('title', /\d{4}/);
    await expect(row('Ada Lovelace').getByText(`Removed ${shortDay(27)} (EU rule)`)).toHaveAttribute(
      'title',
      /unless sent to a destination/,
    );
    await expect(row('Wei Chen').locator('.held')).toHaveText(/^Not found · \d{1,2} [A-Z][a-z]{2,3}$/);
    await expect(row('Wei Chen').getByText(/revealed/)).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 720 });

    const search = page.getByLabel('Search by name, company or title');
    await search.fill('babbage');
    await expect(rows(page)).toHaveText(['Ada Lovelace']);
    await expect(page.getByTestId('match-count')).toHaveText('1 of 3 match');
    await search.fill('');
    await page.getByLabel('Show').selectOption({ label: 'With mobile phone' });
    await expect(rows(page)).toHaveText(['Grace Okafor']);
    await page.getByLabel('Show').selectOption({ label: 'Not found' });
    await expect(rows(page)).toHaveText(['Wei Chen']);
    await page.getByLabel('Show').selectOption({ label: 'All contacts' });
    await page.getByLabel(/^Revealed/).selectOption({ label: 'In the last 30 days' });
    await expect(rows(page)).toHaveText(['Grace Okafor', 'Ada Lovelace']);
    await page.getByLabel(/^Revealed/).selectOption({ label: 'Any time' });
    // The column headers sort, each way in turn; the table has no second Sort choice.
    await expect(page.getByLabel('Sort')).toHaveCount(0);
    const name = page.getByRole('columnheader', { name: /^Name/ });
    await name.getByRole('button').click();
    await expect(rows(page)).toHaveText(['Ada Lovelace', 'Grace Okafor', 'Wei Chen']);
    await expect(name).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.locator('th[aria-sort]')).toHaveCount(1);
    await name.getByRole('button').click();
    await expect(rows(page)).toHaveText(['Wei Chen', 'Grace Okafor', 'Ada Lovelace']);
    await expect(name).toHaveAttribute('aria-sort', 'descending');
    await page
      .getByRole('columnheader', { name: /^Company/ })
      .getByRole('button')
      .click();
    await expect(rows(page)).toHaveText(['Ada Lovelace', 'Grace Okafor', 'Wei Chen']);
    await name.getByRole('button').click();

    // Open one: its details, as the popup shows them.
    await page.getByRole('button', { name: 'Grace Okafor', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Grace Okafor', exact: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.getByRole('link', { name: 'grace.okafor@example.org' })).toBeVisible();
    // Its address and number once: in its card, not again in its row.
    await expect(page.getByText('grace.okafor@example.org')).toHaveCount(1);
    await expect(page.getByText('+1 617-555-0123')).toHaveCount(1);
    await expect(page.getByText('Wei Chen')).toBeVisible();
    await expectAccessible(page, 'library with a contact open');

    // Exports: what is listed, with the vault's details.
    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csvText = readFileSync(await (await csv).path(), 'utf8');
    expect(csvText.split('\r\n').filter(Boolean)).toHaveLength(4);
    expect(csvText).toContain('grace.okafor@example.org');
    // A phone number as written (no apostrophe), and no internal id column.
    expect(csvText).toContain(',+1 617-555-0123,');
    expect(csvText.split('\r\n')[0]).toBe(
      '\uFEFFName,Title,Employer,Location,Profile URL,Email,Phone,Skills,NPI,License,Specialty,Credentials,Now (seen on LinkedIn),Seen on',
    );
    const vcf = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export vCard' }).click();
    const vcfText = readFileSync(await (await vcf).path(), 'utf8');
    expect(vcfText.match(/BEGIN:VCARD/g)).toHaveLength(3);
    expect(vcfText).toContain('EMAIL;TYPE=INTERNET,HOME:ada.lovelace@example.com');

    // Delete one (erasure), from its card: gone from the list and from storage.
    await page.getByRole('button', { name: 'Ada Lovelace', exact: true }).click();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete Ada Lovelace' }).click();
    await expect(rows(page)).toHaveText(['Grace Okafor', 'Wei Chen']);
    await expect(page.getByRole('status').filter({ hasText: 'Deleted' })).toHaveText(
      'Deleted 1 contact. · Undo',
    );
    // Nowhere in storage or in the database, by key or in any value; the two others still held.
    await expect.poll(() => storedMentioning(page, 'ada-lovelace')).toEqual([]);
    await expect.poll(() => storedMentioning(page, 'ada.lovelace@example.com')).toEqual([]);
    expect(await storedMentioning(page, 'grace.okafor@example.org')).not.toEqual([]);
    expect(await storedMentioning(page, 'https://www.linkedin.com/in/wei-chen')).not.toEqual([]);

    // With a filter on, only what is shown can be deleted; each delete names its count, and each confirm says it
    // again. With none, the library offers no delete of every contact (Options does, with its count).
    const deletes = page.locator('.library-delete button');
    const confirmed: string[] = [];
    const answer = (accept: boolean) =>
      page.once('dialog', (dialog) => {
        confirmed.push(dialog.message());
        void (accept ? dialog.accept() : dialog.dismiss());
      });
    await expect(deletes).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete all/ })).toHaveCount(0);
    await page.getByRole('combobox', { name: /^Revealed/ }).selectOption({ label: 'In the last 30 days' });
    await expect(rows(page)).toHaveText(['Grace Okafor']);
    await expect(deletes).toHaveText(['Delete this one']);
    answer(true);
    await page.getByRole('button', { name: 'Delete this one' }).click();
    await expect
      .poll(() => confirmed.at(-1))
      .toBe('Delete the 1 contact shown? Revealing them again costs credits.');
    await expect(page.getByTestId('library-counts')).toHaveText('1 contact · 0 with email · 0 with phone');
    await page.getByRole('combobox', { name: /^Revealed/ }).selectOption({ label: 'Any time' });
    await expect(rows(page)).toHaveText(['Wei Chen']);

    // The last one, by selecting it.
    await page.getByRole('checkbox', { name: 'Select Wei Chen' }).check();
    answer(true);
    await page.getByRole('button', { name: 'Delete the 1 selected' }).click();
    await expect(page.getByText('No revealed contacts yet.')).toBeVisible();
    await expect(page.getByTestId('library-counts')).toHaveText('0 contacts · 0 with email · 0 with phone');
    await expectAccessible(page, 'empty library');
  });

  test('a contact past its retention rule leaves the vault and the list a few seconds after the worker starts again: one in the EU after 30 days unless sent, others after the setting', async ({
    background,
    context,
    extensionId,
  }) => {
    const expired = {
      ...CONTACTS[2]!,
      slug: 'old-timer',
      name: 'Old Timer',
      email: 'old.timer@example.org',
      updatedAt: at(400),
    };
    // Revealed 31 days ago: one in Berlin never sent (the EU rule removes her), one in Paris sent to Lever (kept),
    // one in Austin (elsewhere: the 365-day setting keeps him), one with no location (the strictest rule: removed).
    const berlin = {
      ...CONTACTS[1]!,
      slug: 'eu-never-sent',
      name: 'Berlin Never Sent',
      location: 'Berlin, Germany',
      email: 'eu.never@example.org',
      updatedAt: at(31),
    };
    const paris = {
      ...berlin,
      slug: 'eu-sent',
      name: 'Paris Sent',
      location: 'Paris, Île-de-France, France',
      email: 'eu.sent@example.org',
    };
    const austin = {
      ...berlin,
      slug: 'us-never-sent',
      name: 'Austin Never Sent',
      location: 'Austin, Texas, United States',
      email: 'us.never@example.org',
    };
    const { location: _, ...nowhere } = {
      ...berlin,
      slug: 'no-location',
      name: 'No Location',
      email: 'no.location@example.org',
    };
    await seed(background, [...CONTACTS, expired, berlin, paris, austin, nowhere]);
    const contactKey = 'https://www.linkedin.com/in/eu-sent';
    const mark = {
      key: `lever ${contactKey}`,
      contactKey,
      destinationId: 'lever',
      label: 'Lever',
      state: 'sent',
      status: 'created',
      sentAt: at(20),
      updatedAt: at(20),
    };
    await background.evaluate(`(async () => {
      ${OPEN_DB}
      const db = await openLensDb();
      await new Promise((resolve, reject) => {
        const tx = db.transaction('sent', 'readwrite');
        tx.objectStore('sent').put(${JSON.stringify(mark)});
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    })()`);
    await expect.poll(() => storedCount(background)).toBe(8);
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/contacts.html`);
    await expect(rows(page)).toHaveCount(8);

    // Chrome stops an idle worker; a message (a popup opening) starts it again, and retention runs soon after.
    await stopServiceWorker(context);
    await page.evaluate(`chrome.runtime.sendMessage({ type: 'wake' }).catch(() => undefined)`);
    await expect(rows(page)).toHaveCount(5, { timeout: 15_000 });
    await expect(rows(page)).toHaveText([
      'Grace Okafor',
      'Ada Lovelace',
      // Revealed at the same moment: in the order of their keys.
      'Paris Sent',
      'Austin Never Sent',
      'Wei Chen',
    ]);
    // Nowhere in storage, by key or in any value.
    for (const gone of ['old-timer', 'eu-never-sent', 'eu.never@example.org', 'no-location']) {
      expect(await storedMentioning(page, gone)).toEqual([]);
    }
    await page.reload();
    await expect(rows(page)).toHaveCount(5);
  });

  test('lists the newest contacts and exact counts at once, and answers a search typed while every contact loads', async ({
    background,
    context,
    extensionId,
  }) => {
    const many = Array.from({ length: 250 }, (_, i) => ({
      slug: `person-${i}`,
      name: `Person ${i}`,
      currentTitle: 'Engineer',
      currentEmployer: 'Northwind',
      email: `person-${i}@example.org`,
      phone: i % 2 ? '+1 555 0100' : null,
      // Elsewhere than the EU rule's countries: up to 54 days old, all kept by the 365-day setting.
      location: 'Chicago, Illinois, United States',
      updatedAt: at(5 + (i % 50)),
    }));
    await seed(background, [...CONTACTS, ...many]);
    await expect.poll(() => storedCount(background)).toBe(253);

    const { page, release } = await openWithFullReadHeld(context, extensionId);
    await expect(page.getByTestId('library-counts')).toHaveText(
      '253 contacts · 252 with email · 126 with phone',
    );
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveText(
      'Loading all 253 contacts…',
    );
    await expect(rows(page)).toHaveCount(100);
    await expect(rows(page).first()).toHaveText('Grace Okafor');
    await expect(page.getByTestId('match-count')).toHaveText('All contacts');
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Export vCard' })).toBeDisabled();
    await expectAccessible(page, 'library loading every contact');

    // A search typed meanwhile is kept, lists the matches found newest first while it says it is still searching,
    // and is counted over every contact once they are read.
    await page.getByLabel('Search by name, company or title').fill('babbage');
    await expect(page.getByTestId('match-count')).toHaveText('Searching…');
    await expect(rows(page)).toHaveText(['Ada Lovelace']);
    await release();
    await expect(page.getByTestId('match-count')).toHaveText('1 of 253 match');
    await expect(rows(page)).toHaveText(['Ada Lovelace']);
    await expect(page.getByTestId('library-loading')).toHaveText('');
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();

    // Every contact is listed, page by page, past the first page.
    await page.getByLabel('Search by name, company or title').fill('');
    await expect(rows(page)).toHaveCount(100);
    // At 1,280 px a table: at least 15 contacts in view on a laptop's screen (1,280 × 800), without scrolling, each
    // row 40 to 48 px.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.locator('table.library-table')).toBeVisible();
    const inView = await page.locator('tr.library-row').evaluateAll((trs) =>
      trs
        .map((tr) => tr.getBoundingClientRect())
        .filter((box) => box.top >= 0 && box.bottom <= window.innerHeight)
        .map((box) => box.height),
    );
    expect(inView.length).toBeGreaterThanOrEqual(15);
    for (const height of inView) {
      expect(height).toBeGreaterThanOrEqual(40);
      expect(height).toBeLessThanOrEqual(48);
    }
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expectAccessible(page, 'library table at 1,280 px');

    await page.getByRole('button', { name: 'Show 100 more' }).click();
    await page.getByRole('button', { name: 'Show 53 more' }).click();
    await expect(rows(page)).toHaveCount(253);
    await expect(rows(page).last()).toHaveText('Wei Chen');
  });

  test('on a narrow page the filters fold behind "Filters", which says how many are active', async ({
    background,
    openExtensionPage,
  }) => {
    await seed(background);
    const page = await openExtensionPage('contacts.html');
    const filters = page.getByRole('button', { name: /^Filters/ });
    const holding = page.getByLabel('Show');

    await page.setViewportSize({ width: 320, height: 600 });
    await expect(rows(page)).toHaveCount(3);
    await expect(filters).toHaveText('Filters');
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await expect(holding).toBeHidden();
    // The search and the fold leave the first contact near the top, whole inside the first screen.
    const first = await page.locator('.library-row').first().boundingBox();
    expect(first!.y).toBeLessThan(250);
    expect(first!.y + first!.height).toBeLessThan(600);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectAccessible(page, 'library at 320 px, filters folded');

    await filters.click();
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
    await holding.selectOption({ label: 'With mobile phone' });
    await page.getByLabel(/^Revealed/).selectOption({ label: 'In the last 30 days' });
    await expect(rows(page)).toHaveText(['Grace Okafor']);
    await expect(filters).toHaveText('Filters · 2 active');
    await expectAccessible(page, 'library at 320 px, filters open');
    await filters.click();
    await expect(holding).toBeHidden();
    await expect(rows(page)).toHaveText(['Grace Okafor']);

    // A wide page shows the choices themselves, with no fold.
    await page.setViewportSize({ width: 900, height: 600 });
    await expect(filters).toBeHidden();
    await expect(holding).toBeVisible();
  });

  test('deletes the contacts selected, and only those, after a confirm naming their count', async ({
    background,
    openExtensionPage,
  }) => {
    await seed(background);
    const page = await openExtensionPage('contacts.html');
    await expect(rows(page)).toHaveCount(3);
    await expect(page.getByRole('button', { name: /selected$/ })).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'Select Ada Lovelace' }).check();
    await page.getByRole('checkbox', { name: 'Select Wei Chen' }).check();
    await expect(page.getByTestId('selected-count')).toHaveText('2 selected');

    // The exports follow the selection: only the two selected, each button saying so.
    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export the 2 selected as CSV' }).click();
    const [, ...csvRows] = readFileSync(await (await csv).path(), 'utf8')
      .split('\r\n')
      .filter(Boolean);
    expect(csvRows.map((row) => row.split(',')[0])).toEqual(['Ada Lovelace', 'Wei Chen']);
    const vcf = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export the 2 selected as vCard' }).click();
    const vcfText = readFileSync(await (await vcf).path(), 'utf8');
    expect(vcfText.match(/^FN:.*$/gm)).toEqual(['FN:Ada Lovelace', 'FN:Wei Chen']);
    await expectAccessible(page, 'library with two contacts selected');

    const confirmed: string[] = [];
    page.once('dialog', (dialog) => {
      confirmed.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Delete the 2 selected' }).click();
    await expect(rows(page)).toHaveText(['Grace Okafor']);
    expect(confirmed).toEqual(['Delete the 2 contacts selected? Revealing them again costs credits.']);
    await expect(page.getByTestId('selected-count')).toHaveText('');
    expect(await storedCount(background)).toBe(1);
    await expectAccessible(page, 'library after deleting the selected');
  });

  test('with a search on, only "Delete these 5" is offered; Undo brings the 5 back whole, with their sent marks', async ({
    background,
    openExtensionPage,
  }) => {
    const nurses = ['a', 'b', 'c', 'd', 'e'].map((letter, i) => ({
      slug: `nurse-${letter}`,
      name: `Nurse ${letter.toUpperCase()}`,
      currentTitle: 'Registered Nurse',
      currentEmployer: 'Arbor Health',
      email: `nurse.${letter}@example.org`,
      phone: null,
      updatedAt: at(i + 1),
    }));
    // Nurse A's email flagged wrong; Nurse B seen on LinkedIn in another job since.
    await seed(background, [
      ...CONTACTS,
      { ...nurses[0]!, extra: { flags: { email: { at: at(1), value: 'nurse.a@example.org' } } } },
      {
        ...nurses[1]!,
        extra: { observed: { title: 'Head Nurse', employer: 'Harbor Clinic', at: at(1) } },
      },
      ...nurses.slice(2),
    ]);
    // Each nurse was sent to Lever: the marks must come back with them.
    const marks = nurses.map((n) => {
      const contactKey = `https://www.linkedin.com/in/${n.slug}`;
      return {
        key: `lever ${contactKey}`,
        contactKey,
        destinationId: 'lever',
        label: 'Lever',
        state: 'sent',
        status: 'created',
        sentAt: n.updatedAt,
        updatedAt: n.updatedAt,
      };
    });
    const sentCount = () =>
      background.evaluate(`(async () => {
        ${OPEN_DB}
        const db = await openLensDb();
        const count = await new Promise((resolve, reject) => {
          const request = db.transaction('sent').objectStore('sent').count();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        db.close();
        return count;
      })()`);
    await background.evaluate(`(async () => {
      ${OPEN_DB}
      const db = await openLensDb();
      await new Promise((resolve, reject) => {
        const tx = db.transaction('sent', 'readwrite');
        for (const mark of ${JSON.stringify(marks)}) tx.objectStore('sent').put(mark);
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    })()`);
    expect(await sentCount()).toBe(5);

    const page = await openExtensionPage('contacts.html');
    await expect(rows(page)).toHaveCount(8);
    // In the table: where each was sent, the flagged email struck, the job change marked; their filters work.
    const row = (name: string) => page.locator('.library-row').filter({ hasText: name });
    await expect(row('Nurse C').getByText(/^In Lever · \d{1,2} [A-Z][a-z]{2}$/)).toBeVisible();
    await expect(row('Nurse A').locator('.library-value s')).toHaveText('nurse.a@example.org');
    await expect(row('Nurse B').getByText('Changed', { exact: true })).toHaveAttribute(
      'title',
      /^Now Head Nurse at Harbor Clinic, seen on LinkedIn/,
    );
    await page.getByLabel('Show').selectOption({ label: 'Flagged wrong' });
    await expect(rows(page)).toHaveText(['Nurse A']);
    await page.getByLabel('Show').selectOption({ label: 'Changed since revealed' });
    await expect(rows(page)).toHaveText(['Nurse B']);
    await page.getByLabel('Show').selectOption({ label: 'All contacts' });
    await page.getByLabel('Search by name, company or title').fill('Arbor');
    await expect(page.getByTestId('match-count')).toHaveText('5 of 8 match');
    // A delete never reaches past what is shown.
    await expect(page.locator('.library-delete button')).toHaveText(['Delete these 5']);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete these 5' }).click();
    const notice = page.getByTestId('library-notice');
    await expect(notice).toHaveText('Deleted 5 contacts. · Undo');
    expect(await storedCount(background)).toBe(3);
    expect(await sentCount()).toBe(0);
    // Undo stays offered for at least 10 seconds.
    await page.waitForTimeout(10_000);
    await expect(notice.getByRole('button', { name: 'Undo' })).toBeVisible();
    await expectAccessible(page, 'library after a delete, Undo offered');
    await notice.getByRole('button', { name: 'Undo' }).click();
    await expect(notice).toHaveText('Brought back 5 contacts.');
    await expect(rows(page)).toHaveText(['Nurse A', 'Nurse B', 'Nurse C', 'Nurse D', 'Nurse E']);
    await expect(page.locator('.library-marks')).toHaveCount(5);
    expect(await storedCount(background)).toBe(8);
    // Whole: their emails and their marks of where they were sent.
    expect(await storedMentioning(page, 'nurse.c@example.org')).not.toEqual([]);
    expect(await sentCount()).toBe(5);
  });

  test('reached from the popup and from the options page', async ({ context, openExtensionPage }) => {
    const options = await openExtensionPage('options.html');
    // With no key saved yet, the settings after the connection (the library's link among them) are folded.
    await options.getByText('Reveal defaults, spending caps and revealed contacts').click();
    const fromOptions = context.waitForEvent('page');
    await options.getByRole('link', { name: 'Open the revealed contacts library' }).click();
    await expect(
      (await fromOptions).getByRole('heading', { name: 'Revealed contacts', level: 1 }),
    ).toBeVisible();

    const popup = await openExtensionPage('popup.html');
    const fromPopup = context.waitForEvent('page');
    await popup.getByRole('button', { name: 'Contacts' }).click();
    await expect(
      (await fromPopup).getByRole('heading', { name: 'Revealed contacts', level: 1 }),
    ).toBeVisible();
  });
});
