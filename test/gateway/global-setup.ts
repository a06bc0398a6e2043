/**
 * Once per gateway test run: a throwaway PostgreSQL cluster (when PostgreSQL is installed; with CI set, its absence
 * fails the run) and a PGlite folder already migrated, which each test file copies (a new PGlite folder takes
 * seconds to create; a copy opens in well under one).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../gateway/db/database';
import { migrate } from '../../gateway/db/migrations';
import { findPostgresBin, HOW_TO_GET_POSTGRES, startCluster } from './pg-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway cluster's URL, or null when PostgreSQL is not installed (and CI is not set). */
    pgUrl: string | null;
    /** A migrated PGlite data folder to copy. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const template = mkdtempSync(join(tmpdir(), 'gateway-pglite-template-'));
  const db = await openDatabase({ dataDir: template });
  await migrate(db);
  await db.close();
  project.provide('pgliteTemplate', template);

  const bin = findPostgresBin();
  let stop = () => {};
  if (bin) {
    const cluster = await startCluster(bin);
    stop = () => cluster.stop();
    project.provide('pgUrl', cluster.url);
  } else {
    if (process.env.CI)
      throw new Error(`CI is set and the gateway's PostgreSQL tests cannot run. ${HOW_TO_GET_POSTGRES}`);
    console.warn(`\n[gateway] Skipping the tests on a real PostgreSQL server. ${HOW_TO_GET_POSTGRES}\n`);
    project.provide('pgUrl', null);
  }
  return () => {
    stop();
    rmSync(template, { recursive: true, force: true });
  };
}
