/**
 * What the gateway tests share: a database (a copy of the migrated PGlite template, or a new database on the
 * throwaway PostgreSQL cluster), the simulator as the service, a gateway in process, and members with keys.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import type { Database } from '../../gateway/db/database';
import { MIGRATIONS, migrate } from '../../gateway/db/migrations';
import { openDatabase } from '../../gateway/db/open';
import { addMember, type Caps } from '../../gateway/members';
import { createSealer } from '../../gateway/sealed-keys';
import type { GatewaySettings } from '../../gateway/server/context';
import { type RunningGateway, startGateway } from '../../gateway/server/serve';
import { createUpstream } from '../../gateway/upstream';
import { type RunningSimulator, startSimulator } from '../../sim/server';

/** The service key the gateway holds in tests: long and distinctive, so its absence anywhere can be checked. */
export const SERVICE_KEY = 'svc-team-secret-4f9c2e71b8a3d605';

/** The key the tests' gateways seal destination keys with (as `SECRETS_KEY_FILE` gives one). */
export const SECRETS_KEY = randomBytes(32);
export const SEALER = createSealer(SECRETS_KEY);

/**
 * A file holding `text`, readable by its owner alone, as an admin gives `send set` a key (`--key-file`); removed with
 * the process's temporary folder.
 */
export function secretFile(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'gateway-secret-'));
  const file = join(dir, 'secret');
  writeFileSync(file, `${text}\n`, { mode: 0o600 });
  return file;
}

/** A new PGlite database: a copy of the migrated template. */
export async function pgliteDatabase(): Promise<Database & { dispose(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'gateway-pglite-'));
  cpSync(inject('pgliteTemplate'), dir, { recursive: true });
  const db = await openDatabase({ dataDir: dir });
  return Object.assign(db, {
    async dispose() {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  });
}

/**
 * A new PGlite database at schema `version` only (0: empty), for a migration's test: the test writes what a team
 * holds at that version, runs `migrate`, and checks what the next migration made of it.
 */
export async function databaseAtVersion(version: number): Promise<Database & { dispose(): Promise<void> }> {
  const db = await pgliteDatabase();
  await db.exec('drop schema public cascade; create schema public;');
  await migrate(db, MIGRATIONS, version);
  return db;
}

let databases = 0;

/** A URL to a new, empty database on the throwaway cluster (null when PostgreSQL is not installed). */
export async function postgresDatabaseUrl(): Promise<string | null> {
  const admin = inject('pgUrl');
  if (!admin) return null;
  const name = `gw_${process.pid}_${++databases}_${Date.now().toString(36)}`;
  const sql = postgres(admin, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`create database ${name}`);
  } finally {
    await sql.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A new, migrated database on the throwaway cluster. */
export async function postgresDatabase(): Promise<
  (Database & { url: string; dispose(): Promise<void> }) | null
> {
  const url = await postgresDatabaseUrl();
  if (!url) return null;
  const db = await openDatabase({ url });
  await migrate(db);
  return Object.assign(db, { url, dispose: () => db.close() });
}

/** An answer's JSON, read field by field in assertions (each test checks the fields it relies on). */
// biome-ignore lint/suspicious/noExplicitAny: assertions read answers field by field; a parse would hide a wrong shape
export type Json = any;

export interface Team {
  sim: RunningSimulator;
  gateway: RunningGateway;
  /** Every log line the gateway wrote. */
  logs: string[];
  keys: Record<string, string>;
  /** A POST of JSON to the gateway with a member key. */
  post(path: string, key: string, body: unknown): Promise<{ status: number; body: Json; text: string }>;
  get(path: string, key: string): Promise<{ status: number; body: Json; text: string }>;
  /** The lookups that reached the service (the simulator's request log). */
  upstreamLookups(): { body: Json; charged: number; status: number | null }[];
  close(): Promise<void>;
}

/** The simulator (with the team's service key and `credits`), a gateway on `db`, and members. */
export async function startTeam(
  db: Database,
  members: Record<string, Caps> = {
    'Alice Smith': { dailyCap: null, monthlyCap: null },
    'Bob Lee': { dailyCap: null, monthlyCap: null },
  },
  options: { credits?: number; settings?: Partial<GatewaySettings>; upstreamTimeoutMs?: number } = {},
): Promise<Team> {
  const credits = options.credits ?? 100_000;
  const sim = await startSimulator({
    keys: { [SERVICE_KEY]: { remaining: credits, purchased: credits, active: true } },
  });
  const logs: string[] = [];
  const upstream = createUpstream({
    baseUrl: sim.url,
    apiKey: SERVICE_KEY,
    ...(options.upstreamTimeoutMs ? { timeoutMs: options.upstreamTimeoutMs } : {}),
  });
  const gateway = await startGateway({
    db,
    upstream,
    serviceKey: SERVICE_KEY,
    sealer: SEALER,
    logSink: (line) => logs.push(line),
    ...(options.settings ? { settings: options.settings } : {}),
  });
  const keys: Record<string, string> = {};
  for (const [name, caps] of Object.entries(members)) keys[name] = (await addMember(db, name, caps)).key;
  const read = async (response: Response) => {
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    return { status: response.status, body, text };
  };
  return {
    sim,
    gateway,
    logs,
    keys,
    post: async (path, key, body) =>
      read(
        await fetch(`${gateway.url}${path}`, {
          method: 'POST',
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      ),
    get: async (path, key) => read(await fetch(`${gateway.url}${path}`, { headers: { 'x-api-key': key } })),
    upstreamLookups: () =>
      sim.state.requests
        .list('/v1/lookup')
        .map((entry) => ({ body: entry.body, charged: entry.charged, status: entry.status })),
    async close() {
      await gateway.close();
      upstream.close();
      await sim.close();
    },
  };
}

/** A database a test opens, and removes after. */
export type TestDatabase = Database & { dispose(): Promise<void> };

/**
 * The two databases a team's behaviour is checked on, for `describe.each`: PGlite always, and the throwaway
 * PostgreSQL server when the run started one (`skip` is true without it).
 */
export const DATABASES: Array<[name: string, open: () => Promise<TestDatabase | null>, skip: boolean]> = [
  ['PGlite', pgliteDatabase, false],
  ['PostgreSQL', postgresDatabase, inject('pgUrl') === null],
];

/** A team as the tests of a file or a `describe` block find it: set once they start (see `useTeam`). */
export interface TeamInUse<D extends Database> {
  db: D;
  team: Team;
  /** The keys of the two default members, Alice Smith and Bob Lee. */
  alice: string;
  bob: string;
}

/**
 * A database from `open` and a team on it (the two default members, or `members`), started before the tests of the calling
 * file or `describe` block and closed after them; the simulator's request log is cleared before each test, so each
 * counts only its own requests. Nothing starts when `open` gives null (PostgreSQL not installed: those tests skip).
 */
export function useTeam<D extends Database & { dispose(): Promise<void> }>(
  open: () => Promise<D | null>,
  members?: Parameters<typeof startTeam>[1],
): TeamInUse<D> {
  const used = {} as TeamInUse<D>;
  beforeAll(async () => {
    const db = await open();
    if (!db) return;
    used.db = db;
    used.team = await startTeam(db, members);
    used.alice = used.team.keys['Alice Smith']!;
    used.bob = used.team.keys['Bob Lee']!;
  });
  afterAll(async () => {
    await used.team?.close();
    await used.db?.dispose();
  });
  beforeEach(() => {
    used.team?.sim.state.requests.clear();
  });
  return used;
}

/** Profile URLs of the simulator's demo candidates. */
export const ADA = 'https://www.linkedin.com/in/ada-lovelace-demo';
export const JOSE = 'https://www.linkedin.com/in/jose-alvarez-demo';
export const KWAME = 'https://www.linkedin.com/in/kwame-mensah-demo';
export const GRACE = 'https://www.linkedin.com/in/grace-okafor-rn-demo';
export const UNKNOWN = 'https://www.linkedin.com/in/no-such-candidate-demo';

/** The rows of every table as a database was when first opened (the team, its settings), to put back. */
export interface Opening {
  tables: string[];
  rows: Array<[table: string, json: string]>;
}

/**
 * What `db` holds now, to put back before each test with `reopen` (as `useFreshTeam` does), for a file whose team
 * is not a `startTeam` one (gateway processes of its own on one database).
 */
export async function openingOf(db: Database): Promise<Opening> {
  const tables = (
    await db.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'schema_migrations'
       order by tablename`,
    )
  ).map((row) => row.name);
  const rows: Opening['rows'] = [];
  for (const table of tables) {
    // As JSON text in the database's own form, so timestamps and numbers come back exactly as they were (given back
    // as text, then read as JSON: a driver handed a string for a json parameter would send it as one JSON string).
    const [json] = await db.query<{ rows: string | null }>(
      `select json_agg(t)::text as rows from ${table} t`,
    );
    if (json?.rows) rows.push([table, json.rows]);
  }
  return { tables, rows };
}

/** Empties every table and puts back the rows it opened with: the team as it first started. */
export async function reopen(db: Database, opening: Opening): Promise<void> {
  // Rows deleted, not tables truncated (a truncate makes new files for each table: seconds on a loaded machine). The
  // audit log refuses both (its trigger, the team's rule): a test's team is not a team's history, so triggers,
  // foreign keys' among them, are set aside for these statements, on this one connection. Identities go on counting:
  // a new member never has the id of one from an earlier test, which the gateway's per-member limits are keyed by.
  await db.exec(
    `set session_replication_role = replica; ${opening.tables.map((table) => `delete from ${table};`).join(' ')}
     set session_replication_role = default;`,
  );
  for (const [table, json] of opening.rows) {
    await db.query(
      `insert into ${table} select * from json_populate_recordset(null::${table}, $1::text::json)`,
      [json],
    );
  }
}

/**
 * Like `useTeam`, but every test starts from a team of its own: the database is put back as it opened, the simulator
 * to its first balance with no faults and an empty request log, the log lines emptied, and the members (Alice Smith
 * and Bob Lee, or `members`) added afresh with new keys and ids, so no key, cap, limit or held item of an earlier test
 * reaches the next. The database, simulator and gateway start once for the file or `describe` block (what takes
 * time). So a test passes alone and in any order, which mutation testing needs: Stryker runs only the tests that
 * reached a mutant, and a test that failed for want of an earlier one would count as a kill.
 */
export function useFreshTeam<D extends Database & { dispose(): Promise<void> }>(
  open: () => Promise<D | null>,
  members: Record<string, Caps> = {
    'Alice Smith': { dailyCap: null, monthlyCap: null },
    'Bob Lee': { dailyCap: null, monthlyCap: null },
  },
  options?: Parameters<typeof startTeam>[2],
): TeamInUse<D> {
  const used = {} as TeamInUse<D>;
  let opening: Opening | undefined;
  beforeAll(async () => {
    const db = await open();
    if (!db) return;
    used.db = db;
    opening = await openingOf(db);
    used.team = await startTeam(db, {}, options);
  });
  afterAll(async () => {
    await used.team?.close();
    await used.db?.dispose();
  });
  beforeEach(async () => {
    if (!used.db || !opening) return;
    await reopen(used.db, opening);
    used.team.sim.state.reset();
    used.team.logs.length = 0;
    for (const name of Object.keys(used.team.keys)) delete used.team.keys[name];
    for (const [name, caps] of Object.entries(members)) {
      used.team.keys[name] = (await addMember(used.db, name, caps)).key;
    }
    used.alice = used.team.keys['Alice Smith']!;
    used.bob = used.team.keys['Bob Lee']!;
  });
  return used;
}
