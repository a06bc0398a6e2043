/**
 * One HTTP call to a destination: its own time limit, the caller's abort, `Retry-After` honoured on 429, capped
 * backoff on 5xx where a retry cannot duplicate a record, the answer checked with zod, and every failure turned
 * into a {@link SendError} whose text never holds the key.
 */
import * as z from 'zod/mini';
import { exchange, readJson } from '../api/http';
import { AbortedError, backoffDelay, sleep as defaultSleep, parseRetryAfter } from '../api/retry';
import { type Described, describeStatus, SendError } from './errors';
import type { TransportOptions } from './types';

export interface HttpRequest<S extends z.ZodMiniType> {
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  headers: Record<string, string>;
  /** Sent as is (already serialised), so a signature over it matches the bytes sent. */
  body?: string;
  schema: S;
  /** Whether a 5xx may be retried: true only where the vendor cannot have made a record (reads, signed deliveries). */
  retryServerErrors: boolean;
}

export type Http = <S extends z.ZodMiniType>(
  request: HttpRequest<S>,
  signal?: AbortSignal,
) => Promise<z.output<S>>;

const DEFAULTS = {
  timeoutMs: 15_000,
  maxRetryAfterMs: 30_000,
  retries: 2,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
};

/**
 * How one vendor says its failures: `vendorMessage` reads its own reason out of an error body (each vendor words its
 * errors differently); `describe` says a failure its own way where its reference gives a status a meaning of its own
 * (Ashby's 403 for a wrong key), or leaves it to {@link describeStatus}; `permission` is what its key must be allowed
 * to do, in plain words.
 */
export interface VendorErrors {
  vendorMessage: (body: unknown) => string | undefined;
  describe?: (status: number, body: unknown, url: string) => Described | undefined;
  permission?: string;
}

/** Builds the caller of one destination; `secrets` are scrubbed from every message. */
export function createHttp(
  destination: string,
  options: TransportOptions,
  errors: VendorErrors | ((body: unknown) => string | undefined),
  secrets: readonly string[],
): Http {
  const vendor: VendorErrors = typeof errors === 'function' ? { vendorMessage: errors } : errors;
  const fetchImpl = options.fetch;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs;
  const retries = options.retries ?? DEFAULTS.retries;

  const scrub = (text: string) =>
    secrets
      .map((secret) => secret.trim())
      .reduce((t, secret) => (secret === '' ? t : t.split(secret).join('[hidden]')), text);
  // Messages may start with the destination's name ("the webhook"): a sentence starts with a capital.
  const fail = (init: ConstructorParameters<typeof SendError>[0]) => {
    const message = scrub(init.message);
    return new SendError({
      ...init,
      destination,
      message: message.charAt(0).toUpperCase() + message.slice(1),
    });
  };

  return async function call<S extends z.ZodMiniType>(
    request: HttpRequest<S>,
    signal?: AbortSignal,
  ): Promise<z.output<S>> {
    for (let attempt = 0; ; attempt++) {
      const answer = await exchange(
        request.url,
        {
          method: request.method,
          headers: request.headers,
          ...(request.body !== undefined ? { body: request.body } : {}),
        },
        { timeoutMs, signal, fetch: fetchImpl },
      );
      if (!answer.ok) {
        if (answer.failure === 'aborted') throw new AbortedError('aborted');
        throw answer.failure === 'timeout'
          ? fail({
              kind: 'timeout',
              destination,
              message: `${destination} did not answer in time. Try again.`,
            })
          : fail({
              kind: 'network',
              destination,
              message: `Could not reach ${destination}. Check your internet connection and the address.`,
            });
      }
      const { response, text } = answer;
      const json = readJson(text);

      if (response.ok) {
        const parsed = z.safeParse(request.schema, json);
        if (parsed.success) return parsed.data;
        throw fail({
          kind: 'malformed-response',
          destination,
          status: response.status,
          message: `${destination} answered in a shape we do not know: nothing more was sent.`,
        });
      }

      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), now());
      const canRetry = attempt < retries;
      if (response.status === 429 && canRetry && (retryAfterMs ?? 0) <= maxRetryAfterMs) {
        await sleep(retryAfterMs ?? backoffDelay(attempt, DEFAULTS, random), signal);
        continue;
      }
      if (response.status >= 500 && canRetry && request.retryServerErrors) {
        await sleep(Math.max(retryAfterMs ?? 0, backoffDelay(attempt, DEFAULTS, random)), signal);
        continue;
      }
      const reason = vendor.vendorMessage(json);
      const described =
        vendor.describe?.(response.status, json, request.url) ??
        describeStatus(destination, response.status, reason, retryAfterMs, vendor.permission);
      throw fail({
        ...described,
        destination,
        status: response.status,
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
        ...(reason ? { reason } : {}),
      });
    }
  };
}

/** `Basic base64(key:)`: Lever and Ashby take the key as the user name and an empty password. */
export function basicAuth(key: string): string {
  return `Basic ${btoa(`${key}:`)}`;
}

/**
 * `text` as a URL, or a 'not-set-up' error saying `refusal`: only https leaves the machine (plain http only to this
 * machine, for the local servers the tests and demos run).
 */
export function secureUrl(destination: string, text: string, refusal: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  const local = url?.hostname === '127.0.0.1' || url?.hostname === 'localhost';
  if (!url || !(url.protocol === 'https:' || (url.protocol === 'http:' && local))) {
    throw new SendError({ kind: 'not-set-up', destination, message: refusal });
  }
  return url;
}

/** The base URL without a trailing slash, or a 'not-set-up' error when it is not an https (or local http) address. */
export function baseUrlOf(destination: string, raw: string): string {
  const base = raw.trim().replace(/\/+$/, '');
  secureUrl(destination, base, `"${raw}" is not an https address for ${destination}.`);
  return base;
}
