-- The privacy notice a sourced candidate is owed (GDPR Article 14): the team's text, which members copy from a
-- revealed contact's card. One row at most: none means the extension's default text. Set by the admin in the
-- console; each change is in the audit log ('notice_set').

create table notice_text (
  id integer primary key default 1 check (id = 1),
  template text not null check (length(btrim(template)) between 1 and 3000),
  -- How a person objects or asks to be erased, filled in where the template says {contact}.
  contact text not null check (length(contact) <= 300),
  set_by text not null,
  set_at timestamptz not null default now()
);

alter table audit_log drop constraint audit_log_kind_check;
alter table audit_log add constraint audit_log_kind_check check (kind in (
  'reveal', 'send', 'erase',
  'member_added', 'member_revoked', 'member_caps', 'member_renamed',
  'destination_set', 'destination_removed',
  'sign_in', 'sign_out', 'retention_set',
  'dnc_added', 'dnc_removed', 'forget',
  'flag', 'unflag',
  'retention_removed', 'retention_rules_set',
  'notice_set'
));
