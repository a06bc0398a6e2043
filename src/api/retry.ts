/**
 * Retry timing of the API client: capped exponential backoff with full jitter, `Retry-After` parsing, and an
 * abortable sleep. Pure functions, so each rule is tested on its own.
 */

export interface BackoffOptions {
  /** Delay ceiling of the first retry, before jitter. */
  baseDelayMs: number;
  /** No retry waits longer than this (before honouring a `Retry-After`). */
  maxDelayMs: number;
}

/**
 * Full jitter (AWS architecture blog, "Exponential Backoff and Jitter"): a uniform random wait between 0 and
 * min(max, base * 2^retryIndex). `retryIndex` is 0 for the first retry.
 */
export function backoffDelay(retryIndex: number, options: BackoffOptions, random: () => number): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retryIndex);
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.floor(r * ceiling);
}

/**
 * Milliseconds to wait from a `Retry-After` header: delta-seconds (`"120"`) or an HTTP-date
 * (`"Wed, 21 Oct 2015 07:28:00 GMT"`). A date in the past means 0. Undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Fractional seconds are not in RFC 9110, but harmless to honour.
  if (/^\d+\.\d+$/.test(text)) return Math.ceil(Number(text) * 1000);
  if (!/[a-z]/i.test(text)) return undefined; // "-5" and the like: not a date either
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

/** The reason a sleep or a request ends when the caller's signal fires. */
export class AbortedError extends Error {
  override readonly name = 'AbortError';
}

/** Waits `ms`, or rejects with {@link AbortedError} as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new AbortedError('aborted'));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortedError('aborted'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
