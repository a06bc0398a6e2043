import type { Worker } from '@playwright/test';
import { ASHBY_KEY } from '../../sim/destinations/ashby';
import { HUBSPOT_TOKEN } from '../../sim/destinations/hubspot';
import { LEVER_KEY } from '../../sim/destinations/lever';
import { SECRETS } from '../../src/store/items/keys';
import { expectAccessible } from './axe';
import { addDestinations, allowSites, expect, test, type VendorStandIns } from './send-helpers';

let fakes: VendorStandIns;
test.beforeEach(({ vendors }) => {
  fakes = vendors;
});

/** Whether the extension holds the host permission for `origin` (asked in its worker). */
function holds(background: Worker, origin: string): Promise<boolean> {
  return background.evaluate(
    (origins) =>
      (
        globalThis as unknown as { chrome: { permissions: { contains(p: object): Promise<boolean> } } }
      ).chrome.permissions.contains({ origins }),
    [`${origin}/*`],
  );
}

test.describe('options: Send to', () => {
  test('adds Lever, Ashby and HubSpot at their own addresses, each checked with a free call, and says whom Lever adds candidates as', async ({
    connect,
    context,
    extensionId,
    background,
  }) => {
    const page = await connect();
    const section = page.getByTestId('send-to');
    await expect(section).toContainText('Sending costs no credits');

    await section.getByRole('button', { name: 'Add Lever' }).click();
    await section.getByLabel('Lever API key').fill(LEVER_KEY);
    // The user allows the vendors' sites (as on chrome://extensions): that alone gives the extension nothing, until
    // its own request for the origin on the next click, which Chrome then grants without a prompt.
    await allowSites(context, extensionId, [
      'https://api.lever.co',
      'https://api.ashbyhq.com',
      'https://api.hubapi.com',
    ]);
    expect(await holds(background, 'https://api.lever.co')).toBe(false);
    await section.getByRole('button', { name: 'Check the key' }).click();
    // Deactivated users cannot add candidates: only the active one is offered.
    await expect(section.getByLabel('Add candidates as').locator('option')).toHaveText([
      'Chandler Bing (chandler@exampleq3.com)',
    ]);
    await section.getByRole('button', { name: 'Check and save' }).click();
    await expect(page.getByTestId('destination-lever')).toContainText('adds candidates as Chandler Bing');
    await expect(page.getByTestId('destination-lever')).not.toContainText(LEVER_KEY);

    await section.getByRole('button', { name: 'Add Ashby' }).click();
    await section.getByLabel('Ashby API key').fill('not-the-key');
    await section.getByRole('button', { name: 'Check and save' }).click();
    // Ashby answers a wrong key with 403, which is not a working key without a permission.
    await expect(section.getByRole('alert')).toContainText(
      'The key was not accepted: Ashby says it is wrong or deactivated. Check it in Send to.',
    );
    await section.getByLabel('Ashby API key').fill(ASHBY_KEY);
    // Optional: the source Ashby's candidates are created with, from Ashby's own list (archived ones left out).
    await section.getByRole('button', { name: 'Choose the source candidates get (optional)' }).click();
    await expect(section.getByLabel('Source candidates get').locator('option')).toHaveText([
      'None',
      'LinkedIn',
      'Candidate Lens',
    ]);
    await section.getByLabel('Source candidates get').selectOption({ label: 'Candidate Lens' });
    await expectAccessible(page, 'options, adding Ashby with a source');
    for (const width of [320, 400]) {
      await page.setViewportSize({ width, height: 900 });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await section.screenshot({ path: `test-results/send-to-ashby-source-${width}-${scheme}.png` });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await section.getByRole('button', { name: 'Check and save' }).click();
    await expect(page.getByTestId('destination-ashby')).toBeVisible();
    expect(fakes.ashby.log).toContain('POST /source.list');

    await section.getByRole('button', { name: 'Add HubSpot' }).click();
    await section.getByLabel('HubSpot access token').fill(HUBSPOT_TOKEN);
    await section.getByRole('button', { name: 'Check and save' }).click();
    await expect(page.getByTestId('destination-hubspot')).toContainText('account 12345678');
    // Each was asked for by the extension on its click, at the vendor's own origin, and is held as Chrome grants it.
    for (const origin of ['https://api.lever.co', 'https://api.ashbyhq.com', 'https://api.hubapi.com']) {
      expect(await holds(background, origin)).toBe(true);
    }
    expect(fakes.lever.log).toContain('GET /v1/users');
    expect(fakes.hubspot.log).toContain('GET /account-info/v3/details');

    // A saved destination's Check asks it again (free) and says it answered, in the destination's words.
    const leverChecks = () => fakes.lever.log.filter((line) => line === 'GET /v1/users').length;
    const before = leverChecks();
    await page.getByTestId('destination-lever').getByRole('button', { name: 'Check' }).click();
    await expect(section).toContainText('Lever answered: the destination works.');
    expect(leverChecks()).toBeGreaterThan(before);

    await expectAccessible(page, 'options, Send to');
    for (const width of [320, 400]) {
      await page.setViewportSize({ width, height: 900 });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await section.screenshot({ path: `test-results/send-to-${width}-${scheme}.png` });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });

    await page.getByTestId('destination-ashby').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByTestId('destination-ashby')).toHaveCount(0);
    await expect(section.getByRole('button', { name: 'Add Ashby' })).toBeVisible();
  });
});

/** The names of the secrets the extension holds (the service key, the destinations' keys), read in its worker. */
function secretNames(background: Worker): Promise<string[]> {
  return background.evaluate(async ({ database, objectStore }) => {
    const known = await indexedDB.databases();
    if (!known.some((db) => db.name === database)) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(database);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!db.objectStoreNames.contains(objectStore)) return [];
      const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
        const request = db.transaction(objectStore).objectStore(objectStore).getAllKeys();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      return keys.map(String);
    } finally {
      db.close();
    }
  }, SECRETS);
}

test.describe
  .serial('keys saved by one journey', () => {
    test('are held in the secrets store', async ({ connect, background }) => {
      await addDestinations(await connect(), fakes, ['lever']);
      expect((await secretNames(background)).sort()).toEqual([SECRETS.apiKey, SECRETS.destinations].sort());
    });

    test('are gone in the next one, and so is the site allowed for them', async ({ background }) => {
      expect(await secretNames(background)).toEqual([]);
      expect(await holds(background, 'https://api.lever.co')).toBe(false);
    });
  });
