/**
 * The gateway's edges on PGlite: member keys (401), bodies refused before any upstream call (413, 400), failures of
 * the service answered in the service's shape, and the service key absent from every answer and log line.
 */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { revokeMember } from '../../gateway/members';
import { MESSAGES } from '../../gateway/words';
import { ADA, GRACE, pgliteDatabase, SERVICE_KEY, startTeam, useFreshTeam } from './harness';

// Each test starts from a team of its own. A key's reading is kept a minute here, so a revocation refused at once is
// the notification's doing.
const t = useFreshTeam(pgliteDatabase, undefined, {
  upstreamTimeoutMs: 1_500,
  settings: { authCacheMs: 60_000 },
});
/** Every answer body seen in the test under way, checked for the service key after it. */
const seen: string[] = [];

afterEach(() => {
  // The service key is in no answer and no log line, whatever the test did.
  const texts = [...seen.splice(0), ...(t.team?.logs ?? [])];
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) expect(text).not.toContain(SERVICE_KEY);
});

/** A raw request (any headers, any body), its status and body text. */
function raw(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; chunked?: boolean },
): Promise<{ status: number; text: string }> {
  const url = new URL(path, t.team.gateway.url);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'POST', headers: options.headers ?? {} }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => {
        seen.push(text);
        resolve({ status: res.statusCode ?? 0, text });
      });
    });
    req.on('error', reject);
    if (options.body !== undefined) {
      if (options.chunked) {
        // No Content-Length: the limit must be found while reading.
        const body = Buffer.from(options.body);
        for (let i = 0; i < body.length; i += 64 * 1024) req.write(body.subarray(i, i + 64 * 1024));
      } else req.write(options.body);
    }
    req.end();
  });
}

const json = (key: string | undefined) => ({
  'content-type': 'application/json',
  ...(key !== undefined ? { 'x-api-key': key } : {}),
});
const lookupBody = JSON.stringify({ social_url: ADA, reveal_personal_email: true });

describe('member keys', () => {
  it('refuses a missing, unknown, service or revoked key with 401 in the service shape', async () => {
    for (const key of [undefined, '', 'clm_not-a-real-key', SERVICE_KEY, 'demo-key']) {
      const answer = await raw('/v1/lookup', { headers: json(key), body: lookupBody });
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.text)).toEqual({
        success: false,
        message: expect.stringMatching(/Invalid or inactive API key/),
      });
    }
    const { addMember } = await import('../../gateway/members');
    const { key } = await addMember(t.db, 'Carol Diaz', { dailyCap: null, monthlyCap: null });
    expect((await raw('/v1/account', { method: 'GET', headers: { 'x-api-key': key } })).status).toBe(200);
    await revokeMember(t.db, 'carol diaz');
    // Refused at once: the revocation notifies every instance to forget the keys it read.
    await expect
      .poll(async () => (await raw('/v1/account', { method: 'GET', headers: { 'x-api-key': key } })).status, {
        timeout: 500,
        interval: 20,
      })
      .toBe(401);
    expect(t.team.upstreamLookups()).toHaveLength(0);
  });
});

describe('the key before the body', () => {
  it('answers a request without a valid key 401 before reading its body, however large', async () => {
    const huge = JSON.stringify({ social_url: ADA, reveal_personal_email: true, pad: 'x'.repeat(2_000_000) });
    for (const key of [undefined, 'clm_not-a-real-key']) {
      const answer = await raw('/v1/team/held', { headers: json(key), body: huge });
      expect(answer.status).toBe(401);
    }
    // The same body with a key is read, and refused for its size.
    expect((await raw('/v1/team/held', { headers: json(t.alice), body: huge })).status).toBe(413);
  });
});

describe('the free team endpoints, per member', () => {
  it('answer 429 with Retry-After past the limit, for that member only', async () => {
    const limited = await startTeam(
      t.db,
      {
        'Rita Quick': { dailyCap: null, monthlyCap: null },
        'Sam Slow': { dailyCap: null, monthlyCap: null },
      },
      { settings: { teamRequestsPerMinute: 3 } },
    );
    try {
      const rita = limited.keys['Rita Quick']!;
      const held = () => limited.post('/v1/team/held', rita, { people: [{ social_url: ADA }] });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await held()).status);
      expect(statuses).toEqual([200, 200, 200]);
      const refused = await fetch(`${limited.gateway.url}/v1/team/sent`, {
        method: 'POST',
        headers: { 'x-api-key': rita, 'content-type': 'application/json' },
        body: JSON.stringify({ people: [{ social_url: ADA }] }),
      });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { message: string }).message).toMatch(
        /^Your key asked the team gateway more often than it allows in a minute\. Nothing was done; try again in \d+ s\.$/,
      );
      // Another member is not held back, and the paid endpoints keep their own limits (the caps).
      expect((await limited.get('/v1/team/me', limited.keys['Sam Slow']!)).status).toBe(200);
      expect((await limited.get('/v1/account', rita)).status).toBe(200);
    } finally {
      // Its answers and log lines are checked for the service key after the test, as the file's team's are.
      seen.push(...limited.logs);
      await limited.close();
    }
  });
});

describe('bodies refused before any upstream call', () => {
  it('answers an oversized body 413, with or without a Content-Length, and keeps the connection usable', async () => {
    const huge = JSON.stringify({ social_url: ADA, reveal_personal_email: true, pad: 'x'.repeat(2_000_000) });
    for (const chunked of [false, true]) {
      const answer = await raw('/v1/lookup', { headers: json(t.alice), body: huge, chunked });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.text).message).toMatch(/larger than the team gateway accepts \(128 KB\)/);
    }
    expect(t.team.sim.state.requests.list()).toHaveLength(0);
    const after = await raw('/v1/lookup', { headers: json(t.alice), body: lookupBody });
    expect(after.status).toBe(200);
  });

  it.each([
    ['not JSON', { 'content-type': 'application/json' }, '{"social_url": ', /not valid JSON/],
    ['empty', { 'content-type': 'application/json' }, '', /empty/],
    ['an array', { 'content-type': 'application/json' }, '[1]', /must be a JSON object/],
    [
      'no JSON Content-Type',
      { 'content-type': 'text/plain' },
      lookupBody,
      /Content-Type must be application\/json/,
    ],
    [
      'an unknown field',
      { 'content-type': 'application/json' },
      JSON.stringify({ social_url: ADA, reveal_personal_email: true, reveal_everything: true }),
      /reveal_everything/,
    ],
    [
      'two identifiers',
      { 'content-type': 'application/json' },
      JSON.stringify({ social_url: ADA, candidate_id: 'x', reveal_phone: true }),
      /Exactly 1 identifier per request is allowed; 2 were provided/,
    ],
    [
      'no item asked',
      { 'content-type': 'application/json' },
      JSON.stringify({ social_url: ADA }),
      /At least one enrichment option must be enabled/,
    ],
    [
      'a mistyped flag',
      { 'content-type': 'application/json' },
      JSON.stringify({ social_url: ADA, reveal_phone: 'yes' }),
      /reveal_phone/,
    ],
  ])('refuses a lookup body that is %s with 400', async (_label, headers, body, message) => {
    const answer = await raw('/v1/lookup', { headers: { ...headers, 'x-api-key': t.alice }, body });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toEqual({ success: false, message: expect.stringMatching(message) });
    expect(t.team.sim.state.requests.list()).toHaveLength(0);
  });

  it('refuses a search the spec forbids with 400, and an unknown path or method with 404 / 405', async () => {
    const search = await raw('/v1/search', {
      headers: json(t.alice),
      body: JSON.stringify({ free_text_search: 'nurses', jd_search: 'a job' }),
    });
    expect(search.status).toBe(400);
    expect(JSON.parse(search.text).message).toMatch(/mutually exclusive/);
    const wrongMethod = await raw('/v1/lookup', { method: 'GET', headers: { 'x-api-key': t.alice } });
    expect(wrongMethod.status).toBe(405);
    expect((await raw('/v1/nothing', { method: 'GET', headers: { 'x-api-key': t.alice } })).status).toBe(404);
    expect(t.team.sim.state.requests.list()).toHaveLength(0);
  });
});

describe('failures of the service', () => {
  it('answers a service that keeps failing with 502, nothing charged, no key', async () => {
    t.team.sim.state.faults.enqueue('fail500', 3, '/v1/lookup');
    const answer = await raw('/v1/lookup', {
      headers: json(t.alice),
      body: JSON.stringify({ social_url: GRACE, reveal_phone: true }),
    });
    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.text).message).toMatch(/had a problem with this lookup\. Nothing was charged/);
    const rows = await t.db.query<{ status: string; credits: number }>(
      'select status, credits from ledger where subject = $1 order by id desc limit 1',
      [GRACE],
    );
    expect(rows[0]).toEqual({ status: 'not_charged', credits: 0 });
  });

  it('answers a malformed upstream answer as "may have been charged", counted at its most until known', async () => {
    t.team.sim.state.faults.enqueue('malformed', 1, '/v1/lookup');
    const answer = await raw('/v1/lookup', {
      headers: json(t.alice),
      body: JSON.stringify({ social_url: GRACE, reveal_personal_email: true }),
    });
    expect(answer.status).toBe(504);
    expect(JSON.parse(answer.text).message).toMatch(/may have been charged/);
    const rows = await t.db.query<{ status: string; max_credits: number; credits: number | null }>(
      'select status, max_credits, credits from ledger where subject = $1 order by id desc limit 1',
      [GRACE],
    );
    // Not known: no charge written down as 0.
    expect(rows[0]).toEqual({ status: 'unknown', max_credits: 3, credits: null });
  });

  it('answers an upstream that does not answer in time as 504 to the call that asked it, and its waiters, charged nothing, a 409', async () => {
    t.team.sim.state.faults.enqueue('hang', 1, '/v1/lookup');
    const body = JSON.stringify({ social_url: ADA, reveal_phone: true });
    const answers = await Promise.all(
      [1, 2, 3].map(() => raw('/v1/lookup', { headers: json(t.alice), body })),
    );
    // Which request asked the service is not known in advance: one "may have been charged", the others not.
    expect(answers.map((a) => a.status).sort()).toEqual([409, 409, 504]);
    for (const waiter of answers.filter((a) => a.status === 409)) {
      expect(JSON.parse(waiter.text)).toEqual({ success: false, message: MESSAGES.teammateLost });
    }
    expect(t.team.upstreamLookups()).toHaveLength(1);
    // One call on the ledger, whose outcome is not known; the waiters wrote none.
    const rows = await t.db.query<{ status: string }>('select status from ledger where subject = $1', [ADA]);
    expect(rows.map((row) => row.status)).toEqual(['unknown']);
  });

  it('says the team balance is too low in words, with the figures, when the service refuses for credits', async () => {
    t.team.sim.state.setKey(SERVICE_KEY, { remaining: 2, purchased: 100_000, active: true });
    try {
      const answer = await raw('/v1/lookup', {
        headers: json(t.alice),
        body: JSON.stringify({ social_url: ADA, reveal_phone: true }),
      });
      expect(answer.status).toBe(403);
      const body = JSON.parse(answer.text);
      expect(body.message).toMatch(
        /your team's balance is 2 credits, and this lookup may cost up to 6 credits/,
      );
      expect(body.credits_info).toMatchObject({ required: 6, available: 2 });
    } finally {
      t.team.sim.state.setKey(SERVICE_KEY, { remaining: 100_000, purchased: 100_000, active: true });
    }
  });

  it("says the team's account refused the gateway's key as a 502, never as the member's key", async () => {
    t.team.sim.state.setKey(SERVICE_KEY, { remaining: 100_000, purchased: 100_000, active: false });
    try {
      const answer = await raw('/v1/account', { method: 'GET', headers: { 'x-api-key': t.alice } });
      expect(answer.status).toBe(502);
      expect(JSON.parse(answer.text).message).toMatch(/refused its key/);
    } finally {
      t.team.sim.state.setKey(SERVICE_KEY, { remaining: 100_000, purchased: 100_000, active: true });
    }
  });
});

describe('the log and Server-Timing', () => {
  it('writes one line per request with method, path, member, status, time (in all, database, service) and credits', async () => {
    t.team.logs.length = 0;
    await raw('/v1/lookup', {
      headers: json(t.alice),
      body: JSON.stringify({ candidate_id: 'demo-kwame-mensah', reveal_phone: true }),
    });
    await raw('/v1/account', { method: 'GET', headers: { 'x-api-key': 'clm_wrong' } });
    expect(t.team.logs).toHaveLength(2);
    expect(t.team.logs[0]).toMatch(
      / POST \/v1\/lookup member="Alice Smith" status=200 ms=\d+ db=\d+ service=\d+ credits=6$/,
    );
    expect(t.team.logs[1]).toMatch(/ GET \/v1\/account member=- status=401 ms=\d+ db=0 service=0 credits=0$/);
    for (const line of t.team.logs) expect(line).not.toMatch(/clm_/);
  });

  it('says in Server-Timing how long a lookup waited for the database and for the service', async () => {
    // A paid lookup of someone else first: a new team's first statements (its tables read from disk, its queries
    // planned) are not what this test times.
    const warm = await raw('/v1/lookup', {
      headers: json(t.alice),
      body: JSON.stringify({ candidate_id: 'demo-kwame-mensah', reveal_phone: true }),
    });
    expect(warm.status).toBe(200);
    // The service answers after 300 ms: its part is at least that, and the database's part is the rest's share.
    t.team.sim.state.faults.setLatency(300, '/v1/lookup');
    const paid = await fetch(`${t.team.gateway.url}/v1/lookup`, {
      method: 'POST',
      headers: json(t.alice),
      body: JSON.stringify({ candidate_id: 'demo-siobhan-kelly', reveal_personal_email: true }),
    });
    seen.push(await paid.text());
    expect(paid.status).toBe(200);
    const parts = Object.fromEntries(
      (paid.headers.get('server-timing') ?? '').split(', ').map((part) => {
        const [name, dur] = part.split(';dur=');
        return [name, Number(dur)];
      }),
    );
    expect(Object.keys(parts)).toEqual(['db', 'service']);
    expect(parts.service).toBeGreaterThanOrEqual(300);
    expect(parts.db).toBeGreaterThan(0);
    expect(parts.db).toBeLessThan(parts.service);

    // Asked again: the team holds it, so the database answered alone.
    const held = await fetch(`${t.team.gateway.url}/v1/lookup`, {
      method: 'POST',
      headers: json(t.alice),
      body: JSON.stringify({ candidate_id: 'demo-siobhan-kelly', reveal_personal_email: true }),
    });
    seen.push(await held.text());
    expect(held.headers.get('server-timing')).toMatch(/^db;dur=\d+\.\d$/);

    // Two members asking at once for one person: one asks the service, the other waits for that lookup and says so.
    const both = await Promise.all(
      [t.alice, t.team.keys['Bob Lee']!].map(async (key) => {
        const answer = await fetch(`${t.team.gateway.url}/v1/lookup`, {
          method: 'POST',
          headers: json(key),
          body: JSON.stringify({ candidate_id: 'demo-zoe-muller', reveal_personal_email: true }),
        });
        seen.push(await answer.text());
        return answer.headers.get('server-timing') ?? '';
      }),
    );
    expect(both.filter((timing) => /(^|, )service;dur=/.test(timing))).toHaveLength(1);
    const waited = both.filter((timing) => /(^|, )wait;dur=/.test(timing));
    expect(waited).toHaveLength(1);
    expect(waited[0]).not.toMatch(/service;dur=/);
    // It waited for the other's service call: for some time, how much depending on how much of that call was left
    // when it arrived (on a loaded machine, once under 100 ms of the 300).
    expect(Number(/wait;dur=([\d.]+)/.exec(waited[0]!)![1])).toBeGreaterThan(0);

    // Refused before any part: no header.
    const refused = await fetch(`${t.team.gateway.url}/v1/account`, {
      headers: { 'x-api-key': 'clm_wrong' },
    });
    seen.push(await refused.text());
    expect(refused.headers.get('server-timing')).toBeNull();
  });
});
