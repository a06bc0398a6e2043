/**
 * The gateway's upstream `fetch` (gateway/http-fetch.ts) under the project's client, against small HTTP servers that
 * misbehave on purpose, and the simulator: the time limit covers a stalled answer's body, an oversized or non-JSON
 * answer fails the call as the client describes it, no redirect is followed, the connection is reused, and the
 * service key appears in no error, whatever the service echoes.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpFetch, UpstreamFetchError } from '../../gateway/http-fetch';
import { createUpstream, upstreamFailure } from '../../gateway/upstream';
import { selfSignedCertificate } from '../../scripts/self-signed';
import { type RunningSimulator, startSimulator } from '../../sim/server';
import { ApiError } from '../../src/api/errors';

const KEY = 'svc-key-8f2e6a1c9d7b';
const LOOKUP = {
  social_url: 'https://www.linkedin.com/in/ada-lovelace-demo',
  reveal_personal_email: true,
} as const;

interface Seen {
  method: string;
  url: string;
  key: string | undefined;
  body: string;
  socket: number;
}

/** A server answering each request with `handler`; it records what it was sent and on which connection. */
async function serverWith(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ url: string; seen: Seen[]; server: Server }> {
  const seen: Seen[] = [];
  const sockets = new WeakMap<object, number>();
  let nextSocket = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (!sockets.has(request.socket)) sockets.set(request.socket, nextSocket++);
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        key: request.headers['x-api-key'] as string | undefined,
        body: Buffer.concat(chunks).toString(),
        socket: sockets.get(request.socket)!,
      });
      handler(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

const servers: Server[] = [];
const upstreams: { close(): void }[] = [];
afterEach(async () => {
  for (const upstream of upstreams.splice(0)) upstream.close();
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    ),
  );
});

function upstreamTo(url: string, options: { timeoutMs?: number; maxResponseBytes?: number } = {}) {
  const upstream = createUpstream({ baseUrl: url, apiKey: KEY, ...options });
  upstreams.push(upstream);
  return upstream;
}

/** The call's ApiError (the test fails if it succeeds or fails otherwise), checked to carry no key. */
async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  const text = JSON.stringify({ ...(error as ApiError).toJSON(), stack: (error as Error).stack });
  expect(text).not.toContain(KEY);
  expect(JSON.stringify(upstreamFailure(error, 'lookup'))).not.toContain(KEY);
  return error as ApiError;
}

describe('the gateway upstream fetch, through the project client', () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator({ keys: { [KEY]: { remaining: 1000, purchased: 1000, active: true } } });
  });
  afterAll(async () => {
    await sim.close();
  });

  it('looks up through the simulator, sending the key in its header only, and reuses one connection', async () => {
    const upstream = upstreamTo(sim.url);
    const first = await upstream.lookup(LOOKUP);
    expect(first.success).toBe(true);
    expect(first.credits.used).toBeGreaterThan(0);
    const account = await upstream.account();
    expect(account.credits_remaining).toBe(1000 - first.credits.used);

    const { url, seen } = await serverWith((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          success: true,
          credits_remaining: 5,
          credits_purchased: 10,
          timestamp: new Date().toISOString(),
        }),
      );
    });
    const counting = upstreamTo(url);
    for (let i = 0; i < 3; i++) await counting.account();
    expect(seen.map((one) => one.key)).toEqual([KEY, KEY, KEY]);
    expect(seen.every((one) => !one.url.includes(KEY) && !one.body.includes(KEY))).toBe(true);
    expect(new Set(seen.map((one) => one.socket)).size).toBe(1);
  });

  it('drops a connection idle for 4 s rather than send a paid call on one the server may be closing', async () => {
    const { url, seen, server } = await serverWith((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ success: false, message: 'no such person' }));
    });
    // A server announcing 10 s: the agent's own 4 s is what ends the connection.
    server.keepAliveTimeout = 10_000;
    const upstream = upstreamTo(url);
    await failureOf(upstream.lookup(LOOKUP));
    await failureOf(upstream.lookup(LOOKUP));
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    await failureOf(upstream.lookup(LOOKUP));
    expect(seen.map((one) => one.socket)).toEqual([0, 0, 1]);
  });

  it('times out an answer that never comes, and one whose body stalls, as an outcome unknown', async () => {
    const silent = await serverWith(() => {});
    const started = Date.now();
    const none = await failureOf(upstreamTo(silent.url, { timeoutMs: 300 }).lookup(LOOKUP));
    expect(none.kind).toBe('timeout');
    expect(none.outcomeUnknown).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);

    const stalled = await serverWith((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"success": true, "data": ');
    });
    const half = await failureOf(upstreamTo(stalled.url, { timeoutMs: 300 }).lookup(LOOKUP));
    expect(half.kind).toBe('timeout');
    expect(half.outcomeUnknown).toBe(true);
    expect(stalled.seen).toHaveLength(1);
  });

  it('an error answer cut short, or stalled past the time limit, is still a refusal: not charged', async () => {
    for (const cut of [true, false]) {
      const broken = await serverWith((_request, response) => {
        response.writeHead(500, { 'content-type': 'application/json', 'content-length': '200' });
        response.write('{"success": false, "message": "Internal');
        // The connection drops halfway through the body, or the rest never comes.
        if (cut) setTimeout(() => response.socket?.destroy(), 20);
      });
      const error = await failureOf(upstreamTo(broken.url, { timeoutMs: 500 }).lookup(LOOKUP));
      // Said as the service's refusal (a 500, which the client may ask again), not as a call with no answer.
      expect(error.outcomeUnknown).toBeFalsy();
      expect(['timeout', 'network']).not.toContain(error.kind);
    }
  });

  it('fails a non-JSON success as malformed, and an oversized answer with or without its length', async () => {
    const html = await serverWith((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>maintenance</html>');
    });
    const malformed = await failureOf(upstreamTo(html.url).lookup(LOOKUP));
    expect(malformed.kind).toBe('malformed-response');
    expect(malformed.outcomeUnknown).toBe(true);

    const big = JSON.stringify({ success: true, padding: 'x'.repeat(4096) });
    for (const announce of [true, false]) {
      const huge = await serverWith((_request, response) => {
        response.writeHead(200, {
          'content-type': 'application/json',
          ...(announce ? { 'content-length': String(Buffer.byteLength(big)) } : {}),
        });
        // Without a length, in pieces, as a chunked answer arrives.
        if (announce) response.end(big);
        else for (let i = 0; i < big.length; i += 512) response.write(big.slice(i, i + 512));
        if (!announce) response.end();
      });
      const oversized = await failureOf(upstreamTo(huge.url, { maxResponseBytes: 1024 }).lookup(LOOKUP));
      expect(oversized.kind).toBe('network');
      expect(oversized.outcomeUnknown).toBe(true);
      // The same answer under the default limit is read (and then refused for its shape, not its size).
      const read = await failureOf(upstreamTo(huge.url).lookup(LOOKUP));
      expect(read.kind).toBe('malformed-response');
    }
  });

  it('keeps the key out of every error, whatever the service echoes', async () => {
    for (const status of [400, 403, 500, 418]) {
      const echo = await serverWith((request, response) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            success: false,
            message: `bad key ${request.headers['x-api-key']} for ${request.url}`,
          }),
        );
      });
      const error = await failureOf(upstreamTo(echo.url).lookup(LOOKUP));
      expect(error.status).toBe(status);
    }
    // Nobody listening: the connection is refused; the error names no address, header or body.
    const closed = await serverWith(() => {});
    await new Promise<void>((resolve) => closed.server.close(() => resolve()));
    const refused = await failureOf(upstreamTo(closed.url).lookup(LOOKUP));
    expect(refused.kind).toBe('network');
    const raw = await createHttpFetch()
      .fetch(`${closed.url}/v1/lookup`, { method: 'POST', headers: { 'x-api-key': KEY }, body: '{}' })
      .catch((caught: unknown) => caught);
    expect(raw).toBeInstanceOf(UpstreamFetchError);
    expect(`${(raw as Error).message} ${(raw as Error).stack}`).not.toContain(KEY);
    expect((raw as UpstreamFetchError).code).toBe('ECONNREFUSED');
  });

  it('follows no redirect, and reads Retry-After from a 429', async () => {
    const elsewhere = await serverWith((_request, response) => response.end('{}'));
    const redirecting = await serverWith((_request, response) => {
      response.writeHead(307, { location: `${elsewhere.url}/v1/lookup` });
      response.end();
    });
    const redirected = await failureOf(upstreamTo(redirecting.url).lookup(LOOKUP));
    expect(redirected.kind).toBe('http');
    expect(redirected.status).toBe(307);
    expect(elsewhere.seen).toHaveLength(0);

    const limiting = await serverWith((_request, response) => {
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '60' });
      response.end(JSON.stringify({ success: false, message: 'slow down' }));
    });
    const limited = await failureOf(upstreamTo(limiting.url).lookup(LOOKUP));
    expect(limited.kind).toBe('rate-limited');
    expect(limited.retryAfterMs).toBe(60_000);
    expect(limiting.seen).toHaveLength(1);
  });

  it('checks the certificate of an HTTPS service: one nobody trusts gets no request, so no key', async () => {
    const untrusted = await startSimulator({
      keys: { [KEY]: { remaining: 10, purchased: 10, active: true } },
      tls: selfSignedCertificate(),
    });
    try {
      expect(untrusted.url.startsWith('https:')).toBe(true);
      const refused = await failureOf(upstreamTo(untrusted.url).lookup(LOOKUP));
      expect(refused.kind).toBe('network');
      expect(refused.outcomeUnknown).toBe(true);
      expect(untrusted.state.requests.list('/v1/lookup')).toHaveLength(0);
    } finally {
      await untrusted.close();
    }
  });

  it('answers a standard Response whose body reads once, as text, JSON, bytes or a stream', async () => {
    const { fetch: upstreamFetch, close } = createHttpFetch();
    upstreams.push({ close });
    const answering = await serverWith((_request, response) => {
      response.writeHead(201, { 'content-type': 'application/json', 'x-extra': 'yes' });
      // A byte order mark first: the standard Response drops it when decoding, and so does this one.
      response.end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"café": "crème"}')]));
    });
    const read = async () => upstreamFetch(`${answering.url}/x`, { method: 'POST', body: '{}' });

    const answer = await read();
    expect([answer.status, answer.ok, answer.type, answer.headers.get('x-extra')]).toEqual([
      201,
      true,
      'default',
      'yes',
    ]);
    const copy = answer.clone();
    expect(answer.bodyUsed).toBe(false);
    expect(await answer.text()).toBe('{"café": "crème"}');
    expect(answer.bodyUsed).toBe(true);
    await expect(answer.text()).rejects.toThrow(TypeError);
    expect(await copy.json()).toEqual({ café: 'crème' });

    const bytes = new Uint8Array(await (await read()).arrayBuffer());
    expect(Buffer.from(bytes).subarray(3).toString('utf8')).toBe('{"café": "crème"}');
    const streamed = await read();
    const text = await new Response(streamed.body).text();
    expect(text).toBe('{"café": "crème"}');
    expect(streamed.bodyUsed).toBe(true);
  });

  it('honours an abort before the request and while waiting for the answer', async () => {
    const { fetch: upstreamFetch, close } = createHttpFetch();
    upstreams.push({ close });
    const silent = await serverWith(() => {});
    const before = new AbortController();
    before.abort();
    await expect(upstreamFetch(`${silent.url}/x`, { signal: before.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(silent.seen).toHaveLength(0);

    const during = new AbortController();
    const pending = upstreamFetch(`${silent.url}/x`, { method: 'POST', body: '{}', signal: during.signal });
    await expect.poll(() => silent.seen.length).toBe(1);
    during.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
