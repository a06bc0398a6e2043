/**
 * Admin commands for a PGlite folder that a running gateway holds. A PGlite folder can be open in one process
 * only, so `npm run gateway -- member revoke …` cannot open it while the gateway serves; instead the gateway writes
 * in the folder's lock file a loopback address and a random token, and the command line asks the gateway to run the
 * command on its open database. Whoever can read the lock file can read the database itself, so the token gives
 * nothing more. On PostgreSQL every command simply opens the database.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { Database } from '../db/database';
import type { FolderLock } from '../db/pglite';
import type { Sealer } from '../sealed-keys';
import { runCommand, UsageError } from './commands';
import type { SecretInputs } from './secret-input';

/** Serves `runCommand` on a loopback port for the holder of the token. Returns its address, token and stop. */
export async function serveAdmin(
  db: Database,
  sealer: Sealer | null = null,
): Promise<{ url: string; token: string; close(): Promise<void> }> {
  const token = randomBytes(32).toString('base64url');
  const expected = Buffer.from(token);
  const app = new Hono();
  app.post('/run', async (c) => {
    const given = Buffer.from(c.req.header('x-admin-token') ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return c.json({ error: 'forbidden' }, 403);
    const body = (await c.req.json().catch(() => null)) as { argv?: unknown; secrets?: SecretInputs } | null;
    const argv = body?.argv;
    if (!Array.isArray(argv) || !argv.every((a) => typeof a === 'string') || argv[0] === 'serve') {
      return c.json({ error: 'argv must be an admin command' }, 400);
    }
    try {
      // The keys a `send set` read from files or standard input on the admin's side (never in argv).
      const secrets = body?.secrets && typeof body.secrets === 'object' ? body.secrets : {};
      return c.json({ lines: (await runCommand(db, argv, new Date(), { sealer, secrets })).lines });
    } catch (error) {
      return c.json({ error: (error as Error).message, usage: error instanceof UsageError }, 200);
    }
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const created = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    created.once('listening', () => resolve(created));
    created.once('error', reject);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Runs an admin command in the gateway holding the folder; its output lines, or the error it reported. */
export async function runRemote(
  lock: FolderLock,
  argv: readonly string[],
  secrets: SecretInputs = {},
): Promise<{ lines?: string[]; error?: string }> {
  const response = await fetch(`${lock.adminUrl}/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': lock.adminToken ?? '' },
    body: JSON.stringify({ argv, secrets }),
  });
  const body = (await response.json()) as { lines?: string[]; error?: string };
  if (!response.ok && !body.error) return { error: `the running gateway answered ${response.status}` };
  return body;
}
