/**
 * The webhook end to end: a real local HTTPS receiver (its certificate trusted by the browser by its key's hash,
 * see `TEST_TLS`) that verifies each delivery's HMAC signature and timestamp as a receiver should.
 */
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { startWebhookReceiver, type WebhookReceiver } from '../../sim/destinations/webhook-receiver';
import { revealByUrl } from '../support/reveal-by-url';
import { expectAccessible } from './axe';
import { expect, TEST_TLS, test } from './fixtures';
import { addWebhook, seedLibrary } from './send-helpers';

const ADA = DEMO_PROFILES.full;
let receiver: WebhookReceiver;
test.beforeEach(async () => {
  // Given no secret: its owner pastes in the one the extension shows once.
  receiver = await startWebhookReceiver(null, { tls: TEST_TLS });
});
test.afterEach(async () => {
  await receiver.close();
});

const today = () => new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });

test('a revealed contact sent to a webhook arrives signed, and the receiver verifies it', async ({
  connect,
  openExtensionPage,
}) => {
  const secret = await addWebhook(await connect(), receiver.url);
  // The check on saving reached the receiver over TLS, which could not verify it yet.
  expect(receiver.refused).toEqual(['no secret yet']);
  receiver.useSecret(secret);

  const popup = await revealByUrl(openExtensionPage, ADA.social_url);
  const send = popup.getByTestId('send-to');
  const before = Math.floor(Date.now() / 1000);
  await send.getByRole('button', { name: 'Send to Webhook' }).click();
  await expect(send.getByRole('status')).toHaveText('Sent to the webhook.');
  await expect(send.getByText(`Sent to the webhook · ${today()}`)).toBeVisible();
  expect(receiver.refused).toEqual(['no secret yet']);
  expect(receiver.accepted).toHaveLength(1);
  const [delivery] = receiver.accepted;
  expect(delivery!.body).toMatchObject({
    type: 'candidate.sent',
    person: { name: ADA.name, emails: [ADA.personal_email], profileUrl: ADA.social_url },
  });
  const stamp = Number(delivery!.headers['x-candidate-lens-timestamp']);
  expect(stamp).toBeGreaterThanOrEqual(before - 1);
  expect(stamp).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
  await expectAccessible(popup, 'popup, a contact sent to the webhook');
});

test("a delivery the receiver cannot verify is refused, said in the receiver's words, and not marked", async ({
  connect,
  openExtensionPage,
}) => {
  await addWebhook(await connect(), receiver.url);
  receiver.useSecret('whsec_not-the-one-the-extension-signs-with');
  const popup = await revealByUrl(openExtensionPage, ADA.social_url);
  const send = popup.getByTestId('send-to');
  await send.getByRole('button', { name: 'Send to Webhook' }).click();
  await expect(send.getByRole('alert')).toContainText('bad signature');
  await expect(send.getByText(/^Sent to the webhook/)).toHaveCount(0);
  expect(receiver.accepted).toEqual([]);
});

test('a bulk send from the library delivers only those not sent before: the receiver sees nobody twice', async ({
  connect,
  openExtensionPage,
  background,
}) => {
  receiver.useSecret(await addWebhook(await connect(), receiver.url));
  await seedLibrary(background, 10);
  const library = await openExtensionPage('contacts.html');
  await expect(library.getByTestId('library-counts')).toContainText('10 contacts');
  for (const name of ['Person 01', 'Person 04', 'Person 07']) {
    await library.getByRole('checkbox', { name: `Select ${name}` }).check();
  }
  await library.getByRole('button', { name: 'Send the 3 selected to Webhook' }).click();
  const run = library.getByTestId('bulk-send');
  await expect(run.getByRole('status')).toHaveText('3 sent to Webhook.', { timeout: 20_000 });
  await run.getByRole('button', { name: 'Dismiss' }).click();
  await library.getByRole('button', { name: 'Clear selection' }).click();

  await library.getByRole('button', { name: 'Send all 10 to Webhook' }).click();
  await expect(run.getByRole('status')).toHaveText('7 sent to Webhook, 3 already sent.', { timeout: 20_000 });
  const emails = receiver.accepted.map((d) => (d.body as { person: { emails: string[] } }).person.emails[0]);
  expect(emails).toHaveLength(10);
  expect(new Set(emails).size).toBe(10);
  await expectAccessible(library, 'library, a bulk send to a webhook with some already sent');
  for (const width of [320, 400]) {
    await library.setViewportSize({ width, height: 700 });
    for (const scheme of ['light', 'dark'] as const) {
      await library.emulateMedia({ colorScheme: scheme });
      await run.screenshot({ path: `test-results/send-webhook-bulk-${width}-${scheme}.png` });
    }
  }
});
