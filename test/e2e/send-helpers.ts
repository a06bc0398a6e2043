/** Destinations saved the way a recruiter saves them: on the options page, against the local fakes. */
import { expect, type Page, type Worker } from '@playwright/test';
import { ASHBY_KEY } from '../../sim/destinations/ashby';
import { GREENHOUSE_CLIENT_ID, GREENHOUSE_CLIENT_SECRET } from '../../sim/destinations/greenhouse';
import { HUBSPOT_TOKEN } from '../../sim/destinations/hubspot';
import { LEVER_KEY } from '../../sim/destinations/lever';
import type { RunningDestinations } from '../../sim/destinations/serve';
import { WORKABLE_TOKEN } from '../../sim/destinations/workable';
import { PUT_RECORDS } from './vault-db';

type Kind = 'lever' | 'ashby' | 'hubspot' | 'greenhouse' | 'workable';
const FIELDS: Record<Kind, { add: string; key: string; secret: string }> = {
  lever: { add: 'Add Lever', key: 'Lever API key', secret: LEVER_KEY },
  ashby: { add: 'Add Ashby', key: 'Ashby API key', secret: ASHBY_KEY },
  hubspot: { add: 'Add HubSpot', key: 'HubSpot access token', secret: HUBSPOT_TOKEN },
  greenhouse: { add: 'Add Greenhouse', key: 'Greenhouse client secret', secret: GREENHOUSE_CLIENT_SECRET },
  workable: { add: 'Add Workable', key: 'Workable access token', secret: WORKABLE_TOKEN },
};

/** Adds each destination on the options page (already connected), pointed at its fake. */
export async function addDestinations(options: Page, fakes: RunningDestinations, kinds: Kind[]) {
  const section = options.getByTestId('send-to');
  for (const kind of kinds) {
    const { add, key, secret } = FIELDS[kind];
    await section.getByRole('button', { name: add }).click();
    if (kind === 'greenhouse') await section.getByLabel('Greenhouse client ID').fill(GREENHOUSE_CLIENT_ID);
    if (kind === 'workable') {
      await section.getByLabel('Workable account').fill('acme');
      await section.getByLabel('Job (optional)').fill('GROOV005');
    }
    await section.getByLabel(key).fill(secret);
    await section.getByText('Advanced: a different address').click();
    await section.getByLabel('Server address').fill(fakes[kind].url);
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
