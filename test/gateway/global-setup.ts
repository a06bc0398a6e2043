/**
 * Once per gateway test run: a throwaway PostgreSQL cluster (when PostgreSQL is installed; with CI set, its absence
 * fails the run) and a PGlite folder already migrated, which each test file copies (creating a PGlite folder runs
 * initdb: seconds; a copy opens in well under one). The migrated folder is kept in node_modules/.cache under a name
 * made of the migrations and PGlite's version, so later runs skip even that one initdb; any change to either makes
 * a new one.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS, migrate } from '../../gateway/db/migrations';
import { openDatabase } from '../../gateway/db/open';
import { findPostgresBin, HOW_TO_GET_POSTGRES, type PgCluster, startCluster } from './pg-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway cluster's URL, or null when PostgreSQL is not installed (and CI is not set). */
    pgUrl: string | null;
    /** A migrated PGlite data folder to copy. */
    pgliteTemplate: string;
  }
}

const ROOT = join(import.meta.dirname, '..', '..');

/** The migrated PGlite folder for these migrations and this PGlite, made when missing. */
export async function pgliteTemplate(): Promise<string> {
  const pglite = JSON.parse(
    readFileSync(join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'),
  ) as { version: string };
  const hash = createHash('sha256')
    .update(JSON.stringify(MIGRATIONS))
    .update(pglite.version)
    .digest('hex')
    .slice(0, 16);
  const cache = join(ROOT, 'node_modules', '.cache', 'gateway-pglite');
  const folder = join(cache, hash);
  if (existsSync(join(folder, 'pgdata', 'PG_VERSION'))) return folder;
  const building = mkdtempSync(join(tmpdir(), 'gateway-pglite-template-'));
  const db = await openDatabase({ dataDir: building });
  await migrate(db);
  await db.close();
  mkdirSync(cache, { recursive: true });
  rmSync(folder, { recursive: true, force: true });
  try {
    renameSync(building, folder);
  } catch {
    cpSync(building, folder, { recursive: true });
    rmSync(building, { recursive: true, force: true });
  }
  return folder;
}

export default async function setup(project: TestProject) {
  const bin = findPostgresBin();
  if (!bin && process.env.CI) {
    throw new Error(`CI is set and the gateway's PostgreSQL tests cannot run. ${HOW_TO_GET_POSTGRES}`);
  }
  // The two take seconds each and share nothing: side by side.
  const [template, cluster] = await Promise.all([
    pgliteTemplate(),
    bin ? startCluster(bin) : Promise.resolve<PgCluster | null>(null),
  ]);
  project.provide('pgliteTemplate', template);
  project.provide('pgUrl', cluster?.url ?? null);
  if (!cluster)
    console.warn(`\n[gateway] Skipping the tests on a real PostgreSQL server. ${HOW_TO_GET_POSTGRES}\n`);
  return () => cluster?.stop();
}
