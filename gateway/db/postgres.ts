/** The {@link Database} over a real PostgreSQL server, through the `postgres` client (a pool of connections). */
import postgres from 'postgres';
import type { Database, Sql } from './database';
import { describeUrl } from './describe-url';

/**
 * Connections per gateway instance (plus one for LISTEN) unless `DATABASE_POOL_SIZE` says otherwise. A request holds
 * one for a statement, never while the service answers, so a few serve many requests: a lookup's two statements
 * take about a millisecond each. More connections than the database server has cores to run them makes it slower,
 * not faster: measured with 15 concurrent lookups against a PostgreSQL on 2 cores, 20 connections cost the server
 * 3.0–3.6 ms of CPU a lookup and 4 connections 1.1–1.7 ms, and a lookup's time in the database halved
 * (`npm run bench -- gateway`). The instances' connections together are best near twice the server's cores.
 */
export const DEFAULT_POOL_SIZE = 4;

/** The name each connection of the gateway process `pid` gives the server (`application_name`). */
export const applicationName = (pid: number = process.pid) => `Candidate Lens gateway pid ${pid}`;

export async function openPostgres(url: string, poolSize = DEFAULT_POOL_SIZE): Promise<Database> {
  const sql = postgres(url, {
    max: poolSize,
    // The gateway's own notices ("relation already exists, skipping") are not news to an admin.
    onnotice: () => {},
    connect_timeout: 10,
    // Generic plans from the first call: the gateway's statements (and those of its PL/pgSQL functions) are key
    // lookups whose best plan does not depend on the values, and a custom plan is planned again at each of a
    // connection's first five calls of every statement, a CPU cost on each of the pool's connections.
    // Named, with this process's id, so an admin can tell in pg_stat_activity which instance holds which connections.
    connection: { plan_cache_mode: 'force_generic_plan', application_name: applicationName() },
  });
  // Fail now, with the place named, rather than at the first request.
  try {
    await sql`select 1`;
  } catch (error) {
    await sql.end({ timeout: 1 });
    throw new Error(`Cannot reach PostgreSQL at ${describeUrl(url)}: ${(error as Error).message}`);
  }
  const run = (client: postgres.Sql | postgres.TransactionSql): Sql => ({
    async query<Row extends object>(text: string, params: readonly unknown[] = []) {
      // Prepared: the gateway runs a small fixed set of statements, so each is planned once per connection.
      const rows = await client.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true });
      return [...rows] as unknown as Row[];
    },
    async exec(text: string) {
      // Without parameters the client uses the simple protocol, which runs several statements.
      await client.unsafe(text);
    },
  });
  const outer = run(sql);
  return {
    kind: 'postgres',
    where: `PostgreSQL at ${describeUrl(url)} (${poolSize} connection${poolSize === 1 ? '' : 's'})`,
    query: outer.query,
    exec: outer.exec,
    async transaction(fn) {
      return (await sql.begin((tx) => fn(run(tx)))) as Awaited<ReturnType<typeof fn>>;
    },
    async listen(channel, onPayload) {
      const { unlisten } = await sql.listen(channel, onPayload);
      return unlisten;
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}
