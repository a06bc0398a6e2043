/** The one HTTP exchange every remote call makes: its time limit, the caller's abort, no redirect, the whole body. */
import { describe, expect, it } from 'vitest';
import { exchange, isRedirect, joinUrl, readJson } from '../../../src/api/http';

/** A fetch that answers only when its signal ends (then rejects as fetch does), recording what it was asked. */
function hangingFetch(asked: RequestInit[] = []): typeof fetch {
  return (_input, init) =>
    new Promise((_, reject) => {
      asked.push(init ?? {});
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
}

const GET = { method: 'GET', headers: { 'x-api-key': 'k' } };

describe('exchange', () => {
  it('reads the whole answer, never following a redirect, with no cookie and no cache', async () => {
    const asked: RequestInit[] = [];
    const answer = await exchange(
      'https://remote.example/v1/x',
      { method: 'POST', headers: { 'x-api-key': 'k' }, body: '{"a":1}' },
      {
        timeoutMs: 1000,
        fetch: async (_input, init) => {
          asked.push(init ?? {});
          return new Response('{"ok":true}', { status: 201 });
        },
      },
    );
    expect(answer.ok && answer.text).toBe('{"ok":true}');
    expect(answer.ok && answer.response.status).toBe(201);
    expect(asked[0]).toMatchObject({
      method: 'POST',
      body: '{"a":1}',
      redirect: 'manual',
      credentials: 'omit',
      cache: 'no-store',
    });
  });

  it('ends at its time limit: a timeout', async () => {
    const answer = await exchange('https://remote.example/', GET, { timeoutMs: 20, fetch: hangingFetch() });
    expect(answer).toEqual({ ok: false, failure: 'timeout' });
  });

  it("ends when the caller's signal does: aborted, not a timeout", async () => {
    const caller = new AbortController();
    const pending = exchange('https://remote.example/', GET, {
      timeoutMs: 10_000,
      signal: caller.signal,
      fetch: hangingFetch(),
    });
    caller.abort();
    expect(await pending).toEqual({ ok: false, failure: 'aborted' });
  });

  it('a failed connection is the network; a body cut off keeps the response that had come', async () => {
    const refused = await exchange('https://remote.example/', GET, {
      timeoutMs: 1000,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(refused).toEqual({ ok: false, failure: 'network' });

    const cutOff = new Response('x', { status: 200 });
    Object.defineProperty(cutOff, 'text', { value: () => Promise.reject(new TypeError('network error')) });
    const half = await exchange('https://remote.example/', GET, {
      timeoutMs: 1000,
      fetch: async () => cutOff,
    });
    expect(half).toEqual({ ok: false, failure: 'network', response: cutOff });
  });

  it('the time limit covers the body: a body that never ends is a timeout', async () => {
    const slow = new Response(new ReadableStream({ start() {} }), { status: 200 });
    const answer = await exchange('https://remote.example/', GET, {
      timeoutMs: 20,
      fetch: async (_input, init) => {
        init?.signal?.addEventListener('abort', () => void slow.body?.cancel());
        Object.defineProperty(slow, 'text', {
          value: () =>
            new Promise((_, reject) =>
              init?.signal?.addEventListener('abort', () =>
                reject(new DOMException('aborted', 'AbortError')),
              ),
            ),
        });
        return slow;
      },
    });
    expect(answer).toMatchObject({ ok: false, failure: 'timeout' });
  });
});

describe('the helpers', () => {
  it('a refused redirect is one in a browser (opaque) and in Node (3xx); other statuses are not', () => {
    expect(isRedirect(new Response(null, { status: 302 }))).toBe(true);
    expect(isRedirect({ type: 'opaqueredirect', status: 0 } as Response)).toBe(true);
    expect(isRedirect(new Response(null, { status: 200 }))).toBe(false);
    expect(isRedirect(new Response(null, { status: 404 }))).toBe(false);
  });

  it('reads JSON without throwing, and joins an address typed with trailing slashes', () => {
    expect(readJson('{"a":1}')).toEqual({ a: 1 });
    expect(readJson('')).toBeUndefined();
    expect(readJson('<html>')).toBeUndefined();
    expect(joinUrl(' https://gw.example// ', '/v1/team/me')).toBe('https://gw.example/v1/team/me');
  });
});
