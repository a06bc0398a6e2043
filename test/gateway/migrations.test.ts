/**
 * The schema's migrations: the baseline's catalog against its snapshot, a second start, a later migration, a
 * database newer than the gateway or older than its first release, a failing migration, the schema folder's rules.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MIGRATIONS, migrate, readMigrations, SCHEMA_VERSION } from '../../gateway/db/migrations';
import { catalog } from './catalog';
import { databaseAtVersion, pgliteDatabase, postgresDatabase, type TestDatabase } from './harness';

/** The catalog the schema files make; changed only with a new schema file (then `vitest -u` and a look at it). */
const SNAPSHOT = './__snapshots__/schema.catalog.txt';

/** The migrations and a later one (members get an email), as a newer gateway would have them. */
const LATER = [
  ...MIGRATIONS,
  {
    version: SCHEMA_VERSION + 1,
    name: 'member email',
    sql: "alter table members add column email text; update members set email = lower(replace(name, ' ', '.')) || '@example.com';",
  },
];

/**
 * `check` on a copy of the migrated template of its own, removed after: a test that migrates past the template
 * leaves the file's database as it was, so each test passes alone and in any order.
 */
async function onItsOwnDatabase(check: (db: TestDatabase) => Promise<void>): Promise<void> {
  const db = await pgliteDatabase();
  try {
    await check(db);
  } finally {
    await db.dispose();
  }
}

describe('migrations', () => {
  /** The migrated template as it is, for the tests that only read it. */
  let db: Awaited<ReturnType<typeof pgliteDatabase>>;
  beforeAll(async () => {
    db = await pgliteDatabase();
  });
  afterAll(async () => {
    await db?.dispose();
  });

  it('the template was migrated to the newest version, and a second run changes nothing', async () => {
    const rows = await db.query<{ version: number; name: string }>(
      'select version, name from schema_migrations order by version',
    );
    expect(rows).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
    expect(rows[0]).toEqual({ version: 1, name: 'baseline' });
    expect(await migrate(db)).toEqual([]);
  });

  it('makes the catalog of its snapshot: tables, columns, constraints, indexes, functions and triggers', async () => {
    await expect(await catalog(db)).toMatchFileSnapshot(SNAPSHOT);
  });

  it('creates every table the gateway uses, with its checks, and the team', async () => {
    const tables = await db.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
    );
    expect(tables.map((t) => t.table_name)).toEqual([
      'admin_links',
      'admin_sessions',
      'admin_sign_in_attempts',
      'audit_log',
      'audit_people',
      'audit_settings',
      'destinations',
      'do_not_contact',
      'do_not_contact_hashes',
      'erasures',
      'flags',
      'flights',
      'held_items',
      'ledger',
      'members',
      'notice_text',
      'people',
      'retention_rules',
      'schema_migrations',
      'search_links',
      'sends',
      'team',
    ]);
    expect(await db.query('select id, name from team')).toEqual([{ id: 1, name: 'Your team' }]);
    await expect(
      db.query("insert into held_items (person_id, item, found, member_id) values (1, 'fax', false, 1)"),
    ).rejects.toThrow();
    await expect(db.query("insert into team (id, name) values (2, 'Another team')")).rejects.toThrow();
  });

  it('applies a later migration once, in order, and keeps the data', async () =>
    onItsOwnDatabase(async (db) => {
      await db.query("insert into members (name, key_hash, key_hint) values ('Alice Smith', 'hash', 'hint')");
      expect(await migrate(db, LATER)).toEqual([SCHEMA_VERSION + 1]);
      expect(await migrate(db, LATER)).toEqual([]);
      const rows = await db.query<{ email: string }>('select email from members');
      expect(rows).toEqual([{ email: 'alice.smith@example.com' }]);
    }));

  it('refuses a database written by a newer gateway, changing nothing', async () =>
    onItsOwnDatabase(async (db) => {
      // A newer gateway migrated it to SCHEMA_VERSION + 1; this gateway knows only SCHEMA_VERSION.
      expect(await migrate(db, LATER)).toEqual([SCHEMA_VERSION + 1]);
      await expect(migrate(db)).rejects.toThrow(
        `This database has schema version ${SCHEMA_VERSION + 1}, newer than this gateway knows (${SCHEMA_VERSION})`,
      );
    }));

  it('rolls a failing migration back whole', async () =>
    onItsOwnDatabase(async (db) => {
      // At SCHEMA_VERSION + 1 (a newer gateway's), a migration after it fails halfway: it stays at SCHEMA_VERSION + 1.
      expect(await migrate(db, LATER)).toEqual([SCHEMA_VERSION + 1]);
      const broken = [
        ...MIGRATIONS,
        { version: SCHEMA_VERSION + 1, name: 'member email', sql: 'select 1' },
        {
          version: SCHEMA_VERSION + 2,
          name: 'broken',
          sql: 'create table half_done (id int); select no_such_function();',
        },
      ];
      await expect(migrate(db, broken)).rejects.toThrow(/no_such_function/);
      const half = await db.query("select 1 from information_schema.tables where table_name = 'half_done'");
      expect(half).toEqual([]);
      const versions = await db.query<{ version: number }>(
        'select max(version)::int as version from schema_migrations',
      );
      expect(versions[0]!.version).toBe(SCHEMA_VERSION + 1);
    }));
});

describe('a database made before the first release', () => {
  it('is refused with what to do, and left as it was', async () => {
    // The layout development builds made: eight numbered migrations, the first of another name than the baseline.
    const db = await databaseAtVersion(0);
    try {
      await db.exec(`
        insert into schema_migrations (version, name) values
          (1, 'members, team vault, flights, ledger'), (2, 'one round trip per step of a lookup'),
          (8, 'reservations for a member without caps do not take turns');
        create table members (id integer primary key, name text not null);
      `);
      await expect(migrate(db)).rejects.toThrow(
        /made by a development build of the gateway, before its first release.*Start with a new one/,
      );
      const tables = await db.query<{ table_name: string }>(
        "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
      );
      expect(tables.map((t) => t.table_name)).toEqual(['members', 'schema_migrations']);
    } finally {
      await db.dispose();
    }
  });
});

describe('the schema folder', () => {
  const folder = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'gateway-schema-'));
    for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), sql);
    return dir;
  };

  it('reads numbered files in order, named after what they do', () => {
    const dir = folder({ '002-member-email.sql': 'select 2', '001-baseline.sql': 'select 1' });
    expect(readMigrations(dir)).toEqual([
      { version: 1, name: 'baseline', sql: 'select 1' },
      { version: 2, name: 'member email', sql: 'select 2' },
    ]);
  });

  it('refuses a gap in the numbers and a misnamed file', () => {
    expect(() => readMigrations(folder({ '001-baseline.sql': '', '003-skip.sql': '' }))).toThrow(
      /without a gap; found 3/,
    );
    expect(() => readMigrations(folder({ '001-baseline.sql': '', '2-short.sql': '' }))).toThrow(
      /named like 002-what-it-does\.sql/,
    );
  });
});

describe.skipIf(inject('pgUrl') === null)('migrations on PostgreSQL', () => {
  it('migrates a new database to the newest version, with the catalog of the snapshot', async () => {
    const db = (await postgresDatabase())!;
    try {
      const rows = await db.query<{ version: number }>(
        'select version from schema_migrations order by version',
      );
      expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
      expect(await migrate(db)).toEqual([]);
      await expect(await catalog(db)).toMatchFileSnapshot(SNAPSHOT);
    } finally {
      await db.dispose();
    }
  });
});
