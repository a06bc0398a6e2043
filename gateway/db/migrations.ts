/**
 * The gateway's schema: numbered SQL files in `gateway/db/schema/` (`001-baseline.sql`, `002-….sql`), run on start
 * (`serve` and every admin command). Each runs once and is recorded in `schema_migrations`; those a start applies
 * run in one transaction with the checks, so a failure leaves the database as it was. A database written by a newer
 * gateway (a version this one does not know) is refused rather than used, and so is one made before the first
 * release, whose layout the baseline does not continue. Two instances starting at once take turns on an advisory
 * lock.
 *
 * Never edit a file that has shipped: add the next one, with a test that migrates a database of the shape before
 * (see gateway/README.md, "Changing the schema").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './database';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Where the schema's files are: beside this module, so they ship wherever the gateway runs from its sources. */
export const SCHEMA_DIR = join(import.meta.dirname, 'schema');

const FILE_NAME = /^(\d{3})-([a-z0-9-]+)\.sql$/;

/** The migrations in `dir`, in order; throws on a file misnamed or a version missing or given twice. */
export function readMigrations(dir: string = SCHEMA_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => {
      const match = FILE_NAME.exec(file);
      if (!match) throw new Error(`${join(dir, file)}: a schema file is named like 002-what-it-does.sql.`);
      return {
        version: Number(match[1]),
        name: match[2]!.replace(/-/g, ' '),
        sql: readFileSync(join(dir, file), 'utf8'),
      };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(
        `${dir}: schema files are numbered 001, 002, … without a gap; found ${migration.version}.`,
      );
    }
  });
  return migrations;
}

export const MIGRATIONS: readonly Migration[] = readMigrations();

/** The newest schema version this gateway knows. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** The name version 1 is recorded under: a database whose version 1 has another name predates the first release. */
export const BASELINE_NAME = 'baseline';

/** Any fixed number: the advisory lock two starting instances take turns on. */
const MIGRATION_LOCK = 7_201_964;

/**
 * Brings the schema up to the newest of `migrations` (or only up to `upTo`, for a test of the next one). Returns the
 * versions applied now (empty when it was up to date). Throws, changing nothing, when the database is newer than
 * this gateway or older than its baseline.
 */
export async function migrate(
  db: Database,
  migrations: readonly Migration[] = MIGRATIONS,
  upTo = Number.POSITIVE_INFINITY,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`);
    const rows = await tx.query<{ version: number; name: string }>(
      'select version, name from schema_migrations',
    );
    const first = rows.find((row) => row.version === 1);
    if (first && first.name !== BASELINE_NAME) {
      throw new Error(
        'This database was made by a development build of the gateway, before its first release, and the release ' +
          'cannot carry it over. Start with a new one: give DATABASE_URL an empty database, or move the PGlite ' +
          'folder aside (GATEWAY_DATA_DIR, .gateway-data by default). Members then need new keys.',
      );
    }
    const done = new Set(rows.map((row) => row.version));
    const known = Math.max(0, ...migrations.map((m) => m.version));
    const newer = [...done].filter((version) => version > known);
    if (newer.length > 0) {
      throw new Error(
        `This database has schema version ${Math.max(...newer)}, newer than this gateway knows (${known}). ` +
          'Run the newer gateway, or restore a backup taken before it was upgraded.',
      );
    }
    const applied: number[] = [];
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (done.has(migration.version) || migration.version > upTo) continue;
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
    return applied;
  });
}
