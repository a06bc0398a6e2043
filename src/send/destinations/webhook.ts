/**
 * A webhook: any HTTPS address (Zapier, Make, n8n, a team's own service) receives one JSON body per person sent.
 *
 * Signing follows the scheme Stripe and Standard Webhooks made familiar: the receiver recomputes
 * `HMAC-SHA256(secret, "<timestamp>.<raw body>")` and compares it with the signature header, and refuses a
 * timestamp older than a few minutes, so a captured delivery cannot be replayed later
 * (https://docs.stripe.com/webhooks#verify-manually, https://www.standardwebhooks.com/).
 *
 * Headers: `X-Candidate-Lens-Timestamp` (Unix seconds), `X-Candidate-Lens-Signature` (`v1=<hex>`),
 * `X-Candidate-Lens-Delivery` (the delivery's id, the same on every retry, so a receiver can drop a repeat).
 * Retried with backoff on 429 (honouring `Retry-After`) and 5xx; never on another 4xx.
 */

import * as z from 'zod/mini';
import { createHttp, secureUrl } from '../http';
import type { Destination, DestinationCard, SendOutcome, SendPerson, TransportOptions } from '../types';

const NAME = 'the webhook';

export const SIGNATURE_HEADER = 'X-Candidate-Lens-Signature';
export const TIMESTAMP_HEADER = 'X-Candidate-Lens-Timestamp';
export const DELIVERY_HEADER = 'X-Candidate-Lens-Delivery';

export interface WebhookOptions extends TransportOptions {
  url: string;
  /** The signing secret, made by {@link generateWebhookSecret} and shown to the user once. */
  secret: string;
  /** Who sends, as the body's `sentBy` (the user's name or email). */
  sentBy?: string;
  /** A fresh delivery id; injectable for tests. */
  newId?: () => string;
}

/** The body a receiver gets, documented in docs/send-to.md. */
export interface WebhookBody {
  type: 'candidate.sent' | 'destination.check';
  id: string;
  sentAt: string;
  sentBy: string | null;
  person?: {
    name: string;
    emails: string[];
    phones: string[];
    profileUrl: string | null;
    headline: string | null;
    jobTitle: string | null;
    company: string | null;
  };
  /** What was revealed for the person ("email", "phone", ...). */
  revealed?: string[];
}

/** 32 random bytes, base64url, prefixed so a user can tell it apart from other keys. */
export function generateWebhookSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const base64 = btoa(String.fromCharCode(...bytes));
  return `whsec_${base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

/** `v1=` and the hex HMAC-SHA256 of `<timestamp>.<body>` under `secret`. */
export async function signWebhook(secret: string, timestamp: number, body: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(`${timestamp}.${body}`));
  return `v1=${Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The address, or a 'not-set-up' error: only https leaves the machine (plain http only to this machine). */
function webhookUrl(raw: string): string {
  return secureUrl(NAME, raw.trim(), `"${raw}" is not an https address.`).href;
}

/** Any answer body is accepted: a receiver owes us nothing but its status. */
const AnyAnswer = z.unknown();
const vendorMessage = (body: unknown) => {
  if (typeof body === 'string') return body.slice(0, 200);
  const parsed = z.safeParse(z.object({ message: z.string() }), body);
  if (parsed.success) return parsed.data.message.slice(0, 200);
  const error = z.safeParse(z.object({ error: z.string() }), body);
  return error.success ? error.data.error.slice(0, 200) : undefined;
};

export function createWebhook(options: WebhookOptions): Destination {
  const url = webhookUrl(options.url);
  const http = createHttp(NAME, options, vendorMessage, [options.secret]);
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => crypto.randomUUID());

  async function deliver(body: WebhookBody, signal?: AbortSignal): Promise<void> {
    const raw = JSON.stringify(body);
    const timestamp = Math.floor(now() / 1000);
    await http(
      {
        method: 'POST',
        url,
        headers: {
          'Content-Type': 'application/json',
          [TIMESTAMP_HEADER]: String(timestamp),
          [SIGNATURE_HEADER]: await signWebhook(options.secret, timestamp, raw),
          [DELIVERY_HEADER]: body.id,
        },
        body: raw,
        schema: AnyAnswer,
        // The delivery id lets a receiver drop a repeat, so a retry after a 5xx is safe.
        retryServerErrors: true,
      },
      signal,
    );
  }

  const envelope = (type: WebhookBody['type']) => ({
    type,
    id: newId(),
    sentAt: new Date(now()).toISOString(),
    sentBy: options.sentBy ?? null,
  });

  return {
    recordLink: () => url,
    async check({ signal } = {}) {
      await deliver(envelope('destination.check'), signal);
      return {};
    },
    // A webhook keeps nothing we can ask about.
    findByEmail: async () => undefined,
    async send(person: SendPerson, { signal, deliveryId } = {}): Promise<SendOutcome> {
      const body: WebhookBody = {
        ...envelope('candidate.sent'),
        ...(deliveryId ? { id: deliveryId } : {}),
        person: {
          name: person.name,
          emails: person.emails,
          phones: person.phones,
          profileUrl: person.profileUrl ?? null,
          headline: person.headline ?? null,
          jobTitle: person.jobTitle ?? null,
          company: person.company ?? null,
        },
        revealed: person.revealed ?? [],
      };
      await deliver(body, signal);
      return { status: 'delivered', id: body.id };
    },
  };
}

export const WebhookSettings = z.object({
  id: z.string(),
  label: z.string(),
  baseUrl: z.optional(z.string()),
  kind: z.literal('webhook'),
  url: z.string(),
  secret: z.string(),
  sentBy: z.optional(z.string()),
});

export const webhook: DestinationCard<'webhook', z.infer<typeof WebhookSettings>> = {
  kind: 'webhook',
  name: NAME,
  label: 'Webhook',
  settings: WebhookSettings,
  create: (settings, transport = {}) => createWebhook({ ...transport, ...settings }),
  shown: (settings) => ({ address: settings.url }),
};
