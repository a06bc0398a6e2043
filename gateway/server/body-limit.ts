/**
 * The body limit of every `/v1` request: a larger body is answered 413 in the service's shape. Hono's own
 * `bodyLimit` stops reading at the limit, and Node then closes the connection under a client still sending, which
 * sees a reset instead of the answer. Here the rest of an oversized body is read and dropped (up to `drainMax`),
 * so the client gets its 413; only a body announced larger than `drainMax` is refused without reading it.
 */
import type { MiddlewareHandler } from 'hono';

export function limitBody(
  maxBytes: number,
  tooLarge: MiddlewareHandler,
  drainMax = 16 * 1024 * 1024,
): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const announced = Number(c.req.header('content-length') ?? Number.NaN);
    if (announced > drainMax) {
      c.header('Connection', 'close');
      return tooLarge(c, next);
    }
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > drainMax) {
        await reader.cancel();
        break;
      }
      if (size <= maxBytes) chunks.push(value);
    }
    if (size > maxBytes) {
      c.header('Connection', 'close');
      return tooLarge(c, next);
    }
    const whole = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      whole.set(chunk, offset);
      offset += chunk.length;
    }
    c.req.raw = new Request(c.req.raw, { body: whole });
    return next();
  };
}
