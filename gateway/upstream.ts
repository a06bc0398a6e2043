/**
 * The gateway's one way to the candidate service: the project's own client (`src/api/client.ts`) with the service
 * key, and the translation of its typed errors into answers for a member. The key never leaves this module except
 * in the `x-api-key` header the client sends: every error text is scrubbed of it here (the client scrubs its own,
 * and the gateway scrubs every response and log line again with {@link makeScrub}).
 */
import { type ApiClient, createClient } from '../src/api/client';
import { ApiError } from '../src/api/errors';
import type { FlightError } from './flights';
import { createHttpFetch } from './http-fetch';
import { MESSAGES } from './words';

export interface UpstreamOptions {
  /** The service's origin, without `/v1` (as the extension takes it). */
  baseUrl: string;
  apiKey: string;
  /** Each request's time limit, the answer's body included (default 15 s). */
  timeoutMs?: number;
  /** The largest answer body read from the service, in bytes (default 8 MiB); a larger one fails the call. */
  maxResponseBytes?: number;
}

/** The service client, and a way to close the connections it keeps open for reuse. */
export type Upstream = ApiClient & { close(): void };

/**
 * A client for the service, retrying only where nothing can have been charged, with short waits. It sends through
 * {@link createHttpFetch} (keep-alive `node:http`) rather than the global fetch, for a fraction of the CPU.
 */
export function createUpstream(options: UpstreamOptions): Upstream {
  const http = createHttpFetch(
    options.maxResponseBytes !== undefined ? { maxResponseBytes: options.maxResponseBytes } : {},
  );
  const client = createClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    fetch: http.fetch,
    timeoutMs: options.timeoutMs ?? 15_000,
    // A member is waiting: a 429 asking for more than 5 s, or a third 500, is answered rather than waited out.
    retry: { retries: 2, baseDelayMs: 200, maxDelayMs: 2_000, maxRetryAfterMs: 5_000 },
  });
  return { ...client, close: () => http.close() };
}

/** Removes `secret` from any text (a response body, a log line, an error). */
export function makeScrub(secret: string): (text: string) => string {
  const key = secret.trim();
  if (key.length < 4) return (text) => text;
  return (text) => (text.includes(key) ? text.split(key).join('[hidden]') : text);
}

/** What a member is answered when the upstream call failed, and whether the call may have been charged. */
export function upstreamFailure(error: unknown, what: string): FlightError & { outcomeUnknown: boolean } {
  if (!(error instanceof ApiError)) {
    return { status: 500, body: { success: false, message: MESSAGES.internal }, outcomeUnknown: false };
  }
  const answer = (
    status: number,
    message: string,
    extra: Record<string, unknown> = {},
    headers?: Record<string, string>,
  ) => ({
    status,
    body: { success: false, message, ...extra },
    ...(headers ? { headers } : {}),
    outcomeUnknown: error.outcomeUnknown,
  });
  if (error.outcomeUnknown) return answer(504, MESSAGES.outcomeUnknown(what));
  switch (error.kind) {
    case 'insufficient-credits': {
      const info = error.creditsInfo ?? { required: 0, available: 0 };
      return answer(403, MESSAGES.teamBalance(what, info.required, info.available), { credits_info: info });
    }
    case 'invalid-key':
      return answer(502, MESSAGES.serviceKeyRefused);
    case 'bad-request':
    case 'invalid-request':
      return answer(400, error.message);
    case 'rate-limited': {
      const seconds =
        error.retryAfterMs !== undefined ? Math.max(1, Math.ceil(error.retryAfterMs / 1000)) : 5;
      return answer(429, MESSAGES.rateLimited(what), {}, { 'Retry-After': String(seconds) });
    }
    default:
      return answer(502, MESSAGES.serviceFailed(what));
  }
}
