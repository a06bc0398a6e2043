/**
 * The simulator's own routes under /__sim/ (the real service has none): reset, keys, faults, and the request log.
 * They need no API key and are never written to the request log. See sim/README.md for examples.
 */
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { SimState } from '../state';
import { describeIssues } from './http';

const count = () => z.optional(z.int().check(z.gte(0)));

const FaultsBody = z.strictObject({
  latencyMs: count(),
  fail500: count(),
  rateLimit: z.optional(
    z.strictObject({
      count: z.int().check(z.gte(1)),
      /** Seconds ("2") or an HTTP date; numbers are accepted and sent as text. */
      retryAfter: z.optional(z.union([z.string().check(z.minLength(1)), z.int().check(z.gte(0))])),
    }),
  ),
  malformed: count(),
  hang: count(),
  down: z.optional(z.boolean()),
  path: z.optional(z.string().check(z.regex(/^\/v1\//, 'path must start with /v1/'))),
});

const KeyBody = z.strictObject({
  key: z.string().check(z.minLength(1)),
  remaining: z.int().check(z.gte(0)),
  purchased: z.optional(z.int().check(z.gte(0))),
  active: z.optional(z.boolean()),
});

async function jsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The /__sim routes, to be mounted at /__sim. */
export function adminRoutes(state: SimState): Hono {
  const admin = new Hono();

  admin.post('/reset', (c) => {
    state.reset();
    return c.json({ success: true, keys: state.listKeys() });
  });

  admin.get('/keys', (c) => c.json({ success: true, keys: state.listKeys() }));

  admin.post('/keys', async (c) => {
    const parsed = KeyBody.safeParse(await jsonBody(c.req.raw));
    if (!parsed.success) return c.json({ success: false, message: describeIssues(parsed.error.issues) }, 400);
    const { key, remaining, purchased, active } = parsed.data;
    const existing = state.key(key);
    state.setKey(key, {
      remaining,
      purchased: purchased ?? Math.max(existing?.purchased ?? 0, remaining),
      active: active ?? existing?.active ?? true,
    });
    return c.json({ success: true, key, account: state.listKeys()[key] });
  });

  admin.get('/faults', (c) => c.json({ success: true, faults: state.faults.snapshot() }));

  admin.post('/faults', async (c) => {
    const parsed = FaultsBody.safeParse(await jsonBody(c.req.raw));
    if (!parsed.success) return c.json({ success: false, message: describeIssues(parsed.error.issues) }, 400);
    const { latencyMs, fail500, rateLimit, malformed, hang, down, path = null } = parsed.data;
    if (latencyMs !== undefined) state.faults.setLatency(latencyMs, path);
    if (down !== undefined) state.faults.setDown(down, path);
    // Within one body the faults queue in this order.
    state.faults.enqueue('fail500', fail500 ?? 0, path);
    if (rateLimit)
      state.faults.enqueue('rateLimit', rateLimit.count, path, String(rateLimit.retryAfter ?? '1'));
    state.faults.enqueue('malformed', malformed ?? 0, path);
    state.faults.enqueue('hang', hang ?? 0, path);
    return c.json({ success: true, faults: state.faults.snapshot() });
  });

  admin.get('/requests', (c) => c.json(state.requests.list(c.req.query('path') || undefined)));

  admin.delete('/requests', (c) => {
    state.requests.clear();
    return c.json({ success: true });
  });

  return admin;
}
