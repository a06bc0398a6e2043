/**
 * A real HTTPS webhook receiver (self-signed certificate made with `openssl`), verifying each delivery as a
 * receiver should: the HMAC-SHA256 of `<timestamp>.<raw body>` under the shared secret, compared in constant time,
 * and a timestamp no older than five minutes and never seen before with the same signature (a replay is refused).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { selfSignedCertificate } from '../../scripts/self-signed';
import type { Fault } from './faults';

export const REPLAY_TOLERANCE_S = 300;

export interface Delivery {
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface WebhookReceiver {
  url: string;
  /** The certificate to trust when calling it. */
  cert: string;
  /** Deliveries accepted (signature and timestamp good). */
  accepted: Delivery[];
  /** Why each refused request was refused, in order. */
  refused: string[];
  /** The next requests answer with these, before any verification. */
  faults: Fault[];
  /**
   * Gives the receiver the signing secret, as its owner pastes it into their service once the extension has shown
   * it. Until then every delivery is refused (401): the extension's check on saving is told "no secret yet", which
   * is an answer, so the address is kept.
   */
  useSecret(secret: string): void;
  close(): Promise<void>;
}

function verify(secret: string, timestamp: string, raw: string, signature: string): boolean {
  const expected = Buffer.from(
    `v1=${createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex')}`,
  );
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export async function startWebhookReceiver(
  secret: string | null,
  options: {
    now?: () => number;
    path?: string;
    /** The certificate to present (one a browser was told to trust); a new self-signed one otherwise. */
    tls?: { key: string; cert: string };
    /** The port to listen on (0: any free one). */
    port?: number;
    /** Told of each delivery accepted (its body) and of each refusal (why). */
    onDelivery?: (body: unknown) => void;
    onRefused?: (reason: string) => void;
  } = {},
): Promise<WebhookReceiver> {
  const { key, cert } = options.tls ?? selfSignedCertificate();
  let shared = secret;
  const now = options.now ?? Date.now;
  const accepted: Delivery[] = [];
  const refused: string[] = [];
  const faults: Fault[] = [];
  const seen = new Set<string>();

  const server: Server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify(body));
      };
      const refuse = (status: number, message: string) => {
        refused.push(message);
        options.onRefused?.(message);
        answer(status, { message });
      };
      const fault = faults.shift();
      if (fault) return answer(fault.status, fault.body ?? {}, fault.headers);

      const raw = Buffer.concat(chunks).toString('utf8');
      const timestamp = String(request.headers['x-candidate-lens-timestamp'] ?? '');
      const signature = String(request.headers['x-candidate-lens-signature'] ?? '');
      if (!/^\d+$/.test(timestamp)) return refuse(400, 'missing timestamp');
      if (shared === null) return refuse(401, 'no secret yet');
      if (!verify(shared, timestamp, raw, signature)) return refuse(401, 'bad signature');
      if (Math.abs(now() / 1000 - Number(timestamp)) > REPLAY_TOLERANCE_S)
        return refuse(400, 'stale timestamp');
      if (seen.has(`${timestamp}.${signature}`)) return refuse(400, 'replayed delivery');
      seen.add(`${timestamp}.${signature}`);
      accepted.push({ headers: request.headers, body: JSON.parse(raw) });
      options.onDelivery?.(accepted.at(-1)!.body);
      answer(200, { ok: true });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}${options.path ?? '/hooks/candidate-lens'}`,
    cert,
    accepted,
    refused,
    faults,
    useSecret: (given) => {
      shared = given;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
