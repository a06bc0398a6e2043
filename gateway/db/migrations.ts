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
  {
    version: 2,
    name: 'one round trip per step of a lookup',
    // Each step of a paid lookup (find the person, claim the flight, reserve under the caps, keep the answer) is
    // one function call, so one round trip, where it was up to eight statements. In READ COMMITTED each statement
    // inside a function sees what others committed before it began: the spend is summed after the member's row
    // lock is taken, and the person is read after the flight is claimed, exactly as the separate statements did.
    sql: `
      -- A person and everything the team holds of them, as one JSON value (the shape gateway/vault.ts reads).
      create function gateway_person(p_id integer) returns json language sql stable as $fn$
        select json_build_object(
          'id', p.id, 'social_url', p.social_url, 'candidate_id', p.candidate_id, 'name', p.name,
          'current_title', p.current_title, 'current_employer', p.current_employer, 'not_found_at', p.not_found_at,
          'items', coalesce((
            select json_agg(json_build_object(
              'item', h.item, 'found', h.found, 'value', h.value, 'by', m.name, 'at', h.at))
            from held_items h join members m on m.id = h.member_id
            where h.person_id = p.id
          ), '[]'::json))
        from people p where p.id = p_id
      $fn$;

      -- The person a profile URL or candidate id names (exactly one given), made holding nothing when new.
      create function gateway_find_or_add_person(p_social_url text, p_candidate_id text) returns json
      language plpgsql as $fn$
      declare
        v_id integer;
      begin
        -- One of the two is null, and "= null" matches nothing: the row of the one given.
        select id into v_id from people where social_url = p_social_url or candidate_id = p_candidate_id;
        if v_id is null then
          insert into people (social_url, candidate_id) values (p_social_url, p_candidate_id)
            on conflict do nothing returning id into v_id;
          if v_id is null then
            select id into v_id from people where social_url = p_social_url or candidate_id = p_candidate_id;
          end if;
        end if;
        return gateway_person(v_id);
      end
      $fn$;

      -- Takes the person's flight (a new one, or one that ended or expired), then reads the person afresh; or names
      -- the flight under way.
      create function gateway_claim_flight(p_person integer, p_member integer, p_items text, p_ttl_ms integer)
      returns json language plpgsql as $fn$
      declare
        v_flight uuid;
      begin
        insert into flights (person_id, member_id, items, expires_at)
        values (p_person, p_member, p_items::jsonb, now() + p_ttl_ms * interval '1 millisecond')
        on conflict (person_id) do update
          set flight_id = gen_random_uuid(), member_id = excluded.member_id, items = excluded.items,
            started_at = now(), expires_at = excluded.expires_at, ended_at = null, error = null
          where flights.expires_at < now() or flights.ended_at is not null
        returning flight_id into v_flight;
        if v_flight is not null then
          return json_build_object('won', true, 'flight_id', v_flight, 'person', gateway_person(p_person));
        end if;
        select flight_id into v_flight from flights where person_id = p_person;
        return json_build_object('won', false, 'flight_id', v_flight);
      end
      $fn$;

      -- Reserves p_max credits for a paid call under the member's caps: holding the member's row lock, sums this UTC
      -- day's and month's spend (settled rows at their charge, open ones at their most) and writes the pending row
      -- only when both caps have room. Answers {"entry_id"}, {"refusal": {...}} or {"revoked": true}.
      create function gateway_reserve(p_member integer, p_action text, p_max integer, p_subject text)
      returns json language plpgsql as $fn$
      declare
        v_daily integer;
        v_monthly integer;
        v_today integer;
        v_month integer;
        v_day timestamptz := date_trunc('day', now(), 'UTC');
        v_month_start timestamptz := date_trunc('month', now(), 'UTC');
        v_id integer;
      begin
        select daily_cap, monthly_cap into v_daily, v_monthly from members
          where id = p_member and revoked_at is null for update;
        if not found then
          return json_build_object('revoked', true);
        end if;
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
        insert into ledger (member_id, action, subject, max_credits, status)
          values (p_member, p_action, p_subject, p_max, 'pending') returning id into v_id;
        return json_build_object('entry_id', v_id);
      end
      $fn$;

      -- Keeps the service's answer to a flight's lookup, settles its ledger row, ends the flight and wakes its waiters
      -- (on commit), in one transaction; answers the person as now held. p_answer is null when the service's answer
      -- named no contact; else {success, status_code, candidate_id, name, current_title, current_employer,
      -- items: [{item, found, value}]}. A value found is never replaced by "not found"; a row made earlier for the same
      -- candidate id (a lookup by id before the URL was known) is merged into this one.
      create function gateway_finish_lookup(
        p_person integer, p_social_url text, p_candidate_key text, p_member integer, p_flight uuid, p_answer text,
        p_entry integer, p_status text, p_credits integer, p_charged text, p_note text, p_remaining integer
      ) returns json language plpgsql as $fn$
      declare
        v_id integer := p_person;
        v_answer jsonb := p_answer::jsonb;
        v_candidate text;
        v_other integer;
      begin
        if v_answer is not null then
          perform 1 from people where id = v_id;
          if not found then
            -- Merged into another row since the lookup started: find it again by what was asked.
            v_id := (gateway_find_or_add_person(p_social_url, p_candidate_key) ->> 'id')::integer;
          end if;
          if (v_answer ->> 'success')::boolean then
            v_candidate := nullif(btrim(v_answer ->> 'candidate_id'), '');
            if v_candidate is not null then
              select id into v_other from people where candidate_id = v_candidate and id <> v_id;
              if v_other is not null then
                insert into held_items (person_id, item, found, value, member_id, at)
                  select v_id, h.item, h.found, h.value, h.member_id, h.at from held_items h
                  where h.person_id = v_other
                  on conflict do nothing;
                delete from people where id = v_other;
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
            remaining = p_remaining, settled_at = now()
          where id = p_entry;
        delete from flights where person_id = p_person and flight_id = p_flight;
        perform pg_notify('gateway_flights', p_person::text);
        return gateway_person(v_id);
      end
      $fn$;
    `,
  },
  {
    version: 3,
    name: 'a lookup begun in one round trip; search links; erasures',
    // A paid lookup is now two round trips: begin (find the person, claim the flight, reserve under the caps: one
    // statement, so one transaction) and finish. Holding the flight's row and the member's row in one transaction
    // is safe: every transaction that takes both takes the flight first, and nothing else waits on a member's row.
    sql: `
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

      -- Set by a request that waits for the flight: its end is notified only when someone waits (a NOTIFY takes a
      -- lock that makes notifying commits take turns, and wakes every instance).
      alter table flights add column waited boolean not null default false;

      create function gateway_key_hash(p_key text) returns text language sql immutable as $fn$
        select encode(sha256(convert_to(p_key, 'UTF8')), 'hex')
      $fn$;

      -- Moves what the team holds of p_other into p_keep (what p_keep holds wins) and deletes p_other.
      create function gateway_merge_people(p_keep integer, p_other integer) returns void language sql as $fn$
        insert into held_items (person_id, item, found, value, member_id, at)
          select p_keep, h.item, h.found, h.value, h.member_id, h.at from held_items h where h.person_id = p_other
          on conflict do nothing;
        delete from people where id = p_other;
      $fn$;

      -- The person a profile URL or a candidate id names (at least one given), with the other identifier from a
      -- search link when one is known; made holding nothing when new. Two rows made before the link was known are
      -- merged into the URL's, unless a flight is under way on the candidate id's (then that one answers).
      create function gateway_resolve_person(p_social_url text, p_candidate_id text) returns integer
      language plpgsql as $fn$
      declare
        v_url text := p_social_url;
        v_cid text := p_candidate_id;
        v_by_url integer;
        v_by_id integer;
      begin
        if v_url is null then
          select social_url into v_url from search_links where candidate_id = v_cid order by seen_at desc limit 1;
        elsif v_cid is null then
          select candidate_id into v_cid from search_links where social_url = v_url;
        end if;
        if v_url is not null then
          select id into v_by_url from people where social_url = v_url;
        end if;
        if v_cid is not null then
          select id into v_by_id from people where candidate_id = v_cid;
        end if;
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

      -- The functions a lookup calls on every request are PL/pgSQL, whose statements each connection plans once and
      -- keeps; a SQL function's body is planned again at every call.

      -- A person and everything the team holds of them, as one JSON value (as in migration 2).
      create or replace function gateway_person(p_id integer) returns json language plpgsql stable as $fn$
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

      -- The member's row is now locked "for no key update": it still makes reservations for one member take turns
      -- (and waits for a revocation or a change of caps), and no longer waits for the key-share locks that rows
      -- naming the member take (a flight claimed in the same transaction, a kept item), so two lookups beginning
      -- together cannot deadlock.
      create or replace function gateway_reserve(p_member integer, p_action text, p_max integer, p_subject text)
      returns json language plpgsql as $fn$
      declare
        v_daily integer;
        v_monthly integer;
        v_today integer;
        v_month integer;
        v_day timestamptz := date_trunc('day', now(), 'UTC');
        v_month_start timestamptz := date_trunc('month', now(), 'UTC');
        v_id integer;
      begin
        select daily_cap, monthly_cap into v_daily, v_monthly from members
          where id = p_member and revoked_at is null for no key update;
        if not found then
          return json_build_object('revoked', true);
        end if;
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
      begin
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
          return json_build_object('state', 'wait', 'person_id', v_person, 'flight_id', v_flight);
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

      drop function gateway_finish_lookup(integer, text, text, integer, uuid, text, integer, text, integer, text,
        text, integer);

      -- Keeps the service's answer to a flight's lookup, settles its ledger row, ends the flight and wakes its waiters
      -- (on commit), in one transaction; answers the person as now held. p_answer is null when the service's answer
      -- named no contact; else {success, status_code, candidate_id, name, current_title, current_employer,
      -- items: [{item, found, value}]}. A value found is never replaced by "not found"; a row made earlier for the same
      -- candidate id is merged into this one. When the person was erased after the flight began (p_started), nothing
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
        v_erased := exists (select 1 from erasures
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
          return null;
        end if;
        return gateway_person(v_id);
      end
      $fn$;
    `,
  },
  {
    version: 4,
    name: 'a waiter knows when it asked',
    // A request that waits for a teammate's flight and then flies itself (the person was erased meanwhile, so the
    // vault had nothing to answer it with) keeps nothing of its answer: the member asked before the erasure. For
    // that it needs the time it first asked, by the database's clock, which "wait" now answers too; and finishing
    // such a flight also removes the empty row its own start made for the person. Finishing hashes the identifiers
    // only when someone was erased since (a cost on every paid lookup before). Otherwise as in migration 3.
    sql: `
      create or replace function gateway_begin_lookup(
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
      begin
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
      create or replace function gateway_finish_lookup(
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
    `,
  },
  {
    version: 5,
    name: 'one way to find who an identifier names',
    // Which rows a profile URL or a candidate id names (with the other identifier a search linked to it) was read
    // twice: by a lookup (`gateway_resolve_person`, which then merges or makes rows) and by the free "what does the
    // team hold" question (`findPeople`, reading only). Both now read it here, so a price of 0 before the click and
    // the lookup after it cannot disagree on who was asked for. Otherwise as in migration 3.
    sql: `
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

      create or replace function gateway_resolve_person(p_social_url text, p_candidate_id text) returns integer
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
    `,
  },
  {
    version: 6,
    name: 'a lookup checks the member in its first statement; no spend sum without a cap',
    // A lookup's first statement now refuses a revoked member ({"state": "revoked"}) whatever the vault holds, so
    // an instance that has read a key once checks it again in that statement rather than in a round trip of its
    // own (`remembered` in gateway/members.ts). And a reservation for a member with neither cap writes its pending
    // row without summing the month's ledger (a sum that grows with the member's lookups): there is no cap for it
    // to pass. Otherwise as in migration 4 (begin) and migration 3 (reserve).
    sql: `
      create or replace function gateway_begin_lookup(
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
      begin
        -- The member's key, checked in this statement: a lookup needs no round trip of its own for it.
        perform 1 from members where id = p_member and revoked_at is null;
        if not found then
          return json_build_object('state', 'revoked');
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

      create or replace function gateway_reserve(p_member integer, p_action text, p_max integer, p_subject text)
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
    `,
  },
  {
    version: 7,
    name: 'a lookup of someone new begins without reading the vault',
    // A paid lookup is most often of someone nobody on the team has asked about. Beginning one read the vault
    // for them twice (before and after claiming the flight) and whether the service lately had no such person,
    // though a person this statement has just made holds nothing and nobody else can see them yet: five of the
    // statement's fourteen inner statements, each a cost on PostgreSQL and more on PGlite, whose PL/pgSQL calls
    // into the server cross from one WASM module to another. Now such a person is made, claimed and reserved for
    // at once; anyone already known goes the way of migration 6.
    sql: `
      create or replace function gateway_begin_lookup(
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
    `,
  },
  {
    version: 8,
    name: 'reservations for a member without caps do not take turns',
    // A reservation took the member's row lock for no key update, so a member's lookups beginning together took
    // turns, each waiting for the one before it to commit, though without a cap there is nothing to count. Now a
    // member without caps is locked "for share": reservations of theirs go side by side, while a change of caps or
    // a revocation (an update of the row) still waits for those under way, and they for it; a member with a cap
    // is locked and counted as before. A cap set between the first reading of the member and the lock answers a
    // serialization failure (40001): the statement is rolled back whole and the gateway begins it again.
    sql: `
      create or replace function gateway_reserve(p_member integer, p_action text, p_max integer, p_subject text)
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
