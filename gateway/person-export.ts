/**
 * What the team holds about one person, for an access request (GDPR Article 15): the person as the team vault keeps
 * them (name, title, employer, each item with who revealed it and when), where they were sent and by whom, the
 * team's flags of their data, the ledger's charges that name them, and the audit log's entries about them; whether
 * they are on the do-not-contact list. Read-only: the admin exports it from the console as JSON or CSV.
 */
import type { PersonExport } from '../src/privacy/person-export';
import { type AuditEntry, auditKindWords, auditSummary, listAudit } from './audit';
import type { Sql } from './db/database';
import { dncIdentifiers, entryOf } from './do-not-contact';
import { flagsOf } from './flags';
import { sentOf } from './sends';
import { findPeople, type PersonKey } from './vault';

// The shape is shared with the extension's own export of what a browser holds, so both answers read alike.
export { type PersonExport, personExportRows } from '../src/privacy/person-export';

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
