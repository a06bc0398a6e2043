/**
 * What the team holds about one person, for an access request (GDPR Article 15): the person as the team vault keeps
 * them (name, title, employer, each item with who revealed it and when), where they were sent and by whom, the
 * team's flags of their data, the ledger's charges that name them, and the audit log's entries about them; whether
 * they are on the do-not-contact list. Read-only: the admin exports it from the console as JSON or CSV.
 */
import { type AuditEntry, auditKindWords, auditSummary, listAudit } from './audit';
import type { Sql } from './db/database';
import { dncIdentifiers, entryOf } from './do-not-contact';
import { flagsOf } from './flags';
import { sentOf } from './sends';
import { findPeople, type PersonKey } from './vault';

export interface PersonExport {
  asked: string;
  exported_at: string;
  person: {
    profile_url: string | null;
    candidate_id: string | null;
    name: string | null;
    title: string | null;
    employer: string | null;
  } | null;
  items: { item: string; found: boolean; value: unknown; revealed_by: string; revealed_at: string }[];
  sends: unknown[];
  flags: unknown[];
  charges: { member: string; action: string; credits: number | null; status: string; at: string }[];
  audit: { at: string; kind: string; actor: string; what: string }[];
  do_not_contact: { reason: string; added_by: string; added_at: string } | null;
}

export async function exportPerson(db: Sql, key: PersonKey, now = new Date()): Promise<PersonExport> {
  const [person] = await findPeople(db, [key]);
  const identifiers = [key.socialUrl, key.candidateId, person?.socialUrl, person?.candidateId].filter(
    (v): v is string => typeof v === 'string',
  );
  const [sends, flags, charges, audit, listed] = await Promise.all([
    person ? sentOf(db, [person.id]).then((s) => s.sends[0] ?? []) : Promise.resolve([]),
    person ? flagsOf(db, [person.id]).then((f) => f.flags[0] ?? []) : Promise.resolve([]),
    db.query<{ member: string; action: string; credits: number | null; status: string; created_at: Date }>(
      `select m.name as member, l.action, l.credits, l.status, l.created_at from ledger l
       join members m on m.id = l.member_id where l.subject = any($1::text[]) order by l.created_at`,
      [identifiers],
    ),
    Promise.all(identifiers.map((one) => listAudit(db, { person: one, limit: 10_000 }))).then((lists) => {
      const seen = new Map<number, AuditEntry>();
      for (const entry of lists.flat()) seen.set(entry.id, entry);
      return [...seen.values()].sort((a, b) => a.at.getTime() - b.at.getTime());
    }),
    entryOf(
      db,
      dncIdentifiers({
        socialUrl: key.socialUrl ?? person?.socialUrl,
        candidateId: key.candidateId ?? person?.candidateId,
        emails: [person?.items.get('email')?.found ? String(person.items.get('email')!.value) : ''],
      }),
    ),
  ]);
  return {
    asked: (key.socialUrl ?? key.candidateId) as string,
    exported_at: now.toISOString(),
    person: person
      ? {
          profile_url: person.socialUrl,
          candidate_id: person.candidateId,
          name: person.name,
          title: person.currentTitle,
          employer: person.currentEmployer,
        }
      : null,
    items: [...(person?.items.values() ?? [])].map((held) => ({
      item: held.item,
      found: held.found,
      value: held.value,
      revealed_by: held.by,
      revealed_at: held.at.toISOString(),
    })),
    sends,
    flags,
    charges: charges.map((c) => ({
      member: c.member,
      action: c.action,
      credits: c.credits,
      status: c.status,
      at: new Date(c.created_at).toISOString(),
    })),
    audit: audit.map((e) => ({
      at: e.at.toISOString(),
      kind: auditKindWords(e.kind),
      actor: e.actor,
      what: auditSummary(e),
    })),
    do_not_contact: listed
      ? { reason: listed.reason, added_by: listed.addedBy, added_at: listed.addedAt.toISOString() }
      : null,
  };
}

/** The export as CSV rows (header first): one row a fact, in sections, so a spreadsheet shows it whole. */
export function personExportRows(data: PersonExport): string[][] {
  const rows: string[][] = [['Section', 'What', 'Value', 'Who', 'When']];
  const p = data.person;
  if (p) {
    for (const [what, value] of [
      ['Profile address', p.profile_url],
      ['Service id', p.candidate_id],
      ['Name', p.name],
      ['Title', p.title],
      ['Employer', p.employer],
    ] as const) {
      if (value) rows.push(['Person', what, value, '', '']);
    }
  }
  for (const item of data.items) {
    const value = item.found
      ? typeof item.value === 'string'
        ? item.value
        : JSON.stringify(item.value)
      : 'not found';
    rows.push(['Item', item.item, value, item.revealed_by, item.revealed_at]);
  }
  for (const send of data.sends as { label: string; link?: string; sent_by: string; sent_at: string }[]) {
    rows.push(['Sent', send.label, send.link ?? '', send.sent_by, send.sent_at]);
  }
  for (const flag of data.flags as {
    target: string;
    note?: string;
    flagged_by: string;
    flagged_at: string;
  }[]) {
    rows.push(['Flag', flag.target, flag.note ?? '', flag.flagged_by, flag.flagged_at]);
  }
  for (const c of data.charges)
    rows.push(['Charge', c.action, `${c.credits ?? '?'} credits (${c.status})`, c.member, c.at]);
  for (const e of data.audit) rows.push(['Audit log', e.kind, e.what, e.actor, e.at]);
  if (data.do_not_contact) {
    const d = data.do_not_contact;
    rows.push(['Do not contact', d.reason, '', d.added_by, d.added_at]);
  }
  return rows;
}
