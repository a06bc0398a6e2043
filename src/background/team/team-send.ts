/**
 * Sending through the team gateway, for a destination whose key the gateway holds (a destination hint with `team`):
 * the gateway performs the call with the same never-a-duplicate rule, so this computer holds no key for it. What a
 * teammate sent is marked here too ("In Lever, sent by Alice"): the gateway is asked (`POST /v1/team/sent`, free)
 * about every contact the vault gains or changes, and, whenever the membership is read again (a page opening, a
 * reveal), what the team sent since it last said of the contacts held here (never the team's whole history, which
 * would tell every member of every person a teammate sent); its answers are kept in the `sent` store beside the
 * contacts they name.
 */
import { ApiError } from '../../api/errors';
import { exchange, isRedirect, joinUrl } from '../../api/http';
import {
  HELD_MAX_PEOPLE,
  type TeamDestination,
  type TeamSendInfo,
  TeamSendResponse,
  TeamSentResponse,
} from '../../api/team-schema';
import type { SendResult } from '../../protocol/shapes';
import type { SendPerson } from '../../send/types';
import { keepSent, type SentRecord, sentKey, sentTo } from '../../store/database/sent';
import { readMany, recentKeys, watchVaultKeys } from '../../store/database/vault/vault';
import type { ContactRecord } from '../../store/database/vault/vault-record';
import { vaultWrite } from '../../store/database/vault/vault-write';
import { settings } from '../../store/items/settings';
import { teamMembership } from '../../store/items/team-membership';
import { getApiKey } from '../../store/secrets/api-key';

/** A send goes to the ATS and back through the gateway: longer than the team's small questions. */
const SEND_TIMEOUT_MS = 60_000;
const SENT_TIMEOUT_MS = 8_000;

/** The gateway's answer: its status, and its body read (as `Response.json` reads it: throwing when not JSON). */
export interface GatewayAnswer {
  status: number;
  ok: boolean;
  headers: Headers;
  json(): Promise<unknown>;
}

/**
 * A request to the gateway with the member key: a POST of `body`, or a GET without one. Throws when no answer came
 * (in time) and on a redirect, which is never followed (`exchange`).
 */
export async function gateway(path: string, body: unknown, timeoutMs: number): Promise<GatewayAnswer> {
  const apiKey = await getApiKey();
  if (!apiKey) throw new ApiError({ kind: 'not-set-up', message: 'Save your member key in Options first.' });
  const { baseUrl } = await settings.get();
  const answer = await exchange(
    joinUrl(baseUrl, path),
    {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'x-api-key': apiKey,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    },
    { timeoutMs },
  );
  if (!answer.ok) throw new Error(answer.failure);
  const { response, text } = answer;
  if (isRedirect(response)) {
    throw new ApiError({
      kind: 'http',
      ...(response.status > 0 ? { status: response.status } : {}),
      message: "Your team's gateway answered with a redirect, which is not followed: nothing was sent.",
    });
  }
  return {
    status: response.status,
    ok: response.ok,
    headers: response.headers,
    json: async () => JSON.parse(text),
  };
}

/**
 * Where each vendor's app opens a record (the addresses the gateway's clients link to, `src/send/destinations/`): a
 * link from the gateway is kept only when it is https on its destination's own app origin, so a gateway cannot put a
 * link to anywhere else beside a contact. A webhook has no record to open.
 */
const APP_ORIGINS: Partial<Record<TeamDestination['kind'], string>> = {
  lever: 'https://hire.lever.co',
  ashby: 'https://app.ashbyhq.com',
  hubspot: 'https://app.hubspot.com',
};

/** `link` when it opens in `kind`'s own app over https; else nothing. */
export function teamLink(kind: TeamDestination['kind'], link: string | undefined): string | undefined {
  if (!link) return undefined;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && url.origin === APP_ORIGINS[kind] ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A gateway's sentence, shown as its words (quoted, cut to a line), never as the extension's own. */
export function gatewaySaid(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return `Your team's gateway said: "${line.length > 300 ? `${line.slice(0, 299)}…` : line}"`;
}

/** Keeps the team's record of a send beside the contact, unless the one kept is as new. */
async function keepTeamMark(contactKey: string, info: TeamSendInfo, me: string): Promise<void> {
  const kept = await sentTo(info.destination, contactKey);
  if (kept?.state === 'sent' && kept.updatedAt >= info.updated_at) return;
  await keepSent(recordOf(contactKey, info, me));
}

/** The team's record as kept beside the contact; `sentBy` only when a teammate sent it, not this member. */
function recordOf(contactKey: string, info: TeamSendInfo, me: string | undefined): SentRecord {
  return {
    key: sentKey(info.destination, contactKey),
    contactKey,
    destinationId: info.destination,
    label: info.label,
    state: 'sent',
    status: info.status,
    ...(info.record_id ? { recordId: info.record_id } : {}),
    ...(teamLink(info.destination, info.link) ? { link: teamLink(info.destination, info.link)! } : {}),
    sentAt: info.sent_at,
    updatedAt: info.updated_at,
    ...(info.sent_by !== me ? { sentBy: info.sent_by } : {}),
  };
}

/** Who a contact is to the gateway: its profile URL, or the service's id when it has none. */
export const identity = (contact: ContactRecord) =>
  contact.socialUrl
    ? { social_url: contact.socialUrl }
    : contact.candidateId
      ? { candidate_id: contact.candidateId }
      : null;

/** Sends `contact` to the team's destination `kind` through the gateway, and keeps the team's record of it. */
export async function sendThroughTeam(
  kind: TeamDestination['kind'],
  contact: ContactRecord,
  /** What this computer holds of the person: not sent (the gateway sends what the team holds). */
  _person?: SendPerson,
): Promise<SendResult> {
  const who = identity(contact);
  if (!who)
    throw new ApiError({ kind: 'invalid-request', message: 'This contact has no profile to send by.' });
  // Read before asking: a round of team marks may record this very send while it is under way.
  const earlier = await sentTo(kind, contact.key);
  let response: GatewayAnswer;
  try {
    // Who, by one identifier: the gateway sends what the team holds of them, so their details need not travel.
    response = await gateway('/v1/team/send', { destination: kind, ...who }, SEND_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError({
      kind: 'network',
      message: "Your team's gateway did not answer. Nothing is marked as sent: try again.",
    });
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const said = (json as { message?: unknown } | null)?.message;
    const retry = Number(response.headers.get('retry-after'));
    throw new ApiError({
      kind: response.status === 429 ? 'rate-limited' : response.status >= 500 ? 'server' : 'bad-request',
      status: response.status,
      message:
        typeof said === 'string' && said.trim() !== ''
          ? gatewaySaid(said)
          : `Your team's gateway refused the send (error ${response.status}).`,
      ...(response.status === 429 && retry > 0 ? { retryAfterMs: retry * 1000 } : {}),
    });
  }
  const parsed = TeamSendResponse.safeParse(json);
  if (!parsed.success) {
    throw new ApiError({
      kind: 'malformed-response',
      message:
        "Your team's gateway answered in a shape this version does not know: check what was sent there.",
    });
  }
  const me = (await teamMembership.get())?.member;
  const record = recordOf(contact.key, parsed.data.sent, me);
  await keepSent(record);
  const { this_send: thisSend } = parsed.data;
  const fresh = earlier?.state !== 'sent' && parsed.data.sent.sent_by === me;
  return {
    // Sent earlier (by anyone): nothing new was made.
    status: thisSend ?? (fresh ? parsed.data.sent.status : 'already-there'),
    label: record.label,
    ...(record.link ? { link: record.link } : {}),
    sentAt: record.updatedAt,
  };
}

/**
 * How many contacts one round of {@link markRecentTeamSends} asks about, the most recently changed first: ten
 * questions of `HELD_MAX_PEOPLE`, well inside the gateway's 300 free requests a minute. Older contacts are asked
 * about when they change again (the vault's watch), as every new one is.
 */
export const RECENT_SENT_MAX_PEOPLE = 1000;

/**
 * Marks what the team sent of the contacts kept under `keys` (after `since`, when given), in questions of at most
 * `HELD_MAX_PEOPLE`; the gateway's `as_of` of the first (the earliest), or null when the service connection is not a
 * team gateway with destinations, or the gateway did not answer (the marks stay as they were).
 */
export async function markTeamSends(keys: readonly string[], since?: string): Promise<string | null> {
  const membership = await teamMembership.get();
  if (!membership?.destinations?.length) return null;
  return askAboutHeld(keys, since, '/v1/team/sent', SENT_TIMEOUT_MS, TeamSentResponse, async (answers) => {
    const forgotten: string[] = [];
    for (const { key, person } of answers) {
      // On the team's do-not-contact list (a teammate forgot them, or the admin listed them): forgotten here too.
      if (person.do_not_contact === true) forgotten.push(key);
      else for (const info of person.sends) await keepTeamMark(key, info, membership.member);
    }
    if (forgotten.length > 0) await vaultWrite.remove(forgotten);
  });
}

/**
 * Asks the gateway at `path` about the contacts kept under `keys` (what changed after `since`, when given), in
 * questions of at most `HELD_MAX_PEOPLE`, and hands each question's answers, person by person beside the contact's
 * key, to `keep`. Answers the gateway's `as_of` of the first question (the earliest), or null when a question was not
 * answered: what earlier questions kept stays, and the caller asks again from where it was. How the team's sends and
 * flags are both followed.
 */
export async function askAboutHeld<Answer extends { as_of: string; people: readonly unknown[] }>(
  keys: readonly string[],
  since: string | undefined,
  path: string,
  timeoutMs: number,
  shape: { safeParse(value: unknown): { success: true; data: Answer } | { success: false } },
  keep: (answers: { key: string; person: Answer['people'][number] }[]) => Promise<void>,
): Promise<string | null> {
  if (keys.length === 0) return null;
  const contacts = (await readMany(keys)).flatMap(([key, read]) =>
    read.state === 'ok' && identity(read.value) ? [{ key, who: identity(read.value)! }] : [],
  );
  let asOf: string | null = null;
  for (let start = 0; start < contacts.length; start += HELD_MAX_PEOPLE) {
    const chunk = contacts.slice(start, start + HELD_MAX_PEOPLE);
    const body = { people: chunk.map((c) => c.who), ...(since ? { since } : {}) };
    const response = await gateway(path, body, timeoutMs);
    const parsed = response.ok ? shape.safeParse(await response.json()) : null;
    if (!parsed?.success) return null;
    asOf ??= parsed.data.as_of;
    await keep(
      parsed.data.people.flatMap((person, i) => {
        const contact = chunk[i];
        return contact ? [{ key: contact.key, person }] : [];
      }),
    );
  }
  return asOf;
}

/**
 * Marks what the team sent since the gateway last said (everything, the first time) of the contacts held here (the
 * most recent {@link RECENT_SENT_MAX_PEOPLE}), and remembers how far it got. Nothing when the service connection is
 * not a team gateway with destinations.
 */
export async function markRecentTeamSends(): Promise<void> {
  const membership = await teamMembership.get();
  if (!membership?.destinations?.length) return;
  const asOf = await markTeamSends(await recentKeys(RECENT_SENT_MAX_PEOPLE), membership.sendsSeen);
  if (asOf === null) return;
  const now = await teamMembership.get();
  if (now?.team === membership.team && now.member === membership.member) {
    await teamMembership.set({ ...now, sendsSeen: asOf });
  }
}

/**
 * Calls `mark` with the keys of the contacts the vault gains or changes, a moment after, in batches: how the team's
 * marks (sends, flags) follow what this browser holds without a question a write.
 */
export function afterVaultChanges(
  mark: (keys: string[]) => Promise<unknown>,
  onError: (error: unknown) => void,
): () => void {
  let waiting = new Set<string>();
  let scheduled = false;
  return watchVaultKeys((keys) => {
    for (const key of keys ?? []) waiting.add(key);
    if (scheduled) return;
    scheduled = true;
    setTimeout(() => {
      scheduled = false;
      const asked = [...waiting];
      waiting = new Set();
      mark(asked).catch(onError);
    }, 300);
  });
}

/** Marks teammates' sends on every contact the vault gains or changes, a moment after, in batches. */
export function followTeamSends(onError: (error: unknown) => void): () => void {
  return afterVaultChanges((keys) => markTeamSends(keys), onError);
}
