-- Data flagged wrong, once for the team: a member flags a person's email or phone (or the whole person: the service
-- matched someone else) and every teammate holding the person sees it; taking the flag back is as visible. A flagged
-- item bought before its flag is no longer counted as held: a lookup asks the service for it again.

create table flags (
  person_id integer not null references people (id) on delete cascade,
  target text not null check (target in ('email', 'phone', 'person')),
  -- The value flagged (as held_items keeps it), so a value the service gives later is not taken for it; null for
  -- the whole person.
  value jsonb,
  note text check (length(note) <= 500),
  member_id integer not null references members (id),
  flagged_at timestamptz not null default now(),
  unflagged_by integer references members (id),
  unflagged_at timestamptz,
  -- The last change (a flag or its taking back): what a member asking "since" is told of.
  updated_at timestamptz not null default now(),
  primary key (person_id, target),
  check ((unflagged_by is null) = (unflagged_at is null))
);
create index flags_updated on flags (updated_at);

-- The audit log says who flagged or unflagged whom.
alter table audit_log drop constraint audit_log_kind_check;
alter table audit_log add constraint audit_log_kind_check check (kind in (
  'reveal', 'send', 'erase',
  'member_added', 'member_revoked', 'member_caps', 'member_renamed',
  'destination_set', 'destination_removed',
  'sign_in', 'sign_out', 'retention_set',
  'dnc_added', 'dnc_removed', 'forget',
  'flag', 'unflag'
));

-- When a standing flag covers an item held of a person (its own flag on this value, or "Wrong person"): the
-- flag's time; else null. A flag taken back, or on a value since replaced, covers nothing.
create function gateway_flagged_at(p_person integer, p_item text, p_value jsonb) returns timestamptz
language plpgsql stable as $fn$
begin
  return (select max(f.flagged_at) from flags f
    where f.person_id = p_person and f.unflagged_at is null
      and (f.target = 'person' or (f.target = p_item and (f.value is null or f.value = p_value))));
end
$fn$;

-- An item held found and flagged wrong after it was bought: not counted as held (a lookup buys it again, once:
-- bought again after the flag, it is held whatever the service gave).
create function gateway_ask_again(p_person integer, p_item text, p_found boolean, p_value jsonb, p_at timestamptz)
returns boolean language plpgsql stable as $fn$
begin
  return p_found and coalesce(gateway_flagged_at(p_person, p_item, p_value) > p_at, false);
end
$fn$;

-- As before, moving the flags too.
create or replace function gateway_merge_people(p_keep integer, p_other integer) returns void language sql as $fn$
  insert into held_items (person_id, item, found, value, member_id, at)
    select p_keep, h.item, h.found, h.value, h.member_id, h.at from held_items h where h.person_id = p_other
    on conflict do nothing;
  insert into sends (person_id, destination, member_id, state, status, record_id, link, found_before, busy_until,
      sent_at, updated_at)
    select p_keep, s.destination, s.member_id, s.state, s.status, s.record_id, s.link, s.found_before, s.busy_until,
      s.sent_at, s.updated_at
    from sends s where s.person_id = p_other
    on conflict do nothing;
  insert into flags (person_id, target, value, note, member_id, flagged_at, unflagged_by, unflagged_at, updated_at)
    select p_keep, f.target, f.value, f.note, f.member_id, f.flagged_at, f.unflagged_by, f.unflagged_at, f.updated_at
    from flags f where f.person_id = p_other
    on conflict do nothing;
  delete from people where id = p_other;
$fn$;

-- As before, each item saying whether a standing flag covers it (`wrong`) and whether it is to be asked again.
create or replace function gateway_person(p_id integer) returns json language plpgsql stable as $fn$
begin
  return (select json_build_object(
    'id', p.id, 'social_url', p.social_url, 'candidate_id', p.candidate_id, 'name', p.name,
    'current_title', p.current_title, 'current_employer', p.current_employer, 'not_found_at', p.not_found_at,
    'items', coalesce((
      select json_agg(json_build_object(
        'item', h.item, 'found', h.found, 'value', h.value, 'by', m.name, 'at', h.at,
        'wrong', h.found and gateway_flagged_at(p.id, h.item, h.value) is not null,
        'ask_again', gateway_ask_again(p.id, h.item, h.found, h.value, h.at)))
      from held_items h join members m on m.id = h.member_id
      where h.person_id = p.id
    ), '[]'::json))
  from people p where p.id = p_id);
end
$fn$;

-- As before, an item flagged wrong since it was bought counting as missing.
create or replace function gateway_missing(p_person integer, p_items jsonb, p_not_found_ttl_ms integer) returns jsonb
language plpgsql stable as $fn$
begin
  return (select coalesce(jsonb_agg(a.item order by a.n), '[]'::jsonb)
    from jsonb_array_elements_text(p_items) with ordinality as a(item, n)
    where not exists (
      select 1 from held_items h where h.person_id = p_person and h.item = a.item
        and (h.found or h.at > now() - p_not_found_ttl_ms * interval '1 millisecond')
        and not gateway_ask_again(p_person, h.item, h.found, h.value, h.at)));
end
$fn$;

-- As before, an item flagged wrong since it was bought replaced by the service's new answer.
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
          where not held_items.found
            or gateway_ask_again(held_items.person_id, held_items.item, true, held_items.value, held_items.at);
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
