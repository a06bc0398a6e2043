/**
 * The local webhook receiver as `npm start` offers it: HTTPS with a certificate the demo browser is told to accept
 * (by its key's hash), added in Options › Send to as the recruiter would add one, then given the signing secret the
 * options page shows once; each delivery is printed, verified or refused, so sending can be tried without an account.
 */
import type { Page } from 'playwright-core';
import { selfSignedCertificate, spkiHash } from '../../scripts/self-signed';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

export interface DemoWebhook {
  receiver: WebhookReceiver;
  /** The Chromium flag that makes the browser accept the receiver's certificate, and no other. */
  chromiumFlag: string;
  /** Adds the webhook on the options page and gives its secret to the receiver; returns the secret. */
  addIn(options: Page): Promise<string>;
}

/** Starts the receiver on `port` when free, any free port otherwise; prints each delivery. */
export async function startDemoWebhook(port: number): Promise<DemoWebhook> {
  const tls = selfSignedCertificate();
  const log = (line: string) => console.log(`Webhook receiver: ${line}`);
  const options = {
    tls,
    onDelivery: (body: unknown) => {
      const person = (body as { person?: { name?: string; emails?: string[] } }).person;
      if (person)
        log(`received ${person.name} (${person.emails?.join(', ') || 'no email'}), signature verified`);
    },
    // The check on saving comes before the receiver is given the secret: that refusal is the setup, not news.
    onRefused: (reason: string) => reason !== 'no secret yet' && log(`refused a delivery: ${reason}`),
  };
  const receiver = await startWebhookReceiver(null, { ...options, port }).catch(() =>
    startWebhookReceiver(null, options),
  );
  return {
    receiver,
    chromiumFlag: `--ignore-certificate-errors-spki-list=${spkiHash(tls.cert)}`,
    async addIn(page) {
      const section = page.getByTestId('send-to');
      await section.getByRole('button', { name: 'Add a webhook' }).click();
      await section.getByLabel('Address to send to').fill(receiver.url);
      await section.getByRole('button', { name: 'Check and save' }).click();
      const secret = (await page.getByTestId('webhook-secret').locator('code').textContent()) ?? '';
      receiver.useSecret(secret);
      return secret;
    },
  };
}
