/**
 * A fake `fetch` for the client's unit tests: scripted answers, every request recorded, the request's AbortSignal
 * honoured the way the real fetch honours it. No network.
 */

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** The parsed JSON body, or undefined when none was sent. */
  body: unknown;
  rawBody: string | undefined;
  signal: AbortSignal | undefined;
  init: RequestInit | undefined;
}

/** What one scripted request does. */
export type Script =
  | Response
  | ((request: RecordedRequest) => Response | Promise<Response>)
  | { hang: true }
  | { networkError: true }
  /** Headers arrive with `status`, then the body stream fails (a connection dropped mid-answer). */
  | { dropBody: true; status?: number }
  /** Headers arrive with `status`, then the body never ends (until the request is aborted). */
  | { hangBody: true; status?: number };

function abortError(): Error {
  return new DOMException('This operation was aborted', 'AbortError');
}

function waitForAbort(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    if (signal?.aborted) reject(abortError());
    signal?.addEventListener('abort', () => reject(abortError()), { once: true });
  });
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function text(body: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers });
}

/**
 * Answers requests from `scripts` in order; once they run out, the last one repeats.
 * `calls` records every request made.
 */
export function fakeFetch(...scripts: Script[]): { fetch: typeof fetch; calls: RecordedRequest[] } {
  const calls: RecordedRequest[] = [];
  const fake = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const rawBody = typeof init?.body === 'string' ? init.body : undefined;
    const signal = init?.signal ?? undefined;
    const request: RecordedRequest = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers,
      body: rawBody === undefined ? undefined : JSON.parse(rawBody),
      rawBody,
      signal,
      init,
    };
    calls.push(request);
    if (signal?.aborted) throw abortError();
    const script = scripts[Math.min(calls.length - 1, scripts.length - 1)];
    if (script === undefined) throw new Error('fakeFetch: no script');
    if (script instanceof Response) return script.clone();
    if (typeof script === 'function') return script(request);
    if ('hang' in script) return waitForAbort(signal);
    if ('networkError' in script) throw new TypeError('fetch failed');
    if ('dropBody' in script) {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"success":tr'));
          controller.error(new TypeError('terminated'));
        },
      });
      return new Response(stream, { status: script.status ?? 200 });
    }
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"success":'));
        signal?.addEventListener('abort', () => controller.error(abortError()), { once: true });
      },
    });
    return new Response(stream, { status: script.status ?? 200 });
  };
  return { fetch: fake as typeof fetch, calls };
}

// ------------------------------------------------------------------------------------------------------------
// Valid bodies, as the spec shows them
// ------------------------------------------------------------------------------------------------------------

export const profile = {
  id: 42,
  name: 'Ada Example',
  current_title: 'Registered Nurse',
  current_employer: 'General Hospital',
  location: 'Boston, MA',
  social_url: 'https://www.linkedin.com/in/ada-example',
};

export function searchOk(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    success: true,
    data: {
      profiles: [profile],
      pagination: { current_page: 1, page_size: 50, start: 1, total: 1, has_next: false, next_start: null },
    },
    credits: { used: 1, remaining: 99 },
    ...overrides,
  };
}

export function lookupOk(): Record<string, unknown> {
  return {
    success: true,
    data: {
      contacts: [
        {
          lookup_identifier: '42',
          lookup_type: 'id',
          success: true,
          profile: {
            id: '42',
            name: 'Ada Example',
            current_title: 'Registered Nurse',
            current_employer: 'General Hospital',
            personal_email: 'ada@example.com',
          },
          contact_data_retrieved: ['email'],
          retrieved_at: '2026-01-01T00:00:00Z',
        },
      ],
      summary: { total_requested: 1, successful: 1, failed: 0 },
    },
    credits: { used: 3, remaining: 96, billing_note: 'Only successful lookups were charged.' },
  };
}

export function accountOk(): Record<string, unknown> {
  return { success: true, credits_remaining: 96, credits_purchased: 100, timestamp: '2026-01-01T00:00:00Z' };
}

export const instantSleep = () => {
  const sleeps: number[] = [];
  const sleep = async (ms: number) => {
    sleeps.push(ms);
  };
  return { sleep, sleeps };
};
