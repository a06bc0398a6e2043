/** Fault handling and retries against the simulator's fault injection (issue 2, section 2). */
import { describe, expect, it, vi } from 'vitest';
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import type { LookupRequest, SearchRequest } from '../../src/api/schema';
import { failure, useSimulator } from './harness';

const sim = useSimulator();

const SEARCH: SearchRequest = { search_criteria: { current_title: ['Engineer'] }, page_size: 5 };
const LOOKUP = (): LookupRequest => ({
  candidate_id: String(DEMO_PROFILES.full.id),
  reveal_personal_email: true,
});

describe('fault handling and retries', () => {
  it('500 then success: retried, and charged once', async () => {
    await sim.faults({ fail500: 1, path: '/v1/lookup' });
    const client = sim.client();
    const result = await client.lookup(LOOKUP());
    expect(result.credits.used).toBe(3);
    const log = await sim.requests();
    expect(log.map((r) => [r.path, r.status, r.charged])).toEqual([
      ['/v1/lookup', 500, 0],
      ['/v1/lookup', 200, 3],
    ]);
    expect((await client.account()).credits_remaining).toBe(10_000 - 3);
  });

  it('500 on every attempt: server error after 3 requests, nothing charged', async () => {
    await sim.faults({ fail500: 5, path: '/v1/search' });
    const error = await failure(sim.client().search(SEARCH));
    expect(error.kind).toBe('server');
    expect(error.outcomeUnknown).toBe(false);
    const log = await sim.requests();
    expect(log).toHaveLength(3);
    expect(log.every((r) => r.status === 500 && r.charged === 0)).toBe(true);
  });

  it('429 with Retry-After: the client waits that long, then succeeds', async () => {
    await sim.faults({ rateLimit: { count: 1, retryAfter: 1 }, path: '/v1/search' });
    const started = Date.now();
    const result = await sim.client().search(SEARCH);
    const elapsed = Date.now() - started;
    expect(result.credits.used).toBe(1);
    expect(elapsed).toBeGreaterThanOrEqual(950);
    const log = await sim.requests();
    expect(log.map((r) => r.status)).toEqual([429, 200]);
    expect(log.reduce((sum, r) => sum + r.charged, 0)).toBe(1);
  });

  it('429 asking for more than the cap: rate-limited at once with retryAfterMs', async () => {
    await sim.faults({ rateLimit: { count: 1, retryAfter: 120 }, path: '/v1/search' });
    const error = await failure(sim.client().search(SEARCH));
    expect(error.kind).toBe('rate-limited');
    expect(error.retryAfterMs).toBe(120_000);
    expect(await sim.requests()).toHaveLength(1);
  });

  it('malformed body: malformed-response, not retried', async () => {
    await sim.faults({ malformed: 1, path: '/v1/account' });
    const error = await failure(sim.client().account());
    expect(error.kind).toBe('malformed-response');
    expect(error.message.length).toBeGreaterThan(0);
    expect(await sim.requests()).toHaveLength(1);
  });

  it('malformed body on a lookup: the outcome is unknown, and it is said', async () => {
    await sim.faults({ malformed: 1, path: '/v1/lookup' });
    const error = await failure(sim.client().lookup(LOOKUP()));
    expect(error.kind).toBe('malformed-response');
    expect(error.outcomeUnknown).toBe(true);
    expect(await sim.requests()).toHaveLength(1);
  });

  it('hang on a lookup: timeout, outcome unknown, and NO retry', async () => {
    await sim.faults({ hang: 1, path: '/v1/lookup' });
    const error = await failure(sim.client('demo-key', { timeoutMs: 500 }).lookup(LOOKUP()));
    expect(error.kind).toBe('timeout');
    expect(error.outcomeUnknown).toBe(true);
    expect(error.message).toMatch(/check your balance/);
    expect((await sim.requests()).filter((r) => r.path === '/v1/lookup')).toHaveLength(1);
  });

  it('hang on a search: timeout, outcome unknown, and NO retry', async () => {
    await sim.faults({ hang: 1, path: '/v1/search' });
    const error = await failure(sim.client('demo-key', { timeoutMs: 500 }).search(SEARCH));
    expect(error.kind).toBe('timeout');
    expect(error.outcomeUnknown).toBe(true);
    expect((await sim.requests()).filter((r) => r.path === '/v1/search')).toHaveLength(1);
  });

  it('hang on the account (free): retried after the timeout, then answered', async () => {
    await sim.faults({ hang: 1, path: '/v1/account' });
    const account = await sim.client('demo-key', { timeoutMs: 500 }).account();
    expect(account.credits_remaining).toBe(10_000);
    expect((await sim.requests()).filter((r) => r.path === '/v1/account').length).toBeGreaterThanOrEqual(1);
  });

  it('latency under the time limit is waited out', async () => {
    await sim.faults({ latencyMs: 200 });
    const started = Date.now();
    await sim.client().account();
    expect(Date.now() - started).toBeGreaterThanOrEqual(180);
  });

  it('the caller can cancel a slow call', async () => {
    await sim.faults({ latencyMs: 2000, path: '/v1/search' });
    const controller = new AbortController();
    const pending = sim.client().search(SEARCH, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const error = await failure(pending);
    expect(error.kind).toBe('aborted');
    expect(error.outcomeUnknown).toBe(true);
    // Why its outcome is unknown: the service finishes a call its caller gave up on, and charges it. Waited for here,
    // so that charge is not taken from the balance of the test after this one.
    await vi.waitFor(async () =>
      expect((await sim.requests())[0]).toMatchObject({ status: 200, charged: 1 }),
    );
  });

  it('the caller can cancel during a Retry-After wait; nothing was charged', async () => {
    await sim.faults({ rateLimit: { count: 1, retryAfter: 10 }, path: '/v1/search' });
    const controller = new AbortController();
    const pending = sim.client().search(SEARCH, { signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    const error = await failure(pending);
    expect(error.kind).toBe('aborted');
    expect(error.outcomeUnknown).toBe(false);
    expect((await sim.requests()).map((r) => r.status)).toEqual([429]);
  });
});
