/**
 * One HTTP exchange as every caller of a remote in the house makes it: the service client (`client.ts`), the
 * destinations (`src/send/http.ts`) and the team's gateway (`src/background/team/`). Each keeps its own words for
 * what went wrong and its own retry rule (built from `retry.ts`); what they share is here:
 * - a time limit of the exchange's own, over the whole answer (its body included), which also ends when the caller's
 *   signal does;
 * - never a redirect: a browser keeps a custom key header such as `x-api-key` on a cross-origin redirect (only
 *   `Authorization` is dropped), so one is never followed (`redirect: 'manual'`); no cookie rides along
 *   (`credentials: 'omit'`) and no answer is taken from a cache (`cache: 'no-store'`);
 * - the whole body read as text, and its JSON read without throwing.
 * Runs in the background (service worker or background page) and in Node (the gateway's tests): `fetch`,
 * `AbortController` and `setTimeout` only.
 */

/** Why no whole answer came: the caller's signal ended it, the time limit did, or the network failed. */
export type Failure = 'aborted' | 'timeout' | 'network';

/**
 * What one exchange gave: the answer and its whole body, or why there is none (with the response when its head
 * had come before the body failed: the request reached the remote).
 */
export type Exchange =
  | { ok: true; response: Response; text: string }
  | { ok: false; failure: Failure; response?: Response };

export interface ExchangeRequest {
  method: string;
  headers: Record<string, string>;
  /** Sent as is (already serialised), so a signature over it matches the bytes sent. */
  body?: string;
}

export interface ExchangeOptions {
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** Injected in tests; the global `fetch` (called as a function of its own global) otherwise. */
  fetch?: typeof fetch | undefined;
}

/** Sends one request and reads its whole answer. Never throws: every outcome is an {@link Exchange}. */
export async function exchange(
  url: string,
  request: ExchangeRequest,
  options: ExchangeOptions,
): Promise<Exchange> {
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const { signal } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const onCallerAbort = () => controller.abort();
  signal?.addEventListener('abort', onCallerAbort, { once: true });
  let response: Response | undefined;
  try {
    response = await fetchImpl(url, {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      signal: controller.signal,
      redirect: 'manual',
      credentials: 'omit',
      cache: 'no-store',
    });
    const text = await response.text();
    return { ok: true, response, text };
  } catch {
    const failure: Failure = signal?.aborted ? 'aborted' : timedOut ? 'timeout' : 'network';
    return response ? { ok: false, failure, response } : { ok: false, failure };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}

/** A redirect answered and not followed: an opaque answer in a browser (status 0), the 3xx itself in Node. */
export const isRedirect = (response: Response): boolean =>
  response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);

/** The JSON of a body; undefined when it is empty or not JSON. */
export function readJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A remote's address (as the user typed it, trailing slashes and all) and a path joined. */
export const joinUrl = (base: string, path: string): string => `${base.trim().replace(/\/+$/, '')}${path}`;
