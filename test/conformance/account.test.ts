/** Spec, endpoint 3 (GET /v1/account) and Authentication. */
import { describe, expect, it } from 'vitest';
import { failure, useSimulator } from './harness';

const sim = useSimulator();

describe('account (spec: endpoint 3)', () => {
  it('returns the balance, lifetime purchases and a timestamp, for 0 credits', async () => {
    const account = await sim.client().account();
    expect(account).toMatchObject({ success: true, credits_remaining: 10_000, credits_purchased: 10_000 });
    expect(Number.isNaN(Date.parse(account.timestamp))).toBe(false);
    const log = await sim.requests();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ method: 'GET', path: '/v1/account', status: 200, charged: 0 });
  });

  it('reflects a key set through the admin route', async () => {
    await sim.setKey('fresh-key', 42, { purchased: 100 });
    const account = await sim.client('fresh-key').account();
    expect(account).toMatchObject({ credits_remaining: 42, credits_purchased: 100 });
  });

  it('needs only the key header (no Content-Type)', async () => {
    const raw = await sim.raw('/v1/account', { headers: { 'x-api-key': 'demo-key' } });
    expect(raw.status).toBe(200);
    expect(raw.body).toMatchObject({ success: true, credits_remaining: 10_000 });
  });

  it('the empty key has a zero balance', async () => {
    expect((await sim.client('empty-key').account()).credits_remaining).toBe(0);
  });
});

describe('authentication (spec: Authentication)', () => {
  it.each([
    ['an unknown key', 'not-a-real-key'],
    ['an inactive key', 'inactive-key'],
  ])('%s gives 403 invalid-key on every endpoint', async (_, key) => {
    const client = sim.client(key);
    for (const call of [
      () => client.account(),
      () => client.search({ search_criteria: { current_title: ['Nurse'] } }),
      () => client.lookup({ candidate_id: '1', reveal_personal_email: true }),
    ]) {
      const error = await failure(call());
      expect(error.kind).toBe('invalid-key');
      expect(error.status).toBe(403);
      expect(error.detail).toMatch(/invalid or inactive/i);
      expect(error.message).not.toContain(key);
    }
    expect((await sim.requests()).map((r) => r.status)).toEqual([403, 403, 403]);
  });

  it('a key deactivated through the admin route is refused', async () => {
    await sim.setKey('gone-key', 100, { active: false });
    expect((await failure(sim.client('gone-key').account())).kind).toBe('invalid-key');
  });

  it('a missing key header gives 403 with success false', async () => {
    for (const [path, init] of [
      ['/v1/account', {}],
      [
        '/v1/search',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ search_criteria: { current_title: ['Nurse'] } }),
        },
      ],
    ] as const) {
      const raw = await sim.raw(path, init);
      expect(raw.status, path).toBe(403);
      expect(raw.body).toMatchObject({
        success: false,
        message: expect.stringMatching(/invalid or inactive/i),
      });
    }
  });

  it('the client sends the key only in x-api-key, and the simulator accepts it', async () => {
    await sim.client().account();
    expect((await sim.requests())[0]?.status).toBe(200);
  });
});

describe('errors (spec: Errors)', () => {
  it('error bodies have success false and a message; the client turns a 400 into bad-request', async () => {
    const raw = await sim.raw('/v1/search', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-api-key': 'demo-key' },
      body: JSON.stringify({ page_size: 5 }),
    });
    expect(raw.status).toBe(400);
    expect(raw.body).toMatchObject({ success: false, message: expect.any(String) });
  });

  it('invalid input never reaches the service: the request log stays empty', async () => {
    const client = sim.client();
    const attempts = [
      client.search({}),
      client.search({ free_text_search: 'a', jd_search: 'b' }),
      client.search({ free_text_search: 'x'.repeat(301) }),
      client.search({ jd_search: 'x'.repeat(8501) }),
      client.search({ search_criteria: { current_title: ['Nurse'] }, page_size: 101 }),
      client.search({ search_criteria: { current_title: ['Nurse'] }, page_size: 0 }),
      client.lookup({ reveal_phone: true }),
      client.lookup({ candidate_id: '1', social_url: 'https://www.linkedin.com/in/x', reveal_phone: true }),
      client.lookup({ candidate_id: '1' }),
    ];
    for (const attempt of attempts) expect((await failure(attempt)).kind).toBe('invalid-request');
    expect(await sim.requests()).toEqual([]);
    expect((await sim.client().account()).credits_remaining).toBe(10_000);
  });
});
