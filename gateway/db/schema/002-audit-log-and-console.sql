-- The audit log (who revealed, sent or erased whom; member and destination changes; sign-ins), append-only by the
-- database's own rule, and what the admin console signs in with: one-time links, sessions, sign-in attempts.

-- The people the audit log names, apart from its entries: an erasure clears their identifiers and name here (the
-- entries stay, naming nobody), so the log can be append-only and a person can still be erased.
create table audit_people (
  id integer generated always as identity primary key,
  -- The profile URL or candidate id as the gateway found the person (canonical URL when known).
  identifier text unique,
  -- The candidate id the service answered with, when the person was asked for by profile URL.
  candidate_id text,
  name text,
  erased_at timestamptz,
  check ((identifier is null) = (erased_at is not null))
);

create table audit_log (
  id integer generated always as identity primary key,
  at timestamptz not null default now(),
  kind text not null check (kind in (
    'reveal', 'send', 'erase',
    'member_added', 'member_revoked', 'member_caps', 'member_renamed',
    'destination_set', 'destination_removed',
    'sign_in', 'sign_out', 'retention_set'
  )),
  -- Who acted, as named at the time: a member's name, the admin's, or "command line".
  actor text not null,
  -- The member who acted (a reveal, a send) or whom a member change was about.
  member_id integer references members (id),
  person_id integer references audit_people (id),
  -- What kind-specific facts there are: items and credits, the destination, the caps, the old name.
  detail jsonb not null default '{}'
);
create index audit_log_at on audit_log (at);
create index audit_people_candidate on audit_people (candidate_id) where candidate_id is not null;
create index audit_log_member on audit_log (member_id, at) where member_id is not null;
create index audit_log_person on audit_log (person_id, at) where person_id is not null;
create index audit_log_kind on audit_log (kind, at);

-- How long entries are kept, set by the admin; only entries older than this can ever be deleted.
create table audit_settings (
  id integer primary key default 1 check (id = 1),
  retention_days integer not null default 365 check (retention_days between 30 and 3650)
);
insert into audit_settings default values;

-- The rule that makes the log append-only: no entry is ever changed, none is deleted before its retention has passed,
-- and the table is never emptied at once. The code has no update path; this holds for any client of the database.
create function gateway_audit_guard() returns trigger language plpgsql as $fn$
begin
  if tg_op = 'DELETE' and old.at < now() - make_interval(days => (select retention_days from audit_settings)) then
    return old;
  end if;
  raise exception 'the audit log is append-only: % refused', lower(tg_op) using errcode = 'insufficient_privilege';
end
$fn$;
create trigger audit_log_append_only before update or delete on audit_log
  for each row execute function gateway_audit_guard();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function gateway_audit_guard();

-- A person's identity in the log changes once, to nobody, when they are erased.
create function gateway_audit_people_guard() returns trigger language plpgsql as $fn$
begin
  if tg_op = 'UPDATE' and new.identifier is null and new.candidate_id is null and new.name is null
     and new.erased_at is not null
     and old.erased_at is null and new.id = old.id then
    return new;
  end if;
  raise exception 'the audit log''s people change only by erasure: % refused', lower(tg_op)
    using errcode = 'insufficient_privilege';
end
$fn$;
create trigger audit_people_erase_only before update or delete on audit_people
  for each row execute function gateway_audit_people_guard();

-- One-time sign-in links the command line prints (`admin link`): the SHA-256 of the token, used once.
create table admin_links (
  token_hash text primary key,
  admin_name text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

-- Console sessions: the SHA-256 of the cookie's token, the CSRF token its writes carry, when it ends.
create table admin_sessions (
  id integer generated always as identity primary key,
  token_hash text not null unique,
  csrf_token text not null,
  admin_name text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  ended_at timestamptz
);

-- Sign-in attempts by address, so failed ones can be limited on every instance.
create table admin_sign_in_attempts (
  address text not null,
  at timestamptz not null default now(),
  ok boolean not null
);
create index admin_sign_in_attempts_address on admin_sign_in_attempts (address, at);
