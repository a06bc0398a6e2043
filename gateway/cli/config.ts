/**
 * The gateway's settings from the environment: where its data lives (`DATABASE_URL`, else a PGlite folder), and
 * the service it calls (`SERVICE_BASE_URL`, `SERVICE_API_KEY` or a file named by `SERVICE_API_KEY_FILE`).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkBaseUrl } from '../../src/api/base-url';
import type { DatabaseTarget } from '../db/database';

/** The PGlite folder used when neither `DATABASE_URL` nor `GATEWAY_DATA_DIR` is set. */
export const DEFAULT_DATA_DIR = '.gateway-data';

/**
 * Where the data lives, from `DATABASE_URL` (a PostgreSQL server, with `DATABASE_POOL_SIZE` connections from this
 * instance when set) or `GATEWAY_DATA_DIR` (a PGlite folder).
 */
export function databaseTarget(env: NodeJS.ProcessEnv): DatabaseTarget {
  const url = env.DATABASE_URL?.trim();
  if (url) {
    if (!/^postgres(ql)?:\/\//i.test(url)) {
      throw new Error(
        'DATABASE_URL must be a postgres:// URL, e.g. postgres://gateway@db.example.com:5432/gateway.',
      );
    }
    const pool = env.DATABASE_POOL_SIZE?.trim();
    if (!pool) return { url };
    if (!/^\d+$/.test(pool) || Number(pool) < 1 || Number(pool) > 100) {
      throw new Error(`DATABASE_POOL_SIZE takes a number of connections from 1 to 100; got "${pool}".`);
    }
    return { url, poolSize: Number(pool) };
  }
  return { dataDir: resolve(env.GATEWAY_DATA_DIR?.trim() || DEFAULT_DATA_DIR) };
}

export interface ServiceConfig {
  baseUrl: string;
  apiKey: string;
}

/** The service to call and its key; an error that says which variable is missing or wrong. */
export function serviceConfig(env: NodeJS.ProcessEnv): ServiceConfig {
  const base = env.SERVICE_BASE_URL?.trim() ?? '';
  if (base === '') {
    throw new Error(
      "Set SERVICE_BASE_URL to the service's origin, e.g. SERVICE_BASE_URL=https://api.example.com.",
    );
  }
  const checked = checkBaseUrl(base);
  if (!checked.ok) throw new Error(`SERVICE_BASE_URL: ${checked.message}`);
  let apiKey = env.SERVICE_API_KEY?.trim() ?? '';
  const file = env.SERVICE_API_KEY_FILE?.trim();
  if (apiKey === '' && file) {
    try {
      apiKey = readFileSync(file, 'utf8').trim();
    } catch (error) {
      throw new Error(
        `SERVICE_API_KEY_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
      );
    }
    if (apiKey === '') throw new Error(`SERVICE_API_KEY_FILE: ${file} is empty.`);
  }
  if (apiKey === '') {
    throw new Error(
      'Set SERVICE_API_KEY to the service key, or SERVICE_API_KEY_FILE to a file that holds it.',
    );
  }
  return { baseUrl: checked.baseUrl, apiKey };
}
