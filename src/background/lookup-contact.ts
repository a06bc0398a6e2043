/**
 * The one path from "reveal these items of this contact" to paid data in the vault, shared by a single reveal and
 * each contact of a bulk reveal: the contact's turn, what the vault lacks, the request body, the paid call (caps
 * and ledger), and the merge of the answer into the vault record, written before the caller learns of it.
 */
import * as z from 'zod/mini';
import type { ApiClient } from '../api/client';
import { ITEM_REVEAL, maxCostOfItems } from '../api/pricing';
import type { ContactResult, LookupRequest, LookupResponse } from '../api/schema';
import type { Retrievable } from '../api/schema-parts';
import { TeamHeldInAnswer } from '../api/team-schema';
import type { DncScope } from '../domain/do-not-contact';
import { groupCommit } from '../group-commit';
import { profileUrl } from '../sites/linkedin/url';
import { vault } from '../store/database/vault/vault';
import { ContactRecord, itemsToAsk, vaultKeyFor } from '../store/database/vault/vault-record';
import { vaultWrite } from '../store/database/vault/vault-write';
import type { Selection } from '../store/items/settings';
import { type PaidCall, paidLookup } from './paid-call-gate';
import { identifiersOf, localListed, teamFacts } from './privacy/do-not-contact';
import { membershipNow } from './team/team';

/** A contact in canonical form: a LinkedIn profile URL, a candidate id, or both. */
export interface ContactTarget {
  socialUrl: string | null;
  candidateId: string | null;
}

/** What the page or the row showed of the contact, kept on a new record until the service names them. */
export interface ContactHints {
  name?: string | null | undefined;
  currentTitle?: string | null | undefined;
  currentEmployer?: string | null | undefined;
  location?: string | null | undefined;
}

/** The contact's turn (`contact-turn.ts`), where every lookup and every change of a contact waits. */
export { serialised } from './contact-turn';

/** What a contact's lookup needs, read from the vault inside the contact's turn. */
export interface LookupPlan {
  /** The vault could not read the record it holds for this contact (it stays stored until a reveal replaces it; it may hold paid items). */
  unreadable: boolean;
  /** The record the vault holds, if any. */
  existing: ContactRecord | null;
  /** Items to ask the service for: those of the selection the vault lacks. */
  asked: Retrievable[];
  /** The record the answer is merged into: the one held, or a new one from the target and the hints. */
  base: ContactRecord;
  /**
   * Held items asked again because the user clicked "Check again": one the service no longer finds keeps the value
   * held (what was paid for is not lost to a check), and keeps its date.
   */
  checking?: boolean;
}

/**
 * Plans a lookup: what the vault holds for `target` and which items of `selection` it lacks (items known missing
 * are asked again only with `retryNotFound`).
 */
export async function planLookup(
  target: ContactTarget,
  selection: readonly Retrievable[],
  hints: ContactHints,
  retryNotFound = false,
  checkAgainMonths = 0,
): Promise<LookupPlan> {
  const read = await vault.lookup(target);
  const existing = read.state === 'ok' ? read.value : null;
  const location = existing?.location ?? hints.location ?? undefined;
  return {
    unreadable: read.state === 'unreadable',
    existing,
    asked: itemsToAsk(existing, selection, retryNotFound, checkAgainMonths),
    ...(checkAgainMonths > 0 ? { checking: true } : {}),
    base: {
      ...(existing ?? {
        v: 1,
        key: vaultKeyFor(target),
        socialUrl: target.socialUrl,
        candidateId: target.candidateId,
        name: hints.name ?? null,
        currentTitle: hints.currentTitle ?? null,
        currentEmployer: hints.currentEmployer ?? null,
        updatedAt: new Date().toISOString(),
      }),
      ...(location ? { location } : {}),
    },
  };
}

/** The request for one contact: by profile URL when the record has one (the service's surer match), else by id. */
export function lookupBody(base: ContactRecord, asked: readonly Retrievable[]): LookupRequest {
  const body: LookupRequest = base.socialUrl
    ? { social_url: base.socialUrl }
    : { candidate_id: base.candidateId! };
  for (const item of asked) body[ITEM_REVEAL[item]] = true;
  return body;
}

/** What one lookup came to. Only `answered` wrote to the vault. */
export type LookupOutcome =
  /**
   * On a do-not-contact list (this browser's, or the team's): nothing asked and nothing on the ledger, or (the team's
   * list, when the gateway's team/held did not answer first) refused by the gateway itself at no charge.
   */
  | { kind: 'do-not-contact'; scope: DncScope }
  /** The service answered without a result for the contact: it may have charged. */
  | { kind: 'no-result'; response: LookupResponse }
  /** The service could not look the contact up (an error other than "not found"): nothing charged, nothing stored. */
  | { kind: 'refused'; response: LookupResponse; status: number; error: string }
  /** Found (or known unknown, a 404): merged into the vault record, which is written. */
  | {
      kind: 'answered';
      response: LookupResponse;
      record: ContactRecord;
      /** The service knew the contact. */
      known: boolean;
      /** Items the service returned (and charged for). */
      retrieved: Retrievable[];
      /** When the answer was merged (the record's `updatedAt`). */
      at: string;
    };

/** Answers that come together (a bulk reveal's) are stored in one write. */
const storeRecords = groupCommit((records: ContactRecord[]) => vaultWrite.putMany(records));
/** Checked on its own first: a record that does not validate fails its own lookup, not the others of its write. */
const storeRecord = (record: ContactRecord) => storeRecords(ContactRecord.parse(record));

/**
 * Sends the paid lookup planned in `plan` (through the caps, written ahead on the ledger) and, for an answer, writes
 * the merged record to the vault before the ledger entry is settled and before resolving: paid data is in storage
 * before any caller can report it. Call it inside the contact's turn ({@link serialised}), with `plan.asked` not
 * empty. `send` is how the request goes out once the caps let it: it gets the request, which writes the call's
 * ledger entry first (a bulk reveal waits for one of its connections before calling it) and calls `leaving` (which
 * may still refuse by throwing) once that entry is stored, just before the request leaves; and the most the call
 * can be charged, with what the team holds at 0. Errors of the call (rate
 * limited, out of credits, a cap, no answer, a ledger that cannot be written) are thrown as the client, the caps
 * and the ledger throw them. On a team gateway, items the team already holds are free (the gateway's free answer,
 * asked first): they count 0 toward the user's caps, so a tight cap does not refuse what the team already paid for.
 */
export async function lookupContact(
  client: ApiClient,
  call: PaidCall,
  plan: Pick<LookupPlan, 'base' | 'asked' | 'existing' | 'checking'>,
  send: (
    request: (leaving?: () => void) => Promise<LookupResponse>,
    most: number,
  ) => Promise<LookupResponse> = (request) => request(),
): Promise<LookupOutcome> {
  const { base, asked, existing } = plan;
  const body = lookupBody(base, asked);
  // Before the ledger's entry is written: a person on a do-not-contact list is never looked up.
  if (await localListed(identifiersOf(base, existing))) return { kind: 'do-not-contact', scope: 'local' };
  const team = await teamFacts({ socialUrl: base.socialUrl, candidateId: base.candidateId }, asked);
  if (team.listed) return { kind: 'do-not-contact', scope: 'team' };
  const free = team.free;
  // The most this call can be charged: what the team holds is answered free.
  const most = maxCostOfItems(asked.filter((item) => !free.includes(item)));
  const { kept } = await paidLookup(
    { ...call, subject: base.key },
    asked,
    (ahead) =>
      send(
        // The last check runs between the entry and its hand-over; the client then calls `fetch` before its first
        // await, so no request counted as handed over waits anywhere before it can leave.
        // A retry of the client's records its own hand-over first (see `PaidSend`).
        (leaving) => ahead(leaving).then(() => client.lookup(body, { beforeRetry: () => ahead() })),
        most,
      ),
    (response) => keepAnswer(base, asked, response, existing === null, plan.checking === true),
    free,
  );
  return kept;
}

/** What an answer comes to, with its record written to the vault when it is one (`fresh`: none was held before). */
async function keepAnswer(
  base: ContactRecord,
  asked: Retrievable[],
  response: LookupResponse,
  fresh: boolean,
  checking = false,
): Promise<LookupOutcome> {
  const contact = response.data.contacts[0];
  if (!contact) return { kind: 'no-result', response };
  // A team gateway refuses a person on its do-not-contact list as a failed contact, 451, nothing charged: said as the
  // team's list, as when its team/held marks them first. (The service itself names no such status.)
  if (!contact.success && contact.status_code === 451 && (await membershipNow.get())) {
    return { kind: 'do-not-contact', scope: 'team' };
  }
  if (!contact.success && contact.status_code !== 404) {
    return { kind: 'refused', response, status: contact.status_code, error: contact.error };
  }
  const at = new Date().toISOString();
  const named =
    contact.success && typeof contact.profile.social_url === 'string' ? contact.profile.social_url : null;
  const record = await underItsUrl(mergeContact(base, contact, asked, at, checking), named, fresh);
  await storeRecord(record);
  const retrieved = contact.success ? contact.contact_data_retrieved : [];
  return { kind: 'answered', response, record, known: contact.success, retrieved, at };
}

/**
 * A contact revealed by candidate id alone (a search row without a profile URL) learns the profile URL the service
 * names for it, and a new one is held under it: the key the profile tab, the popup's URL box and a page's people look
 * the person up by, so revealing them there later finds them instead of paying again for a second contact. A record
 * held before keeps its key (a reveal or a bulk job may be reading it by that key), and so does a new one whose URL
 * another record holds already.
 */
export async function underItsUrl(
  record: ContactRecord,
  named: string | null | undefined,
  fresh: boolean,
): Promise<ContactRecord> {
  if (record.socialUrl || !named) return record;
  const socialUrl = profileUrl(named);
  if (!socialUrl) return record;
  const rekey = fresh && (await vault.read(socialUrl)).state === 'missing';
  return { ...record, socialUrl, ...(rekey ? { key: vaultKeyFor({ socialUrl }) } : {}) };
}

/**
 * When each item a team gateway answered from the team's vault was revealed (its `team_held`), never later than the
 * answer itself; an answer without it (the service's own), or with a date that does not read, dates nothing.
 */
function teamCopiesDated(contact: ContactResult, answeredAt: string): Map<Retrievable, string> {
  const dated = new Map<Retrievable, string>();
  const held = z.safeParse(TeamHeldInAnswer, (contact as { team_held?: unknown }).team_held);
  if (!held.success) return dated;
  for (const copy of held.data) {
    const when = Date.parse(copy.revealed_at);
    if (Number.isNaN(when)) continue;
    dated.set(copy.item, when < Date.parse(answeredAt) ? new Date(when).toISOString() : answeredAt);
  }
  return dated;
}

/**
 * Merges one contact result into the vault record. Items requested and not returned are remembered as missing, except,
 * for a check of held items (`keepHeld`), one held before: it stays as it was.
 */
export function mergeContact(
  base: ContactRecord,
  contact: ContactResult,
  requested: Selection,
  answeredAt: string,
  keepHeld = false,
): ContactRecord {
  const record: ContactRecord = { ...base, updatedAt: answeredAt };
  if (!contact.success) {
    if (contact.status_code === 404) record.unknownAt = answeredAt;
    return record;
  }
  const { profile } = contact;
  const retrieved = new Set(contact.contact_data_retrieved);
  const teamAt = teamCopiesDated(contact, answeredAt);
  record.candidateId = profile.id;
  record.name = profile.name;
  record.currentTitle = profile.current_title;
  record.currentEmployer = profile.current_employer;
  delete record.unknownAt;
  for (const item of requested) {
    if (keepHeld && base[item]?.found && !retrieved.has(item)) continue;
    // An item a team gateway answered from its vault is as old as the teammate's reveal, not this answer: the date
    // shown beside it and "Check again" go by when it was bought.
    const at = teamAt.get(item) ?? answeredAt;
    const missing = { found: false as const, at };
    switch (item) {
      case 'email':
        record.email =
          retrieved.has('email') && profile.personal_email
            ? { found: true, value: profile.personal_email, at }
            : missing;
        break;
      case 'phone':
        record.phone =
          retrieved.has('phone') && profile.phone_number
            ? { found: true, value: profile.phone_number, at }
            : missing;
        break;
      case 'detailed_profile':
        record.detailed_profile = retrieved.has('detailed_profile')
          ? {
              found: true,
              value: {
                skills: profile.skills ?? [],
                experience: profile.experience ?? [],
                education: profile.education ?? [],
                job_history: profile.job_history ?? [],
              },
              at,
            }
          : missing;
        break;
      case 'healthcare_profile':
        record.healthcare_profile =
          retrieved.has('healthcare_profile') && profile.npi_data
            ? { found: true, value: profile.npi_data, at }
            : missing;
        break;
    }
  }
  return record;
}
