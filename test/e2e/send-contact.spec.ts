import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { HUBSPOT_TOKEN } from '../../sim/destinations/hubspot';
import { revealByUrl } from '../support/reveal-by-url';
import { expectAccessible } from './axe';
import type { WorkerGlobals } from './fixtures';
import { addDestinations, expect, test, type VendorStandIns } from './send-helpers';

const ADA = DEMO_PROFILES.full;
let fakes: VendorStandIns;
test.beforeEach(({ vendors }) => {
  fakes = vendors;
});

const today = () => new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });

test('a revealed contact sent to Lever, Ashby and HubSpot is marked in the popup, the panel and the library', async ({
  connect,
  openExtensionPage,
  background,
}) => {
  const options = await connect();
  await addDestinations(options, fakes, ['lever', 'ashby', 'hubspot']);
  const popup = await revealByUrl(openExtensionPage, ADA.social_url);
  const send = popup.getByTestId('send-to');
  await expect(send).toContainText('Free: no credits.');
  for (const scheme of ['light', 'dark'] as const) {
    await popup.emulateMedia({ colorScheme: scheme });
    await send.screenshot({ path: `test-results/send-buttons-${scheme}.png` });
  }
  await popup.emulateMedia({ colorScheme: 'light' });

  await send.getByRole('button', { name: 'Send to Lever' }).click();
  await expect(send.getByRole('status')).toHaveText('Added to Lever.');
  const inLever = send.getByRole('link', { name: `In Lever · ${today()}` });
  await expect(inLever).toHaveAttribute('href', /^https:\/\/hire\.lever\.co\/candidates\/opp-1$/);
  expect(fakes.lever.opportunities).toMatchObject([
    { name: ADA.name, emails: [ADA.personal_email], links: [ADA.social_url], sources: ['Candidate Lens'] },
  ]);

  await send.getByRole('button', { name: 'Send to Ashby' }).click();
  await expect(send.getByRole('status')).toHaveText('Added to Ashby.');
  // Someone made her in HubSpot a moment ago; HubSpot's search has not caught up with that write yet.
  const made = await fetch(`${fakes.hubspot.url}/crm/v3/objects/contacts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${HUBSPOT_TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      properties: { email: (ADA.personal_email ?? '').toUpperCase(), firstname: 'Ada (typed)' },
    }),
  });
  expect(made.status).toBe(201);
  await send.getByRole('button', { name: 'Send to HubSpot' }).click();
  await expect(send.getByRole('status')).toHaveText('Updated in HubSpot with what it lacked.');
  expect(fakes.hubspot.contacts).toHaveLength(1);
  expect(fakes.hubspot.contacts[0]?.properties).toMatchObject({
    firstname: 'Ada (typed)',
    hs_linkedin_url: ADA.social_url,
  });
  // One lookup a send, in each vendor's own log.
  expect(fakes.lever.log.filter((r) => r === 'GET /v1/opportunities')).toHaveLength(1);
  expect(fakes.ashby.log.filter((r) => r === 'POST /candidate.search')).toHaveLength(1);
  expect(fakes.hubspot.log.filter((r) => r === 'POST /crm/v3/objects/contacts/search')).toHaveLength(1);
  await expect(send.getByRole('link')).toHaveText([
    `In Lever · ${today()}`,
    `In Ashby · ${today()}`,
    `In HubSpot · ${today()}`,
  ]);
  await expect(send.getByRole('button')).toHaveCount(0);
  expect(fakes.ashby.candidates).toHaveLength(1);
  expect(fakes.hubspot.contacts).toHaveLength(1);
  await expectAccessible(popup, 'popup, a contact sent');
  for (const width of [320, 400]) {
    await popup.setViewportSize({ width, height: 700 });
    for (const scheme of ['light', 'dark'] as const) {
      await popup.emulateMedia({ colorScheme: scheme });
      await popup.screenshot({ path: `test-results/send-popup-${width}-${scheme}.png`, fullPage: true });
    }
  }

  // The side panel's contact.
  await background.evaluate(async (vaultKey) => {
    const { chrome } = globalThis as unknown as WorkerGlobals & {
      chrome: { storage: { local: { set(items: object): Promise<void> } } };
    };
    await chrome.storage.local.set({
      'panel-focus': { kind: 'contact', vaultKey, at: new Date().toISOString() },
    });
  }, ADA.social_url);
  const panel = await openExtensionPage('sidepanel.html');
  await expect(panel.getByRole('link', { name: `In Lever · ${today()}` })).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await panel.setViewportSize({ width: 320, height: 700 });
    await panel.emulateMedia({ colorScheme: scheme });
    await panel.screenshot({ path: `test-results/send-panel-320-${scheme}.png`, fullPage: true });
  }

  // The library's contact.
  const library = await openExtensionPage('contacts.html');
  await library.getByRole('button', { name: ADA.name, exact: true }).click();
  await expect(library.getByRole('link', { name: `In Lever · ${today()}` })).toBeVisible();
  await expectAccessible(library, 'library, a contact sent');

  // Sending again from the library makes nothing new: every destination is marked, none offered.
  expect(fakes.lever.opportunities).toHaveLength(1);
});

test('Greenhouse: configured on the options page, a contact sent and marked "In Greenhouse", never sent twice', async ({
  connect,
  openExtensionPage,
}) => {
  const options = await connect();
  const section = options.getByTestId('send-to');
  await section.getByRole('button', { name: 'Add Greenhouse' }).click();
  await section.getByText('Advanced: a different address').click();
  await expectAccessible(options, 'options, adding Greenhouse');
  for (const width of [320, 400]) {
    await options.setViewportSize({ width, height: 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await options.emulateMedia({ colorScheme: scheme });
      await section.screenshot({ path: `test-results/send-greenhouse-form-${width}-${scheme}.png` });
    }
  }
  await options.emulateMedia({ colorScheme: 'light' });
  await section.getByRole('button', { name: 'Cancel' }).click();
  await addDestinations(options, fakes, ['greenhouse']);
  // The check on saving fetched a token with the client credentials and read one candidate.
  expect(fakes.greenhouse.log).toEqual(['POST /token', 'GET /v3/candidates']);

  const popup = await revealByUrl(openExtensionPage, ADA.social_url);
  const send = popup.getByTestId('send-to');
  await send.getByRole('button', { name: 'Send to Greenhouse' }).click();
  await expect(send.getByRole('status')).toHaveText('Added to Greenhouse.');
  await expect(send.getByRole('link', { name: `In Greenhouse · ${today()}` })).toHaveAttribute(
    'href',
    'https://app.greenhouse.io/people/4001',
  );
  expect(fakes.greenhouse.candidates).toMatchObject([
    {
      email_addresses: [{ value: ADA.personal_email }],
      social_media_addresses: [{ value: ADA.social_url }],
    },
  ]);
  const asked = fakes.greenhouse.log.length;

  // Marked in the popup and the library, Greenhouse no longer offered there; nothing more is asked of it.
  await expect(send.getByRole('button', { name: 'Send to Greenhouse' })).toHaveCount(0);
  const library = await openExtensionPage('contacts.html');
  await library.getByRole('button', { name: ADA.name, exact: true }).click();
  await expect(library.getByRole('link', { name: `In Greenhouse · ${today()}` })).toBeVisible();
  await expect(library.getByRole('button', { name: 'Send to Greenhouse' })).toHaveCount(0);
  expect(fakes.greenhouse.log).toHaveLength(asked);
  expect(fakes.greenhouse.candidates).toHaveLength(1);
});

test('Workable: configured on the options page (account, token, job), a contact sent as sourced, marked, never sent twice', async ({
  connect,
  openExtensionPage,
}) => {
  const options = await connect();
  const section = options.getByTestId('send-to');
  await section.getByRole('button', { name: 'Add Workable' }).click();
  for (const width of [320, 400]) {
    await options.setViewportSize({ width, height: 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await options.emulateMedia({ colorScheme: scheme });
      await section.screenshot({ path: `test-results/send-workable-form-${width}-${scheme}.png` });
    }
  }
  await options.emulateMedia({ colorScheme: 'light' });
  await expectAccessible(options, 'options, adding Workable');
  await section.getByRole('button', { name: 'Cancel' }).click();
  await addDestinations(options, fakes, ['workable']);
  await expect(options.getByTestId('destination-workable')).toContainText('job GROOV005');

  const popup = await revealByUrl(openExtensionPage, ADA.social_url);
  const send = popup.getByTestId('send-to');
  await send.getByRole('button', { name: 'Send to Workable' }).click();
  await expect(send.getByRole('status')).toHaveText('Added to Workable.');
  await expect(send.getByRole('link', { name: `In Workable · ${today()}` })).toHaveAttribute(
    'href',
    'https://acme.workable.com/backend/candidates/w1',
  );
  expect(fakes.workable.candidates).toMatchObject([
    { email: ADA.personal_email, job: 'GROOV005', sourced: true },
  ]);
  const asked = fakes.workable.log.length;
  await expect(send.getByRole('button', { name: 'Send to Workable' })).toHaveCount(0);
  const library = await openExtensionPage('contacts.html');
  await library.getByRole('button', { name: ADA.name, exact: true }).click();
  await expect(library.getByRole('link', { name: `In Workable · ${today()}` })).toBeVisible();
  await expect(library.getByRole('button', { name: 'Send to Workable' })).toHaveCount(0);
  expect(fakes.workable.log).toHaveLength(asked);
  expect(fakes.workable.candidates).toHaveLength(1);
});

test("a destination's refusal is said in its own words, and nothing is marked", async ({
  connect,
  openExtensionPage,
}) => {
  const options = await connect();
  await addDestinations(options, fakes, ['lever']);
  const popup = await revealByUrl(openExtensionPage, ADA.social_url);
  fakes.lever.faults.arm({ status: 400, body: { code: 'BadRequestError', message: 'Posting is closed' } }, 2);
  await popup.getByRole('button', { name: 'Send to Lever' }).click();
  await expect(popup.getByTestId('send-to').getByRole('alert')).toHaveText(
    'Lever refused it. Lever said: "Posting is closed"',
  );
  await expect(popup.getByRole('button', { name: 'Send to Lever' })).toBeEnabled();
});

test('an Ashby key lacking a permission is told which one, in plain words', async ({
  connect,
  openExtensionPage,
}) => {
  await addDestinations(await connect(), fakes, ['ashby']);
  fakes.ashby.denied.add('candidatesWrite');
  const popup = await revealByUrl(openExtensionPage, ADA.social_url);
  await popup.getByRole('button', { name: 'Send to Ashby' }).click();
  await expect(popup.getByTestId('send-to').getByRole('alert')).toHaveText(
    'The key works, but it needs the permission to add candidates (Candidates: Write): give it that in Ashby, Admin › API keys. Ashby said: "This API key is missing the candidatesWrite permission"',
  );
  expect(fakes.ashby.candidates).toEqual([]);
  for (const width of [320, 400]) {
    await popup.setViewportSize({ width, height: 700 });
    for (const scheme of ['light', 'dark'] as const) {
      await popup.emulateMedia({ colorScheme: scheme });
      await popup
        .getByTestId('send-to')
        .screenshot({ path: `test-results/send-ashby-permission-${width}-${scheme}.png` });
    }
  }
});
