/**
 * Destinations saved the way a recruiter saves them: on the options page, at the vendors' real addresses (answered by
 * the local stand-ins, see `vendor-origins.ts`), or against stand-ins on loopback given as "a different address".
 */
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { ASHBY_KEY } from '../../sim/destinations/ashby';
import { GREENHOUSE_CLIENT_ID, GREENHOUSE_CLIENT_SECRET } from '../../sim/destinations/greenhouse';
import { HUBSPOT_TOKEN } from '../../sim/destinations/hubspot';
import { LEVER_KEY } from '../../sim/destinations/lever';
import { type RunningDestinations, startDestinations } from '../../sim/destinations/serve';
import { WORKABLE_TOKEN } from '../../sim/destinations/workable';
import { originPattern } from '../../src/api/base-url';
import {
  ASHBY_BASE_URL,
  GREENHOUSE_AUTH_URL,
  GREENHOUSE_BASE_URL,
  HUBSPOT_BASE_URL,
  LEVER_BASE_URL,
} from '../../src/send/addresses';
import { workableBaseUrl } from '../../src/send/destinations/workable';
import { test as base, expect, TEST_TLS } from './fixtures';
import { PUT_RECORDS } from './vault-db';
import { vendorFront } from './vendor-origins';

type Kind = 'lever' | 'ashby' | 'hubspot' | 'greenhouse' | 'workable';

/** The Workable account the journeys use: its API answers at acme.workable.com. */
export const WORKABLE_ACCOUNT = 'acme';

/** Each destination's API origins as the extension calls them with no different address given. */
const ORIGINS: Record<Kind, string[]> = {
  lever: [LEVER_BASE_URL],
  ashby: [ASHBY_BASE_URL],
  hubspot: [HUBSPOT_BASE_URL],
  // Harvest v3 on its API host, its tokens from its auth host (src/send/destinations/greenhouse.ts).
  greenhouse: [GREENHOUSE_BASE_URL, GREENHOUSE_AUTH_URL],
  workable: [workableBaseUrl(WORKABLE_ACCOUNT)],
};

/** The five stand-ins, each answering at its vendor's real origin in this process's browser. */
export type VendorStandIns = RunningDestinations & { atVendorOrigins: true };

/**
 * Starts the five stand-ins and has the browser's vendor hosts answered by them (over HTTPS, the test certificate).
 * Each also keeps its loopback `url`, for a journey's own calls from outside the browser (a colleague's write).
 */
export async function startVendorStandIns(): Promise<VendorStandIns> {
  const fakes = await startDestinations();
  const front = await vendorFront(TEST_TLS);
  const host = (url: string) => new URL(url).hostname;
  const unregister = [
    front.register(host(LEVER_BASE_URL), (request) => fakes.lever.app.fetch(request)),
    front.register(host(ASHBY_BASE_URL), (request) => fakes.ashby.app.fetch(request)),
    front.register(host(HUBSPOT_BASE_URL), (request) => fakes.hubspot.app.fetch(request)),
    // One Greenhouse stand-in serves both of its hosts, each only its own part: tokens on the auth host, Harvest's
    // API on the other.
    front.register(host(GREENHOUSE_BASE_URL), (request) =>
      new URL(request.url).pathname === '/token'
        ? Response.json({ message: 'Not found' }, { status: 404 })
        : fakes.greenhouse.app.fetch(request),
    ),
    front.register(host(GREENHOUSE_AUTH_URL), (request) =>
      new URL(request.url).pathname === '/token'
        ? fakes.greenhouse.app.fetch(request)
        : Response.json({ error: 'not_found' }, { status: 404 }),
    ),
    front.register(host(workableBaseUrl(WORKABLE_ACCOUNT)), (request) => fakes.workable.app.fetch(request)),
  ];
  return {
    ...fakes,
    atVendorOrigins: true,
    close: async () => {
      for (const off of unregister) off();
      await fakes.close();
    },
  };
}

/** The part of chrome://extensions' own API (`chrome.developerPrivate`) used to allow and take back a site. */
interface ExtensionsPageGlobals {
  chrome: {
    developerPrivate: {
      addHostPermission(id: string, host: string): Promise<void>;
      removeHostPermission(id: string, host: string): Promise<void>;
    };
  };
}

/**
 * Allows (or takes back) the extension's access to `origins` as a user does on chrome://extensions, the extension's
 * Details › Site access › "On specific sites" › Add. The extension's own request for those origins
 * (`permissions.request`, on "Check and save") is then granted without Chrome's prompt, which a headless browser
 * cannot show anyone; what the extension asks for, and what it holds after, are Chrome's own.
 */
export async function allowSites(
  context: BrowserContext,
  extensionId: string,
  origins: string[],
  allow = true,
): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto('chrome://extensions');
    await page.evaluate(
      async ({ id, hosts, add }) => {
        const { developerPrivate } = (globalThis as unknown as ExtensionsPageGlobals).chrome;
        for (const host of hosts) {
          if (add) await developerPrivate.addHostPermission(id, host);
          // Taking back a site never allowed is refused ("hasn't been granted"): nothing to take back.
          else await developerPrivate.removeHostPermission(id, host).catch(() => undefined);
        }
      },
      { id: extensionId, hosts: origins.map(originPattern), add: allow },
    );
  } finally {
    await page.close();
  }
}

/**
 * `test` with `vendors`: the stand-ins at the vendors' real origins for one journey; afterwards the sites allowed
 * for them are taken back (a later journey in this browser starts as a fresh install does).
 */
export const test = base.extend<{ vendors: VendorStandIns }>({
  vendors: async ({ context, extensionId, background }, use) => {
    const vendors = await startVendorStandIns();
    await use(vendors);
    await vendors.close();
    const origins = Object.values(ORIGINS).flat();
    await allowSites(context, extensionId, origins, false);
    // The worker running now: a journey may have had Chrome stop the one it started with.
    const worker = context.serviceWorkers().at(-1) ?? background;
    await worker.evaluate(
      (patterns) =>
        (
          globalThis as unknown as { chrome: { permissions: { remove(p: object): Promise<boolean> } } }
        ).chrome.permissions.remove({ origins: patterns }),
      origins.map(originPattern),
    );
  },
});
export { expect };

const FIELDS: Record<Kind, { add: string; key: string; secret: string }> = {
  lever: { add: 'Add Lever', key: 'Lever API key', secret: LEVER_KEY },
  ashby: { add: 'Add Ashby', key: 'Ashby API key', secret: ASHBY_KEY },
  hubspot: { add: 'Add HubSpot', key: 'HubSpot access token', secret: HUBSPOT_TOKEN },
  greenhouse: { add: 'Add Greenhouse', key: 'Greenhouse client secret', secret: GREENHOUSE_CLIENT_SECRET },
  workable: { add: 'Add Workable', key: 'Workable access token', secret: WORKABLE_TOKEN },
};

/**
 * Adds each destination on the options page (already connected). With stand-ins at the vendors' origins, as a user
 * does: no address given, the vendor's site allowed when the extension asks; else at each stand-in's loopback
 * address, given under "Advanced: a different address".
 */
export async function addDestinations(
  options: Page,
  fakes: RunningDestinations | VendorStandIns,
  kinds: Kind[],
) {
  const section = options.getByTestId('send-to');
  for (const kind of kinds) {
    const { add, key, secret } = FIELDS[kind];
    await section.getByRole('button', { name: add }).click();
    if (kind === 'greenhouse') await section.getByLabel('Greenhouse client ID').fill(GREENHOUSE_CLIENT_ID);
    if (kind === 'workable') {
      await section.getByLabel('Workable account').fill(WORKABLE_ACCOUNT);
      await section.getByLabel('Job (optional)').fill('GROOV005');
    }
    await section.getByLabel(key).fill(secret);
    if ('atVendorOrigins' in fakes) {
      await allowSites(options.context(), new URL(options.url()).host, ORIGINS[kind]);
    } else {
      await section.getByText('Advanced: a different address').click();
      await section.getByLabel('Server address').fill(fakes[kind].url);
    }
    if (kind === 'lever') await section.getByRole('button', { name: 'Check the key' }).click();
    await section.getByRole('button', { name: 'Check and save' }).click();
    await expect(options.getByTestId(`destination-${kind}`)).toBeVisible();
  }
}

/** Adds a webhook on the options page at `url`; returns the signing secret it shows once. */
export async function addWebhook(options: Page, url: string): Promise<string> {
  const section = options.getByTestId('send-to');
  await section.getByRole('button', { name: 'Add a webhook' }).click();
  await section.getByLabel('Address to send to').fill(url);
  await section.getByRole('button', { name: 'Check and save' }).click();
  await expect(options.getByTestId('destination-webhook')).toBeVisible();
  const secret = (await options.getByTestId('webhook-secret').locator('code').textContent()) ?? '';
  expect(secret).toMatch(/^whsec_/);
  return secret;
}

/** `count` revealed contacts put straight into the library ("Person 00"…), each with an email of its own. */
export async function seedLibrary(background: Worker, count: number): Promise<void> {
  const at = new Date().toISOString();
  const records = Array.from({ length: count }, (_, i) => {
    const key = `https://www.linkedin.com/in/person-${i}`;
    return {
      v: 1,
      key,
      socialUrl: key,
      candidateId: null,
      name: `Person ${String(i).padStart(2, '0')}`,
      currentTitle: 'Nurse',
      currentEmployer: 'Brightpath Health',
      email: { found: true, value: `person.${i}@example.org`, at },
      updatedAt: at,
    };
  });
  await background.evaluate(
    `(async () => { ${PUT_RECORDS}; await putRecords(${JSON.stringify(records)}); })()`,
  );
}
