-- The gateway's schema as its first release made it (version 1). Run once, in one transaction, by the migration
-- runner (gateway/db/migrations.ts). Never edit a file here once it has shipped: add the next numbered one.

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
  error jsonb,
  -- Set by a request that waits for the flight: its end is notified only when someone waits (a NOTIFY takes a
  -- lock that makes notifying commits take turns, and wakes every instance).
  waited boolean not null default false
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

-- Profile URL and candidate id pairs seen in search answers relayed to members, so a lookup by either names
-- one person (and so one flight) before any lookup linked them. Kept 7 days.
create table search_links (
  social_url text primary key,
  candidate_id text not null,
  seen_at timestamptz not null default now()
);
create index search_links_candidate on search_links (candidate_id);
create index search_links_seen on search_links (seen_at);

-- People erased in the last day, by a hash of each identifier: a lookup in flight when its person was erased
-- keeps nothing of its answer.
create table erasures (
  key_hash text not null,
  erased_at timestamptz not null
);
create index erasures_key on erasures (key_hash, erased_at);

-- The destinations members send through the gateway, one of each kind, with the key, token or signing secret: set by
-- the admin (`send set`), used by the gateway alone, never sent to a member.
create table destinations (
  kind text primary key check (kind in ('lever', 'ashby', 'hubspot', 'webhook')),
  -- The connection as src/send/connection.ts reads it, key and all.
  connection jsonb not null,
  -- Whom or what the key acts as, as the free check on setting it found.
  account text,
  set_at timestamptz not null default now()
);

-- What the team sent where, one row a person and destination, so no two members make two records of one person:
-- written before the first request leaves (sending, with whether the destination held the email before) and
-- settled with the destination's answer; removed with the person.
create table sends (
  person_id integer not null references people (id) on delete cascade,
  destination text not null check (destination in ('lever', 'ashby', 'hubspot', 'webhook')),
  -- The member who first sent the person there ("In Lever, sent by Alice").
  member_id integer not null references members (id),
  state text not null check (state in ('sending', 'sent')),
  status text check (status in ('created', 'linked', 'already-there', 'updated', 'delivered')),
  record_id text,
  link text,
  found_before boolean,
  -- A send under way, by any member, until this time; a send whose instance died is taken over after it.
  busy_until timestamptz,
  sent_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (person_id, destination)
);

-- The functions a lookup calls on every request are PL/pgSQL, whose statements each connection plans once and
-- keeps; a SQL function's body is planned again at every call.

-- The SHA-256 of an identifier, as erasures keep it.
create function gateway_key_hash(p_key text) returns text language sql immutable as $fn$
  select encode(sha256(convert_to(p_key, 'UTF8')), 'hex')
$fn$;

-- Moves what the team holds of p_other, and what it sent of them, into p_keep (what p_keep has wins) and deletes
-- p_other.
create function gateway_merge_people(p_keep integer, p_other integer) returns void language sql as $fn$
  insert into held_items (person_id, item, found, value, member_id, at)
    select p_keep, h.item, h.found, h.value, h.member_id, h.at from held_items h where h.person_id = p_other
    on conflict do nothing;
  insert into sends (person_id, destination, member_id, state, status, record_id, link, found_before, busy_until,
      sent_at, updated_at)
    select p_keep, s.destination, s.member_id, s.state, s.status, s.record_id, s.link, s.found_before, s.busy_until,
      s.sent_at, s.updated_at
    from sends s where s.person_id = p_other
    on conflict do nothing;
  delete from people where id = p_other;
$fn$;

-- Which rows a profile URL or a candidate id names, with the other identifier a search linked to it: read by a
-- lookup (gateway_resolve_person, which then merges or makes rows) and by the free "what does the team hold"
-- question alike, so a price of 0 before the click and the lookup after it cannot disagree on who was asked for.
create function gateway_find_person(
  p_social_url text, p_candidate_id text,
  out social_url text, out candidate_id text, out by_url integer, out by_id integer
) language plpgsql stable as $fn$
begin
  social_url := p_social_url;
  candidate_id := p_candidate_id;
  if social_url is null then
    select l.social_url into social_url from search_links l where l.candidate_id = p_candidate_id
      order by l.seen_at desc limit 1;
  elsif candidate_id is null then
    select l.candidate_id into candidate_id from search_links l where l.social_url = p_social_url;
  end if;
  if social_url is not null then
    select p.id into by_url from people p where p.social_url = gateway_find_person.social_url;
  end if;
  if candidate_id is not null then
    select p.id into by_id from people p where p.candidate_id = gateway_find_person.candidate_id;
  end if;
end
$fn$;

-- The person a profile URL or a candidate id names (at least one given), with the other identifier from a
-- search link when one is known; made holding nothing when new. Two rows made before the link was known are
-- merged into the URL's, unless a flight is under way on the candidate id's (then that one answers).
create function gateway_resolve_person(p_social_url text, p_candidate_id text) returns integer
language plpgsql as $fn$
declare
  v_url text;
  v_cid text;
  v_by_url integer;
  v_by_id integer;
begin
  select f.social_url, f.candidate_id, f.by_url, f.by_id into v_url, v_cid, v_by_url, v_by_id
    from gateway_find_person(p_social_url, p_candidate_id) f;
  if v_by_url is not null and v_by_id is not null and v_by_url <> v_by_id then
    if exists (select 1 from flights where person_id = v_by_id and ended_at is null and expires_at > now())
    then
      return v_by_id;
    end if;
    if exists (select 1 from people where id = v_by_id and social_url is not null)
      or exists (select 1 from people where id = v_by_url and candidate_id is not null) then
      -- Each row already names someone else too: not this link's to merge.
      return case when p_social_url is not null then v_by_url else v_by_id end;
    end if;
    perform gateway_merge_people(v_by_url, v_by_id);
    update people set candidate_id = v_cid where id = v_by_url and candidate_id is null;
    return v_by_url;
  end if;
  if v_by_url is not null then
    if v_cid is not null then
      update people set candidate_id = v_cid where id = v_by_url and candidate_id is null;
    end if;
    return v_by_url;
  end if;
  if v_by_id is not null then
    if v_url is not null then
      update people set social_url = v_url where id = v_by_id and social_url is null;
    end if;
    return v_by_id;
  end if;
  insert into people (social_url, candidate_id) values (v_url, v_cid) on conflict do nothing returning id into v_by_url;
  if v_by_url is null then
    select id into v_by_url from people where social_url = v_url or candidate_id = v_cid
      order by social_url = v_url desc nulls last limit 1;
  end if;
  return v_by_url;
end
$fn$;

-- A person and everything the team holds of them, as one JSON value (the shape gateway/vault.ts reads).
create function gateway_person(p_id integer) returns json language plpgsql stable as $fn$
begin
  return (select json_build_object(
    'id', p.id, 'social_url', p.social_url, 'candidate_id', p.candidate_id, 'name', p.name,
    'current_title', p.current_title, 'current_employer', p.current_employer, 'not_found_at', p.not_found_at,
    'items', coalesce((
      select json_agg(json_build_object(
        'item', h.item, 'found', h.found, 'value', h.value, 'by', m.name, 'at', h.at))
      from held_items h join members m on m.id = h.member_id
      where h.person_id = p.id
    ), '[]'::json))
  from people p where p.id = p_id);
end
$fn$;

-- The items of p_items (a JSON array) the vault does not answer for a person now, in the order asked.
create function gateway_missing(p_person integer, p_items jsonb, p_not_found_ttl_ms integer) returns jsonb
language plpgsql stable as $fn$
begin
  return (select coalesce(jsonb_agg(a.item order by a.n), '[]'::jsonb)
    from jsonb_array_elements_text(p_items) with ordinality as a(item, n)
    where not exists (
      select 1 from held_items h where h.person_id = p_person and h.item = a.item
        and (h.found or h.at > now() - p_not_found_ttl_ms * interval '1 millisecond')));
end
$fn$;

-- The team's latest known balance (the last account call or the last paid answer, whichever is newer).
create function gateway_known_balance() returns integer language plpgsql stable as $fn$
begin
  return (select case when l.settled_at > coalesce(t.balance_at, '-infinity') then l.remaining
      else t.credits_remaining end
    from team t
    left join lateral (
      select remaining, settled_at from ledger where remaining is not null order by id desc limit 1
    ) l on true
    where t.id = 1);
end
$fn$;

-- Reserves p_max credits for a paid call under the member's caps, summing this UTC day's and month's spend
-- (settled rows at their charge, open ones at their most) and writing the pending row only when both caps have
-- room. Answers {"entry_id"}, {"refusal": {...}} or {"revoked": true}. A member without caps is locked "for share":
-- their reservations go side by side, while a change of caps or a revocation (an update of the row) waits for those
-- under way, and they for it. A member with a cap is locked "for no key update" and counted: their reservations
-- take turns, and the lock does not wait for the key-share locks that rows naming the member take (a flight
-- claimed in the same transaction, a kept item), so two lookups beginning together cannot deadlock. A cap set
-- between the first reading of the member and the lock answers a serialization failure (40001): the statement is
-- rolled back whole and the gateway begins it again.
create function gateway_reserve(p_member integer, p_action text, p_max integer, p_subject text)
returns json language plpgsql as $fn$
declare
  v_daily integer;
  v_monthly integer;
  v_today integer;
  v_month integer;
  v_day timestamptz;
  v_month_start timestamptz;
  v_id integer;
begin
  select daily_cap, monthly_cap into v_daily, v_monthly from members
    where id = p_member and revoked_at is null;
  if found and v_daily is null and v_monthly is null then
    select daily_cap, monthly_cap into v_daily, v_monthly from members
      where id = p_member and revoked_at is null for share;
    if not found then
      return json_build_object('revoked', true);
    end if;
    if v_daily is not null or v_monthly is not null then
      raise exception 'the member''s caps changed during a reservation' using errcode = '40001';
    end if;
    insert into ledger (member_id, action, subject, max_credits, status)
      values (p_member, p_action, p_subject, p_max, 'pending') returning id into v_id;
    return json_build_object('entry_id', v_id);
  end if;
  select daily_cap, monthly_cap into v_daily, v_monthly from members
    where id = p_member and revoked_at is null for no key update;
  if not found then
    return json_build_object('revoked', true);
  end if;
  if v_daily is not null or v_monthly is not null then
    v_day := date_trunc('day', now(), 'UTC');
    v_month_start := date_trunc('month', now(), 'UTC');
    select
      coalesce(sum(case when status in ('pending', 'unknown') then max_credits else coalesce(credits, 0) end)
        filter (where created_at >= v_day), 0)::int,
      coalesce(sum(case when status in ('pending', 'unknown') then max_credits else coalesce(credits, 0) end), 0)::int
      into v_today, v_month
      from ledger where member_id = p_member and created_at >= v_month_start;
    if v_daily is not null and v_today + p_max > v_daily then
      return json_build_object('refusal', json_build_object('period', 'day', 'cap', v_daily, 'spent', v_today,
        'required', p_max, 'resets_at', v_day + interval '1 day'));
    end if;
    if v_monthly is not null and v_month + p_max > v_monthly then
      return json_build_object('refusal', json_build_object('period', 'month', 'cap', v_monthly,
        'spent', v_month, 'required', p_max, 'resets_at', v_month_start + interval '1 month'));
    end if;
  end if;
  insert into ledger (member_id, action, subject, max_credits, status)
    values (p_member, p_action, p_subject, p_max, 'pending') returning id into v_id;
  return json_build_object('entry_id', v_id);
end
$fn$;

-- Begins a lookup in one statement: finds the person; when the vault answers every item asked (or the service
-- had no such person lately) answers {"state": "held"} with the person and the known balance; else claims the
-- person's flight ({"state": "wait"} with the flight under way when another has it), reads the person again
-- (a flight that ended meanwhile may have stored the items), and reserves the missing items' most under the
-- member's caps ({"state": "refused"} with the refusal, or {"state": "revoked"}, the flight given up); else
-- {"state": "flight"} with the flight, its start, the ledger row and the missing items.
create function gateway_begin_lookup(
  p_social_url text, p_candidate_id text, p_member integer, p_items text, p_prices text, p_ttl_ms integer,
  p_not_found_ttl_ms integer, p_subject text
) returns json language plpgsql as $fn$
declare
  v_person integer;
  v_items jsonb := p_items::jsonb;
  v_missing jsonb;
  v_flight uuid;
  v_started timestamptz;
  v_max integer;
  v_reserved json;
  v_not_found interval := p_not_found_ttl_ms * interval '1 millisecond';
  v_url text;
  v_cid text;
  v_by_url integer;
  v_by_id integer;
begin
  -- The member's key, checked in this statement: a lookup needs no round trip of its own for it.
  perform 1 from members where id = p_member and revoked_at is null;
  if not found then
    return json_build_object('state', 'revoked');
  end if;
  -- Someone nobody has asked about (the most common paid lookup): made here, so nothing is held of them and
  -- nobody else can see them before this transaction commits: every item asked is missing, and the flight
  -- is this request's, without reading the vault twice.
  select f.social_url, f.candidate_id, f.by_url, f.by_id into v_url, v_cid, v_by_url, v_by_id
    from gateway_find_person(p_social_url, p_candidate_id) f;
  if v_by_url is null and v_by_id is null then
    insert into people (social_url, candidate_id) values (v_url, v_cid) on conflict do nothing
      returning id into v_person;
    if v_person is not null then
      v_started := clock_timestamp();
      insert into flights (person_id, member_id, items, started_at, expires_at)
        values (v_person, p_member, v_items, v_started, now() + p_ttl_ms * interval '1 millisecond')
        returning flight_id into v_flight;
      select coalesce(sum((p_prices::jsonb ->> m)::integer), 0)::int into v_max
        from jsonb_array_elements_text(v_items) as m;
      v_reserved := gateway_reserve(p_member, 'lookup', v_max, p_subject);
      if v_reserved ->> 'entry_id' is null then
        delete from flights where person_id = v_person and flight_id = v_flight;
        return json_build_object('state', case when v_reserved ->> 'revoked' is null then 'refused' else 'revoked' end,
          'refusal', v_reserved -> 'refusal');
      end if;
      return json_build_object('state', 'flight', 'person_id', v_person, 'flight_id', v_flight,
        'started_at', v_started, 'entry_id', (v_reserved ->> 'entry_id')::integer, 'missing', v_items);
    end if;
  end if;
  v_person := gateway_resolve_person(p_social_url, p_candidate_id);
  v_missing := gateway_missing(v_person, v_items, p_not_found_ttl_ms);
  if jsonb_array_length(v_missing) = 0
    or exists (select 1 from people where id = v_person and not_found_at > now() - v_not_found) then
    return json_build_object('state', 'held', 'person', gateway_person(v_person),
      'balance', gateway_known_balance());
  end if;
  v_started := clock_timestamp();
  insert into flights (person_id, member_id, items, started_at, expires_at)
  values (v_person, p_member, v_missing, v_started, now() + p_ttl_ms * interval '1 millisecond')
  on conflict (person_id) do update
    set flight_id = gen_random_uuid(), member_id = excluded.member_id, items = excluded.items,
      started_at = excluded.started_at, expires_at = excluded.expires_at, ended_at = null, error = null
    where flights.expires_at < now() or flights.ended_at is not null
  returning flight_id into v_flight;
  if v_flight is null then
    update flights set waited = true where person_id = v_person returning flight_id into v_flight;
    return json_build_object('state', 'wait', 'person_id', v_person, 'flight_id', v_flight,
      'started_at', v_started);
  end if;
  -- A fresh snapshot (this statement began after the claim): what a flight that just ended stored.
  v_missing := gateway_missing(v_person, v_items, p_not_found_ttl_ms);
  if jsonb_array_length(v_missing) = 0
    or exists (select 1 from people where id = v_person and not_found_at > now() - v_not_found) then
    -- Claimed in this transaction, so nobody waits for it.
    delete from flights where person_id = v_person and flight_id = v_flight;
    return json_build_object('state', 'held', 'person', gateway_person(v_person),
      'balance', gateway_known_balance());
  end if;
  select coalesce(sum((p_prices::jsonb ->> m)::integer), 0)::int into v_max
    from jsonb_array_elements_text(v_missing) as m;
  v_reserved := gateway_reserve(p_member, 'lookup', v_max, p_subject);
  if v_reserved ->> 'entry_id' is null then
    delete from flights where person_id = v_person and flight_id = v_flight;
    return json_build_object('state', case when v_reserved ->> 'revoked' is null then 'refused' else 'revoked' end,
      'refusal', v_reserved -> 'refusal');
  end if;
  return json_build_object('state', 'flight', 'person_id', v_person, 'flight_id', v_flight,
    'started_at', v_started, 'entry_id', (v_reserved ->> 'entry_id')::integer, 'missing', v_missing);
end
$fn$;

-- Keeps the service's answer to a flight's lookup, settles its ledger row, ends the flight and wakes its waiters
-- (on commit), in one transaction; answers the person as now held. p_answer is null when the service's answer
-- named no contact; else {success, status_code, candidate_id, name, current_title, current_employer,
-- items: [{item, found, value}]}. A value found is never replaced by "not found"; a row made earlier for the same
-- candidate id is merged into this one. When the person was erased after the member asked (p_started), nothing
-- of the answer is kept, the ledger row loses its subject, and the answer is null.
create function gateway_finish_lookup(
  p_person integer, p_social_url text, p_candidate_key text, p_member integer, p_flight uuid, p_answer text,
  p_entry integer, p_status text, p_credits integer, p_charged text, p_note text, p_remaining integer,
  p_started timestamptz
) returns json language plpgsql as $fn$
declare
  v_id integer := p_person;
  v_answer jsonb := p_answer::jsonb;
  v_candidate text := nullif(btrim(v_answer ->> 'candidate_id'), '');
  v_other integer;
  v_erased boolean;
  v_waited boolean;
begin
  -- Hashing the identifiers costs three SQL function calls, each planned afresh: only when someone was erased
  -- since the member asked (the table holds a day of erasures, most often none).
  v_erased := exists (select 1 from erasures where erased_at >= p_started)
    and exists (select 1 from erasures
      where key_hash in (gateway_key_hash(p_social_url), gateway_key_hash(p_candidate_key),
        gateway_key_hash(v_candidate))
        and erased_at >= p_started);
  if v_answer is not null and not v_erased then
    perform 1 from people where id = v_id;
    if not found then
      -- Merged into another row since the lookup started: find it again by what was asked.
      v_id := gateway_resolve_person(p_social_url, p_candidate_key);
    end if;
    if (v_answer ->> 'success')::boolean then
      if v_candidate is not null then
        select id into v_other from people where candidate_id = v_candidate and id <> v_id;
        if v_other is not null then
          perform gateway_merge_people(v_id, v_other);
        end if;
      end if;
      update people set candidate_id = coalesce(v_candidate, candidate_id), name = v_answer ->> 'name',
          current_title = v_answer ->> 'current_title', current_employer = v_answer ->> 'current_employer',
          not_found_at = null
        where id = v_id;
      insert into held_items (person_id, item, found, value, member_id)
        select v_id, r.item, r.found, r.value, p_member
        from jsonb_to_recordset(v_answer -> 'items') as r(item text, found boolean, value jsonb)
        on conflict (person_id, item) do update
          set found = excluded.found, value = excluded.value, member_id = excluded.member_id, at = now()
          where not held_items.found;
    elsif (v_answer ->> 'status_code')::integer = 404 then
      update people set not_found_at = now() where id = v_id;
    end if;
  end if;
  update ledger set status = p_status, credits = p_credits, items = p_charged::jsonb, billing_note = p_note,
      remaining = p_remaining, settled_at = now(),
      subject = case when v_erased then null else subject end
    where id = p_entry;
  delete from flights where flight_id = p_flight returning waited into v_waited;
  if v_waited then
    perform pg_notify('gateway_flights', p_person::text);
  end if;
  if v_erased then
    -- A row this request's own start made after the erasure (it waited through it), holding nothing: gone too.
    delete from people p where p.id = p_person and p.not_found_at is null
      and not exists (select 1 from held_items h where h.person_id = p.id);
    return null;
  end if;
  return gateway_person(v_id);
end
$fn$;
