/**
 * The admin's changes, each with its audit entry: the command line and the console both make them through here, so
 * neither can change a member, a destination or the vault without the log saying who did it and when. A change and
 * its entry are one transaction where the change is one (members); a destination is checked over the network first
 * and an erasure is its own transaction, so their entry follows at once.
 */
import { type SendError, vendorSaid } from '../../src/send/errors';
import { appendAudit, auditErasure } from '../audit';
import type { Database } from '../db/database';
import {
  DNC_REASON_WORDS,
  type DncIdentifier,
  type DncReason,
  listPerson,
  readEntry,
  unlistEntry,
} from '../do-not-contact';
import {
  addMember,
  type Caps,
  findActiveMember,
  MEMBERS_CHANNEL,
  type Member,
  revokeMember,
  setCaps,
} from '../members';
import type { Sealer } from '../sealed-keys';
import {
  DESTINATION_NAMES,
  type DestinationKind,
  type DestinationSetting,
  removeDestination,
  setDestination,
} from '../sends';
import { erasePerson, type PersonKey } from '../vault';

/** Adds a member (its key returned once) and records who invited them. */
export function inviteMember(db: Database, actor: string, name: string, caps: Caps) {
  return db.transaction(async (tx) => {
    const added = await addMember(tx, name, caps);
    await appendAudit(tx, {
      kind: 'member_added',
      actor,
      memberId: added.member.id,
      detail: { name: added.member.name, daily: caps.dailyCap, monthly: caps.monthlyCap },
    });
    return added;
  });
}

/** Revokes the active member of this name (null when none) and records it. */
export function revokeAudited(db: Database, actor: string, name: string): Promise<Member | null> {
  return db.transaction(async (tx) => {
    const member = await revokeMember(tx, name);
    if (member) await appendAudit(tx, { kind: 'member_revoked', actor, memberId: member.id });
    return member;
  });
}

/** Changes caps (undefined leaves one as it is, null removes it) and records the caps now in force. */
export function setCapsAudited(
  db: Database,
  actor: string,
  name: string,
  caps: { dailyCap?: number | null; monthlyCap?: number | null },
): Promise<Member | null> {
  return db.transaction(async (tx) => {
    const member = await setCaps(tx, name, caps);
    if (member) {
      await appendAudit(tx, {
        kind: 'member_caps',
        actor,
        memberId: member.id,
        detail: { daily: member.dailyCap, monthly: member.monthlyCap },
      });
    }
    return member;
  });
}

/** Renames an active member; null when none has `name`; throws when another active member already has `to`. */
export function renameMember(db: Database, actor: string, name: string, to: string): Promise<Member | null> {
  return db.transaction(async (tx) => {
    const member = await findActiveMember(tx, name);
    if (!member) return null;
    const clash = await findActiveMember(tx, to);
    if (clash && clash.id !== member.id) throw new Error(`There is already a member named "${clash.name}".`);
    // Every instance forgets the keys it read, so log lines and answers carry the new name at once.
    await tx.query(`update members set name = $2 where id = $1`, [member.id, to]);
    await tx.query(`select pg_notify($1, '')`, [MEMBERS_CHANNEL]);
    await appendAudit(tx, {
      kind: 'member_renamed',
      actor,
      memberId: member.id,
      detail: { from: member.name, to },
    });
    return { ...member, name: to };
  });
}

/** Sets a destination (checked with a free call first, as `send set` does) and records it, never its key. */
export async function setDestinationAudited(
  db: Database,
  actor: string,
  setting: DestinationSetting,
  sealer: Sealer | null,
) {
  const result = await setDestination(db, setting, sealer);
  await appendAudit(db, {
    kind: 'destination_set',
    actor,
    detail: {
      destination: result.destination.label,
      ...(result.destination.account ? { account: result.destination.account } : {}),
    },
  });
  return result;
}

/**
 * Why `send set` (or the console's form) did not set a destination, for the admin. A key the destination did not
 * take is said with the admin's next step: the extension's own words send the user to its Send to screen, which an
 * admin of a gateway does not have.
 */
export function notSetMessage(error: SendError): string {
  if (error.kind !== 'bad-key') return `Not set: ${error.message}`;
  return `Not set: ${error.destination} did not accept the key: it is wrong, missing or no longer active. Check the key you gave it and set it again.${vendorSaid(error.destination, error.reason)}`;
}

/** Forgets a destination and its key, and records it when there was one. */
export async function removeDestinationAudited(
  db: Database,
  actor: string,
  kind: DestinationKind,
): Promise<boolean> {
  const removed = await removeDestination(db, kind);
  if (removed)
    await appendAudit(db, {
      kind: 'destination_removed',
      actor,
      detail: { destination: DESTINATION_NAMES[kind] },
    });
  return removed;
}

/** Erases a person from the team vault and from the audit log's names, and records that someone was erased. */
export async function eraseAudited(db: Database, actor: string, key: PersonKey) {
  // Both of the person's identifiers, read before they are erased: the log may name them by either.
  const known = await db.query<{ social_url: string | null; candidate_id: string | null }>(
    'select social_url, candidate_id from people where social_url = $1 or candidate_id = $2',
    [key.socialUrl ?? null, key.candidateId ?? null],
  );
  const result = await erasePerson(db, key);
  const keys = [
    key.socialUrl,
    key.candidateId,
    ...known.flatMap((p) => [p.social_url, p.candidate_id]),
  ].filter((v): v is string => typeof v === 'string');
  await auditErasure(db, actor, keys, result.items);
  return result;
}

/** Lists a person as do-not-contact and records who did and why, never whom. */
export async function listAudited(
  db: Database,
  actor: string,
  identifiers: readonly DncIdentifier[],
  reason: DncReason,
  memberId: number | null = null,
) {
  return db.transaction(async (tx) => {
    const listed = await listPerson(tx, identifiers, reason, actor);
    if (listed.added) {
      await appendAudit(tx, {
        kind: 'dnc_added',
        actor,
        memberId,
        detail: { reason: DNC_REASON_WORDS[reason] },
      });
    }
    return listed;
  });
}

/** Takes an entry off the do-not-contact list and records who did; false when there was none. */
export async function unlistAudited(db: Database, actor: string, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const entry = await readEntry(tx, id);
    if (!entry || !(await unlistEntry(tx, id))) return false;
    await appendAudit(tx, { kind: 'dnc_removed', actor, detail: { reason: DNC_REASON_WORDS[entry.reason] } });
    return true;
  });
}
