-- The team's do-not-contact list: people no member may look up or send through the gateway (they objected, asked to
-- be erased, work for a client, …). It holds no contact data: each identifier of a listed person (canonical profile
-- URL, candidate id, lower-cased email) is kept only as the SHA-256 of the team's own salt, its kind and the value,
-- so the table alone names nobody, and a list copied from one team's database matches nothing in another's.

-- Random per team, made here once: 2 × 122 random bits of gen_random_uuid (core PostgreSQL from 13, and PGlite).
alter table team add column dnc_salt text not null
  default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');

-- One listed person: why, who listed them, when.
create table do_not_contact (
  id integer generated always as identity primary key,
  reason text not null check (reason in ('objected', 'erasure', 'client_employee', 'other')),
  -- Who listed them, as named at the time: a member's name, the admin's, or "command line".
  added_by text not null,
  added_at timestamptz not null default now()
);

-- The hashes of a listed person's identifiers (one each), removed with the person's entry.
create table do_not_contact_hashes (
  hash text primary key check (hash ~ '^[0-9a-f]{64}$'),
  entry_id integer not null references do_not_contact (id) on delete cascade,
  -- Which kind of identifier it is (the console says "profile address and 2 emails"); not the identifier.
  kind text not null check (kind in ('url', 'id', 'email'))
);
create index do_not_contact_hashes_entry on do_not_contact_hashes (entry_id);

-- A person's hash as the gateway computes it in TypeScript (`gateway/do-not-contact.ts`): the same bytes, so the
-- lookup's check can hash what the team vault holds of a person (their emails) without reading it out.
create function gateway_dnc_hash(p_kind text, p_value text) returns text language sql stable as $fn$
  select encode(sha256(convert_to((select dnc_salt from team where id = 1) || ':' || p_kind || ':' || p_value, 'UTF8')), 'hex')
$fn$;

-- Listing, unlisting and forgetting are in the audit log (who and when, never whom).
alter table audit_log drop constraint audit_log_kind_check;
alter table audit_log add constraint audit_log_kind_check check (kind in (
  'reveal', 'send', 'erase',
  'member_added', 'member_revoked', 'member_caps', 'member_renamed',
  'destination_set', 'destination_removed',
  'sign_in', 'sign_out', 'retention_set',
  'dnc_added', 'dnc_removed', 'forget'
));
