/**
 * What happens to every /v1 request before its route runs, in this order:
 * 0. while the service is set down, the request's connection is dropped unanswered: nothing is logged or processed;
 * 1. it is written to the request log (masked key, parsed body) — before anything can fail;
 * 2. configured latency is applied;
 * 3. a queued fault, if one applies, answers instead of the service (nothing is charged);
 * 4. the API key is checked (missing, unknown or inactive → 403).
 * When the route has answered, the log entry gets its status.
 */
import type { MiddlewareHandler } from 'hono';
import type { TakenFault } from '../faults';
import { maskKey } from '../keys';
import type { SimState } from '../state';
import { errorResponse, MESSAGES, type V1Context, type V1Env } from './http';

/** A 200 whose body is cut off mid-way: valid JSON it is not. */
const MALFORMED_BODY = '{"success": true, "data": {"profiles": [{"id": "trunc';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function faultResponse(c: V1Context, state: SimState, fault: TakenFault): Promise<Response> {
  switch (fault.kind) {
    case 'fail500':
      return errorResponse(c, 500, MESSAGES.internal);
    case 'rateLimit': {
      const retryAfter = fault.retryAfter ?? '1';
      c.header('Retry-After', retryAfter);
      return errorResponse(c, 429, `Too many requests; retry after ${retryAfter}`);
    }
    case 'malformed':
      return c.body(MALFORMED_BODY, 200, { 'Content-Type': 'application/json' });
    case 'hang':
      await state.faults.hang(c.req.raw.signal);
      // Released by reset/close (or the client left): answer something, should anyone still be listening.
      return errorResponse(c, 500, MESSAGES.internal);
  }
}

/** The Node request under a served simulator (`@hono/node-server` passes it as the env); absent in `app.request()`. */
interface NodeBindings {
  incoming?: { socket?: { destroy(): void } };
}

/**
 * A service that cannot be reached: the connection is dropped with no answer, as a client meets a server that is
 * gone. Without a connection to drop (`app.request()` in tests) it answers 503, the nearest a bare app can say.
 */
function unreachable(c: V1Context): Response {
  (c.env as NodeBindings | undefined)?.incoming?.socket?.destroy();
  return errorResponse(c, 503, 'Service unavailable');
}

export function v1Pipeline(state: SimState): MiddlewareHandler<V1Env> {
  return async (c, next) => {
    if (state.faults.isDown(c.req.path)) return unreachable(c);
    const rawBody = c.req.method === 'GET' || c.req.method === 'HEAD' ? '' : await c.req.text();
    let body: unknown = null;
    try {
      body = rawBody.trim() === '' ? null : JSON.parse(rawBody);
    } catch {
      body = null;
    }
    const apiKey = c.req.header('x-api-key');
    const entry = state.requests.record({
      method: c.req.method,
      path: c.req.path,
      key: maskKey(apiKey),
      body,
    });
    c.set('rawBody', rawBody);
    c.set('logEntry', entry);

    const latency = state.faults.latencyFor(c.req.path);
    if (latency > 0) await sleep(latency);

    const fault = state.faults.take(c.req.path);
    if (fault) {
      const response = await faultResponse(c, state, fault);
      entry.status = response.status;
      return response;
    }

    const account = apiKey === undefined ? undefined : state.key(apiKey);
    if (apiKey === undefined || !account || !account.active) {
      const response = errorResponse(c, 403, MESSAGES.invalidKey);
      entry.status = 403;
      return response;
    }
    c.set('apiKey', apiKey);
    await next();
    entry.status = c.res.status;
  };
}
