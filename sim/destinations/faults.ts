/** Faults a test arms on a local destination server: the next requests answer with this status (and headers). */
import type { Context, Next } from 'hono';

export interface Fault {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Faults {
  queue: Fault[];
  /** Every request waits this long before it is answered (a slow vendor, or a journey reading a run mid-way). */
  latencyMs: number;
  /** The next `times` requests answer with `fault`. */
  arm(fault: Fault, times?: number): void;
}

export function createFaults(): Faults {
  const queue: Fault[] = [];
  return {
    queue,
    latencyMs: 0,
    arm(fault, times = 1) {
      for (let i = 0; i < times; i++) queue.push(fault);
    },
  };
}

/**
 * Middleware keeping "METHOD /path" of every request a stand-in receives (before its key is checked), so a test can
 * count what each send asked: one lookup a send.
 */
export function requestLog(log: string[]) {
  return async (c: Context, next: Next) => {
    log.push(`${c.req.method} ${new URL(c.req.url).pathname}`);
    return next();
  };
}

/** Middleware answering with the next armed fault, if any. */
export function faultMiddleware(faults: Faults) {
  return async (c: Context, next: Next) => {
    if (faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs));
    const fault = faults.queue.shift();
    if (!fault) return next();
    for (const [name, value] of Object.entries(fault.headers ?? {})) c.header(name, value);
    return c.json(fault.body ?? {}, fault.status as 400);
  };
}

/** The user name of an `Authorization: Basic` header (the key, for Lever and Ashby). */
export function basicUser(header: string | undefined): string | undefined {
  const match = /^Basic (.+)$/.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = atob(match[1]);
  const colon = decoded.indexOf(':');
  return colon === -1 ? decoded : decoded.slice(0, colon);
}
