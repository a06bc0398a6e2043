/** The {@link Database} over a real PostgreSQL server, through the `postgres` client (a pool of connections). */
import postgres from 'postgres';
import type { Database, Sql } from './database';
import { describeUrl } from './describe-url';

/**
 * Connections per gateway instance (plus one for LISTEN). A request holds one for a statement or a short
 * transaction, never while the service answers; 20 keeps 15 concurrent lookups (the spec's parallelism) from queueing.
 */
const POOL_SIZE = 20;

export async function openPostgres(url: string): Promise<Database> {
  const sql = postgres(url, {
    max: POOL_SIZE,
    // The gateway's own notices ("relation already exists, skipping") are not news to an admin.
    onnotice: () => {},
    connect_timeout: 10,
    // Generic plans from the first call: the gateway's statements (and those of its PL/pgSQL functions) are key
    // lookups whose best plan does not depend on the values, and a custom plan is planned again at each of a
    // connection's first five calls of every statement, a CPU cost on each of the pool's connections.
    connection: { plan_cache_mode: 'force_generic_plan' },
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
    where: `PostgreSQL at ${describeUrl(url)}`,
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
