/**
 * The {@link Database} over PGlite: PostgreSQL in WASM, in a data folder, one connection. The default when no
 * `DATABASE_URL` is given, so the gateway runs with nothing installed.
 *
 * A data folder may be open in one process only (PGlite has no shared memory between processes), so the folder
 * holds a lock file naming the process that has it open; a second process is refused with what to do instead.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import type { Database, Sql } from './database';

const LOCK_FILE = 'gateway.lock';

/** What the lock file says about the process holding the folder. */
export interface FolderLock {
  pid: number;
  /** Where that process serves its admin commands, when it is a running gateway. */
  adminUrl?: string;
  adminToken?: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock of a data folder, when a live process holds it. */
export function readFolderLock(dataDir: string): FolderLock | null {
  try {
    const lock = JSON.parse(readFileSync(join(resolve(dataDir), LOCK_FILE), 'utf8')) as FolderLock;
    return typeof lock.pid === 'number' && lock.pid !== process.pid && alive(lock.pid) ? lock : null;
  } catch {
    return null;
  }
}

/** Records in the lock file where this process serves admin commands (see `gateway/cli/remote.ts`). */
export function advertiseAdmin(dataDir: string, adminUrl: string, adminToken: string): void {
  const lock: FolderLock = { pid: process.pid, adminUrl, adminToken };
  writeFileSync(join(resolve(dataDir), LOCK_FILE), JSON.stringify(lock), { mode: 0o600 });
}

/** A parameter as PostgreSQL's text format has it, or undefined when it is not a plain value. */
function textOf(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return undefined;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

/**
 * A statement of plain parameters (text, numbers, booleans, nulls: all the gateway's requests send) in one call
 * into PGlite: bind, describe, execute and sync in one message, on a statement prepared once by its text. PGlite's
 * own `query` makes six calls (parse, describe, bind, describe, execute, sync), each a pass through PostgreSQL's
 * main loop and the protocol parser, about a tenth of a millisecond of CPU each time. Undefined when a parameter
 * is not plain (the caller then uses `query`, whose serializers know dates and arrays).
 */
function preparedQuery(
  db: PGlite,
): <Row>(text: string, params: readonly unknown[]) => Promise<Row[]> | undefined {
  const names = new Map<string, string>();
  // Never reused: a failed statement leaves `names`, so its size cannot name the next one (that name may be taken).
  let prepared = 0;
  const run = (message: Uint8Array, throwOnError = true) =>
    db._runExclusiveTransaction(() =>
      db._runExclusiveQuery(() => db.execProtocol(message, { throwOnError })),
    );
  return <Row>(text: string, params: readonly unknown[]) => {
    const values: (string | null)[] = [];
    for (const param of params) {
      const value = textOf(param);
      if (value === undefined) return undefined;
      values.push(value);
    }
    const once = async (): Promise<Row[]> => {
      let name = names.get(text);
      const parts: Uint8Array[] = [];
      if (name === undefined) {
        name = `gateway_${++prepared}`;
        parts.push(protocol.serialize.parse({ name, text }));
        names.set(text, name);
      }
      parts.push(
        protocol.serialize.bind({ statement: name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      );
      try {
        const { messages } = await run(concat(parts));
        return (parse.parseResults(messages, db.parsers)[0]?.rows ?? []) as Row[];
      } catch (error) {
        // Prepared again next time: the statement may never have been (a parse error) or its plan may be stale.
        names.delete(text);
        await run(concat([protocol.serialize.close({ type: 'S', name }), protocol.serialize.sync()]), false);
        throw error;
      }
    };
    // A table changed under a prepared statement (a migration): PostgreSQL refuses the old plan once.
    return once().catch((error: { code?: string }) => {
      if (error?.code === '0A000') return once();
      throw error;
    });
  };
}

export async function openPglite(dataDir: string): Promise<Database> {
  const folder = resolve(dataDir);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const holder = readFolderLock(folder);
  if (holder) {
    throw new Error(
      `The data folder ${folder} is open in another process (pid ${holder.pid}). A PGlite folder serves one ` +
        'gateway process; to run several instances, give them one PostgreSQL server with DATABASE_URL.',
    );
  }
  writeFileSync(join(folder, LOCK_FILE), JSON.stringify({ pid: process.pid } satisfies FolderLock), {
    mode: 0o600,
  });
  const db = new PGlite(join(folder, 'pgdata'));
  await db.waitReady;
  // Generic plans from the first call, as on PostgreSQL (gateway/db/postgres.ts says why).
  await db.exec('set plan_cache_mode = force_generic_plan');
  const run = (client: Pick<PGlite, 'query' | 'exec'>): Sql => ({
    async query<Row extends object>(text: string, params: readonly unknown[] = []) {
      const result = await client.query<Row>(text, params as unknown[]);
      return result.rows;
    },
    async exec(text: string) {
      await client.exec(text);
    },
  });
  const outer = run(db);
  const prepared = preparedQuery(db);
  let closed = false;
  return {
    kind: 'pglite',
    where: `PGlite folder ${folder}`,
    query<Row extends object>(text: string, params: readonly unknown[] = []) {
      return prepared<Row>(text, params) ?? outer.query<Row>(text, params);
    },
    exec: outer.exec,
    transaction: (fn) => db.transaction((tx) => fn(run(tx))),
    async listen(channel, onPayload) {
      return db.listen(channel, onPayload);
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.close();
      const lock = (() => {
        try {
          return JSON.parse(readFileSync(join(folder, LOCK_FILE), 'utf8')) as FolderLock;
        } catch {
          return null;
        }
      })();
      if (lock?.pid === process.pid) rmSync(join(folder, LOCK_FILE), { force: true });
    },
  };
}
