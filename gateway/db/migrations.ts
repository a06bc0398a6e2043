/**
 * The gateway's schema, as numbered migrations run on start (`serve` and every admin command). Each runs once, in
 * its own transaction, and is recorded in `schema_migrations`; a database written by a newer gateway (a version this
 * one does not know) is refused rather than used. Two instances starting at once take turns on an advisory lock.
 *
 * Never edit a migration that has shipped: add the next one.
 */
import type { Database } from './database';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'members, team vault, flights, ledger',
    sql: `
      create table team (
        id integer primary key default 1 check (id = 1),
        name text not null,
        -- The last balance the service reported, so a team-held answer needs no call to report it.
        credits_remaining integer,
        credits_purchased integer,
        balance_at timestamptz
      );
      insert into team (name) values ('Your team');

      create table members (
        id integer generated always as identity primary key,
        name text not null check (length(name) between 1 and 100),
        -- SHA-256 of the member key: the key itself is shown once and never stored.
        key_hash text not null unique,
        -- The key's last characters, so an admin can tell two keys apart.
        key_hint text not null,
        daily_cap integer check (daily_cap >= 0),
        monthly_cap integer check (monthly_cap >= 0),
        created_at timestamptz not null default now(),
        revoked_at timestamptz
      );
      create unique index members_active_name on members (lower(name)) where revoked_at is null;

      -- One row per person the team has asked about: canonical profile URL and candidate id, linked when both known.
      create table people (
        id integer generated always as identity primary key,
        social_url text unique,
        candidate_id text unique,
        name text,
        current_title text,
        current_employer text,
        -- The service answered "no such candidate" at this time.
        not_found_at timestamptz,
        created_at timestamptz not null default now(),
        check (social_url is not null or candidate_id is not null)
      );

      -- What the team holds of a person, item by item: the value found, or found = false (the service had none).
      create table held_items (
        person_id integer not null references people (id) on delete cascade,
        item text not null check (item in ('email', 'phone', 'detailed_profile', 'healthcare_profile')),
        found boolean not null,
        value jsonb,
        member_id integer not null references members (id),
        at timestamptz not null default now(),
        primary key (person_id, item)
      );

      -- Single flight: at most one upstream lookup per person at a time, across every instance.
      create table flights (
        person_id integer primary key references people (id) on delete cascade,
        flight_id uuid not null default gen_random_uuid(),
        member_id integer not null references members (id),
        items jsonb not null,
        started_at timestamptz not null default now(),
        -- A flight whose instance died is taken over after this.
        expires_at timestamptz not null,
        -- Set when the upstream call failed: its waiters answer with the same error rather than call again.
        ended_at timestamptz,
        error jsonb
      );

      -- One row per upstream call that can charge: written before the call (pending, at its most possible charge),
      -- settled with what the service charged.
      create table ledger (
        id integer generated always as identity primary key,
        member_id integer not null references members (id),
        action text not null check (action in ('lookup', 'search', 'jd_search')),
        -- The profile URL or candidate id looked up (null for searches, and once the person is erased).
        subject text,
        max_credits integer not null check (max_credits >= 0),
        credits integer check (credits >= 0),
        -- Credits per item charged, e.g. {"email": 3, "detailed_profile": 1}.
        items jsonb not null default '{}',
        status text not null check (status in ('pending', 'charged', 'not_charged', 'unknown')),
        billing_note text,
        -- The balance the service reported with this call's answer (the team's latest balance, without a hot row).
        remaining integer,
        created_at timestamptz not null default now(),
        settled_at timestamptz
      );
      create index ledger_member_time on ledger (member_id, created_at);
      create index ledger_subject on ledger (subject) where subject is not null;
      create index ledger_remaining on ledger (id) where remaining is not null;
    `,
  },
];

/** The newest schema version this gateway knows. */
export const SCHEMA_VERSION = Math.max(...MIGRATIONS.map((m) => m.version));

/** Any fixed number: the advisory lock two starting instances take turns on. */
const MIGRATION_LOCK = 7_201_964;

/**
 * Brings the schema up to {@link SCHEMA_VERSION}. Returns the versions applied now (empty when it was up to date).
 * Throws, changing nothing, when the database is newer than this gateway.
 */
export async function migrate(
  db: Database,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`);
    const rows = await tx.query<{ version: number }>('select version from schema_migrations');
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
      if (done.has(migration.version)) continue;
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
