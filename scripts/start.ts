/**
 * `npm start`: builds the extension, starts the simulator, and opens Chromium with the extension loaded, pointed at
 * the simulator with `demo-key` (set through the real options page), on a demo LinkedIn profile the simulator knows.
 *
 * With a display it leaves the browser open for you (Ctrl+C to stop). Without one it runs the same journey headless:
 * opens the popup for the profile, reveals email and phone, prints what it revealed and the balance, and saves
 * screenshots of the popup, options, contacts library and side panel under `screenshots/`.
 *
 * With `--team`, a team gateway stands between the extension and the simulator (`scripts/start-team.ts`: PGlite in
 * a temporary folder, members Alice Smith and Bob Lee, Alice having revealed the demo profile's email); Chromium is
 * Bob. The team console (`/admin`) opens in a tab beside the extension, signed in with a one-time link. The headless
 * journey then reveals that email as Bob and checks it was answered free, with no lookup sent to the service (exit 1
 * otherwise), and saves the console's picture too.
 *
 * Flags (`npm start -- --help` lists them; `scripts/start-args.ts` reads them): `--port N`, `--headless`,
 * `--screenshots DIR`, `--team`. An unknown flag is refused (exit 2) before anything is built.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { RunningSimulator } from '../sim/server';
import { optionsPage } from './options-page';
import { parseStartArgs, START_HELP, type StartArgs } from './start-args';

const ROOT = resolve(import.meta.dirname, '..');
const EXTENSION = resolve(ROOT, '.output/chrome-mv3');

let args: StartArgs;
try {
  args = parseStartArgs(process.argv.slice(2));
} catch (error) {
  console.error(`npm start: ${(error as Error).message}`);
  process.exit(2);
}
if (args.help) {
  console.log(START_HELP);
  process.exit(0);
}

// Loaded once the arguments are read, so `--help` and a refused flag answer without loading the browser driver or
// the simulator.
const { chromium } = await import('playwright-core');
const { DEMO_PROFILES } = await import('../sim/demo-profiles');
const { startSimulator } = await import('../sim/server');
const { findChromium } = await import('../test/e2e/chromium-path');
const { demoProfilePage } = await import('./demo-page');
const { startDemoTeam } = await import('./start-team');

const DEFAULT_PORT = 8787;
const portAsked = args.port;
const port = portAsked ?? DEFAULT_PORT;
const SHOTS = resolve(ROOT, args.screenshots ?? 'screenshots');
const headless = args.headless || !process.env.DISPLAY;
const demo = DEMO_PROFILES.full;

console.log('Building the extension…');
execFileSync('npx', ['wxt', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });

const inUse = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE';

/** The simulator on the asked port; on a free one when the default is taken; a plain message otherwise. */
async function startOnAFreePort(): Promise<RunningSimulator> {
  try {
    return await startSimulator({ port });
  } catch (error) {
    if (!inUse(error)) throw error;
    if (portAsked !== undefined) {
      console.error(`Port ${port} is in use. Choose another one: npm start -- --port ${port + 1}`);
      process.exit(1);
    }
    const free = await startSimulator({ port: 0 });
    console.log(
      `Port ${DEFAULT_PORT} is in use, so the simulator runs on port ${free.port} (to choose: npm start -- --port N).`,
    );
    return free;
  }
}

const sim = await startOnAFreePort();
console.log(`Simulator: ${sim.url} (keys: demo-key, empty-key, inactive-key)`);
const { startDestinations } = await import('../sim/destinations/serve');
const { LEVER_KEY } = await import('../sim/destinations/lever');
const { ASHBY_KEY } = await import('../sim/destinations/ashby');
const { HUBSPOT_TOKEN } = await import('../sim/destinations/hubspot');
const { WORKABLE_TOKEN } = await import('../sim/destinations/workable');
const { GREENHOUSE_CLIENT_ID, GREENHOUSE_CLIENT_SECRET } = await import('../sim/destinations/greenhouse');
// Beside the simulator's port when they are free; any free ports otherwise.
const destinations = await startDestinations({
  lever: sim.port + 1,
  ashby: sim.port + 2,
  hubspot: sim.port + 3,
  greenhouse: sim.port + 5,
  workable: sim.port + 6,
}).catch(() => startDestinations());
console.log(
  'Local destinations to try "Send to" (Options › Send to › Add …, then "Advanced: a different address"):\n' +
    `  Lever:   ${destinations.lever.url}  key ${LEVER_KEY}\n` +
    `  Ashby:   ${destinations.ashby.url}  key ${ASHBY_KEY}\n` +
    `  HubSpot: ${destinations.hubspot.url}  token ${HUBSPOT_TOKEN}\n` +
    `  Greenhouse: ${destinations.greenhouse.url}  client ID ${GREENHOUSE_CLIENT_ID}, secret ${GREENHOUSE_CLIENT_SECRET}\n` +
    `  Workable: ${destinations.workable.url}  token ${WORKABLE_TOKEN} (any account name; job GROOV005 or the talent pool)`,
);
const { startDemoWebhook } = await import('../sim/destinations/demo-webhook');
const webhook = await startDemoWebhook(sim.port + 4);
const team = args.team ? await startDemoTeam(sim.url, 'demo-key', demo.social_url) : null;
if (team) {
  console.log(
    `Team gateway: ${team.url} (data in PGlite at ${team.dataDir}, deleted on exit), team Acme Recruiting.\n` +
      `  Alice Smith's key: ${team.keys.alice} (she has revealed ${demo.name}'s email)\n` +
      `  Bob Lee's key:     ${team.keys.bob} (Chromium is Bob)`,
  );
}
/** Where the extension is connected, and with which key: the gateway as Bob, or the simulator with demo-key. */
const connection = team ? { url: team.url, key: team.keys.bob } : { url: sim.url, key: 'demo-key' };

const context: BrowserContext = await chromium.launchPersistentContext('', {
  executablePath: findChromium(),
  headless,
  viewport: headless ? { width: 1280, height: 800 } : null,
  args: [
    `--disable-extensions-except=${EXTENSION}`,
    `--load-extension=${EXTENSION}`,
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    webhook.chromiumFlag,
  ],
});

// LinkedIn is answered locally: the demo profile gets a profile page, anything else a plain one.
await context.route('https://*.linkedin.com/**', (route) =>
  route.fulfill({
    contentType: 'text/html',
    body: demoProfilePage(demo.name, demo.headline, demo.location),
  }),
);

const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
const extensionId = new URL(worker.url()).host;
const extensionPage = (path: string) => `chrome-extension://${extensionId}/${path}`;

/** The options page opens by itself on install; point it at the simulator with demo-key (or the gateway as Bob). */
async function configure(): Promise<Page> {
  const options = await optionsPage(context, `chrome-extension://${extensionId}`);
  await options.getByLabel('Service address').fill(connection.url);
  await options.getByLabel('API key').fill(connection.key);
  await options.getByRole('button', { name: 'Save', exact: true }).click();
  await options.getByTestId('connected').waitFor();
  // Saved, the page is one step with the settings folded under it: open them, for the destinations added next.
  await options.getByTestId('settings-fold').locator(':scope > summary').click();
  if (team) await options.getByTestId('team-member').waitFor();
  return options;
}

const options = await configure();
/** The local webhook, added as the recruiter adds one (after the options picture, which shows no secret). */
async function addWebhook() {
  const secret = await webhook.addIn(options);
  console.log(
    `Local webhook receiver (HTTPS, verifies each delivery's signature): ${webhook.receiver.url}\n` +
      `  Added in Options › Send to as "Webhook"; its signing secret: ${secret}`,
  );
}
/** With a team: the team console beside the extension, signed in with a one-time link as its admin does. */
async function openConsole(): Promise<Page | null> {
  if (!team) return null;
  const page = await context.newPage();
  await page.goto(await team.consoleLink());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Dana Reyes · Acme Recruiting').waitFor();
  console.log(
    `Team console: ${team.url}/admin (signed in as Dana Reyes; npm run gateway -- admin link signs in again)`,
  );
  return page;
}
const teamConsole = await openConsole();
const profile = await context.newPage();
await profile.goto(demo.social_url);
console.log(`Opened ${demo.social_url} (${demo.name})`);

if (!headless) {
  await addWebhook();
  await profile.bringToFront();
  console.log(
    'Chromium is open with the extension loaded. Click the toolbar button on the profile. Ctrl+C to stop.',
  );
  const stop = async () => {
    await context.close().catch(() => undefined);
    await team?.close();
    await destinations.close();
    await webhook.receiver.close();
    await sim.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  context.on('close', stop);
} else {
  mkdirSync(SHOTS, { recursive: true });
  await options.setViewportSize({ width: 900, height: 760 });
  await options.screenshot({ path: resolve(SHOTS, 'options.png'), fullPage: true });
  await addWebhook();

  const tabId = await worker.evaluate(async (url) => {
    const tabs = await (
      globalThis as unknown as {
        chrome: { tabs: { query(q: object): Promise<Array<{ id?: number; url?: string }>> } };
      }
    ).chrome.tabs.query({});
    return tabs.find((t) => t.url === url)?.id;
  }, demo.social_url);
  const popup = await context.newPage();
  // The popup as Chrome shows it: 360 px wide, at most 600 px tall.
  await popup.setViewportSize({ width: 360, height: 600 });
  await popup.goto(extensionPage(`popup.html?tabId=${tabId}`));
  if (team) {
    // Bob: the email Alice revealed is priced at 0 before the click, and revealing it sends nothing upstream.
    await popup.getByText('held by your team, free').waitFor();
    await popup.locator('main').screenshot({ path: resolve(SHOTS, 'popup-team-before.png') });
    const lookupsBefore = sim.state.requests.list('/v1/lookup').length;
    await popup.getByRole('button', { name: 'Reveal' }).click();
    await popup.getByTestId('charged').waitFor();
    await popup.locator('main').screenshot({ path: resolve(SHOTS, 'popup-team-after.png') });
    const email = await popup.locator('[data-item="email"] a').textContent();
    const charged = (await popup.getByTestId('charged').textContent())?.trim();
    const sent = sim.state.requests.list('/v1/lookup').length - lookupsBefore;
    console.log(
      `Bob revealed ${demo.name}'s email ${email}, held by the team since Alice's reveal: ${charged}; ` +
        `lookups sent to the service for it: ${sent}.`,
    );
    if (sent !== 0 || !/Charged 0\b/.test(charged ?? '')) {
      console.error("The teammate's earlier reveal was not answered free from the team vault.");
      process.exitCode = 1;
    }
  } else {
    await popup.getByLabel('Mobile phone').check();
    await popup.locator('main').screenshot({ path: resolve(SHOTS, 'popup-before.png') });
    await popup.getByRole('button', { name: 'Reveal' }).click();
    await popup.getByTestId('charged').waitFor();
    await popup.locator('main').screenshot({ path: resolve(SHOTS, 'popup-after.png') });

    const email = await popup.locator('[data-item="email"] a').textContent();
    const phone = await popup.locator('[data-item="phone"] a').textContent();
    const charged = await popup.getByTestId('charged').textContent();
    console.log(`Revealed ${demo.name}: email ${email}, phone ${phone}. ${charged?.trim()}.`);
    // Sent to the local webhook, which prints what it received and verified.
    await popup.getByRole('button', { name: 'Send to Webhook' }).click();
    await popup.getByText('Sent to the webhook.').waitFor();
    if (webhook.receiver.accepted.length !== 1) {
      console.error('The local webhook receiver did not accept the contact sent to it.');
      process.exitCode = 1;
    }
  }

  const library = await context.newPage();
  await library.setViewportSize({ width: 900, height: 420 });
  await library.goto(extensionPage('contacts.html'));
  await library.getByText(demo.name, { exact: true }).waitFor();
  await library.screenshot({ path: resolve(SHOTS, 'contacts.png') });

  const panel = await context.newPage();
  await panel.setViewportSize({ width: 400, height: 800 });
  await panel.goto(extensionPage('sidepanel.html'));
  await panel.getByRole('tab', { name: 'Free text' }).click();
  await panel.getByLabel('Free text').fill('Software engineers in London with 5+ years of experience');
  await panel.getByRole('button', { name: /^Search ·/ }).click();
  // What the service understood is folded to one line above the results: its details are there, not shown.
  await panel.getByTestId('understood-criteria').waitFor({ state: 'attached' });
  // The panel has moved to the results; the picture starts at the top, with the search's summary.
  await panel.evaluate(() => window.scrollTo(0, 0));
  await panel.screenshot({ path: resolve(SHOTS, 'sidepanel.png') });
  const total = await panel
    .getByTestId('result-count')
    .textContent()
    .catch(() => null);
  console.log(
    `Searched "Software engineers in London with 5+ years of experience": ${total ?? 'see the side panel'}.`,
  );
  if (teamConsole) {
    await teamConsole.setViewportSize({ width: 1280, height: 800 });
    await teamConsole.reload();
    await teamConsole.locator('[data-testid="member"][data-name="Bob Lee"]').waitFor();
    await teamConsole.screenshot({ path: resolve(SHOTS, 'console.png'), fullPage: true });
  }
  console.log(`Screenshots saved in ${SHOTS}`);
  await context.close();
  await team?.close();
  await destinations.close();
  await webhook.receiver.close();
  await sim.close();
}
