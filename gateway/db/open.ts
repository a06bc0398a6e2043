/**
 * Opening the database: the client is chosen by the target and loaded only then, so a gateway on PGlite never loads
 * the `postgres` client and the reverse. Apart from `database.ts`, whose interface both clients implement: the
 * clients import it, so the file that imports the clients cannot be it.
 */
import type { Database, DatabaseTarget } from './database';

/** Opens the database named by `target` (without migrating it; see `migrate`). */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) {
    const { openPostgres } = await import('./postgres');
    return openPostgres(target.url, target.poolSize);
  }
  const { openPglite } = await import('./pglite');
  return openPglite(target.dataDir);
}
