/**
 * The simulator of the candidate service: a Hono app (usable in tests through `app.request()`, no port needed) and
 * a way to serve it on a real port. See sim/README.md for what it does and how to drive it.
 */
import type { Server } from 'node:http';
import { createSecureServer, type Http2SecureServer, type ServerHttp2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { SimKey } from './keys';
import { accountRoute } from './routes/account';
import { adminRoutes } from './routes/admin';
import { errorResponse, MESSAGES, type V1Env } from './routes/http';
import { lookupRoute } from './routes/lookup';
import { searchRoute } from './routes/search';
import { v1Pipeline } from './routes/v1-pipeline';
import { SimState } from './state';

export type { SimKey } from './keys';
export { BUILT_IN_KEYS } from './keys';
export { SimState } from './state';

export interface SimOptions {
  /** Keys and balances; replaces the built-in `demo-key`, `empty-key` and `inactive-key`. */
  keys?: Record<string, SimKey>;
  /** Dataset seed; the same seed always gives the same dataset. */
  seed?: number;
}

/** Builds a simulator: its Hono app and its state (dataset, keys, faults, request log). */
export function createSimulator(options: SimOptions = {}): { app: Hono; state: SimState } {
  const state = new SimState(options);
  const app = new Hono();

  app.route('/__sim', adminRoutes(state));

  const v1 = new Hono<V1Env>();
  v1.use('*', v1Pipeline(state));
  v1.post('/search', searchRoute(state));
  v1.post('/lookup', lookupRoute(state));
  v1.get('/account', accountRoute(state));
  for (const [path, method] of [
    ['/search', 'POST'],
    ['/lookup', 'POST'],
    ['/account', 'GET'],
  ] as const) {
    v1.all(path, (c) => {
      c.header('Allow', method);
      return errorResponse(c, 405, `Method ${c.req.method} not allowed on /v1${path}; use ${method}.`);
    });
  }
  v1.all('*', (c) => errorResponse(c, 404, `Not found: ${c.req.method} ${c.req.path}`));
  app.route('/v1', v1);

  app.notFound((c) => errorResponse(c, 404, `Not found: ${c.req.method} ${c.req.path}`));
  app.onError((error, c) => {
    console.error('[sim] unhandled error:', error);
    return errorResponse(c, 500, MESSAGES.internal);
  });
  return { app, state };
}

export interface RunningSimulator {
  /** "http://127.0.0.1:PORT", no trailing slash; the API is at `url + '/v1/…'`. */
  url: string;
  port: number;
  state: SimState;
  /** Stops listening, drops open connections and releases hung requests. */
  close(): Promise<void>;
}

/** A PEM key and certificate: the simulator then speaks HTTPS, HTTP/2 first (as a production API usually does). */
export interface SimTls {
  key: string;
  cert: string;
}

/**
 * Serves a simulator on `host` (default 127.0.0.1) and `port` (0, the default, picks a free one). Plain HTTP/1.1
 * unless `tls` is given. Over HTTP/1.1 a browser opens at most 6 connections to one host, so 15 parallel lookups
 * from the extension only run 15 at once over HTTP/2 (the bulk-reveal benchmark uses it).
 */
export async function startSimulator(
  options: SimOptions & { port?: number; host?: string; tls?: SimTls } = {},
): Promise<RunningSimulator> {
  const { port = 0, host = '127.0.0.1', tls, ...simOptions } = options;
  const { app, state } = createSimulator(simOptions);
  const server = await new Promise<Server | Http2SecureServer>((resolve, reject) => {
    const created = (
      tls
        ? serve({
            fetch: app.fetch,
            port,
            hostname: host,
            createServer: createSecureServer,
            serverOptions: { key: tls.key, cert: tls.cert, allowHTTP1: true },
          })
        : serve({ fetch: app.fetch, port, hostname: host })
    ) as Server | Http2SecureServer;
    created.once('listening', () => resolve(created));
    created.once('error', reject);
  });
  // An HTTP/2 server has no closeAllConnections: its sessions and HTTP/1.1 sockets are ended by hand on close.
  const open = new Set<{ destroy(): void }>();
  const track = (connection: { destroy(): void; once(event: 'close', fn: () => void): unknown }) => {
    open.add(connection);
    connection.once('close', () => open.delete(connection));
  };
  server.on('session', (session: ServerHttp2Session) => track(session));
  server.on('secureConnection', (socket: TLSSocket) => track(socket));
  const actualPort = (server.address() as AddressInfo).port;
  const hostInUrl = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `${tls ? 'https' : 'http'}://${hostInUrl}:${actualPort}`,
    port: actualPort,
    state,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        state.faults.releaseHangs();
        server.close((error) => (error ? reject(error) : resolve()));
        if ('closeAllConnections' in server) server.closeAllConnections();
        for (const connection of open) connection.destroy();
      });
      return closing;
    },
  };
}
