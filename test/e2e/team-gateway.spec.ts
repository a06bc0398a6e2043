/**
 * Two recruiters of one team, each in their own browser, each with a member key of the team gateway (on PGlite in
 * a temporary folder) in front of the simulator. What one reveals, the other sees priced at 0 before any click, and
 * revealing it costs the team no second lookup. With Lever's key held by the gateway, what one sends there the other
 * sees sent, by whom, and neither browser holds the key.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { runCommand } from '../../gateway/cli/commands';
import type { Database } from '../../gateway/db/database';
import { migrate } from '../../gateway/db/migrations';
import { openDatabase } from '../../gateway/db/open';
import { addMember, setCaps } from '../../gateway/members';
import { createSealer } from '../../gateway/sealed-keys';
import { type RunningGateway, startGateway } from '../../gateway/server/serve';
import { setTeamName } from '../../gateway/team';
import { createUpstream } from '../../gateway/upstream';
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { LEVER_KEY } from '../../sim/destinations/lever';
import { startDestinations } from '../../sim/destinations/serve';
import { type RunningSimulator, startSimulator } from '../../sim/server';
import { linkedinPage } from '../support/linkedin-page';
import { expectAccessible } from './axe';
import { expect, launchWithExtension, test } from './fixtures';
import { linkedinFixture, serve } from './linkedin-pages';
import { callsWithoutClick } from './privacy-calls';
import { addDestinations } from './send-helpers';
import { STORED_LEDGER } from './vault-db';

const ADA = DEMO_PROFILES.full;
/** A LinkedIn people search with Ada on it (test/fixtures/linkedin/people-search.html). */
const PEOPLE_SEARCH = 'https://www.linkedin.com/search/results/people/?keywords=nurse';
const SERVICE_KEY = 'svc-team-e2e-7d1f0a93c2';
/** The gateway's own key for sealing the destination keys it keeps (as `SECRETS_KEY_FILE` gives one). */
const SEALER = createSealer(randomBytes(32));

/** One member's browser: the extension on a fresh profile, its id, and a way to open its pages. */
interface Browser {
  context: BrowserContext;
  open(path: string): Promise<Page>;
  errors: string[];
}

async function memberBrowser(): Promise<Browser> {
  const context = await launchWithExtension('');
  const errors: string[] = [];
  context.on('weberror', (error) => errors.push(`page error: ${error.error().message}`));
  context.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console error: ${message.text()}`);
  });
  await context.route('https://*.linkedin.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: linkedinPage() }),
  );
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const id = new URL(worker.url()).host;
  // The options page the extension opens on install: waited for, so it cannot interrupt the test's pages.
  await expect
    .poll(() => context.pages().some((p) => p.url().endsWith('/options.html')), { timeout: 20_000 })
    .toBe(true);
  for (const page of context.pages()) if (page.url().endsWith('/options.html')) await page.close();
  return {
    context,
    errors,
    async open(path) {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${id}/${path}`);
      return page;
    },
  };
}

/** Saves the gateway's address and a member key on the options page, as a recruiter does. */
async function connect(browser: Browser, gatewayUrl: string, key: string): Promise<Page> {
  const options = await browser.open('options.html');
  await options.getByLabel('Service address').fill(gatewayUrl);
  await options.getByLabel('API key').fill(key);
  await options.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(options.getByTestId('connected')).toBeVisible();
  // Saved, the page is one step with the settings folded under it: the journeys go on to them.
  await options.getByTestId('settings-fold').locator(':scope > summary').click();
  return options;
}

/** The id of the member's tab showing `url`. */
async function tabIdOf(browser: Browser, url: string): Promise<number | null> {
  const worker = browser.context.serviceWorkers()[0]!;
  return worker.evaluate(async (shown) => {
    const chrome = (
      globalThis as { chrome?: { tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> } } }
    ).chrome!;
    const tabs = await chrome.tabs.query({});
    return tabs.find((tab) => tab.url === shown)?.id ?? null;
  }, url);
}

/** Ada's profile in a tab, and the popup for it. */
async function adaPopup(browser: Browser): Promise<Page> {
  const profile = await browser.context.newPage();
  await profile.goto(`${ADA.social_url}/`);
  const tabId = await tabIdOf(browser, profile.url());
  const popup = await browser.open(`popup.html?tabId=${tabId}`);
  await expect(popup.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  return popup;
}

test.describe('a team gateway, two members', () => {
  let dataDir: string;
  let db: Database;
  let sim: RunningSimulator;
  let gateway: RunningGateway;
  const keys: Record<string, string> = {};
  const browsers: Browser[] = [];
  /** Every request the gateway answered, as its log line says it ("GET /v1/team/me"), in order. */
  const gatewayCalls: string[] = [];

  test.beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'team-gateway-e2e-'));
    db = await openDatabase({ dataDir });
    await migrate(db);
    sim = await startSimulator({
      port: 0,
      keys: { [SERVICE_KEY]: { remaining: 10_000, purchased: 10_000, active: true } },
    });
    gateway = await startGateway({
      db,
      upstream: createUpstream({ baseUrl: sim.url, apiKey: SERVICE_KEY }),
      serviceKey: SERVICE_KEY,
      sealer: SEALER,
      logSink: (line) => {
        const call = / (GET|POST) (\/v1\/\S+) member=/.exec(line);
        if (call) gatewayCalls.push(`${call[1]} ${call[2]}`);
      },
    });
    gatewayCalls.length = 0;
    await setTeamName(db, 'Acme Recruiting');
    keys.alice = (await addMember(db, 'Alice Smith', { dailyCap: 200, monthlyCap: null })).key;
    keys.bob = (await addMember(db, 'Bob Lee', { dailyCap: null, monthlyCap: 2000 })).key;
  });

  test.afterEach(async () => {
    for (const browser of browsers.splice(0)) {
      await browser.context.close();
      expect(browser.errors).toEqual([]);
    }
    await gateway.close();
    await sim.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("what Alice revealed is free to Bob, and the team's service is asked once", async ({
    context,
    openExtensionPage,
  }) => {
    test.setTimeout(120_000);
    // Alice in the fixture's browser (its errors fail the test there), Bob in a second one with its own profile.
    const alice: Browser = { context, open: openExtensionPage, errors: [] };
    const bob = await memberBrowser();
    browsers.push(bob);

    // Options recognise the gateway: who the key belongs to, and the allowance.
    const aliceOptions = await connect(alice, gateway.url, keys.alice!);
    // Where every search, reveal and team send goes, in view.
    await expect(aliceOptions.getByTestId('gateway-address')).toHaveText(`Team gateway at ${gateway.url}`);
    await expect(aliceOptions.getByTestId('team-member')).toContainText('Alice Smith · Acme Recruiting');
    await expect(aliceOptions.getByTestId('team-member')).toContainText(
      '200 credits a day, 0 credits used today',
    );
    await expectAccessible(aliceOptions, 'options of a team member');
    const bobOptions = await connect(bob, gateway.url, keys.bob!);
    await expect(bobOptions.getByTestId('team-member')).toContainText('Bob Lee · Acme Recruiting');
    await expect(bobOptions.getByTestId('team-member')).toContainText('2,000 credits a month');

    // Alice reveals Ada's email at its full price.
    const a = await adaPopup(alice);
    await expect(a.getByTestId('max-cost')).toContainText('Costs at most 3 credits');
    await a.getByRole('button', { name: 'Reveal' }).click();
    await expect(a.getByRole('link', { name: ADA.personal_email! })).toBeVisible();
    await expect(a.getByTestId('charged')).toContainText('Charged 3');
    expect(sim.state.requests.list('/v1/lookup')).toHaveLength(1);
    // Her options page follows her spend, as the gateway counts it.
    await expect(aliceOptions.getByTestId('team-member')).toContainText(
      '200 credits a day, 3 credits used today',
    );

    // Bob's popup prices that email at 0 before any click; the phone nobody holds keeps its price.
    const b = await adaPopup(bob);
    await expect(b.locator('.price[data-item="email"]')).toHaveText('held by your team, free');
    await expect(b.getByTestId('max-cost')).toHaveText('Costs nothing: your team already asked for these');
    await b.getByLabel('Mobile phone').check();
    await expect(b.locator('.price[data-item="phone"]')).toHaveText('6 credits');
    await expect(b.getByTestId('max-cost')).toContainText('Costs at most 6 credits');
    await b.getByLabel('Mobile phone').uncheck();
    await expect(b.getByRole('button', { name: 'Reveal' })).toBeEnabled();
    await expectAccessible(b, 'popup with an item held by the team');

    await b.getByRole('button', { name: 'Reveal' }).click();
    await expect(b.getByRole('link', { name: ADA.personal_email! })).toBeVisible();
    await expect(b.getByTestId('charged')).toContainText('Charged 0');
    await expect(bobOptions.getByTestId('team-member')).toContainText('0 credits used this month');
    // One lookup reached the service: Alice's. Bob's was answered from the team vault.
    expect(sim.state.requests.list('/v1/lookup')).toHaveLength(1);
  });

  test("a person on the team's do-not-contact list: the side panel's row says so and offers no reveal", async ({
    context,
    openExtensionPage,
  }) => {
    test.setTimeout(120_000);
    const bob: Browser = { context, open: openExtensionPage, errors: [] };
    await connect(bob, gateway.url, keys.bob!);
    const panel = await bob.open('sidepanel.html');
    await panel.setViewportSize({ width: 320, height: 900 });
    await panel.getByRole('tab', { name: 'Free text' }).click();
    await panel.getByLabel('Free text').fill('Software engineers in London with 5+ years of experience');
    await panel.getByRole('button', { name: /^Search ·/ }).click();
    const rows = panel.getByTestId('result-row');
    await expect(rows.first()).toBeVisible();
    const first = (await rows.first().locator('.name a').getAttribute('href'))!;
    const firstName = (await rows.first().locator('.name a').textContent())!;
    // Alice puts that person on the team's list (from her Options, through the gateway's endpoint).
    const listed = await fetch(`${gateway.url}/v1/team/do-not-contact`, {
      method: 'POST',
      headers: { 'x-api-key': keys.alice!, 'content-type': 'application/json' },
      body: JSON.stringify({ social_url: first, reason: 'objected' }),
    });
    expect(listed.status).toBe(200);
    await panel.reload();
    const row = panel.getByTestId('result-row').first();
    const button = row.getByRole('button', { name: `On your team’s do-not-contact list: ${firstName}` });
    await expect(button).toBeDisabled();
    await expect(
      panel
        .getByTestId('result-row')
        .nth(1)
        .getByRole('button', { name: /^Reveal · up to/ }),
    ).toBeVisible();
    await expectAccessible(panel, 'side panel, a row on the do-not-contact list');
    for (const width of [320, 400]) {
      await panel.setViewportSize({ width, height: 700 });
      for (const scheme of ['light', 'dark'] as const) {
        await panel.emulateMedia({ colorScheme: scheme });
        await row.screenshot({ path: `test-results/dnc-row-${width}-${scheme}.png` });
      }
    }
  });

  test("a teammate's earlier reveal is free on the side panel's rows and in the bulk quote, and the usage page shows the allowance", async ({
    context,
    openExtensionPage,
  }) => {
    test.setTimeout(120_000);
    const bob: Browser = { context, open: openExtensionPage, errors: [] };
    await connect(bob, gateway.url, keys.bob!);

    const panel = await bob.open('sidepanel.html');
    await panel.setViewportSize({ width: 320, height: 900 });
    await panel.getByRole('tab', { name: 'Free text' }).click();
    await panel.getByLabel('Free text').fill('Software engineers in London with 5+ years of experience');
    await panel.getByRole('button', { name: /^Search ·/ }).click();
    const rows = panel.getByTestId('result-row');
    await expect(rows.first()).toBeVisible();
    const first = (await rows.first().locator('.name a').getAttribute('href'))!;
    const firstName = (await rows.first().locator('.name a').textContent())!;
    await expect(rows.first().getByRole('button', { name: /^Reveal · up to 3 credits/ })).toBeVisible();

    // Alice reveals that person's email meanwhile (her own client, through the gateway): the team holds it.
    const alice = await fetch(`${gateway.url}/v1/lookup`, {
      method: 'POST',
      headers: { 'x-api-key': keys.alice!, 'content-type': 'application/json' },
      body: JSON.stringify({ social_url: first, reveal_personal_email: true }),
    });
    expect(alice.status).toBe(200);
    const lookups = sim.state.requests.list('/v1/lookup').length;

    // Shown again, Bob's rows ask the gateway (free) what the team holds: the first is free before any click.
    await panel.reload();
    const row = panel.getByTestId('result-row').first();
    await expect(
      row.getByRole('button', { name: `Reveal · held by your team, free: ${firstName}` }),
    ).toBeVisible();
    await expect(row).toContainText('Personal email: held by your team, free');
    await expect(
      panel
        .getByTestId('result-row')
        .nth(1)
        .getByRole('button', { name: /^Reveal · up to 3 credits/ }),
    ).toBeVisible();

    // The bulk quote of the first two: one is the team's, free; at most 3 credits for the other.
    await panel.getByTestId('result-row').nth(0).getByRole('checkbox').check();
    await panel.getByTestId('result-row').nth(1).getByRole('checkbox').check();
    const quote = panel.getByTestId('quote-details');
    await expect(quote).toContainText('1 is held by your team, free.');
    await expect(quote).toContainText('At most 3 credits');
    await expectAccessible(panel, 'side panel rows with an item held by the team');

    // Revealing the team's row costs Bob nothing and sends nothing upstream.
    await row.getByRole('button', { name: `Reveal · held by your team, free: ${firstName}` }).click();
    await expect(row.getByRole('link', { name: /@/ })).toBeVisible();
    expect(sim.state.requests.list('/v1/lookup')).toHaveLength(lookups);

    // The usage page: Bob's own allowance and spend, as the gateway says when the page opens (the admin has just
    // raised his monthly allowance; nothing Bob did told the extension).
    await setCaps(db, 'Bob Lee', { monthlyCap: 2500 });
    const usage = await bob.open('usage.html');
    const allowance = usage.getByTestId('team-allowance');
    await expect(allowance).toContainText('Bob Lee · Acme Recruiting');
    await expect(allowance).toContainText('2,500 credits a month');
    await expect(allowance).toContainText('No daily allowance');
    await expectAccessible(usage, 'usage page of a team member');
    expect(bob.errors).toEqual([]);
  });

  test("Alice sends Ada to Lever through the gateway; Bob sees her in Lever, sent by Alice, and neither holds Lever's key", async ({
    context,
    openExtensionPage,
  }) => {
    test.setTimeout(150_000);
    const ats = await startDestinations();
    try {
      const alice: Browser = { context, open: openExtensionPage, errors: [] };
      // Alice had saved her own Lever key before the team's gateway held one.
      const before = await connect(alice, gateway.url, keys.alice!);
      await addDestinations(before, ats, ['lever']);
      await before.close();
      // The admin gives the gateway Lever's key; the members' browsers never see it.
      // From a file, as `send set` takes keys (never the command line).
      const keyFile = join(dataDir, 'lever-key');
      writeFileSync(keyFile, LEVER_KEY, { mode: 0o600 });
      const set = await runCommand(
        db,
        ['send', 'set', 'lever', '--key-file', keyFile, '--url', ats.lever.url],
        new Date(),
        {
          sealer: SEALER,
        },
      );
      expect(set.lines.join('\n')).toContain('Members now send to Lever through this gateway');
      const bob = await memberBrowser();
      browsers.push(bob);

      // Alice's options list Lever as the team's, with the gateway's address, no key field and nothing to add; her
      // own key is said to be kept but unused, and is hers to remove.
      const aliceOptions = await connect(alice, gateway.url, keys.alice!);
      const sendTo = aliceOptions.getByTestId('send-to');
      await expect(aliceOptions.getByTestId('destination-lever')).toContainText(
        `held by Acme Recruiting's gateway at ${gateway.url}: no key on this computer · adds candidates as Chandler Bing`,
      );
      const kept = aliceOptions.getByTestId('kept-lever');
      await expect(kept).toContainText(
        'Your own Lever key (••••••••' +
          LEVER_KEY.slice(-4) +
          ") is kept on this computer but not used while your team's gateway sends to Lever.",
      );
      await expect(sendTo.getByRole('button', { name: 'Add Lever' })).toHaveCount(0);
      await expectAccessible(aliceOptions, 'options with a destination the team holds');
      for (const width of [320, 400]) {
        await aliceOptions.setViewportSize({ width, height: 900 });
        for (const scheme of ['light', 'dark'] as const) {
          await aliceOptions.emulateMedia({ colorScheme: scheme });
          await sendTo.screenshot({ path: `test-results/team-send-options-${width}-${scheme}.png` });
        }
      }
      await kept.getByRole('button', { name: 'Remove' }).click();
      await expect(kept).toHaveCount(0);
      await expect(sendTo.getByRole('button', { name: 'Remove' })).toHaveCount(0);
      await expect(aliceOptions.getByTestId('destination-lever')).toContainText(
        "held by Acme Recruiting's gateway",
      );

      // Alice reveals Ada and sends her to Lever: the gateway makes the opportunity.
      const a = await adaPopup(alice);
      await a.getByRole('button', { name: 'Reveal' }).click();
      await expect(a.getByRole('link', { name: ADA.personal_email! })).toBeVisible();
      const aliceSend = a.getByTestId('send-to');
      await aliceSend.getByRole('button', { name: 'Send to Lever' }).click();
      await expect(aliceSend.getByRole('status')).toHaveText('Added to Lever.');
      const today = new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
      await expect(aliceSend.getByRole('link', { name: `In Lever · ${today}` })).toHaveAttribute(
        'href',
        /\/candidates\/opp-1$/,
      );
      expect(ats.lever.opportunities).toMatchObject([
        { name: ADA.name, emails: [ADA.personal_email], links: [ADA.social_url] },
      ]);

      // Bob reveals Ada (free: the team holds her): she is marked in Lever, sent by Alice, with no button to send
      // her again.
      await connect(bob, gateway.url, keys.bob!);
      const b = await adaPopup(bob);
      await b.getByRole('button', { name: 'Reveal' }).click();
      await expect(b.getByRole('link', { name: ADA.personal_email! })).toBeVisible();
      const bobSend = b.getByTestId('send-to');
      await expect(bobSend.getByRole('link', { name: 'In Lever, sent by Alice Smith' })).toBeVisible();
      await expect(bobSend.getByRole('button', { name: 'Send to Lever' })).toHaveCount(0);
      await expectAccessible(b, 'popup, a contact a teammate sent');
      for (const width of [320, 400]) {
        await b.setViewportSize({ width, height: 700 });
        for (const scheme of ['light', 'dark'] as const) {
          await b.emulateMedia({ colorScheme: scheme });
          await b.screenshot({ path: `test-results/team-send-popup-${width}-${scheme}.png`, fullPage: true });
        }
      }
      expect(ats.lever.opportunities).toHaveLength(1);

      // Neither browser's storage holds Lever's key.
      for (const browser of [alice, bob]) {
        const worker = browser.context.serviceWorkers()[0]!;
        const stored = await worker.evaluate(async () => {
          const chrome = (globalThis as { chrome?: { storage: { local: { get(): Promise<unknown> } } } })
            .chrome!;
          return JSON.stringify(await chrome.storage.local.get());
        });
        expect(stored).toContain('Acme Recruiting');
        expect(stored).not.toContain(LEVER_KEY);
      }
    } finally {
      await ats.close();
    }
  });
  test('Alice forgets Ada: gone from both libraries and the team vault, Bob cannot reveal her again, his bulk reveal of a page with her skips her at no cost and says why, the audit log says who', async ({
    context,
    openExtensionPage,
  }) => {
    test.setTimeout(150_000);
    const ats = await startDestinations();
    try {
      const keyFile = join(dataDir, 'lever-key');
      writeFileSync(keyFile, LEVER_KEY, { mode: 0o600 });
      await runCommand(
        db,
        ['send', 'set', 'lever', '--key-file', keyFile, '--url', ats.lever.url],
        new Date(),
        {
          sealer: SEALER,
        },
      );
      const alice: Browser = { context, open: openExtensionPage, errors: [] };
      const bob = await memberBrowser();
      browsers.push(bob);
      await (await connect(alice, gateway.url, keys.alice!)).close();
      await (await connect(bob, gateway.url, keys.bob!)).close();

      // Alice reveals Ada and sends her to Lever; Bob reveals her too (free: the team holds her).
      const a = await adaPopup(alice);
      await a.getByRole('button', { name: 'Reveal' }).click();
      await expect(a.getByRole('link', { name: ADA.personal_email! })).toBeVisible();
      await a.getByTestId('send-to').getByRole('button', { name: 'Send to Lever' }).click();
      await expect(a.getByTestId('send-to').getByRole('status')).toHaveText('Added to Lever.');
      const b = await adaPopup(bob);
      await b.getByRole('button', { name: 'Reveal' }).click();
      await expect(b.getByRole('link', { name: ADA.personal_email! })).toBeVisible();
      await b.close();

      // Alice forgets Ada from her card: it says what was erased and where Ada was sent, with Lever's link.
      await a.getByText('Forget this person').click();
      await a.getByRole('button', { name: 'Forget them' }).click();
      const said = a.getByRole('dialog');
      await expect(said.getByRole('heading', { name: 'Ada Lovelace was forgotten' })).toBeVisible();
      await expect(said).toContainText('Erased from your team’s contacts: 1 item.');
      await expect(said.getByRole('link', { name: 'Lever' })).toHaveAttribute('href', /\/candidates\/opp-1$/);
      await expectAccessible(a, 'popup, a person forgotten');
      await said.getByRole('button', { name: 'Close' }).click();

      // Gone from the team vault, and the audit log says Alice forgot someone, not whom.
      expect(
        await db.query('select count(*)::int as n from people where social_url = $1', [ADA.social_url]),
      ).toEqual([{ n: 0 }]);
      const audit = await db.query<{ actor: string; detail: { items: number; sends: number } }>(
        "select actor, detail from audit_log where kind = 'forget'",
      );
      expect(audit).toMatchObject([{ actor: 'Alice Smith', detail: { items: 1, sends: 1 } }]);

      // Gone from Alice's library; and from Bob's once his extension next asks the gateway (his popup opening).
      const aliceLibrary = await alice.open('contacts.html');
      await expect(aliceLibrary.getByText('No revealed contacts yet.', { exact: false })).toBeVisible();
      const again = await adaPopup(bob);
      const bobLibrary = await bob.open('contacts.html');
      await expect(bobLibrary.getByText('No revealed contacts yet.', { exact: false })).toBeVisible();

      // Bob cannot reveal her again: nothing is asked of the service, nothing charged, and he is told why.
      const lookups = sim.state.requests.list('/v1/lookup').length;
      await again.reload();
      await again.getByRole('button', { name: 'Reveal' }).click();
      await expect(
        again.getByText('On your team’s do-not-contact list', { exact: false }).first(),
      ).toBeVisible();
      expect(sim.state.requests.list('/v1/lookup')).toHaveLength(lookups);

      // Bob's bulk reveal of a LinkedIn people search with Ada on it skips her at no cost and says why, before the
      // click and on the receipt; the service is asked for the two others only, and charges for them alone.
      await serve(bob.context, `${PEOPLE_SEARCH}*`, linkedinFixture('people-search.html'));
      const search = await bob.context.newPage();
      await search.goto(PEOPLE_SEARCH);
      const searchTab = await tabIdOf(bob, search.url());
      const listPopup = await bob.open(`popup.html?tabId=${searchTab}`);
      await listPopup.getByRole('button', { name: 'Open them in the side panel' }).click();
      const panel = await bob.open('sidepanel.html');
      await panel.setViewportSize({ width: 320, height: 900 });
      const people = panel.getByRole('list', { name: 'People' }).getByRole('listitem');
      await expect(
        people.getByRole('button', { name: 'On your team’s do-not-contact list: Ada Lovelace' }),
      ).toBeDisabled();
      await panel.getByRole('button', { name: 'Select all on this page' }).click();
      await expect(panel.getByTestId('selected-count')).toHaveText('3 selected');
      await expect(panel.getByTestId('quote-listed')).toHaveText(
        '1 on your team’s do-not-contact list, not revealed.',
      );
      await expectAccessible(panel, 'side panel, a bulk quote leaving out a listed person');
      for (const width of [320, 400]) {
        await panel.setViewportSize({ width, height: 900 });
        for (const scheme of ['light', 'dark'] as const) {
          await panel.emulateMedia({ colorScheme: scheme });
          await panel
            .getByTestId('bulk-quote')
            .screenshot({ path: `test-results/dnc-bulk-quote-${width}-${scheme}.png` });
        }
      }
      const before = sim.state.key(SERVICE_KEY)!.remaining;
      const asked = sim.state.requests.list('/v1/lookup').length;
      await panel.getByRole('button', { name: 'Reveal 2 contacts, up to 6 credits' }).click();
      const job = panel.getByTestId('bulk-job');
      await expect(job.getByRole('heading', { name: 'Bulk reveal finished' })).toBeVisible({
        timeout: 30_000,
      });
      await expect(job.getByTestId('bulk-skipped')).toHaveText(
        'Skipped 1: on your team’s do-not-contact list (no charge)',
      );
      await expect(job.getByText('do-not-contact', { exact: false })).toHaveCount(1);
      const bulkLookups = sim.state.requests.list('/v1/lookup').slice(asked);
      expect(bulkLookups).toHaveLength(2);
      expect(bulkLookups.map((l) => (l.body as { social_url?: string }).social_url)).not.toContain(
        ADA.social_url,
      );
      // What the service charged is what the receipt says, and Ada cost nothing.
      const spent = before - sim.state.key(SERVICE_KEY)!.remaining;
      expect(spent).toBe(bulkLookups.reduce((sum, l) => sum + l.charged, 0));
      await expect(job.getByTestId('bulk-charged')).toHaveText(`${spent} credits`);
      await expectAccessible(panel, 'side panel, a bulk receipt with a listed person skipped');
      for (const width of [320, 400]) {
        await panel.setViewportSize({ width, height: 900 });
        for (const scheme of ['light', 'dark'] as const) {
          await panel.emulateMedia({ colorScheme: scheme });
          await job.screenshot({ path: `test-results/dnc-bulk-receipt-${width}-${scheme}.png` });
        }
      }
    } finally {
      await ats.close();
    }
  });
  test("Alice flags Ada's email wrong: Bob sees it struck with her name, his export and bulk send leave it out, and her dispute report lists its 3 credits", async ({
    context,
    openExtensionPage,
  }) => {
    test.setTimeout(150_000);
    const ats = await startDestinations();
    try {
      const alice: Browser = { context, open: openExtensionPage, errors: [] };
      const bob = await memberBrowser();
      browsers.push(bob);
      await (await connect(alice, gateway.url, keys.alice!)).close();
      // Bob sends to his own Lever (the bulk send of the library).
      await addDestinations(await connect(bob, gateway.url, keys.bob!), ats, ['lever']);

      // Alice buys Ada's email and phone; Bob reveals them free from the team.
      const a = await adaPopup(alice);
      await a.getByLabel('Mobile phone').check();
      await a.getByRole('button', { name: 'Reveal' }).click();
      const aliceCard = a.getByRole('article', { name: 'Revealed contact' });
      await expect(aliceCard.getByRole('link', { name: ADA.personal_email! })).toBeVisible();
      await expect(a.getByTestId('charged')).toContainText('Charged 9');
      const b = await adaPopup(bob);
      await b.getByLabel('Mobile phone').check();
      await b.getByRole('button', { name: 'Reveal' }).click();
      await expect(b.getByTestId('charged')).toContainText('Charged 0');
      await b.close();

      // Alice flags the email wrong: the team's flag.
      await aliceCard.getByText('Something wrong?').click();
      await aliceCard.getByRole('button', { name: 'Flag it: wrong email' }).click();
      await expect(aliceCard.locator('[data-flag="email"]')).toContainText('Flagged wrong by you');
      expect(await db.query('select target from flags')).toEqual([{ target: 'email' }]);

      // Bob's popup, opened again, shows it struck with Alice's name; the email is priced again, the phone held.
      const again = await adaPopup(bob);
      const bobCard = again.getByRole('article', { name: 'Revealed contact' });
      await expect(bobCard.locator('[data-flag="email"]')).toContainText(
        /Flagged wrong by Alice Smith, \d{1,2} [A-Z][a-z]{2}/,
      );
      await expect(bobCard.locator('.hero[data-item="email"] s')).toHaveText(ADA.personal_email!);
      // The team no longer counts it held: offered to buy again, at its price.
      await expect(again.getByRole('button', { name: 'Buy email again · 3 credits' })).toBeVisible();
      await expectAccessible(again, 'popup, an email a teammate flagged wrong');
      for (const width of [320, 400]) {
        await again.setViewportSize({ width, height: 700 });
        for (const scheme of ['light', 'dark'] as const) {
          await again.emulateMedia({ colorScheme: scheme });
          await again.screenshot({
            path: `test-results/team-flag-popup-${width}-${scheme}.png`,
            fullPage: true,
          });
        }
      }

      // His library's export and bulk send leave the email out.
      const library = await bob.open('contacts.html');
      const download = library.waitForEvent('download');
      await library.getByRole('button', { name: 'Export CSV · flagged left out' }).click();
      const csv = readFileSync(await (await download).path(), 'utf8');
      expect(csv).toContain(ADA.name);
      expect(csv).not.toContain(ADA.personal_email!);
      await library.getByRole('button', { name: /^Send (all|the) 1 .*to Lever$/ }).click();
      // Lever finds people by email: with Ada's flagged, she is not sent, and the reason says why.
      const run = library.getByTestId('bulk-send');
      await expect(run.getByRole('status')).toHaveText('0 added to Lever, 1 failed.', { timeout: 20_000 });
      await expect(run.getByRole('listitem')).toHaveText([
        'Ada Lovelace: This contact’s data is flagged wrong, and flagged data is not sent. Take the flag back to send it.',
      ]);
      expect(ats.lever.opportunities).toEqual([]);

      // Alice's usage page: the email's 3 credits, with her ledger entry's id.
      const usage = await alice.open('usage.html');
      await expect(usage.getByTestId('dispute-total')).toHaveText('3 credits for 1 item');
      const report = usage.waitForEvent('download');
      await usage.getByRole('button', { name: 'Download the report (CSV)' }).click();
      const lines = readFileSync(await (await report).path(), 'utf8').split('\r\n');
      const charges = (
        (await usage.evaluate(`(async () => { ${STORED_LEDGER}; return storedLedger(); })()`)) as Array<{
          id: string;
          kind: string;
        }>
      ).filter((entry) => entry.kind === 'charge');
      expect(charges).toHaveLength(1);
      expect(lines[1]!.split(',').slice(1, 8)).toEqual([
        ADA.name,
        ADA.social_url,
        'Personal email',
        '3',
        charges[0]!.id,
        'Wrong email',
        'you',
      ]);
    } finally {
      await ats.close();
    }
  });

  test("each screen's calls on open, solo and with the gateway, are those PRIVACY.md lists, and no other", async ({
    context,
    openExtensionPage,
  }) => {
    test.setTimeout(120_000);
    const listed = callsWithoutClick();
    const alice: Browser = { context, open: openExtensionPage, errors: [] };
    const distinct = (calls: string[]) => [...new Set(calls)].sort();
    /** Opens each screen and waits until its calls are what the policy lists; a call it does not list fails. */
    const screens = async (mode: 'solo' | 'team', seen: () => string[]) => {
      for (const [screen, open] of [
        ['Options', () => alice.open('options.html')],
        ['Popup', () => adaPopup(alice)],
        ['Side panel', () => alice.open('sidepanel.html')],
      ] as const) {
        const before = seen().length;
        const page = await open();
        await expect
          .poll(() => distinct(seen().slice(before)), { message: `${screen} (${mode})` })
          .toEqual(distinct(listed[mode][screen] ?? []));
        await page.close();
      }
    };

    // Solo: straight to the service (here the simulator), with its key.
    const options = await alice.open('options.html');
    await options.getByLabel('Service address').fill(sim.url);
    await options.getByLabel('API key').fill(SERVICE_KEY);
    await options.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(options.getByTestId('connected')).toBeVisible();
    await options.close();
    const simCalls = () => sim.state.requests.list().map((r) => `${r.method ?? 'POST'} ${r.path}`);
    await screens('solo', simCalls);

    // With the team's gateway.
    await (await connect(alice, gateway.url, keys.alice!)).close();
    await screens('team', () => gatewayCalls);
    expect(alice.errors).toEqual([]);
  });
});
