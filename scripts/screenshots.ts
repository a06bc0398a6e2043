/**
 * `npm run screenshots [-- DIR]`: every main screen of the extension, in the states a recruiter meets most, at the
 * side panel's narrowest (320 px) and a usual width (400 px), light and dark, as `<state>-<width>-<scheme>.png` in
 * DIR (default `test-results/screenshots`, which git ignores). Builds the Chromium extension, starts a fresh
 * simulator and drives the real pages, as the journeys in `test/e2e/screens.spec.ts` do. The README's own pictures
 * are made by `npm start -- --headless --screenshots docs/screenshots`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { DEMO_PROFILES } from '../sim/demo-profiles';
import { startSimulator } from '../sim/server';
import { findChromium } from '../test/e2e/chromium-path';
import { PUT_RECORDS } from '../test/e2e/vault-db';
import { demoProfilePage } from './demo-page';
import { optionsPage } from './options-page';

const ROOT = resolve(import.meta.dirname, '..');
const EXTENSION = resolve(ROOT, '.output/chrome-mv3');
const OUT = resolve(ROOT, process.argv[2] ?? 'test-results/screenshots');
const ADA = DEMO_PROFILES.full;
const WIDTHS = [320, 400];
const SCHEMES = ['light', 'dark'] as const;

console.log('Building the extension…');
execFileSync('npx', ['wxt', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
mkdirSync(OUT, { recursive: true });

const sim = await startSimulator({ port: 0 });
const context = await chromium.launchPersistentContext('', {
  executablePath: findChromium(),
  headless: true,
  args: [
    `--disable-extensions-except=${EXTENSION}`,
    `--load-extension=${EXTENSION}`,
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
let written = 0;

/** Twenty contacts as a library holds them after a few weeks' work. */
function libraryOfTwenty() {
  const first = ['Grace', 'Amara', 'Wei', 'Luis', 'Priya', 'Tomás', 'Hana', 'Kwame', 'Sofia', 'Jonas'];
  const last = ['Okafor', 'Nwosu', 'Chen', 'García', 'Raman', 'Silva', 'Kimura', 'Mensah', 'Rossi', 'Berg'];
  const titles = ['Registered Nurse', 'Senior Software Engineer', 'Head of Talent', 'Data Analyst'];
  const employers = ['Brightpath Health', 'Babbage Ltd', 'Tessellate Pay', 'Arbor Health', 'Northwind'];
  const places = ['Boston, Massachusetts', 'London, England', 'Berlin', 'Toronto, Ontario'];
  return Array.from({ length: 20 }, (_, i) => {
    const name = `${first[i % 10]} ${last[(i * 3 + Math.floor(i / 10)) % 10]}`;
    const key = `https://www.linkedin.com/in/${name.toLowerCase().replace(/[^a-z]+/g, '-')}-${i}`;
    const at = new Date(Date.now() - (i + 1) * 2 * 86_400_000).toISOString();
    const email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.org`;
    return {
      v: 1,
      key,
      socialUrl: key,
      candidateId: null,
      name,
      currentTitle: titles[i % titles.length],
      currentEmployer: employers[i % employers.length],
      location: places[i % places.length],
      email: i === 5 ? { found: false, at } : { found: true, value: email, at },
      ...(i % 3 === 0
        ? { phone: { found: true, value: `+1 617-555-01${String(i).padStart(2, '0')}`, at } }
        : {}),
      updatedAt: at,
    };
  });
}
try {
  await context.route('https://*.linkedin.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: demoProfilePage(ADA.name, ADA.headline, ADA.location) }),
  );
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const origin = `chrome-extension://${new URL(worker.url()).host}`;
  const open = async (path: string) => {
    const page = await context.newPage();
    await page.goto(`${origin}/${path}`);
    return page;
  };

  /**
   * The page as it is now, at each width and scheme, from its top: the whole page, or for a long list with a bar
   * that stays at the bottom (which a whole-page picture would show in mid-list), the first 900 px as a panel shows.
   */
  const shoot = async (page: Page, state: string, { list = false, widths = WIDTHS } = {}) => {
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of widths) {
        // A wide window is a laptop's screen (1,280 × 800): what a table shows without scrolling.
        await page.setViewportSize({ width, height: width > 600 ? 800 : list ? 900 : 600 });
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({
          path: resolve(OUT, `${state}-${width}-${scheme}.png`),
          fullPage: !list,
          animations: 'disabled',
          caret: 'hide',
        });
        written++;
      }
    }
    console.log(`${state}: ${widths.join(', ')} px, light and dark`);
  };

  const options = await optionsPage(context, origin);
  await shoot(options, 'options-first-run');
  await options.getByLabel('Service address').fill(sim.url);
  await options.getByLabel('API key').fill('demo-key');
  await options.getByRole('button', { name: 'Save', exact: true }).click();
  await options.getByTestId('connected').waitFor();
  await shoot(options, 'options-connected');
  await options.getByTestId('settings-fold').locator(':scope > summary').click();
  // Caps, so the usage page shows them on its chart and in words.
  await options.getByLabel('Daily cap (credits)').fill('50');
  await options.getByLabel('Monthly cap (credits)').fill('1000');
  await options.getByRole('button', { name: 'Save spending settings' }).click();
  await options.getByText('Spending settings saved.').waitFor();

  const profile = await context.newPage();
  await profile.goto(`${ADA.social_url}/`);
  const tabId = await worker.evaluate(async (url) => {
    const { chrome } = globalThis as unknown as {
      chrome: { tabs: { query(q: object): Promise<Array<{ id?: number; url?: string }>> } };
    };
    return (await chrome.tabs.query({})).find((tab) => tab.url === url)?.id;
  }, `${ADA.social_url}/`);

  const popup = await open(`popup.html?tabId=${tabId}`);
  await popup.getByRole('heading', { name: ADA.name }).waitFor();
  await popup.getByRole('button', { name: 'Reveal' }).waitFor();
  await shoot(popup, 'popup-profile');
  const panel = await open(`sidepanel.html?tabId=${tabId}`);
  await panel.getByTestId('profile-name').waitFor();
  await shoot(panel, 'panel-profile');

  await popup.getByLabel('Mobile phone').check();
  await popup.getByRole('button', { name: 'Reveal' }).click();
  await popup.getByTestId('charged').waitFor();
  await shoot(popup, 'popup-revealed');
  await panel.locator('.held-large [data-item="phone"]').waitFor();
  await shoot(panel, 'panel-contact');

  const search = await open('sidepanel.html');
  await search.getByLabel('Job titles').waitFor();
  await shoot(search, 'panel-search');
  await search.getByLabel('Job titles').fill('Nurse');
  await search.getByLabel('Job titles').press('Enter');
  await search.getByRole('button', { name: 'Search · 1 credit' }).click();
  await search.locator('.result-card').first().waitFor();
  await shoot(search, 'panel-results', { list: true });
  for (const card of (await search.locator('.result-card').all()).slice(0, 3)) {
    await card.getByRole('checkbox', { name: /^Select / }).check();
  }
  await search.getByRole('button', { name: /^Reveal 3 contacts, up to/ }).click();
  await search.getByRole('heading', { name: 'Bulk reveal finished' }).waitFor({ timeout: 30_000 });
  await shoot(search, 'panel-receipt', { list: true });
  // A bulk reveal one of whose answers never came, with the balance now below what asking again may cost: the lost
  // line, and "Ask again" behind "Stop when the balance runs out", as the first run's button is.
  await search.getByRole('button', { name: 'Dismiss' }).click();
  for (const card of (await search.locator('.result-card').all()).slice(3, 5)) {
    await card.getByRole('checkbox', { name: /^Select / }).check();
  }
  sim.state.faults.enqueue('malformed', 1, '/v1/lookup');
  await search.getByRole('button', { name: /^Reveal 2 contacts, up to/ }).click();
  await search.getByTestId('bulk-lost-line').waitFor({ timeout: 30_000 });
  // The balance is lowered only once the lost call is settled: lowered while it is open, the ledger would rightly
  // put the drop on that call, and the picture would show a charge the service never made.
  await search
    .getByTestId('bulk-lost-line')
    .filter({ hasNotText: 'not known yet' })
    .waitFor({ timeout: 60_000 });
  const funds = sim.state.key('demo-key')!;
  sim.state.setKey('demo-key', { ...funds, remaining: 1 });
  await search.reload();
  await search.getByText('Stop when the balance runs out', { exact: false }).waitFor();
  await shoot(search, 'panel-receipt-ask-again', { list: true });
  sim.state.setKey('demo-key', funds);
  // A bulk reveal of one contact the service keeps failing (a 500 to the call and both retries): counted as failed at
  // no charge, and named with why under the counts.
  await search.reload();
  await search.getByRole('button', { name: 'Dismiss' }).click();
  await search
    .locator('.result-card')
    .nth(5)
    .getByRole('checkbox', { name: /^Select / })
    .check();
  sim.state.faults.enqueue('fail500', 3, '/v1/lookup');
  await search.getByRole('button', { name: /^Reveal 1 contact, up to/ }).click();
  await search.getByTestId('bulk-failed').locator('summary').click();
  await shoot(search, 'panel-receipt-failed', { list: true });

  // A library of a working week: the contacts just revealed and 20 more, some with phones, one not found.
  await worker.evaluate(
    `(async () => { ${PUT_RECORDS}; await putRecords(${JSON.stringify(libraryOfTwenty())}); })()`,
  );
  const library = await open('contacts.html');
  await library.getByText(ADA.name, { exact: true }).first().waitFor();
  await shoot(library, 'contacts', { widths: [...WIDTHS, 1280] });
  // A delete of what a search shows, with its Undo.
  await library.setViewportSize({ width: 1280, height: 800 });
  await library.getByLabel('Search by name, company or title').fill('Babbage');
  library.once('dialog', (dialog) => void dialog.accept());
  await library.getByRole('button', { name: /^Delete these \d+$/ }).click();
  await library.getByTestId('library-notice').getByRole('button', { name: 'Undo' }).waitFor();
  await library.getByLabel('Search by name, company or title').fill('');
  await shoot(library, 'contacts-undo', { widths: [...WIDTHS, 1280] });

  const usage = await open('usage.html');
  await usage.getByRole('heading', { name: 'Totals' }).waitFor();
  await shoot(usage, 'usage');
  console.log(`${written} screenshots in ${OUT}`);
} finally {
  await context.close();
  await sim.close();
}
