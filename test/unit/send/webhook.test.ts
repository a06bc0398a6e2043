import { afterEach, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../../sim/destinations/webhook-receiver';
import { createWebhook, generateWebhookSecret, signWebhook } from '../../../src/send/destinations/webhook';
import type { SendError } from '../../../src/send/errors';
import { performSend } from '../../../src/send/outcome';
import { ADA, httpsFetch, recordingSleep } from './helpers';

let receiver: WebhookReceiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

async function setup(options: { secret?: string; now?: () => number } = {}) {
  const secret = generateWebhookSecret();
  receiver = await startWebhookReceiver(secret);
  const { waits, sleep } = recordingSleep();
  const webhook = createWebhook({
    url: receiver.url,
    secret: options.secret ?? secret,
    sentBy: 'alice@example.com',
    fetch: httpsFetch(receiver.cert),
    sleep,
    random: () => 0.5,
    ...(options.now ? { now: options.now } : {}),
  });
  return { receiver, webhook, waits, secret };
}

describe('webhook', () => {
  it('makes a long random secret, different every time', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(generateWebhookSecret()).not.toBe(secret);
  });

  it('delivers a signed body the receiver verifies', async () => {
    const { receiver, webhook } = await setup();
    const outcome = await webhook.send(ADA);
    expect(outcome.status).toBe('delivered');
    expect(receiver.refused).toEqual([]);
    expect(receiver.accepted).toHaveLength(1);
    const delivery = receiver.accepted[0]!;
    expect(delivery.headers['x-candidate-lens-delivery']).toBe(outcome.id);
    expect(delivery.body).toMatchObject({
      type: 'candidate.sent',
      id: outcome.id,
      sentBy: 'alice@example.com',
      person: {
        name: 'Ada Lovelace',
        emails: ['ada@example.com'],
        profileUrl: 'https://www.linkedin.com/in/ada-lovelace',
      },
      revealed: ['email', 'phone'],
    });
  });

  it('checks the destination with a signed test delivery', async () => {
    const { receiver, webhook } = await setup();
    await webhook.check();
    expect(receiver.accepted[0]?.body).toMatchObject({ type: 'destination.check' });
  });

  it('is refused by the receiver when signed with another secret', async () => {
    const { receiver, webhook } = await setup({ secret: 'whsec_other' });
    const error = (await webhook.send(ADA).catch((e: unknown) => e)) as SendError;
    expect(error.kind).toBe('bad-key');
    expect(receiver.refused).toEqual(['bad signature']);
  });

  it('is refused when the timestamp is older than the receiver allows (a replay)', async () => {
    const { receiver, webhook } = await setup({ now: () => Date.now() - 10 * 60_000 });
    const error = (await webhook.send(ADA).catch((e: unknown) => e)) as SendError;
    expect(error.kind).toBe('refused');
    expect(receiver.refused).toEqual(['stale timestamp']);
  });

  it('refuses the same signed request sent twice', async () => {
    const { receiver, secret } = await setup();
    const body = JSON.stringify({ type: 'candidate.sent', id: 'd-1' });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'content-type': 'application/json',
      'x-candidate-lens-timestamp': String(timestamp),
      'x-candidate-lens-signature': await signWebhook(secret, timestamp, body),
    };
    const post = () => httpsFetch(receiver.cert)(receiver.url, { method: 'POST', headers, body });
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(400);
    expect(receiver.refused).toEqual(['replayed delivery']);
  });

  it('retries 429 after Retry-After and 5xx with backoff, with the same delivery id', async () => {
    const { receiver, webhook, waits } = await setup();
    receiver.faults.push({ status: 429, headers: { 'Retry-After': '2' } }, { status: 503 });
    expect((await webhook.send(ADA)).status).toBe('delivered');
    expect(waits).toEqual([2000, 500]);
    expect(receiver.accepted).toHaveLength(1);
  });

  it('never retries another 4xx, and says what the receiver said', async () => {
    const { receiver, webhook, waits } = await setup();
    receiver.faults.push({ status: 422, body: { message: 'unknown workspace' } });
    const error = (await webhook.send(ADA).catch((e: unknown) => e)) as SendError;
    expect(error.kind).toBe('refused');
    expect(error.message).toBe('The webhook refused it. The webhook said: "unknown workspace"');
    expect(waits).toEqual([]);
    expect(receiver.accepted).toHaveLength(0);
  });

  it('refuses an address that is not https', () => {
    expect(() => createWebhook({ url: 'http://hooks.example.com/x', secret: 's' })).toThrow(
      /not an https address/,
    );
  });
});

describe('a webhook send cut off and made again', () => {
  it('is the same delivery: the id chosen before the request is kept with the intent and sent again', async () => {
    const secret = generateWebhookSecret();
    receiver = await startWebhookReceiver(secret);
    const settings = {
      id: 'webhook',
      label: 'Webhook',
      kind: 'webhook' as const,
      url: receiver.url,
      secret,
    };
    const transport = { fetch: httpsFetch(receiver.cert) };
    let kept: string | undefined;
    const first = await performSend(
      settings,
      ADA,
      null,
      async (_found, deliveryId) => {
        kept = deliveryId;
      },
      {},
      transport,
    );
    expect(kept).toBeDefined();
    expect(first.id).toBe(kept);
    // The worker stopped before the answer was read: the send's record says "sending", with the delivery's id.
    const again = await performSend(
      settings,
      ADA,
      { state: 'sending', recordId: kept },
      async () => {
        throw new Error('the intent is already written');
      },
      {},
      transport,
    );
    expect(again.id).toBe(kept);
    const ids = receiver.accepted.map((d) => d.headers['x-candidate-lens-delivery']);
    expect(ids).toEqual([kept, kept]);
    expect(receiver.accepted.map((d) => (d.body as { id: string }).id)).toEqual([kept, kept]);
  });
});
