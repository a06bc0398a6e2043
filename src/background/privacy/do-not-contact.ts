/**
 * The do-not-contact check every paid lookup passes before its ledger entry is written (`lookup-contact.ts`): a
 * person on this browser's list, or on the team's (the gateway's free `team/held` says so), is never looked up.
 * And the list's management for Options: kept here without a team gateway, on the team's gateway with one.
 */
import { exchange, joinUrl, readJson } from '../../api/http';
import type { Retrievable } from '../../api/schema-parts';
import { TeamDncResponse } from '../../api/team-schema';
import { type DncScope, dncIdentifiers, type PersonIdentifiers } from '../../domain/do-not-contact';
import { refuse, refuseNow } from '../../protocol/result';
import {
  type DncEntry,
  type LocalDncReason,
  listLocally,
  localEntries,
  localEntryOf,
  unlistLocally,
} from '../../store/database/do-not-contact';
import type { ContactRecord } from '../../store/database/vault/vault-record';
import { settings } from '../../store/items/settings';
import { getApiKey } from '../../store/secrets/api-key';
import { membershipNow, type TeamHeldTarget, teamHeld } from '../team/team';

/** What the gateway says of one person before a lookup: the items it answers free, and whether they are listed. */
export async function teamFacts(
  target: TeamHeldTarget,
  asked: readonly Retrievable[],
): Promise<{ free: Retrievable[]; listed: boolean }> {
  try {
    const [person] = await teamHeld([target]);
    const held = new Set(person?.items.map((item) => item.item));
    return { free: asked.filter((item) => held.has(item)), listed: person?.doNotContact === true };
  } catch {
    // The gateway did not say: full prices; its own lookup still refuses a listed person, at no charge.
    return { free: [], listed: false };
  }
}

/** What a contact is known by here: its profile URL, candidate id and the email held of it. */
export function identifiersOf(
  target: { socialUrl: string | null; candidateId: string | null },
  record?: ContactRecord | null,
): PersonIdentifiers {
  const email = record?.email?.found ? record.email.value : null;
  return {
    socialUrl: target.socialUrl ?? record?.socialUrl,
    candidateId: target.candidateId ?? record?.candidateId,
    emails: [email],
  };
}

/** The list a person is on here (this browser's), or null. */
export async function localListed(person: PersonIdentifiers): Promise<DncScope | null> {
  const identifiers = dncIdentifiers(person);
  return identifiers.length > 0 && (await localEntryOf(identifiers)) ? 'local' : null;
}

/** The answer to Options: the entries listed here (a team's list lives in its console) and whether a team keeps one. */
export async function doNotContactList(): Promise<{ entries: DncEntry[]; team: string | null }> {
  const membership = await membershipNow.get();
  return { entries: await localEntries(), team: membership?.team ?? null };
}

/**
 * Lists a person typed in Options (or forgotten from a contact card): on the team's gateway when the service
 * connection is one, and always here, so this browser refuses them even if the gateway cannot be reached. Bad input
 * is refused in plain words before anything is stored or sent.
 */
export async function addToDoNotContact(
  person: PersonIdentifiers,
  reason: LocalDncReason,
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<{ added: boolean; team: boolean }> {
  let identifiers: ReturnType<typeof dncIdentifiers>;
  try {
    identifiers = dncIdentifiers(person, true);
  } catch (error) {
    throw refuse((error as Error).message);
  }
  const local = await listLocally(identifiers, reason);
  const membership = await membershipNow.get();
  if (!membership) return { added: local.added, team: false };
  const apiKey = await getApiKey();
  const { baseUrl } = await settings.get();
  const body = {
    ...(identifiers.find((i) => i.kind === 'url')
      ? { social_url: identifiers.find((i) => i.kind === 'url')!.value }
      : {}),
    ...(identifiers.find((i) => i.kind === 'id')
      ? { candidate_id: identifiers.find((i) => i.kind === 'id')!.value }
      : {}),
    emails: identifiers.filter((i) => i.kind === 'email').map((i) => i.value),
    reason,
  };
  let parsed: ReturnType<typeof TeamDncResponse.safeParse> | null = null;
  try {
    const answer = await exchange(
      joinUrl(baseUrl, '/v1/team/do-not-contact'),
      {
        method: 'POST',
        headers: { 'x-api-key': apiKey ?? '', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      },
      { timeoutMs: 8_000, fetch: fetchImpl },
    );
    parsed =
      answer.ok && answer.response.status === 200 ? TeamDncResponse.safeParse(readJson(answer.text)) : null;
  } catch {
    parsed = null;
  }
  if (!parsed?.success) {
    throw refuseNow(
      'Put on your do-not-contact list in this browser, but your team’s gateway did not take it. Try again in a moment so your team honours it too.',
    );
  }
  return { added: local.added || parsed.data.added === true, team: true };
}

/** Takes a person off this browser's list (a team's list is changed by its admin, in its console). */
export async function removeFromDoNotContact(entry: string): Promise<boolean> {
  return unlistLocally(entry);
}
