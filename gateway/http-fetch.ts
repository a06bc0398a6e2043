/**
 * The `fetch` the gateway gives the project's client (`src/api/client.ts`) for its calls to the candidate service:
 * `node:http`/`node:https` over a keep-alive agent, answering a standard `Response` once the whole body is in.
 *
 * Why not the global `fetch`: it is undici's WHATWG fetch, whose request and response objects, web streams and
 * header guards cost about a millisecond of CPU per call, the largest single piece of the gateway's own work on a
 * paid lookup. This one does what the client needs and no more: one request, no redirect followed (a 3xx is
 * answered as it came, and the client refuses it), the caller's `AbortSignal` honoured until the last byte (the
 * client's time limit covers the body), and a cap on the answer's size. Its errors are fixed texts naming no URL,
 * header or body, so the service key it sends can never reach one.
 */
import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';

export interface HttpFetchOptions {
  /** The largest answer body read, in bytes (after decompression); a larger one fails the call (default 8 MiB). */
  maxResponseBytes?: number;
}

export interface HttpFetch {
  fetch: typeof fetch;
  /** Closes the idle connections kept for reuse. */
  close(): void;
}

/** An upstream call that failed without a complete answer; its message names no URL, header or body. */
export class UpstreamFetchError extends TypeError {
  constructor(
    message: string,
    /** Node's error code when there was one (ECONNREFUSED, ECONNRESET...), never its message. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'UpstreamFetchError';
  }
}

/** A service answer to 15 concurrent lookups fits in far less; 100 detailed profiles are well under 1 MiB. */
const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
/** Statuses whose `Response` may not have a body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

function plainHeaders(headers: HeadersInit | undefined): Record<string, string> {
  if (!headers) return {};
  if (headers instanceof Headers) return Object.fromEntries(headers);
  if (Array.isArray(headers)) return Object.fromEntries(headers);
  return { ...(headers as Record<string, string>) };
}

function decode(body: Buffer, encoding: string | undefined, maxBytes: number): Buffer {
  const how = (encoding ?? '').trim().toLowerCase();
  if (how === '' || how === 'identity') return body;
  const limit = { maxOutputLength: maxBytes };
  if (how === 'gzip' || how === 'x-gzip') return zlib.gunzipSync(body, limit);
  if (how === 'deflate') return zlib.inflateSync(body, limit);
  if (how === 'br') return zlib.brotliDecompressSync(body, limit);
  throw new UpstreamFetchError('The service answered in an encoding the gateway cannot read.');
}

/**
 * A standard `Response` whose body is already in memory, read straight from its bytes. A `Response` made with
 * those bytes wraps them in a web stream and reads them back through it, a tenth of a millisecond of the gateway's
 * CPU on every call (the client reads each answer with `text()`); here the body becomes a stream only if someone
 * asks for `body`.
 */
const utf8 = new TextDecoder();

class BufferedResponse extends Response {
  readonly #bytes: Buffer;
  #used = false;
  #stream: ReadableStream<Uint8Array> | null = null;

  constructor(bytes: Buffer | null, init: ResponseInit) {
    super(null, init);
    this.#bytes = bytes ?? Buffer.alloc(0);
  }

  #take(): Buffer {
    if (this.bodyUsed) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    return this.#bytes;
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    if (this.#stream === null) {
      const bytes = this.#bytes;
      this.#stream = new ReadableStream<Uint8Array>({
        start(controller) {
          if (bytes.length > 0) controller.enqueue(new Uint8Array(bytes));
          controller.close();
        },
      });
    }
    return this.#stream as ReadableStream<Uint8Array<ArrayBuffer>>;
  }

  override get bodyUsed(): boolean {
    return this.#used || (this.#stream?.locked ?? false);
  }

  override async text(): Promise<string> {
    // As the standard one decodes: UTF-8, a leading byte order mark dropped.
    return utf8.decode(this.#take());
  }

  override async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.#take();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer;
  }

  override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(await this.arrayBuffer());
  }

  override async blob(): Promise<Blob> {
    return new Blob([await this.arrayBuffer()], { type: this.headers.get('content-type') ?? '' });
  }

  override clone(): Response {
    if (this.bodyUsed) throw new TypeError('Response.clone: Body has already been consumed.');
    return new BufferedResponse(this.#bytes, {
      status: this.status,
      statusText: this.statusText,
      headers: this.headers,
    });
  }
}

/** `answer` as a standard `Response` with `body` (null: none). */
function answerOf(answer: http.IncomingMessage, body: Buffer | null): Response {
  const status = answer.statusCode ?? 0;
  const raw = answer.rawHeaders;
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i]!, raw[i + 1]!]);
  return new BufferedResponse(body === null || NULL_BODY.has(status) ? null : body, {
    status,
    statusText: answer.statusMessage ?? '',
    headers: pairs,
  });
}

/** A `fetch` over keep-alive connections, for the client's calls to one service. */
export function createHttpFetch(options: HttpFetchOptions = {}): HttpFetch {
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  // A paid call sent on a connection the server is closing may have been charged and is not retried, so idle
  // connections are dropped first: after 4 s (as undici's fetch does), or a second before the server's own
  // `Keep-Alive: timeout=N` (Node's agent reads it). LIFO: the most recently used connection is the likeliest open.
  const agentOptions = { keepAlive: true, scheduling: 'lifo' as const, timeout: 4_000 };
  const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) };

  const fetchImpl = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> =>
    new Promise<Response>((resolve, reject) => {
      if (typeof input !== 'string' && !(input instanceof URL)) {
        reject(new UpstreamFetchError('The gateway fetch takes a URL, not a Request.'));
        return;
      }
      let url: URL;
      try {
        url = typeof input === 'string' ? new URL(input) : input;
      } catch {
        reject(new UpstreamFetchError('The service address is not a web address.'));
        return;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        reject(new UpstreamFetchError('The service address is not http or https.'));
        return;
      }
      const signal = init.signal ?? undefined;
      if (signal?.aborted) {
        reject(abortReason(signal));
        return;
      }
      const body = init.body;
      if (body !== undefined && body !== null && typeof body !== 'string' && !(body instanceof Uint8Array)) {
        reject(new UpstreamFetchError('The gateway fetch sends only a text or byte body.'));
        return;
      }
      const headers = plainHeaders(init.headers);
      if (body !== undefined && body !== null) headers['content-length'] = String(Buffer.byteLength(body));

      let settled = false;
      const finish = (error: unknown, response?: Response) => {
        if (settled) return;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        if (response) resolve(response);
        else reject(error);
      };
      /**
       * An answer whose status says the call failed (400..599), once its head has come: a body cut short after it
       * still means "refused, not charged", as the global fetch, which answers at the head, let the client see.
       */
      let refusal: http.IncomingMessage | null = null;
      const endWith = (error: unknown) => {
        // Destroying the request also ends its socket: a half-read answer never returns to the pool.
        request.destroy();
        if (refusal) finish(null, answerOf(refusal, null));
        else finish(error);
      };
      const fail = (message: string, code?: string) => endWith(new UpstreamFetchError(message, code));
      const onAbort = () => endWith(abortReason(signal!));

      const request = (url.protocol === 'https:' ? https : http).request(url, {
        method: init.method ?? 'GET',
        headers,
        agent: agents[url.protocol],
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      request.on('error', (error: NodeJS.ErrnoException) =>
        fail('Could not reach the service, or the connection dropped.', error.code),
      );
      request.on('response', (answer) => {
        const status = answer.statusCode ?? 0;
        if (status >= 400 && status <= 599) refusal = answer;
        const announced = Number(answer.headers['content-length']);
        if (announced > maxBytes) {
          fail(`The service's answer is larger than ${maxBytes} bytes.`);
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        answer.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) fail(`The service's answer is larger than ${maxBytes} bytes.`);
          else chunks.push(chunk);
        });
        answer.on('error', (error: NodeJS.ErrnoException) =>
          fail('The connection dropped during the service answer.', error.code),
        );
        answer.on('close', () => {
          if (!answer.complete) fail('The connection dropped during the service answer.');
        });
        answer.on('end', () => {
          if (settled) return;
          try {
            const bytes = decode(Buffer.concat(chunks, size), answer.headers['content-encoding'], maxBytes);
            finish(null, answerOf(answer, bytes));
          } catch (error) {
            // A status outside 200..599, a header a Response refuses, or a body that does not decompress.
            endWith(
              error instanceof UpstreamFetchError
                ? error
                : new UpstreamFetchError('The service answered with something that is not an HTTP answer.'),
            );
          }
        });
      });
      request.end(body ?? undefined);
    });

  return {
    fetch: fetchImpl as typeof fetch,
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}
