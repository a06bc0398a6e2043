import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PROFILES } from '../../../sim/demo-profiles';
import { maskKey } from '../../../sim/keys';
import { startSimulator } from '../../../sim/server';
import { get, lookup, post, search, sharedSimulator } from './helpers';

const sim = sharedSimulator();
beforeEach(() => sim.state.reset());

const NURSES = { search_criteria: { current_title: ['Registered Nurse'] } };
const faults = (body: unknown) => post(sim.app, '/__sim/faults', body, null);

describe('fault injection', () => {
  it('fail500: the next N /v1 requests answer 500 and charge nothing, then service resumes', async () => {
    await faults({ fail500: 2 });
    for (let i = 0; i < 2; i++) {
      const { status, json } = await search(sim.app, NURSES);
      expect(status).toBe(500);
      expect(json).toEqual({ success: false, message: 'Internal server error occurred' });
    }
    expect((await search(sim.app, NURSES)).status).toBe(200);
    expect(sim.state.requests.list().map((r) => [r.status, r.charged])).toEqual([
      [500, 0],
      [500, 0],
      [200, 1],
    ]);
  });

  it('rateLimit: 429 with the Retry-After given (seconds or HTTP date), limited to one path', async () => {
    await faults({
      rateLimit: { count: 1, retryAfter: 'Wed, 21 Oct 2015 07:28:00 GMT' },
      path: '/v1/lookup',
    });
    expect((await search(sim.app, NURSES)).status).toBe(200);
    const limited = await lookup(sim.app, { candidate_id: 'demo-ada-lovelace', reveal_personal_email: true });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('Wed, 21 Oct 2015 07:28:00 GMT');
    expect(limited.json.success).toBe(false);
    await faults({ rateLimit: { count: 1, retryAfter: '2' } });
    expect((await get(sim.app, '/v1/account')).headers.get('retry-after')).toBe('2');
  });

  it('queues faults in order: 500, then 429, then malformed JSON', async () => {
    await faults({ fail500: 1, rateLimit: { count: 1 }, malformed: 1 });
    expect((await get(sim.app, '/v1/account')).status).toBe(500);
    expect((await get(sim.app, '/v1/account')).status).toBe(429);
    const malformed = await sim.app.request('/v1/account', { headers: { 'x-api-key': 'demo-key' } });
    expect(malformed.status).toBe(200);
    await expect(malformed.json()).rejects.toThrow();
    expect((await get(sim.app, '/v1/account')).status).toBe(200);
  });

  it('latencyMs delays every request until set to 0', async () => {
    // Wide margins: this checks the delay is applied and removed, not how fast the machine is.
    await faults({ latencyMs: 400 });
    let started = performance.now();
    await get(sim.app, '/v1/account');
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    await faults({ latencyMs: 0 });
    started = performance.now();
    await get(sim.app, '/v1/account');
    expect(performance.now() - started).toBeLessThan(300);
  });

  it('hang: the request never answers until reset', async () => {
    await faults({ hang: 1 });
    let settled = false;
    const pending = get(sim.app, '/v1/account').then((r) => {
      settled = true;
      return r;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    expect((await get(sim.app, '/__sim/faults', null)).json.faults.hanging).toBe(1);
    await post(sim.app, '/__sim/reset', {}, null);
    expect((await pending).status).toBe(500);
  });

  it('rejects malformed fault bodies', async () => {
    expect((await faults({ fail500: -1 })).status).toBe(400);
    expect((await faults({ explode: 1 })).status).toBe(400);
    expect((await faults({ hang: 1, path: 'lookup' })).status).toBe(400);
  });
});

describe('keys, reset and the request log', () => {
  it('POST /__sim/keys adds or sets a key; reset restores the start', async () => {
    await post(sim.app, '/__sim/keys', { key: 'demo-key', remaining: 5 }, null);
    expect((await get(sim.app, '/v1/account')).json).toMatchObject({
      credits_remaining: 5,
      credits_purchased: 10000,
    });
    await post(sim.app, '/__sim/keys', { key: 'off', remaining: 5, active: false }, null);
    expect((await get(sim.app, '/v1/account', 'off')).status).toBe(403);
    expect((await post(sim.app, '/__sim/keys', { key: '', remaining: 1 }, null)).status).toBe(400);
    await post(sim.app, '/__sim/reset', {}, null);
    expect((await get(sim.app, '/v1/account')).json.credits_remaining).toBe(10000);
    expect((await get(sim.app, '/v1/account', 'off')).status).toBe(403);
    expect(sim.state.key('off')).toBeUndefined();
  });

  it('logs every /v1 request exactly, with a masked key, and never the /__sim ones', async () => {
    await search(sim.app, NURSES);
    await lookup(sim.app, { candidate_id: 'demo-ada-lovelace', reveal_phone: true }, 'no-such-key-at-all');
    await get(sim.app, '/v1/account', null);
    const { json } = await get(sim.app, '/__sim/requests', null);
    expect(
      json.map((r: Record<string, unknown>) => [r.seq, r.method, r.path, r.key, r.status, r.charged]),
    ).toEqual([
      [1, 'POST', '/v1/search', 'demo…key', 200, 1],
      [2, 'POST', '/v1/lookup', 'no-s…all', 403, 0],
      [3, 'GET', '/v1/account', null, 403, 0],
    ]);
    expect(json[0].body).toEqual(NURSES);
    expect(json[2].body).toBeNull();
    expect(JSON.stringify(json)).not.toContain('demo-key');
    const lookups = await get(sim.app, '/__sim/requests?path=/v1/lookup', null);
    expect(lookups.json).toHaveLength(1);
    await post(sim.app, '/__sim/reset', {}, null);
    expect((await get(sim.app, '/__sim/requests', null)).json).toEqual([]);
  });

  it('masks keys without revealing them', () => {
    expect(maskKey('demo-key')).toBe('demo…key');
    expect(maskKey('abc')).toBe('a…');
    expect(maskKey(undefined)).toBeNull();
  });
});

describe('startSimulator', () => {
  let running: Awaited<ReturnType<typeof startSimulator>> | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('serves on a free port over real HTTP, and close() ends hung requests', async () => {
    running = await startSimulator({ port: 0, keys: { k: { remaining: 3, purchased: 3, active: true } } });
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const account = await fetch(`${running.url}/v1/account`, { headers: { 'x-api-key': 'k' } });
    expect(await account.json()).toMatchObject({ credits_remaining: 3 });
    await fetch(`${running.url}/__sim/faults`, { method: 'POST', body: JSON.stringify({ hang: 1 }) });
    const hung = fetch(`${running.url}/v1/account`, { headers: { 'x-api-key': 'k' } }).then(
      (r) => r.status,
      () => 'dropped',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await running.close();
    expect([500, 'dropped']).toContain(await hung);
    running = undefined;
  });

  it('down: every /v1 request has its connection dropped unanswered, unlogged and uncharged, until set back up', async () => {
    running = await startSimulator({ port: 0, keys: { k: { remaining: 30, purchased: 30, active: true } } });
    const url = running.url;
    const setDown = (down: boolean) =>
      fetch(`${url}/__sim/faults`, { method: 'POST', body: JSON.stringify({ down }) });
    const lookup = () =>
      fetch(`${url}/v1/lookup`, {
        method: 'POST',
        headers: { 'x-api-key': 'k', 'Content-Type': 'application/json' },
        body: JSON.stringify({ social_url: DEMO_PROFILES.full.social_url, reveal_personal_email: true }),
      }).then(
        (r) => r.status,
        () => 'unreachable',
      );
    await setDown(true);
    expect(await lookup()).toBe('unreachable');
    expect(running.state.requests.list()).toHaveLength(0);
    expect(running.state.key('k')?.remaining).toBe(30);
    await setDown(false);
    expect(await lookup()).toBe(200);
    expect(running.state.key('k')?.remaining).toBeLessThan(30);
  });
});
