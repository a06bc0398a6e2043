/**
 * The body limit of every `/v1` request: a larger body is answered 413 in the service's shape. Hono's own
 * `bodyLimit` stops reading at the limit, and Node then closes the connection under a client still sending, which
 * sees a reset instead of the answer. Here the rest of an oversized body is read and dropped (up to `drainMax`),
 * so the client gets its 413; only a body announced larger than `drainMax` is refused without reading it.
 *
 * A body within the limit is kept as text in the context's `body` variable, read once: the routes parse that text
 * rather than the request again. Served by Node, the body is read straight from Node's request (no web stream, no
 * second `Request`, which cost a few tenths of a millisecond per call); elsewhere (`app.request()`) from the web one.
 */
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';

/** What the body limit gives the routes after it: the body's text (empty when there was none). */
export interface BodyVariables {
  body: string;
}

type BodyEnv = { Variables: BodyVariables; Bindings: { incoming?: IncomingMessage } };

const decoder = new TextDecoder();

/** Reads a body's chunks, keeping them while the total is within `maxBytes`; stops counting past `drainMax`. */
interface Read {
  chunks: Uint8Array[];
  size: number;
}

function readIncoming(incoming: IncomingMessage, maxBytes: number, drainMax: number): Promise<Read> {
  return new Promise((resolve, reject) => {
    const read: Read = { chunks: [], size: 0 };
    const done = () => {
      incoming.off('data', onData);
      incoming.off('end', done);
      incoming.off('error', onError);
      resolve(read);
    };
    const onError = (error: Error) => {
      incoming.off('data', onData);
      incoming.off('end', done);
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      read.size += chunk.length;
      if (read.size > drainMax) {
        // As a cancelled web stream did: the rest is not read, and the connection ends after the answer.
        incoming.destroy();
        done();
        return;
      }
      if (read.size <= maxBytes) read.chunks.push(chunk);
    };
    incoming.on('data', onData);
    incoming.on('end', done);
    incoming.on('error', onError);
  });
}

async function readStream(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  drainMax: number,
): Promise<Read> {
  const reader = body.getReader();
  const read: Read = { chunks: [], size: 0 };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read.size += value.length;
    if (read.size > drainMax) {
      await reader.cancel();
      break;
    }
    if (read.size <= maxBytes) read.chunks.push(value);
  }
  return read;
}

function text({ chunks, size }: Read): string {
  if (chunks.length === 1) return decoder.decode(chunks[0]);
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.length;
  }
  return decoder.decode(whole);
}

/** The body limit; `tooLarge` writes the 413. */
export function limitBody(
  maxBytes: number,
  tooLarge: (c: Context) => Response | Promise<Response>,
  drainMax = 16 * 1024 * 1024,
): MiddlewareHandler<BodyEnv> {
  return async (c, next) => {
    c.set('body', '');
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const announced = Number(c.req.header('content-length') ?? Number.NaN);
    if (announced > drainMax) {
      c.header('Connection', 'close');
      return tooLarge(c);
    }
    const incoming = c.env?.incoming;
    let read: Read;
    if (incoming && typeof incoming.on === 'function') {
      read = await readIncoming(incoming, maxBytes, drainMax);
    } else {
      const body = c.req.raw.body;
      if (!body) return next();
      read = await readStream(body, maxBytes, drainMax);
    }
    if (read.size > maxBytes) {
      c.header('Connection', 'close');
      return tooLarge(c);
    }
    c.set('body', text(read));
    return next();
  };
}
