/**
 * Conformance harness: the real client against the real simulator, over HTTP on a free port. One simulator per
 * test file (started in beforeAll), reset before every test through its admin route.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startSimulator } from '../../sim/server';
import { type ApiClient, type ClientOptions, createClient } from '../../src/api/client';

/** One entry of `GET /__sim/requests`. */
export interface LoggedRequest {
  method: string;
  path: string;
  body: unknown;
  /** null while unanswered (a hung request). */
  status: number | null;
  charged: number;
  at: string;
  /** Masked by the simulator; never the key itself. */
  key: string | null;
}

export interface Faults {
  latencyMs?: number;
  fail500?: number;
  rateLimit?: { count: number; retryAfter: number | string };
  malformed?: number;
  hang?: number;
  path?: string;
}

export const DEMO_KEY = 'demo-key';
export const EMPTY_KEY = 'empty-key';
export const INACTIVE_KEY = 'inactive-key';

export interface SimHandle {
  readonly url: string;
  /** A real client on the simulator; retries sleep for real unless told otherwise, but briefly. */
  client(apiKey?: string, options?: Partial<ClientOptions>): ApiClient;
  reset(): Promise<void>;
  setKey(key: string, remaining: number, extra?: { purchased?: number; active?: boolean }): Promise<void>;
  faults(faults: Faults): Promise<void>;
  /** The service requests (`/v1/...`) the simulator received, oldest first. */
  requests(): Promise<LoggedRequest[]>;
  /** Raw HTTP to the simulator, for the spec's rules the client never lets through. */
  raw(path: string, init?: RequestInit): Promise<{ status: number; body: unknown; headers: Headers }>;
}

export function useSimulator(): SimHandle {
  let server: { url: string; close(): Promise<void> } | undefined;

  const url = () => {
    if (!server) throw new Error('simulator not started');
    return server.url.replace(/\/+$/, '');
  };

  async function admin(method: string, path: string, body?: unknown): Promise<unknown> {
    const init: RequestInit = { method };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { 'Content-Type': 'application/json' };
    }
    const response = await fetch(`${url()}${path}`, init);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  }

  beforeAll(async () => {
    server = await startSimulator({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    await admin('POST', '/__sim/reset');
  });

  return {
    get url() {
      return url();
    },
    client(apiKey = DEMO_KEY, options = {}) {
      return createClient({
        baseUrl: url(),
        apiKey,
        retry: { baseDelayMs: 20, maxDelayMs: 100 },
        ...options,
      });
    },
    async reset() {
      await admin('POST', '/__sim/reset');
    },
    async setKey(key, remaining, extra = {}) {
      await admin('POST', '/__sim/keys', { key, remaining, ...extra });
    },
    async faults(faults) {
      await admin('POST', '/__sim/faults', faults);
    },
    async requests() {
      const log = (await admin('GET', '/__sim/requests')) as LoggedRequest[];
      return log.filter((entry) => entry.path.startsWith('/v1/'));
    },
    async raw(path, init = {}) {
      const response = await fetch(`${url()}${path}`, init);
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // keep the text
      }
      return { status: response.status, body, headers: response.headers };
    },
  };
}

/** POST JSON with a key, bypassing the client's validation. */
export function postJson(body: unknown, key = DEMO_KEY): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-api-key': key },
    body: JSON.stringify(body),
  };
}

/** The ApiError a call fails with (shared with the client's unit tests). */
export { failure } from '../support/api-failure';
