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
 * Longer than the house's ~350 lines on purpose: the four steps above act on one call, share its state (the
 * attempt, the time limit, the key to scrub) and are read in that order, so they stay together; what stands apart
 * already lives apart (`errors.ts`, `retry.ts`, the contract in `schema.ts`).
 */
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { ApiError, type ApiErrorInit, type ApiOperation } from './errors';
import { AbortedError, backoffDelay, sleep as defaultSleep, parseRetryAfter } from './retry';
import {
  AccountResponse,
  ErrorBody,
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

/** Statuses after which the service cannot have charged, so a retry is safe. */
const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503]);

const NOUN: Readonly<Record<ApiOperation, string>> = {
  search: 'search',
  lookup: 'contact lookup',
  account: 'balance check',
};

/**
 * zod/mini ships without messages ("Invalid input" for everything). The English ones are passed per parse rather
 * than with a global `z.config`, so importing the client changes nothing elsewhere.
 */
const english = { error: en().localeError };

const MAY_HAVE_CHARGED = 'It may have been charged; check your balance before retrying.';

/** One request's result: a parsed answer, or an error and whether another attempt is safe. */
type Attempt<T> =
  | { ok: true; value: T }
  | { ok: false; error: ApiErrorInit; retryable: boolean; retryAfterMs?: number };

interface Endpoint<S extends z.ZodMiniType> {
  operation: ApiOperation;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  schema: S;
}

function seconds(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return s === 1 ? '1 second' : `${s} seconds`;
}

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
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    signal?.addEventListener('abort', onCallerAbort, { once: true });

    const headers: Record<string, string> = { 'x-api-key': apiKey, Accept: 'application/json' };
    const init: RequestInit = {
      method: endpoint.method,
      headers,
      signal: controller.signal,
      // A redirect could carry the key to another origin: never follow one.
      redirect: 'manual',
      credentials: 'omit',
      cache: 'no-store',
    };
    if (endpoint.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(endpoint.body);
    }

    let response: Response | undefined;
    try {
      response = await fetchImpl(url, init);
      const text = await response.text();
      return interpret(endpoint, response, text);
    } catch {
      // The request was (or may have been) sent and no full answer came back. An error status cannot have been
      // charged; a success (or no answer at all) may have been.
      const outcomeUnknown = paid && (response === undefined || response.ok);
      const unknownNote = outcomeUnknown ? ` ${MAY_HAVE_CHARGED}` : '';
      if (signal?.aborted) {
        return {
          ok: false,
          retryable: false,
          error: {
            kind: 'aborted',
            operation,
            outcomeUnknown,
            message: `The ${noun} was cancelled while waiting for the service.${unknownNote}`,
          },
        };
      }
      if (timedOut) {
        return {
          ok: false,
          retryable: !paid,
          error: {
            kind: 'timeout',
            operation,
            outcomeUnknown,
            message: `The service did not answer the ${noun} within ${seconds(timeoutMs)}.${unknownNote}`,
          },
        };
      }
      return {
        ok: false,
        retryable: !paid,
        error: {
          kind: 'network',
          operation,
          outcomeUnknown,
          message: `Could not reach the service, or the connection dropped during the ${noun}.${unknownNote}`,
        },
      };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  /** Turns a complete HTTP answer into a value or an error. */
  function interpret<S extends z.ZodMiniType>(
    endpoint: Endpoint<S>,
    response: Response,
    text: string,
  ): Attempt<z.output<S>> {
    const { operation } = endpoint;
    const paid = operation !== 'account';
    const noun = NOUN[operation];
    const status = response.status;
    // Every failure names its operation; `stop` ends the call, `retry` allows another attempt.
    const stop = (error: Omit<ApiErrorInit, 'operation'>): Attempt<never> => ({
      ok: false,
      retryable: false,
      error: { operation, ...error },
    });
    const retry = (error: Omit<ApiErrorInit, 'operation'>): Attempt<never> => ({
      ok: false,
      retryable: true,
      error: { operation, ...error },
    });

    if (response.type === 'opaqueredirect' || (status >= 300 && status < 400)) {
      return stop({
        kind: 'http',
        ...(status > 0 ? { status } : {}),
        message: `The service answered the ${noun} with a redirect, which is not followed.`,
      });
    }

    const json = parseJson(text);

    if (response.ok) {
      // A success answer we cannot read may still have been charged.
      const unknownNote = paid ? ` ${MAY_HAVE_CHARGED}` : '';
      if (!json.ok) {
        return stop({
          kind: 'malformed-response',
          status,
          outcomeUnknown: paid,
          message: `The service's answer to the ${noun} is not JSON.${unknownNote}`,
        });
      }
      const parsed = endpoint.schema.safeParse(json.value, english);
      if (!parsed.success) {
        const detail = z.prettifyError(parsed.error);
        return stop({
          kind: 'malformed-response',
          status,
          outcomeUnknown: paid,
          detail,
          message:
            `The service's answer to the ${noun} is not in the expected form:\n${truncate(detail)}\n${unknownNote.trim()}`.trim(),
        });
      }
      return { ok: true, value: parsed.data };
    }

    const errorBody = json.ok ? ErrorBody.safeParse(json.value, english) : undefined;
    const body = errorBody?.success ? errorBody.data : undefined;

    if (status === 401) {
      // The service answers a bad key with 403; a team gateway (gateway/) answers a missing, unknown or revoked
      // member key with 401. Either way the key is refused, and nothing was sent upstream or charged.
      return stop({
        kind: 'invalid-key',
        status,
        ...(body ? { detail: body.message } : {}),
        message: 'The service refused the API key: it is missing, invalid or inactive.',
      });
    }

    if (status === 400 || status === 403) {
      // These statuses mean something only through their body.
      if (!body) {
        const detail = errorBody && !errorBody.success ? z.prettifyError(errorBody.error) : undefined;
        return stop({
          kind: 'malformed-response',
          status,
          ...(detail !== undefined ? { detail } : {}),
          message: `The service refused the ${noun} with an answer that could not be read.`,
        });
      }
      if (status === 400) {
        return stop({
          kind: 'bad-request',
          status,
          message: body.message.trim() || `The service refused the ${noun} as malformed.`,
        });
      }
      if (body.credits_info) {
        const info = body.credits_info;
        return stop({
          kind: 'insufficient-credits',
          status,
          creditsInfo: { ...info },
          detail: body.message,
          message: `Not enough credits for this ${noun}: it needs ${info.required}, the balance is ${info.available}.${info.breakdown ? ` (${info.breakdown})` : ''}`,
        });
      }
      return stop({
        kind: 'invalid-key',
        status,
        detail: body.message,
        message: 'The service refused the API key: it is missing, invalid or inactive.',
      });
    }

    if (status === 429) {
      const retryAfterMs = parseRetryAfter(response.headers.get('Retry-After'), now());
      return {
        ok: false,
        retryable: true,
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
        error: {
          kind: 'rate-limited',
          operation,
          status,
          ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
          message:
            retryAfterMs !== undefined
              ? `The service is limiting requests and asked to wait ${seconds(retryAfterMs)}.`
              : 'The service is limiting requests.',
        },
      };
    }

    if (RETRY_STATUSES.has(status)) {
      return retry({
        kind: 'server',
        status,
        message: `The service had a problem with the ${noun}. Nothing was charged.`,
      });
    }

    // A gateway timeout may come after the service did the work.
    const outcomeUnknown = paid && status === 504;
    return stop({
      kind: 'http',
      status,
      outcomeUnknown,
      ...(body ? { detail: body.message } : {}),
      message: `The ${noun} got an answer the extension cannot use.${outcomeUnknown ? ` ${MAY_HAVE_CHARGED}` : ''}`,
    });
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

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function truncate(text: string, max = 600): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
