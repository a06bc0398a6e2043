/**
 * Serving the gateway on a port: opens nothing itself (the database and the service client are given), so tests,
 * the benchmark and `npm run gateway -- serve` start it the same way.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { ApiClient } from '../../src/api/client';
import type { Database } from '../db/database';
import { FlightWaiters } from '../flights';
import { createLogger, type LogSink } from '../log';
import { cachedAuthenticator, MEMBERS_CHANNEL } from '../members';
import type { Sealer } from '../sealed-keys';
import { makeScrub } from '../upstream';
import { createGatewayApp } from './app';
import { DEFAULT_SETTINGS, type GatewayContext, type GatewaySettings } from './context';
import { rateLimit } from './rate-limit';

export interface GatewayOptions {
  db: Database;
  upstream: ApiClient;
  /** The service key, only so that no answer or log line can carry it. */
  serviceKey: string;
  port?: number;
  host?: string;
  settings?: Partial<GatewaySettings>;
  /** Where log lines go (stdout by default). */
  logSink?: LogSink;
  /** The key the destination keys are sealed with (`SECRETS_KEY_FILE`); without one no destination can be used. */
  sealer?: Sealer | null;
}

export interface RunningGateway {
  url: string;
  port: number;
  context: GatewayContext;
  close(): Promise<void>;
}

/** Builds the gateway's context (without serving it): the app can then answer `app.request()` in tests. */
export async function gatewayContext(options: GatewayOptions): Promise<GatewayContext> {
  const scrub = makeScrub(options.serviceKey);
  const waiters = new FlightWaiters();
  await waiters.start(options.db);
  const settings = { ...DEFAULT_SETTINGS, ...options.settings };
  const authenticate = cachedAuthenticator(settings.authCacheMs);
  const unlisten = await options.db.listen(MEMBERS_CHANNEL, () => authenticate.forget());
  return {
    db: options.db,
    upstream: options.upstream,
    waiters,
    authenticate,
    settings,
    sealer: options.sealer ?? null,
    teamLimit: rateLimit(settings.teamRequestsPerMinute),
    log: createLogger(scrub, options.logSink),
    scrub,
    async stop() {
      await waiters.stop();
      await unlisten();
    },
  };
}

/** Serves the gateway on `host:port` (127.0.0.1 and a free port by default). */
export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const context = await gatewayContext(options);
  const app = createGatewayApp(context);
  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<Server>((resolve, reject) => {
    const created = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: host }) as Server;
    created.once('listening', () => resolve(created));
    created.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    context,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await context.stop();
      })();
      return closing;
    },
  };
}
