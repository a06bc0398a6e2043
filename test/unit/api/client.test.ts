import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ClientOptions, createClient } from '../../../src/api/client';
import { type ApiError, describeError } from '../../../src/api/errors';
import type { LookupRequest, SearchRequest } from '../../../src/api/schema';
import { failure } from '../../support/api-failure';
import {
  accountOk,
  fakeFetch,
  instantSleep,
  json,
  lookupOk,
  type Script,
  searchOk,
  text,
} from './fake-fetch';

const KEY = 'sk-live-7f3c9a1e-SECRET';
const BASE = 'https://api.example.test';

function setup(scripts: Script[], options: Partial<ClientOptions> = {}) {
  const fake = fakeFetch(...scripts);
  const { sleep, sleeps } = instantSleep();
  const client = createClient({
    baseUrl: BASE,
    apiKey: KEY,
    fetch: fake.fetch,
    sleep,
    random: () => 0.5,
    ...options,
  });
  return { client, calls: fake.calls, sleeps };
}

const SEARCH: SearchRequest = { search_criteria: { current_title: ['Registered Nurse'] } };
const LOOKUP: LookupRequest = { candidate_id: '42', reveal_personal_email: true };

afterEach(() => {
  vi.useRealTimers();
});

describe('requests', () => {
  it.each([
    ['https://api.example.test', 'https://api.example.test/v1'],
    ['https://api.example.test/', 'https://api.example.test/v1'],
    ['https://api.example.test//', 'https://api.example.test/v1'],
    ['http://127.0.0.1:8787/prefix/', 'http://127.0.0.1:8787/prefix/v1'],
  ])('base URL %s gives endpoints under %s', async (baseUrl, prefix) => {
    const { client, calls } = setup([json(searchOk()), json(lookupOk()), json(accountOk())], { baseUrl });
    await client.search(SEARCH);
    await client.lookup(LOOKUP);
    await client.account();
    expect(calls.map((c) => c.url)).toEqual([`${prefix}/search`, `${prefix}/lookup`, `${prefix}/account`]);
  });

  it('search POSTs the body as JSON with the key and Content-Type headers', async () => {
    const { client, calls } = setup([json(searchOk())]);
    await client.search(SEARCH);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers['x-api-key']).toBe(KEY);
    expect(calls[0]?.headers['content-type']).toBe('application/json');
    expect(calls[0]?.body).toEqual(SEARCH);
  });

  it('lookup POSTs the body as JSON with the key and Content-Type headers', async () => {
    const { client, calls } = setup([json(lookupOk())]);
    await client.lookup(LOOKUP);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers['x-api-key']).toBe(KEY);
    expect(calls[0]?.headers['content-type']).toBe('application/json');
    expect(calls[0]?.body).toEqual(LOOKUP);
  });

  it('account is a GET with the key header, no body and no Content-Type', async () => {
    const { client, calls } = setup([json(accountOk())]);
    await client.account();
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.rawBody).toBeUndefined();
    expect(Object.keys(calls[0]?.headers ?? {}).sort()).toEqual(['accept', 'x-api-key']);
    expect(calls[0]?.headers['x-api-key']).toBe(KEY);
  });

  it('never follows redirects and sends no cookies', async () => {
    const { client, calls } = setup([json(accountOk())]);
    await client.account();
    expect(calls[0]?.init?.redirect).toBe('manual');
    expect(calls[0]?.init?.credentials).toBe('omit');
  });

  it('a redirect answer is an http error, not followed', async () => {
    const { client, calls } = setup([text('', 302, { Location: 'https://elsewhere.test/v1/search' })]);
    const error = await failure(client.search(SEARCH));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(302);
    expect(calls).toHaveLength(1);
  });

  it.each([['not a url'], [''], ['ftp://api.example.test'], ['https://api.example.test/?x=1']])(
    'base URL %j is refused before any request',
    async (baseUrl) => {
      const { client, calls } = setup([json(accountOk())], { baseUrl });
      const error = await failure(client.account());
      expect(error.kind).toBe('not-set-up');
      expect(error.message).toMatch(/Set the service address in Options\.$/);
      expect(calls).toHaveLength(0);
    },
  );

  it('an empty key is refused before any request, as an invalid key', async () => {
    const { client, calls } = setup([json(accountOk())], { apiKey: '  ' });
    const error = await failure(client.account());
    expect(error.kind).toBe('invalid-key');
    expect(calls).toHaveLength(0);
  });
});

describe('settings', () => {
  it.each(['key with spaces', 'clé-été', 'line\nbreak'])(
    'a key that cannot be a header (%j) is refused before any request',
    async (apiKey) => {
      const { client, calls } = setup([json(searchOk())], { apiKey });
      const error = await failure(client.search(SEARCH));
      expect(error.kind).toBe('invalid-key');
      expect(error.outcomeUnknown).toBe(false);
      expect(calls).toHaveLength(0);
    },
  );

  it('surrounding whitespace in the key is ignored', async () => {
    const { client, calls } = setup([json(accountOk())], { apiKey: `  ${KEY}\n` });
    await client.account();
    expect(calls[0]?.headers['x-api-key']).toBe(KEY);
  });

  it('without a fetch option, the global fetch is used (called unbound, as a service worker requires)', async () => {
    const fake = fakeFetch(json(accountOk()));
    let receiver: unknown = 'not called';
    vi.stubGlobal('fetch', function (this: unknown, input: string | URL | Request, init?: RequestInit) {
      receiver = this;
      return fake.fetch(input, init);
    });
    try {
      const client = createClient({ baseUrl: BASE, apiKey: KEY });
      expect((await client.account()).credits_remaining).toBe(96);
      expect(fake.calls).toHaveLength(1);
      expect(receiver === undefined || receiver === globalThis).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('createClient never throws, even with unusable settings', () => {
    expect(() => createClient({ baseUrl: '', apiKey: '' })).not.toThrow();
  });
});

describe('request validation: bad input never costs a request', () => {
  const long = (n: number) => 'x'.repeat(n);
  it.each<[string, unknown, RegExp]>([
    ['no criteria, free text or JD', {}, /search criteria is required/i],
    ['free text and JD together', { free_text_search: 'nurse', jd_search: 'nurse' }, /mutually exclusive/],
    ['free text over 300 characters', { free_text_search: long(301) }, /301 characters; the maximum is 300/],
    ['JD over 8,500 characters', { jd_search: long(8501) }, /8501 characters; the maximum is 8500/],
    ['page_size 0', { ...SEARCH, page_size: 0 }, /page_size must be between 1 and 100; got 0/],
    ['page_size 101', { ...SEARCH, page_size: 101 }, /page_size must be between 1 and 100; got 101/],
    ['page_size not an integer', { ...SEARCH, page_size: 2.5 }, /page_size/],
    ['start 0', { ...SEARCH, start: 0 }, /start is 1-based/],
    ['empty criteria', { search_criteria: { current_title: [' '] } }, /not formed correctly/],
    ['unknown criterion', { search_criteria: { curent_title: ['Nurse'] } }, /curent_title/],
    ['criterion not an array', { search_criteria: { current_title: 'Nurse' } }, /current_title/],
    ['unknown top-level key', { ...SEARCH, pagesize: 10 }, /pagesize/],
  ])('search: %s', async (_, body, message) => {
    const { client, calls } = setup([json(searchOk())]);
    const error = await failure(client.search(body as SearchRequest));
    expect(error.kind).toBe('invalid-request');
    expect(error.operation).toBe('search');
    expect(error.message).toMatch(message);
    expect(error.outcomeUnknown).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it.each<[string, unknown, RegExp]>([
    ['no identifier', { reveal_phone: true }, /Either candidate_id or social_url is required/],
    [
      'two identifiers',
      { candidate_id: '1', social_url: 'https://www.linkedin.com/in/a', reveal_phone: true },
      /Exactly 1 identifier per request is allowed; 2 were provided/,
    ],
    ['no reveal', { candidate_id: '1' }, /At least one enrichment option must be enabled/],
    [
      'every reveal false',
      { candidate_id: '1', reveal_personal_email: false, reveal_phone: false },
      /At least one enrichment option/,
    ],
    ['empty identifier', { candidate_id: ' ', reveal_phone: true }, /identifier is empty/],
    ['unknown key', { candidate_id: '1', reveal_email: true }, /reveal_email/],
    ['reveal not a boolean', { candidate_id: '1', reveal_phone: 'yes' }, /reveal_phone/],
  ])('lookup: %s', async (_, body, message) => {
    const { client, calls } = setup([json(lookupOk())]);
    const error = await failure(client.lookup(body as LookupRequest));
    expect(error.kind).toBe('invalid-request');
    expect(error.operation).toBe('lookup');
    expect(error.message).toMatch(message);
    expect(calls).toHaveLength(0);
  });

  it.each<[string, SearchRequest]>([
    ['free text of exactly 300 characters', { free_text_search: long(300) }],
    ['JD of exactly 8,500 characters', { jd_search: long(8500) }],
    ['page_size 1', { ...SEARCH, page_size: 1 }],
    ['page_size 100', { ...SEARCH, page_size: 100 }],
  ])('search at the limit is sent: %s', async (_, body) => {
    const { client, calls } = setup([json(searchOk())]);
    await client.search(body);
    expect(calls).toHaveLength(1);
  });
});

describe('responses', () => {
  it('search returns the parsed answer, ids normalised to strings, extra fields kept', async () => {
    const { client } = setup([json(searchOk({ similar_titles: ['Nurse', 'RN'], extra: 'kept' }))]);
    const result = await client.search(SEARCH);
    expect(result.data.profiles[0]?.id).toBe('42');
    expect(result.similar_titles).toEqual(['Nurse', 'RN']);
    expect((result as Record<string, unknown>).extra).toBe('kept');
  });

  it('lookup returns per-contact failures inside a 200, identifier normalised', async () => {
    const body = {
      success: true,
      data: {
        contacts: [{ candidate_id: '9', success: false, error: 'Candidate not found', status_code: 404 }],
        summary: { total_requested: 1, successful: 0, failed: 1 },
      },
      credits: { used: 0, remaining: 100, billing_note: 'Only successful lookups were charged.' },
    };
    const { client } = setup([json(body)]);
    const result = await client.lookup(LOOKUP);
    const contact = result.data.contacts[0];
    expect(contact?.success).toBe(false);
    expect(contact?.lookup_identifier).toBe('9');
  });

  it('account returns the balance', async () => {
    const { client } = setup([json(accountOk())]);
    expect(await client.account()).toMatchObject({ credits_remaining: 96, credits_purchased: 100 });
  });

  it('a search answer that is not JSON is malformed, outcome unknown, not retried', async () => {
    const { client, calls } = setup([text('<html>oops</html>')]);
    const error = await failure(client.search(SEARCH));
    expect(error.kind).toBe('malformed-response');
    expect(error.message).toMatch(/not JSON/);
    expect(error.outcomeUnknown).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('an account answer that is not JSON is malformed, and nothing can have been charged', async () => {
    const { client } = setup([text('')]);
    const error = await failure(client.account());
    expect(error.kind).toBe('malformed-response');
    expect(error.outcomeUnknown).toBe(false);
  });

  it('an answer that fails the contract names the field in readable words', async () => {
    const bad = searchOk();
    (bad.data as { profiles: unknown[] }).profiles = [{ id: 1, name: 7 }];
    const { client, calls } = setup([json(bad)]);
    const error = await failure(client.search(SEARCH));
    expect(error.kind).toBe('malformed-response');
    expect(error.message).toMatch(/not in the expected form/);
    expect(error.detail).toMatch(/data\.profiles\[0\]\.name/);
    expect(error.message).toMatch(/data\.profiles\[0\]\.name/);
    expect(error.detail).toMatch(/expected string/);
    expect(calls).toHaveLength(1);
  });

  it('a lookup answer missing credits is malformed', async () => {
    const bad = lookupOk();
    delete bad.credits;
    const { client } = setup([json(bad)]);
    const error = await failure(client.lookup(LOOKUP));
    expect(error.kind).toBe('malformed-response');
    expect(error.detail).toMatch(/credits/);
  });

  it('an account answer with a string balance is malformed', async () => {
    const { client } = setup([json({ ...accountOk(), credits_remaining: '96' })]);
    const error = await failure(client.account());
    expect(error.kind).toBe('malformed-response');
    expect(error.detail).toMatch(/credits_remaining/);
  });
});

describe('error statuses', () => {
  it('403 without credits_info is an invalid key', async () => {
    const { client, calls } = setup([json({ success: false, message: 'Invalid or inactive API key' }, 403)]);
    const error = await failure(client.account());
    expect(error.kind).toBe('invalid-key');
    expect(error.status).toBe(403);
    expect(calls).toHaveLength(1);
  });

  it('401 (a team gateway refusing a member key) is an invalid key, not retried', async () => {
    const { client, calls } = setup([
      json({ success: false, message: 'Invalid or inactive API key: revoked' }, 401),
    ]);
    const error = await failure(client.lookup(LOOKUP));
    expect(error.kind).toBe('invalid-key');
    expect(error.status).toBe(401);
    expect(error.outcomeUnknown).toBe(false);
    expect(error.detail).toBe('Invalid or inactive API key: revoked');
    expect(calls).toHaveLength(1);
  });

  it('403 with credits_info is insufficient credits, with required, available and breakdown', async () => {
    const credits_info = { required: 9, available: 4, breakdown: '1 contact x 9 credits' };
    const { client, calls } = setup([
      json({ success: false, message: 'Insufficient credits', credits_info }, 403),
    ]);
    const error = await failure(client.lookup({ ...LOOKUP, reveal_phone: true }));
    expect(error.kind).toBe('insufficient-credits');
    expect(error.creditsInfo).toEqual(credits_info);
    expect(error.message).toMatch(/needs 9, the balance is 4/);
    expect(error.outcomeUnknown).toBe(false);
    expect(calls).toHaveLength(1);
  });

  it("403 from a team gateway's allowance is the allowance, not the balance: its room left is never read as credits", async () => {
    // As gateway/server/caps-answer.ts answers it: the service's shape, its `credits_info` holding the room left
    // under the member's allowance, and the allowance itself in `cap`.
    const { client, calls } = setup([
      json(
        {
          success: false,
          message:
            "Not sent: this lookup may cost up to 9 credits, which would pass your daily allowance of 200 credits (195 used today, counting lookups under way). It renews on 8 Dec, 00:00 (in 5 hours). To raise it, ask the admin of Acme's gateway.",
          credits_info: { required: 9, available: 5 },
          cap: { period: 'day', credits: 200, spent: 195, resets_at: '2026-12-08T00:00:00.000Z' },
        },
        403,
      ),
    ]);
    const error = await failure(client.lookup({ ...LOOKUP, reveal_phone: true }));
    expect(error.kind).toBe('over-allowance');
    expect(error.creditsInfo).toBeUndefined();
    expect(error.message).toMatch(
      /^This reveal may cost up to 9 credits, which would pass your daily allowance of 200 credits \(195 credits used today\)\. It starts afresh 8 Dec, \d{2}:00\.$/,
    );
    expect(error.outcomeUnknown).toBe(false);
    expect(calls).toHaveLength(1);
    expect(describeError(error)).toMatchObject({
      title: 'Not sent: over your team allowance',
      nextStep: "To raise it, ask your team's admin. Nothing was charged.",
    });
  });

  it('403 whose body is not an error body is malformed', async () => {
    const { client } = setup([text('Forbidden', 403)]);
    const error = await failure(client.search(SEARCH));
    expect(error.kind).toBe('malformed-response');
    expect(error.status).toBe(403);
  });

  it("400 is a bad request carrying the service's message, not retried", async () => {
    const message = 'Search criteria not provided or not formed correctly';
    const { client, calls } = setup([json({ success: false, message }, 400)]);
    const error = await failure(client.search(SEARCH));
    expect(error.kind).toBe('bad-request');
    expect(error.status).toBe(400);
    expect(error.message).toBe(message);
    expect(calls).toHaveLength(1);
  });

  it.each([404, 405, 418, 501])('%i is an http error, not retried', async (status) => {
    const { client, calls } = setup([json({ success: false, message: 'no' }, status)]);
    const error = await failure(client.search(SEARCH));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(status);
    expect(error.outcomeUnknown).toBe(false);
    expect(calls).toHaveLength(1);
  });

  it("409 on a lookup (a team gateway's waiter) is refused in its words, nothing charged, not retried", async () => {
    const message =
      "A teammate's lookup of this person got no readable answer from the candidate service. Nothing was charged to you; try again in a minute.";
    const { client, calls } = setup([json({ success: false, message }, 409)]);
    const error = await failure(client.lookup(LOOKUP));
    expect(error.kind).toBe('not-now');
    expect(error.message).toBe(message);
    expect(error.outcomeUnknown).toBe(false);
    expect(calls).toHaveLength(1);
  });

  it('409 without a readable message is an http error, not retried', async () => {
    const { client, calls } = setup([text('Conflict', 409)]);
    const error = await failure(client.lookup(LOOKUP));
    expect(error.kind).toBe('http');
    expect(error.outcomeUnknown).toBe(false);
    expect(calls).toHaveLength(1);
  });

  it('504 on a lookup is an http error whose outcome is unknown (the gateway may have let it through)', async () => {
    const { client, calls } = setup([text('Gateway Timeout', 504)]);
    const error = await failure(client.lookup(LOOKUP));
    expect(error.kind).toBe('http');
    expect(error.outcomeUnknown).toBe(true);
    expect(calls).toHaveLength(1);
  });
});

describe('retries: only where nothing can have been charged', () => {
  it.each([500, 502, 503])('%i then success: retried once, the answer returned', async (status) => {
    const { client, calls, sleeps } = setup([
      json({ success: false, message: 'Internal server error occurred' }, status),
      json(lookupOk()),
    ]);
    const result = await client.lookup(LOOKUP);
    expect(result.credits.used).toBe(3);
    expect(calls).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
  });

  it('a 5xx with an HTML body (a proxy) is still a server error, retried', async () => {
    const { client, calls } = setup([text('<h1>Bad gateway</h1>', 502), json(searchOk())]);
    await client.search(SEARCH);
    expect(calls).toHaveLength(2);
  });

  it('500 every time: 3 attempts by default, then a server error', async () => {
    const { client, calls, sleeps } = setup([
      json({ success: false, message: 'Internal server error' }, 500),
    ]);
    const error = await failure(client.search(SEARCH));
    expect(error.kind).toBe('server');
    expect(error.status).toBe(500);
    expect(error.attempts).toBe(3);
    // The attempts are counted, not said: one plain sentence, no status code.
    expect(error.message).toBe('The service had a problem with the search. Nothing was charged.');
    expect(error.outcomeUnknown).toBe(false);
    expect(calls).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
  });

  it('retries: 0 makes exactly one attempt', async () => {
    const { client, calls } = setup([text('', 503)], { retry: { retries: 0 } });
    const error = await failure(client.account());
    expect(error.kind).toBe('server');
    expect(calls).toHaveLength(1);
  });

  it('backoff is exponential, capped, with full jitter', async () => {
    const { client, sleeps } = setup([text('', 500)], {
      retry: { retries: 5, baseDelayMs: 100, maxDelayMs: 350 },
      random: () => 0.999,
    });
    await failure(client.search(SEARCH));
    expect(sleeps).toEqual([99, 199, 349, 349, 349]);
  });

  it('jitter reaches down to no wait at all', async () => {
    const { client, sleeps } = setup([text('', 500)], {
      retry: { retries: 3, baseDelayMs: 100, maxDelayMs: 1000 },
      random: () => 0,
    });
    await failure(client.search(SEARCH));
    expect(sleeps).toEqual([0, 0, 0]);
  });

  it('jitter stays within [0, ceiling) over many random draws', async () => {
    const { client, sleeps } = setup([text('', 500)], {
      retry: { retries: 200, baseDelayMs: 100, maxDelayMs: 800 },
      random: Math.random,
    });
    await failure(client.account());
    expect(sleeps).toHaveLength(200);
    sleeps.forEach((ms, i) => {
      expect(ms).toBeGreaterThanOrEqual(0);
      expect(ms).toBeLessThan(Math.min(800, 100 * 2 ** i));
    });
    expect(new Set(sleeps).size).toBeGreaterThan(10);
  });

  it('429 with Retry-After in seconds waits that long, then succeeds', async () => {
    const { client, calls, sleeps } = setup([
      json({ success: false, message: 'Too many requests' }, 429, { 'Retry-After': '3' }),
      json(searchOk()),
    ]);
    await client.search(SEARCH);
    expect(sleeps).toEqual([3000]);
    expect(calls).toHaveLength(2);
  });

  it('429 with Retry-After as an HTTP-date waits until that time', async () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    const { client, sleeps } = setup(
      [text('', 429, { 'Retry-After': 'Sun, 01 Mar 2026 12:00:07 GMT' }), json(accountOk())],
      { now: () => now },
    );
    await client.account();
    expect(sleeps).toEqual([7000]);
  });

  it('429 with an HTTP-date in the past retries at once', async () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    const { client, sleeps } = setup(
      [text('', 429, { 'Retry-After': 'Sun, 01 Mar 2026 11:00:00 GMT' }), json(accountOk())],
      { now: () => now },
    );
    await client.account();
    expect(sleeps).toEqual([0]);
  });

  it('429 without Retry-After falls back to the backoff', async () => {
    const { client, sleeps } = setup([text('', 429), json(searchOk())], {
      retry: { baseDelayMs: 1000 },
      random: () => 0.5,
    });
    await client.search(SEARCH);
    expect(sleeps).toEqual([500]);
  });

  it('429 asking for longer than the cap fails at once with retryAfterMs, without waiting', async () => {
    const { client, calls, sleeps } = setup([text('', 429, { 'Retry-After': '120' }), json(searchOk())]);
    const error = await failure(client.search(SEARCH));
    expect(error.kind).toBe('rate-limited');
    expect(error.retryAfterMs).toBe(120_000);
    expect(error.status).toBe(429);
    expect(error.message).toMatch(/120 seconds/);
    expect(calls).toHaveLength(1);
    expect(sleeps).toHaveLength(0);
  });

  it('the Retry-After cap can be set', async () => {
    const { client, sleeps } = setup([text('', 429, { 'Retry-After': '45' }), json(searchOk())], {
      retry: { maxRetryAfterMs: 60_000 },
    });
    await client.search(SEARCH);
    expect(sleeps).toEqual([45_000]);
  });

  it('429 every time: rate-limited after the retries, with the last Retry-After', async () => {
    const { client, calls, sleeps } = setup([text('', 429, { 'Retry-After': '2' })]);
    const error = await failure(client.lookup(LOOKUP));
    expect(error.kind).toBe('rate-limited');
    expect(error.retryAfterMs).toBe(2000);
    expect(error.attempts).toBe(3);
    expect(error.outcomeUnknown).toBe(false);
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([2000, 2000]);
  });

  it.each([400, 403])('%i is never retried', async (status) => {
    const { client, calls } = setup([json({ success: false, message: 'no' }, status), json(searchOk())]);
    await failure(client.search(SEARCH));
    expect(calls).toHaveLength(1);
  });
});

describe('timeouts and dropped connections: outcome unknown, never retried on paid calls', () => {
  it.each(['search', 'lookup'] as const)(
    '%s: a hang times out, outcome unknown, one request only',
    async (op) => {
      const { client, calls, sleeps } = setup(
        [{ hang: true }, json(op === 'search' ? searchOk() : lookupOk())],
        {
          timeoutMs: 20,
        },
      );
      const error = await failure(op === 'search' ? client.search(SEARCH) : client.lookup(LOOKUP));
      expect(error.kind).toBe('timeout');
      expect(error.outcomeUnknown).toBe(true);
      expect(error.message).toMatch(/may have been charged; check your balance/);
      expect(calls).toHaveLength(1);
      expect(sleeps).toHaveLength(0);
    },
  );

  it.each(['search', 'lookup'] as const)(
    '%s: a network failure is not retried, outcome unknown',
    async (op) => {
      const { client, calls } = setup([
        { networkError: true },
        json(op === 'search' ? searchOk() : lookupOk()),
      ]);
      const error = await failure(op === 'search' ? client.search(SEARCH) : client.lookup(LOOKUP));
      expect(error.kind).toBe('network');
      expect(error.outcomeUnknown).toBe(true);
      expect(calls).toHaveLength(1);
    },
  );

  it('lookup: a 200 whose body drops mid-way is a network error, outcome unknown, not retried', async () => {
    const { client, calls } = setup([{ dropBody: true }, json(lookupOk())]);
    const error = await failure(client.lookup(LOOKUP));
    expect(error.kind).toBe('network');
    expect(error.outcomeUnknown).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('search: a 200 whose body never ends times out, outcome unknown', async () => {
    const { client, calls } = setup([{ hangBody: true }], { timeoutMs: 20 });
    const error = await failure(client.search(SEARCH));
    expect(error.kind).toBe('timeout');
    expect(error.outcomeUnknown).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('a 500 whose body drops cannot have been charged', async () => {
    const { client } = setup([{ dropBody: true, status: 500 }], { retry: { retries: 0 } });
    const error = await failure(client.lookup(LOOKUP));
    expect(error.outcomeUnknown).toBe(false);
  });

  it('account (free) is retried after a timeout and a network failure', async () => {
    const { client, calls } = setup([{ hang: true }, { networkError: true }, json(accountOk())], {
      timeoutMs: 20,
    });
    const result = await client.account();
    expect(result.credits_remaining).toBe(96);
    expect(calls).toHaveLength(3);
  });

  it('account timing out every time: timeout, outcome known (nothing to charge)', async () => {
    const { client, calls } = setup([{ hang: true }], { timeoutMs: 10 });
    const error = await failure(client.account());
    expect(error.kind).toBe('timeout');
    expect(error.outcomeUnknown).toBe(false);
    expect(calls).toHaveLength(3);
  });

  it('the default time limit is 15 seconds', async () => {
    vi.useFakeTimers();
    const { client } = setup([{ hang: true }]);
    let settled: ApiError | undefined;
    client.search(SEARCH).catch((error: ApiError) => {
      settled = error;
    });
    await vi.advanceTimersByTimeAsync(14_999);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled?.kind).toBe('timeout');
    expect(settled?.message).toMatch(/15 seconds/);
  });

  it('each request gets a signal that the timeout aborts', async () => {
    const { client, calls } = setup([{ hang: true }], { timeoutMs: 5 });
    await failure(client.search(SEARCH));
    expect(calls[0]?.signal?.aborted).toBe(true);
  });
});

describe("the caller's AbortSignal", () => {
  it('already aborted: nothing is sent', async () => {
    const { client, calls } = setup([json(searchOk())]);
    const error = await failure(client.search(SEARCH, { signal: AbortSignal.abort() }));
    expect(error.kind).toBe('aborted');
    expect(error.outcomeUnknown).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it('aborting a lookup in flight cancels the request; the outcome is unknown', async () => {
    const { client, calls } = setup([{ hang: true }]);
    const controller = new AbortController();
    const pending = client.lookup(LOOKUP, { signal: controller.signal });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    controller.abort();
    const error = await failure(pending);
    expect(error.kind).toBe('aborted');
    expect(error.outcomeUnknown).toBe(true);
    expect(calls[0]?.signal?.aborted).toBe(true);
  });

  it('aborting the account in flight: aborted, nothing charged', async () => {
    const { client, calls } = setup([{ hang: true }]);
    const controller = new AbortController();
    const pending = client.account({ signal: controller.signal });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    controller.abort();
    const error = await failure(pending);
    expect(error.kind).toBe('aborted');
    expect(error.outcomeUnknown).toBe(false);
  });

  it('aborting during the backoff ends the wait (even if the injected sleep ignores the signal)', async () => {
    const controller = new AbortController();
    const fake = fakeFetch(text('', 503), json(searchOk()));
    let sleeping = false;
    const client = createClient({
      baseUrl: BASE,
      apiKey: KEY,
      fetch: fake.fetch,
      sleep: () => {
        sleeping = true;
        return new Promise(() => {});
      },
    });
    const pending = client.search(SEARCH, { signal: controller.signal });
    await vi.waitFor(() => expect(sleeping).toBe(true));
    controller.abort();
    const error = await failure(pending);
    expect(error.kind).toBe('aborted');
    expect(error.outcomeUnknown).toBe(false);
    expect(fake.calls).toHaveLength(1);
  });

  it('aborting during a real Retry-After wait ends it at once', async () => {
    const controller = new AbortController();
    const fake = fakeFetch(text('', 429, { 'Retry-After': '20' }), json(searchOk()));
    const client = createClient({ baseUrl: BASE, apiKey: KEY, fetch: fake.fetch });
    const started = Date.now();
    const pending = client.search(SEARCH, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await failure(pending);
    expect(error.kind).toBe('aborted');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(fake.calls).toHaveLength(1);
  });

  it('the injected sleep receives the signal', async () => {
    const controller = new AbortController();
    const seen: (AbortSignal | undefined)[] = [];
    const fake = fakeFetch(text('', 500), json(accountOk()));
    const client = createClient({
      baseUrl: BASE,
      apiKey: KEY,
      fetch: fake.fetch,
      sleep: async (_ms, signal) => {
        seen.push(signal);
      },
    });
    await client.account({ signal: controller.signal });
    expect(seen).toEqual([controller.signal]);
  });
});

describe('the key stays secret', () => {
  const scenarios: [string, Script[], (c: ReturnType<typeof createClient>) => Promise<unknown>][] = [
    ['invalid request', [], (c) => c.search({})],
    [
      '403 echoing the key',
      [json({ success: false, message: `Invalid or inactive API key ${KEY}` }, 403)],
      (c) => c.account(),
    ],
    [
      '400 echoing the key',
      [json({ success: false, message: `Bad request for key ${KEY}` }, 400)],
      (c) => c.search(SEARCH),
    ],
    [
      '403 credits echoing the key',
      [
        json(
          { success: false, message: `key ${KEY} is short`, credits_info: { required: 3, available: 0 } },
          403,
        ),
      ],
      (c) => c.lookup(LOOKUP),
    ],
    ['500', [json({ success: false, message: KEY }, 500)], (c) => c.search(SEARCH)],
    ['429', [text(KEY, 429, { 'Retry-After': '1' })], (c) => c.search(SEARCH)],
    ['404', [json({ success: false, message: `no route for ${KEY}` }, 404)], (c) => c.search(SEARCH)],
    ['malformed', [json({ success: true, key: KEY })], (c) => c.account()],
    ['malformed refine', [json({ success: KEY })], (c) => c.lookup(LOOKUP)],
    ['timeout', [{ hang: true }], (c) => c.lookup(LOOKUP)],
    ['network', [{ networkError: true }], (c) => c.lookup(LOOKUP)],
  ];

  it.each(scenarios)('%s: the key is in no message, detail, JSON or description', async (_, scripts, run) => {
    const { client } = setup(scripts.length ? scripts : [json(accountOk())], { timeoutMs: 10 });
    const error = await failure(run(client));
    expect(error.message).not.toContain(KEY);
    expect(error.detail ?? '').not.toContain(KEY);
    expect(error.stack ?? '').not.toContain(KEY);
    expect(JSON.stringify(error)).not.toContain(KEY);
    expect(JSON.stringify(describeError(error))).not.toContain(KEY);
  });

  it('nothing is logged, on success or failure', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation(() => {}),
    );
    for (const [, scripts, run] of scenarios) {
      const { client } = setup(scripts.length ? scripts : [json(accountOk())], { timeoutMs: 10 });
      await run(client).catch(() => {});
    }
    const { client } = setup([json(searchOk())]);
    await client.search(SEARCH);
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });
});
