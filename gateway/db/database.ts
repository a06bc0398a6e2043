/**
 * The one database interface the gateway uses, over either PostgreSQL client: `postgres` (a real server, selected by
 * `DATABASE_URL`) or PGlite (real PostgreSQL compiled to WASM, in a data folder: the default, nothing to install).
 *
 * The gateway's SQL is plain PostgreSQL with numbered parameters (`$1`), written once and run on both. Rules that
 * keep the two clients' answers alike: ids are `integer` and sums are cast `::int` (the two clients read `bigint`
 * differently), JSON goes in as a string cast `::text::jsonb` (cast to `jsonb` alone, the `postgres` client would encode
 * the string as JSON a second time), and time comes back as `Date`.
 */

/** Something that runs SQL: the database itself, or one transaction on it. */
export interface Sql {
  /** Runs one statement with `$1…` parameters and returns its rows. */
  query<Row extends object = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
  ): Promise<Row[]>;
  /** Runs several statements without parameters (a migration). */
  exec(text: string): Promise<void>;
}

export interface Database extends Sql {
  /**
   * Runs `fn` in one transaction (READ COMMITTED), committed when it resolves and rolled back when it throws. On
   * PostgreSQL each transaction has its own connection; PGlite has one connection, so its transactions take turns.
   */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /** Calls `onPayload` for every NOTIFY on `channel`, from any process on the same database. Returns the unlisten. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Where the data lives, for the start line: the PGlite folder, or host:port/database (never a password). */
  readonly where: string;
  /** `pglite` or `postgres`. */
  readonly kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * How to reach the database: a `postgres://` URL (and how many connections this instance opens, the default when
 * not said), or a PGlite data folder.
 */
export type DatabaseTarget = { url: string; poolSize?: number } | { dataDir: string };
