/**
 * Each vendor's failures as its reference defines them, said in the user's words with the vendor's own reason quoted
 * beside: Ashby's authentication reference (401 missing key, 403 wrong or deactivated key, 403
 * missing_endpoint_permission), Lever's and HubSpot's error bodies, and a 429 with and without Retry-After.
 */
import { describe, expect, it } from 'vitest';
import { ASHBY_KEY, createAshbyServer } from '../../../sim/destinations/ashby';
import { createHubSpotServer, HUBSPOT_TOKEN } from '../../../sim/destinations/hubspot';
import { createLeverServer, LEVER_KEY, LEVER_USERS } from '../../../sim/destinations/lever';
import { createAshby } from '../../../src/send/destinations/ashby';
import { createHubSpot } from '../../../src/send/destinations/hubspot';
import { createLever } from '../../../src/send/destinations/lever';
import type { SendError } from '../../../src/send/errors';
import { ADA, fetchInto, recordingSleep } from './helpers';

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('it did not fail');
    },
    (error: unknown) => error as SendError,
  );

function ashby(apiKey = ASHBY_KEY) {
  const server = createAshbyServer();
  const { waits, sleep } = recordingSleep();
  return {
    server,
    waits,
    ashby: createAshby({ apiKey, fetch: fetchInto(server.app), sleep, random: () => 0.5 }),
  };
}

describe('Ashby, as its authentication reference answers', () => {
  it('a wrong or deactivated key (403) is not accepted, never "the key works"', async () => {
    const error = await failure(ashby('mistyped-key').ashby.check());
    expect(error).toMatchObject({ kind: 'bad-key', status: 403 });
    expect(error.message).toBe(
      'The key was not accepted: Ashby says it is wrong or deactivated. Check it in Send to. Ashby said: "The API key is invalid or has been deactivated"',
    );
    expect(error.message).not.toContain('mistyped-key');
  });

  it('a missing key (401) is said as missing', async () => {
    const error = await failure(ashby(' ').ashby.check());
    expect(error).toMatchObject({ kind: 'bad-key', status: 401 });
    expect(error.message).toMatch(/^Ashby got no key\. Paste it in Send to\./);
  });

  it('a key lacking a permission (403 missing_endpoint_permission) names the permission in plain words', async () => {
    const { server, ashby: client } = ashby();
    server.denied.add('candidatesWrite');
    const error = await failure(client.send(ADA));
    expect(error).toMatchObject({ kind: 'forbidden', status: 403 });
    expect(error.message).toBe(
      'The key works, but it needs the permission to add candidates (Candidates: Write): give it that in Ashby, Admin › API keys. Ashby said: "This API key is missing the candidatesWrite permission"',
    );
    expect(server.candidates).toEqual([]);
  });

  it("a success: false answer is a refusal with Ashby's reason quoted", async () => {
    const error = await failure(ashby().ashby.send({ ...ADA, profileUrl: 'not a url' }));
    expect(error).toMatchObject({ kind: 'refused', reason: 'linkedInUrl must be a valid URL' });
  });

  it('sends the Accept header its examples send', async () => {
    const { server, ashby: client } = ashby();
    await client.send(ADA);
    expect(server.accepts.length).toBeGreaterThan(0);
    expect(new Set(server.accepts)).toEqual(new Set(['application/json; version=1']));
  });

  it('backs off on its own after a 429 without Retry-After, then goes on', async () => {
    const { server, ashby: client, waits } = ashby();
    server.faults.arm({ status: 429, body: { success: false, errors: ['rate limited'] } });
    expect((await client.send(ADA)).status).toBe('created');
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(0);
  });
});

function lever() {
  const server = createLeverServer();
  const { waits, sleep } = recordingSleep();
  const client = createLever({
    apiKey: LEVER_KEY,
    performAs: LEVER_USERS[0]!.id,
    fetch: fetchInto(server.app),
    sleep,
    random: () => 0.5,
  });
  return { server, waits, lever: client };
}

function hubspot() {
  const server = createHubSpotServer();
  const { waits, sleep } = recordingSleep();
  const client = createHubSpot({
    token: HUBSPOT_TOKEN,
    fetch: fetchInto(server.app),
    sleep,
    random: () => 0.5,
  });
  return { server, waits, hubspot: client };
}

describe("Lever's errors (#errors: { code, message })", () => {
  const cases: [number, string, string, string, RegExp][] = [
    [401, 'UnauthorizedError', 'Invalid API key', 'bad-key', /^Lever did not accept the key/],
    [
      403,
      'ForbiddenError',
      'API key does not have permission to create opportunities',
      'forbidden',
      /^The key works, but Lever does not let it do this: give it the permission to read users and create opportunities/,
    ],
    [404, 'ResourceNotFound', 'Posting not found', 'refused', /^Lever refused it\./],
    [409, 'ConflictError', 'Conflict', 'refused', /^Lever refused it\./],
    [422, 'UnprocessableEntity', 'Invalid field: links', 'refused', /^Lever refused it\./],
  ];
  for (const [status, code, message, kind, words] of cases) {
    it(`${status} ${code}: in the user's words, with Lever's reason quoted`, async () => {
      const { server, lever: client } = lever();
      server.faults.arm({ status, body: { code, message } }, 3);
      const error = await failure(client.send(ADA));
      expect(error).toMatchObject({ kind, status });
      expect(error.message).toMatch(words);
      expect(error.message).toContain(`Lever said: "${message}"`);
    });
  }

  it('429 without Retry-After: backs off on its own, then goes on', async () => {
    const { server, lever: client, waits } = lever();
    server.faults.arm({ status: 429, body: { code: 'TooManyRequests', message: 'Too many requests' } });
    expect((await client.send(ADA)).status).toBe('created');
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(0);
  });

  it('429 still after the retries: rate-limited, asked to try again', async () => {
    const { server, lever: client } = lever();
    server.faults.arm({ status: 429, body: { code: 'TooManyRequests', message: 'Too many requests' } }, 3);
    const error = await failure(client.send(ADA));
    expect(error).toMatchObject({ kind: 'rate-limited', status: 429 });
    expect(error.message).toBe(
      'Lever asked us to slow down. Try again in a minute. Lever said: "Too many requests"',
    );
  });

  it('dedupes emails without regard to case, as its lookup finds them', async () => {
    const { server, lever: client } = lever();
    await client.send(ADA);
    const again = await client.send({ ...ADA, emails: ['ADA@Example.com'] }, { found: null });
    expect(again.status).toBe('created');
    expect(server.opportunities.map((o) => o.contact)).toEqual(['contact-1', 'contact-1']);
  });
});

describe("HubSpot's errors ({ status: 'error', message, category, errors })", () => {
  const body = (category: string, message: string, errors?: unknown[]) => ({
    status: 'error',
    message,
    correlationId: 'c0ffee',
    category,
    ...(errors ? { errors } : {}),
  });
  it('401: the token is not accepted', async () => {
    const { server, hubspot: client } = hubspot();
    server.faults.arm({
      status: 401,
      body: body('INVALID_AUTHENTICATION', 'Authentication credentials not found.'),
    });
    const error = await failure(client.send(ADA));
    expect(error).toMatchObject({ kind: 'bad-key', status: 401 });
    expect(error.message).toContain('HubSpot said: "Authentication credentials not found."');
  });

  it('403 MISSING_SCOPES: names the scope wanted in plain words', async () => {
    const { server, hubspot: client } = hubspot();
    server.faults.arm({
      status: 403,
      body: body('MISSING_SCOPES', "This app hasn't been granted all required scopes to make this call.", [
        {
          message: 'One or more of the following scopes are required.',
          context: { requiredGranularScopes: ['crm.objects.contacts.write'] },
        },
      ]),
    });
    const error = await failure(client.send(ADA, { found: null }));
    expect(error).toMatchObject({ kind: 'forbidden', status: 403 });
    expect(error.message).toMatch(
      /^The access token works, but HubSpot does not let it write contacts: add that scope/,
    );
    expect(error.message).toContain(
      `HubSpot said: "This app hasn't been granted all required scopes to make this call."`,
    );
  });

  for (const [status, category, message] of [
    [404, 'OBJECT_NOT_FOUND', 'resource not found'],
    [422, 'VALIDATION_ERROR', 'Property values were not valid'],
  ] as const) {
    it(`${status} ${category}: refused, with HubSpot's reason quoted`, async () => {
      const { server, hubspot: client } = hubspot();
      server.faults.arm({ status, body: body(category, message) });
      const error = await failure(client.send(ADA, { found: null }));
      expect(error).toMatchObject({ kind: 'refused', status });
      expect(error.message).toBe(`HubSpot refused it. HubSpot said: "${message}"`);
    });
  }

  it('429 without Retry-After: backs off on its own; with it, waits as asked', async () => {
    const { server, hubspot: client, waits } = hubspot();
    server.faults.arm({
      status: 429,
      body: body('RATE_LIMITS', 'You have reached your ten_secondly_rolling limit.'),
    });
    server.faults.arm({
      status: 429,
      headers: { 'Retry-After': '2' },
      body: body('RATE_LIMITS', 'You have reached your ten_secondly_rolling limit.'),
    });
    expect((await client.send(ADA)).status).toBe('created');
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThan(0);
    expect(waits[1]).toBe(2000);
  });
});
