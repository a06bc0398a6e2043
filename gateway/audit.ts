/**
 * The audit log: who revealed, sent or erased whom, each member and destination change, each sign-in to the console,
 * with the time. Append-only: this module has no update or delete of an entry, and the database refuses them
 * (`gateway_audit_guard`, schema 002) except for entries past the retention the admin set. People are named through
 * `audit_people`, whose identifiers an erasure clears, so the log keeps no trace of whom an erased person was.
 */
import type { Sql } from './db/database';
import type { PersonKey } from './vault';

export const AUDIT_KINDS = [
  'reveal',
  'send',
  'erase',
  'member_added',
  'member_revoked',
  'member_caps',
  'member_renamed',
  'destination_set',
  'destination_removed',
  'sign_in',
  'sign_out',
  'retention_set',
  'dnc_added',
  'dnc_removed',
  'forget',
  'flag',
  'unflag',
  'retention_removed',
  'retention_rules_set',
  'notice_set',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** Who did it, as the entry names them: the admin commands are "command line". */
export const COMMAND_LINE = 'command line';

export interface AuditEntryInput {
  kind: AuditKind;
  actor: string;
  memberId?: number | null;
  /** Whom: as asked for, with their name and the candidate id the service answered with when known. */
  person?: { key: PersonKey; name?: string | null; candidateId?: string | null } | null;
  detail?: Record<string, unknown>;
}

export interface AuditEntry {
  id: number;
  at: Date;
  kind: AuditKind;
  actor: string;
  member: string | null;
  person: string | null;
  personName: string | null;
  /** The person was erased since: the entry names nobody. */
  erased: boolean;
  detail: Record<string, unknown>;
}

const identifierOf = (key: PersonKey) => (key.socialUrl ?? key.candidateId) as string;

/** Appends one entry (one statement: the person's row is found or made in it). */
export async function appendAudit(db: Sql, entry: AuditEntryInput): Promise<void> {
  const identifier = entry.person ? identifierOf(entry.person.key) : null;
  await db.query(
    `with found as (
       insert into audit_people (identifier, name, candidate_id) select $4, $5, $7 where $4::text is not null
       on conflict (identifier) do update set
         name = coalesce(excluded.name, audit_people.name),
         candidate_id = coalesce(excluded.candidate_id, audit_people.candidate_id)
       where (audit_people.name, audit_people.candidate_id) is distinct from
         (coalesce(excluded.name, audit_people.name), coalesce(excluded.candidate_id, audit_people.candidate_id))
       returning id
     )
     insert into audit_log (kind, actor, member_id, person_id, detail)
     values ($1, $2, $3,
       coalesce((select id from found), (select id from audit_people where identifier = $4)),
       $6::text::jsonb)`,
    [
      entry.kind,
      entry.actor,
      entry.memberId ?? null,
      identifier,
      entry.person?.name ?? null,
      JSON.stringify(entry.detail ?? {}),
      entry.person?.candidateId ?? entry.person?.key.candidateId ?? null,
    ],
  );
}

/**
 * Records an erasure: the person's identifiers and name are cleared from the log's people (their entries stay,
 * naming nobody), and an `erase` entry says who erased someone, and how many items, without saying whom.
 */
export async function auditErasure(
  db: Sql,
  actor: string,
  keys: readonly string[],
  items: number,
  /** `forget`: a member's "Forget this person" (erased, listed do-not-contact); `detail` adds its counts. */
  as: {
    kind: 'erase' | 'forget' | 'retention_removed';
    memberId?: number | null;
    detail?: Record<string, number>;
  } = {
    kind: 'erase',
  },
): Promise<void> {
  await db.query(
    `with erased as (
       update audit_people set identifier = null, candidate_id = null, name = null, erased_at = now()
       where (identifier = any($1::text[]) or candidate_id = any($1::text[])) and erased_at is null returning id
     )
     insert into audit_log (kind, actor, member_id, detail)
     select $4, $2, $5, jsonb_build_object('items', $3::int, 'entries_anonymised',
       (select count(*)::int from audit_log where person_id in (select id from erased))) || $6::text::jsonb`,
    [keys, actor, items, as.kind, as.memberId ?? null, JSON.stringify(as.detail ?? {})],
  );
}

export interface AuditFilter {
  memberId?: number;
  /** A profile URL, candidate id or name, matched in part, case aside. */
  person?: string;
  kind?: AuditKind;
  since?: Date;
  until?: Date;
  limit?: number;
}

/** Entries, newest first, as filtered. */
export async function listAudit(db: Sql, filter: AuditFilter = {}): Promise<AuditEntry[]> {
  const rows = await db.query<{
    id: number;
    at: Date;
    kind: AuditKind;
    actor: string;
    member: string | null;
    identifier: string | null;
    person_name: string | null;
    erased_at: Date | null;
    detail: Record<string, unknown>;
  }>(
    `select a.id, a.at, a.kind, a.actor, m.name as member, p.identifier, p.name as person_name, p.erased_at, a.detail
     from audit_log a
     left join members m on m.id = a.member_id
     left join audit_people p on p.id = a.person_id
     where ($1::int is null or a.member_id = $1)
       and ($2::text is null or p.identifier ilike '%' || $2 || '%' or p.candidate_id ilike '%' || $2 || '%'
         or p.name ilike '%' || $2 || '%')
       and ($3::text is null or a.kind = $3)
       and ($4::timestamptz is null or a.at >= $4)
       and ($5::timestamptz is null or a.at < $5)
     order by a.at desc, a.id desc
     limit $6`,
    [
      filter.memberId ?? null,
      filter.person?.trim() ? filter.person.trim().replace(/[\\%_]/g, (c) => `\\${c}`) : null,
      filter.kind ?? null,
      filter.since ?? null,
      filter.until ?? null,
      Math.min(filter.limit ?? 500, 10_000),
    ],
  );
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    kind: row.kind,
    actor: row.actor,
    member: row.member,
    person: row.identifier,
    personName: row.person_name,
    erased: row.erased_at !== null,
    detail: row.detail,
  }));
}

/** How many days entries are kept. */
export async function auditRetentionDays(db: Sql): Promise<number> {
  const rows = await db.query<{ retention_days: number }>('select retention_days from audit_settings');
  return rows[0]?.retention_days ?? 365;
}

export const RETENTION_MIN_DAYS = 30;
export const RETENTION_MAX_DAYS = 3650;

/** Sets how many days entries are kept (30 to 3,650), records it, and removes the entries now past it. */
export async function setAuditRetention(
  db: { transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> },
  actor: string,
  days: number,
): Promise<void> {
  if (!Number.isInteger(days) || days < RETENTION_MIN_DAYS || days > RETENTION_MAX_DAYS) {
    throw new RangeError(
      `Keep the audit log between ${RETENTION_MIN_DAYS} and ${RETENTION_MAX_DAYS} days; got ${days}.`,
    );
  }
  await db.transaction(async (tx) => {
    const before = await auditRetentionDays(tx);
    await tx.query('update audit_settings set retention_days = $1', [days]);
    await appendAudit(tx, { kind: 'retention_set', actor, detail: { days, before } });
  });
  await pruneAudit(db as unknown as Sql);
}

/** Removes the entries past the retention (the only deletion the database allows). Returns how many. */
export async function pruneAudit(db: Sql): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `with gone as (
       delete from audit_log where at < now() - make_interval(days => (select retention_days from audit_settings))
       returning 1
     ) select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}

const KIND_WORDS: Record<AuditKind, string> = {
  reveal: 'Reveal',
  send: 'Send',
  erase: 'Erasure',
  member_added: 'Member invited',
  member_revoked: 'Member revoked',
  member_caps: 'Caps changed',
  member_renamed: 'Member renamed',
  destination_set: 'Destination set',
  destination_removed: 'Destination removed',
  sign_in: 'Sign-in',
  sign_out: 'Sign-out',
  retention_set: 'Retention changed',
  dnc_added: 'Do-not-contact: listed',
  dnc_removed: 'Do-not-contact: taken off',
  forget: 'Person forgotten',
  flag: 'Flagged wrong',
  unflag: 'Flag taken back',
  retention_removed: 'Removed by retention',
  retention_rules_set: 'Retention rules changed',
  notice_set: 'Privacy notice changed',
};

/** An entry's kind in words (the console and the CSV say the same). */
export const auditKindWords = (kind: AuditKind): string => KIND_WORDS[kind];

/** What an entry did, in one line of plain words. */
export function auditSummary(entry: AuditEntry): string {
  const d = entry.detail as Record<string, unknown> & {
    items?: string[];
    held?: string[];
    credits?: number;
    destination?: string;
  };
  const itemWords = (items: string[] | undefined) =>
    (items ?? []).map((item) => ITEM_WORDS[item] ?? item).join(', ') || 'nothing new';
  switch (entry.kind) {
    case 'reveal': {
      const held = d.held?.length ? `; held by the team: ${itemWords(d.held)}` : '';
      return `${itemWords(d.items)} for ${d.credits ?? 0} credits${held}`;
    }
    case 'send':
      return `to ${String(d.destination ?? '')}`;
    case 'erase':
      return `${d.items ?? 0} item(s) erased from the team vault`;
    case 'member_caps':
    case 'member_added':
      return `${capText('daily', d.daily)}, ${capText('monthly', d.monthly)}`;
    case 'member_renamed':
      return `from ${String(d.from ?? '')} to ${String(d.to ?? '')}`;
    case 'destination_set':
    case 'destination_removed':
      return String(d.destination ?? '');
    case 'flag':
    case 'unflag': {
      const what = d.target === 'person' ? 'the whole contact' : (ITEM_WORDS[String(d.target)] ?? '');
      return entry.kind === 'flag' && typeof d.note === 'string' ? `${what}: “${d.note}”` : what;
    }
    case 'retention_set':
      return `kept ${String(d.days)} days (was ${String(d.before)})`;
    case 'retention_removed':
      return `${d.items ?? 0} item(s) removed from the team vault`;
    case 'retention_rules_set': {
      const general = (days: unknown) =>
        days === null || days === undefined ? 'until erased' : `${String(days)} days`;
      const before = (d.before ?? {}) as { eu_days?: unknown; general_days?: unknown };
      return `EU rule ${String(d.eu_days)} days unless sent, everyone ${general(d.general_days)} (was ${String(before.eu_days)} days, ${general(before.general_days)})`;
    }
    case 'dnc_added':
    case 'dnc_removed':
      return String(d.reason ?? '');
    case 'notice_set':
      return d.default === true
        ? 'back to the default text'
        : `${String(d.characters)} characters${d.contact ? '' : ', no contact line'}`;
    case 'forget':
      return `${d.items ?? 0} item(s) erased from the team vault, ${d.sends ?? 0} send mark(s); listed as do-not-contact`;
    default:
      return '';
  }
}

const capText = (period: string, cap: unknown) =>
  cap === null || cap === undefined ? `no ${period} cap` : `${period} cap ${String(cap)} credits`;

const ITEM_WORDS: Record<string, string> = {
  email: 'email',
  phone: 'phone',
  detailed_profile: 'detailed profile',
  healthcare_profile: 'healthcare data',
};

/** The entries as CSV rows (header first), as the console downloads them. */
export function auditCsvRows(entries: readonly AuditEntry[]): string[][] {
  return [
    ['Time (UTC)', 'Kind', 'Who', 'Member', 'Person', 'Name', 'What'],
    ...entries.map((e) => [
      e.at.toISOString(),
      auditKindWords(e.kind),
      e.actor,
      e.member ?? '',
      e.erased ? '(erased)' : (e.person ?? ''),
      e.personName ?? '',
      auditSummary(e),
    ]),
  ];
}

/** What a lookup answer revealed to a member, as a reveal entry holds it. */
interface RevealedContact {
  success?: boolean;
  profile?: { id?: string; name?: string };
  contact_data_retrieved?: string[];
  team_held?: { item: string; found: boolean }[];
}

/**
 * Records a lookup answered to a member with a person in it (from the service, the team vault, or both): who, whom,
 * the items new from the service, the items the team already held, and the credits charged. A failed write is
 * logged, not answered: the member has been charged and must get what they paid for.
 */
export async function auditReveal(
  db: Sql,
  log: { error(message: string, error?: unknown): void },
  member: { id: number; name: string },
  key: PersonKey,
  answer: { status: number; body: unknown },
): Promise<void> {
  if (answer.status !== 200) return;
  const body = answer.body as { data?: { contacts?: RevealedContact[] }; credits?: { used?: number } };
  const contact = body.data?.contacts?.[0];
  if (!contact?.success) return;
  const held = (contact.team_held ?? []).filter((h) => h.found).map((h) => h.item);
  const items = (contact.contact_data_retrieved ?? []).filter((item) => !held.includes(item));
  try {
    await appendAudit(db, {
      kind: 'reveal',
      actor: member.name,
      memberId: member.id,
      person: { key, name: contact.profile?.name || null, candidateId: contact.profile?.id ?? null },
      detail: { items, held, credits: body.credits?.used ?? 0 },
    });
  } catch (error) {
    log.error(`the audit log did not record ${member.name}'s reveal of ${identifierOf(key)}`, error);
  }
}

/** Records a send by a member to a destination (failures logged, as for a reveal: the send has happened). */
export async function auditSend(
  db: Sql,
  log: { error(message: string, error?: unknown): void },
  member: { id: number; name: string },
  key: PersonKey,
  person: { name: string },
  sent: { label: string; status: string },
): Promise<void> {
  try {
    await appendAudit(db, {
      kind: 'send',
      actor: member.name,
      memberId: member.id,
      person: { key, name: person.name },
      detail: { destination: sent.label, status: sent.status },
    });
  } catch (error) {
    log.error(`the audit log did not record ${member.name}'s send of ${identifierOf(key)}`, error);
  }
}
