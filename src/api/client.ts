/**
 * The API client: the only code in the extension that talks to the candidate service, and the only reader of the
 * key. Runs in the background (MV3 service worker / Firefox background page): global `fetch`, `AbortController`,
 * `setTimeout`, no Node APIs.
 *
 * Policy, in the order a call meets it:
 * 1. The body is checked against the contract (zod shape, then the spec's cross-field rules) before any request;
 *    a bad body is refused with kind 'invalid-request' and never costs a request.
 * 2. Each request has its own time limit (`timeoutMs`, default 15 s) and follows the caller's AbortSignal.
 * 3. Retries happen only where the service cannot have charged: 429 (waiting `Retry-After`, seconds or HTTP-date,
 *    up to a cap) and 500/502/503 (capped exponential backoff, full jitter). A timeout or dropped connection on
 *    search or lookup is never retried: it may have been charged, so it fails with `outcomeUnknown: true`. The
 *    account endpoint costs nothing, so it is retried after timeouts and network failures too.
 * 4. Every answer is checked with zod; anything else fails with kind 'malformed-response', never silently.
 *
 * Nothing here logs. The key is sent only in the `x-api-key` header and is scrubbed from every error text.
 *
 * Reading a complete answer (step 4 and the statuses of step 3) is `answer.ts`; the errors, the retry timing and the
 * contract are `errors.ts`, `retry.ts` and `schema.ts`.
 */
import * as z from 'zod/mini';
import { type Attempt, type Endpoint, english, interpret, MAY_HAVE_CHARGED, NOUN, seconds } from './answer';
import { ApiError, type ApiErrorInit, type ApiOperation } from './errors';
import { exchange } from './http';
import { AbortedError, backoffDelay, sleep as defaultSleep } from './retry';
import {
  AccountResponse,
  LookupRequest,
  LookupResponse,
  lookupRequestProblem,
  SearchRequest,
  SearchResponse,
  searchRequestProblem,
} from './schema';

export interface RetryOptions {
  /** Retries after the first attempt (default 2, so at most 3 requests). */
  retries?: number;
  /** Backoff ceiling of the first retry, before jitter (default 500 ms). */
  baseDelayMs?: number;
  /** Backoff cap (default 8000 ms). */
  maxDelayMs?: number;
  /** The longest `Retry-After` we wait for (default 30 000 ms); longer fails at once with kind 'rate-limited'. */
  maxRetryAfterMs?: number;
  /**
   * Whether a 429 is retried here (default true). A caller that runs many calls at once (a bulk job) turns this
   * off and waits once for all of them: it gets the 'rate-limited' error at once, with `retryAfterMs`.
   */
  rateLimited?: boolean;
}

export interface ClientOptions {
  /** The service's base URL, with or without a trailing slash, e.g. `https://api.example.com`. */
  baseUrl: string;
  apiKey: string;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Time limit of each request, response body included (default 15 000 ms). */
  timeoutMs?: number;
  retry?: RetryOptions;
  /** Injectable for tests. Must reject (or resolve early) when `signal` aborts; the client also races it. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Injectable for tests: uniform in [0, 1), for the backoff jitter (default `Math.random`). */
  random?: () => number;
  /** Injectable for tests: the clock used to read an HTTP-date `Retry-After` (default `Date.now`). */
  now?: () => number;
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Called before each retry is handed to the network, after its wait; the retry leaves once it resolves (a
   * rejection ends the call with that error, nothing sent again). A paid call's ledger records each hand-over: the
   * service may be charging the latest attempt, not the first, for the time a call can take.
   */
  beforeRetry?: () => Promise<void>;
}

export interface ApiClient {
  /** `POST /v1/search`: 1 credit (2 with `jd_search`), charged only when profiles are returned. */
  search(body: SearchRequest, options?: CallOptions): Promise<SearchResponse>;
  /** `POST /v1/lookup`: one candidate; charged per item actually retrieved (3..11 credits). */
  lookup(body: LookupRequest, options?: CallOptions): Promise<LookupResponse>;
  /** `GET /v1/account`: balance and lifetime purchases; free. */
  account(options?: CallOptions): Promise<AccountResponse>;
}

export const CLIENT_DEFAULTS = {
  timeoutMs: 15_000,
  retries: 2,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 30_000,
} as const;

function nonNegative(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** Creates a client. Never throws: a bad setting (base URL, key) surfaces as an error of the first call. */
export function createClient(options: ClientOptions): ApiClient {
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const sleepImpl = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const timeoutMs = nonNegative(options.timeoutMs, CLIENT_DEFAULTS.timeoutMs) || CLIENT_DEFAULTS.timeoutMs;
  const retries = Math.floor(nonNegative(options.retry?.retries, CLIENT_DEFAULTS.retries));
  const backoff = {
    baseDelayMs: nonNegative(options.retry?.baseDelayMs, CLIENT_DEFAULTS.baseDelayMs),
    maxDelayMs: nonNegative(options.retry?.maxDelayMs, CLIENT_DEFAULTS.maxDelayMs),
  };
  const maxRetryAfterMs = nonNegative(options.retry?.maxRetryAfterMs, CLIENT_DEFAULTS.maxRetryAfterMs);
  const retryRateLimited = options.retry?.rateLimited ?? true;
  const apiKey = options.apiKey.trim();

  /** Removes the key from any text that reaches an error (a service message could echo it). */
  const scrub = (text: string): string => (apiKey === '' ? text : text.split(apiKey).join('[key hidden]'));

  const fail = (init: ApiErrorInit): ApiError => {
    const clean: ApiErrorInit = { ...init, message: scrub(init.message) };
    if (init.detail !== undefined) clean.detail = scrub(init.detail);
    return new ApiError(clean);
  };

  /** `${base}${path}`, or a 'not-set-up' error when the base URL is not usable. */
  function endpointUrl(operation: ApiOperation, path: string): string {
    const base = options.baseUrl.trim().replace(/\/+$/, '');
    let url: URL | undefined;
    try {
      url = new URL(base);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash) {
      throw fail({
        kind: 'not-set-up',
        operation,
        message: `The saved service address "${options.baseUrl}" is not a web address. Set the service address in Options.`,
      });
    }
    return `${base}${path}`;
  }

  /** Sends one request and reads its answer. Never throws: every outcome is an {@link Attempt}. */
  async function attempt<S extends z.ZodMiniType>(
    endpoint: Endpoint<S>,
    url: string,
    signal: AbortSignal | undefined,
  ): Promise<Attempt<z.output<S>>> {
    const { operation } = endpoint;
    const paid = operation !== 'account';
    const noun = NOUN[operation];
    const headers: Record<string, string> = { 'x-api-key': apiKey, Accept: 'application/json' };
    if (endpoint.body !== undefined) headers['Content-Type'] = 'application/json';
    const body = endpoint.body !== undefined ? JSON.stringify(endpoint.body) : undefined;
    const answer = await exchange(
      url,
      { method: endpoint.method, headers, ...(body !== undefined ? { body } : {}) },
      { timeoutMs, signal, fetch: fetchImpl },
    );
    if (answer.ok) return interpret(endpoint, answer.response, answer.text, now);

    // The request was (or may have been) sent and no full answer came back. An error status cannot have been
    // charged; a success (or no answer at all) may have been.
    const outcomeUnknown = paid && (answer.response === undefined || answer.response.ok);
    const unknownNote = outcomeUnknown ? ` ${MAY_HAVE_CHARGED}` : '';
    const message = {
      aborted: `The ${noun} was cancelled while waiting for the service.${unknownNote}`,
      timeout: `The service did not answer the ${noun} within ${seconds(timeoutMs)}.${unknownNote}`,
      network: `Could not reach the service, or the connection dropped during the ${noun}.${unknownNote}`,
    }[answer.failure];
    return {
      ok: false,
      retryable: answer.failure !== 'aborted' && !paid,
      error: { kind: answer.failure, operation, outcomeUnknown, message },
    };
  }

  /** Waits between attempts; the caller's signal ends the wait even if an injected sleep ignores it. */
  async function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
    if (!signal) return sleepImpl(ms);
    if (signal.aborted) throw new AbortedError('aborted');
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(new AbortedError('aborted'));
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      await Promise.race([sleepImpl(ms, signal), aborted]);
    } finally {
      if (onAbort) signal.removeEventListener('abort', onAbort);
    }
    if (signal.aborted) throw new AbortedError('aborted');
  }

  /** Runs attempts under the retry policy. */
  async function call<S extends z.ZodMiniType>(
    endpoint: Endpoint<S>,
    signal: AbortSignal | undefined,
    beforeRetry?: () => Promise<void>,
  ): Promise<z.output<S>> {
    const { operation } = endpoint;
    const noun = NOUN[operation];
    const cancelled = () =>
      fail({ kind: 'aborted', operation, message: `The ${noun} was cancelled before it was sent.` });
    if (signal?.aborted) throw cancelled();
    const url = endpointUrl(operation, endpoint.path);
    if (apiKey === '') {
      throw fail({
        kind: 'invalid-key',
        operation,
        message: 'No API key is set. Add it in Options.',
      });
    }
    // fetch would refuse such a header value with the same TypeError as a network failure, and a paid call would
    // then look as if it might have been charged.
    if (!/^[\x21-\x7e]+$/.test(apiKey)) {
      throw fail({
        kind: 'invalid-key',
        operation,
        message: 'The API key contains spaces or characters that cannot be sent. Check the key in Options.',
      });
    }

    for (let attempts = 1; ; attempts++) {
      const result = await attempt(endpoint, url, signal);
      if (result.ok) return result.value;
      const { error, retryable, retryAfterMs } = result;
      const retriesLeft = retries - (attempts - 1);
      if (error.kind === 'rate-limited' && !retryRateLimited) throw fail({ ...error, attempts });
      if (retryAfterMs !== undefined && retryAfterMs > maxRetryAfterMs) {
        throw fail({
          ...error,
          attempts,
          message: `The service is limiting requests and asked to wait ${seconds(retryAfterMs)}, longer than we wait automatically. Nothing was charged.`,
        });
      }
      // How many attempts were made is kept in `attempts`, not said to the user.
      if (!retryable || retriesLeft <= 0) throw fail({ ...error, attempts });
      const waitMs = retryAfterMs ?? backoffDelay(attempts - 1, backoff, random);
      try {
        await pause(waitMs, signal);
      } catch {
        throw fail({
          kind: 'aborted',
          operation,
          attempts,
          message: `The ${noun} was cancelled while waiting to retry. Nothing was charged.`,
        });
      }
      await beforeRetry?.();
    }
  }

  function invalid(operation: ApiOperation, message: string): ApiError {
    return fail({ kind: 'invalid-request', operation, message });
  }

  return {
    async search(body, callOptions) {
      const shape = SearchRequest.safeParse(body, english);
      if (!shape.success) {
        throw invalid('search', `The search is not valid:\n${z.prettifyError(shape.error)}`);
      }
      const problem = searchRequestProblem(shape.data);
      if (problem) throw invalid('search', problem);
      return call(
        { operation: 'search', method: 'POST', path: '/v1/search', body: shape.data, schema: SearchResponse },
        callOptions?.signal,
        callOptions?.beforeRetry,
      );
    },

    async lookup(body, callOptions) {
      const shape = LookupRequest.safeParse(body, english);
      if (!shape.success) {
        throw invalid('lookup', `The contact lookup is not valid:\n${z.prettifyError(shape.error)}`);
      }
      const problem = lookupRequestProblem(shape.data);
      if (problem) throw invalid('lookup', problem);
      return call(
        { operation: 'lookup', method: 'POST', path: '/v1/lookup', body: shape.data, schema: LookupResponse },
        callOptions?.signal,
        callOptions?.beforeRetry,
      );
    },

    async account(callOptions) {
      return call(
        { operation: 'account', method: 'GET', path: '/v1/account', schema: AccountResponse },
        callOptions?.signal,
      );
    },
  };
}
