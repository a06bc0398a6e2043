/**
 * "Forget this person" for the whole team (a member's click in the extension, or the admin's in the console): the
 * person goes on the do-not-contact list (under every identifier the team knows of them: profile URL, candidate id,
 * the emails it holds, and what the caller gave), then is erased from the team vault with everything held of them and
 * their send marks, the ledger and the audit log stop naming them, and one `forget` entry says who did it and how
 * much was erased, never whom. Listing comes first, so no lookup can bring them back in between.
 */
import { auditErasure } from './audit';
import type { Database } from './db/database';
import { type DncIdentifier, type Forgotten, listPerson } from './do-not-contact';
import { sentOf } from './sends';
import { erasePerson, findPeople, type PersonKey } from './vault';

export async function forgetPerson(
  db: Database,
  actor: string,
  memberId: number | null,
  key: PersonKey,
  given: readonly DncIdentifier[] = [],
): Promise<Forgotten> {
  const [person] = await findPeople(db, [key]);
  const sends = person ? ((await sentOf(db, [person.id])).sends[0] ?? []) : [];
  const email = person?.items.get('email');
  const identifiers: DncIdentifier[] = [
    ...given,
    ...(key.socialUrl ? [{ kind: 'url' as const, value: key.socialUrl }] : []),
    ...(key.candidateId ? [{ kind: 'id' as const, value: key.candidateId }] : []),
    ...(person?.socialUrl ? [{ kind: 'url' as const, value: person.socialUrl }] : []),
    ...(person?.candidateId ? [{ kind: 'id' as const, value: person.candidateId }] : []),
    ...(email?.found && typeof email.value === 'string'
      ? [{ kind: 'email' as const, value: email.value.trim().toLowerCase() }]
      : []),
  ];
  await listPerson(db, identifiers, 'erasure', actor);
  const urls = new Set([key.socialUrl, person?.socialUrl].filter((v): v is string => typeof v === 'string'));
  const ids = new Set(
    [key.candidateId, person?.candidateId].filter((v): v is string => typeof v === 'string'),
  );
  let items = 0;
  let held = false;
  // Both rows a search link may have left (one by URL, one by id) go.
  for (const erasing of [
    ...[...urls].map((socialUrl): PersonKey => ({ socialUrl })),
    ...[...ids].map((candidateId): PersonKey => ({ candidateId })),
  ]) {
    const erased = await erasePerson(db, erasing);
    items += erased.items;
    held ||= erased.erased;
  }
  const keys = [...urls, ...ids];
  await auditErasure(db, actor, keys, items, {
    kind: 'forget',
    memberId,
    detail: { sends: sends.length },
  });
  return {
    held,
    items,
    sent: sends.map((s) => ({ destination: s.destination, label: s.label, link: s.link ?? null })),
  };
}
