-- Retention by region for the team vault: the team's rules (src/retention/rules.ts, the same as the extension's),
-- applied on a schedule by the gateway (gateway/retention.ts). A person under the EU rule (the EU, the EEA, the UK,
-- Switzerland, or a location not known) is removed `eu_days` after the team last bought something of them unless
-- sent to a destination; everyone is removed `general_days` after, sent or not (null: kept until erased).

create table retention_rules (
  id integer primary key default 1 check (id = 1),
  -- A month at most (GDPR Article 14(3)(a)); an admin may keep people for less.
  eu_days integer not null default 30 check (eu_days between 1 and 30),
  general_days integer check (general_days between 1 and 3650),
  -- When the rules took effect: a person already held then is counted from then, so an upgrade removes nobody at
  -- once (the first removals come a rule's period after it).
  since timestamptz not null default now()
);
insert into retention_rules default values;

-- Where a person is, as a search answer relayed to a member said ("Berlin, Germany"): the region the rules go by.
-- The service's lookup answers no location; a person never seen in a search has none (the strictest rule).
alter table people add column location text check (length(location) <= 500);
alter table search_links add column location text check (length(location) <= 500);

-- The audit log says each removal (who: the rule; never whom) and each change of the rules.
alter table audit_log drop constraint audit_log_kind_check;
alter table audit_log add constraint audit_log_kind_check check (kind in (
  'reveal', 'send', 'erase',
  'member_added', 'member_revoked', 'member_caps', 'member_renamed',
  'destination_set', 'destination_removed',
  'sign_in', 'sign_out', 'retention_set',
  'dnc_added', 'dnc_removed', 'forget',
  'flag', 'unflag',
  'retention_removed', 'retention_rules_set'
));
