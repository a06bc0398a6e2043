/**
 * The team gateway, seen from the extension: whether the saved service connection is a gateway (its free
 * `GET /v1/team/me` answers in the gateway's shape), who the member is, and which items the team already holds for
 * some people (its free `POST /v1/team/held`), so they are priced at 0 before any click. Against the service itself
 * `team/me` is a 404 and nothing here changes what the extension does.
 */
import { exchange, isRedirect, joinUrl, readJson } from '../../api/http';
import type { Retrievable } from '../../api/schema-parts';
import { HELD_MAX_PEOPLE, TeamHeldResponse, TeamMeResponse } from '../../api/team-schema';
import { refuse, refuseNow } from '../../protocol/result';
import type { TeamHeldItem, TeamHeldPerson } from '../../protocol/shapes';
import { settings } from '../../store/items/settings';
import { type TeamMembership, teamMembership } from '../../store/items/team-membership';
import { heldRead } from '../../store/lock';
import { getApiKey } from '../../store/secrets/api-key';
import { markRecentTeamFlags } from './team-flags';
import { markRecentTeamSends } from './team-send';

/** Both endpoints are free and small: a gateway that takes longer is treated as not answering. */
const TEAM_TIMEOUT_MS = 8_000;

/** A person to ask about: a canonical profile URL, or a candidate id when there is none. */
export interface TeamHeldTarget {
  socialUrl?: string | null;
  candidateId?: string | null;
}

type Fetch = typeof fetch;

async function teamRequest(
  baseUrl: string,
  apiKey: string,
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown },
  fetchImpl: Fetch,
): Promise<{ status: number; json: unknown }> {
  const answer = await exchange(
    joinUrl(baseUrl, path),
    {
      method: init.method,
      headers: {
        'x-api-key': apiKey,
        ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    },
    { timeoutMs: TEAM_TIMEOUT_MS, fetch: fetchImpl },
  );
  if (!answer.ok) throw new Error(answer.failure);
  // A redirect is never followed (`exchange`), and it is answered as "not a gateway" / "did not say".
  if (isRedirect(answer.response)) return { status: answer.response.status || 302, json: null };
  return { status: answer.response.status, json: readJson(answer.text) ?? null };
}

/**
 * Asks `GET /v1/team/me` (free). The membership when the service connection is a team gateway that accepts the key;
 * null when it is not a gateway (the service answers 404) or the answer is not in the gateway's shape. Never throws:
 * a gateway that cannot be reached now is reported as unknown (`undefined`), so the caller keeps what it knew.
 */
export async function askTeamMe(
  baseUrl: string,
  apiKey: string,
  fetchImpl: Fetch = (input, init) => globalThis.fetch(input, init),
): Promise<TeamMembership | null | undefined> {
  let answer: { status: number; json: unknown };
  try {
    answer = await teamRequest(baseUrl, apiKey, '/v1/team/me', { method: 'GET' }, fetchImpl);
  } catch (error) {
    console.warn('Could not ask whether the service connection is a team gateway', error);
    return undefined;
  }
  if (answer.status !== 200) return answer.status >= 500 || answer.status === 429 ? undefined : null;
  const parsed = TeamMeResponse.safeParse(answer.json);
  if (!parsed.success) return null;
  const me = parsed.data;
  return {
    member: me.member.name,
    team: me.team.name,
    dailyCap: me.caps.daily,
    monthlyCap: me.caps.monthly,
    spentToday: me.spent.today,
    spentThisMonth: me.spent.this_month,
    dailyResets: me.resets.daily,
    monthlyResets: me.resets.monthly,
    checkedAt: new Date().toISOString(),
    ...(me.notice ? { notice: { template: me.notice.template, contact: me.notice.contact } } : {}),
    destinations: (me.destinations ?? []).map((d) => ({
      kind: d.kind,
      label: d.label,
      ...(d.account ? { account: d.account } : {}),
    })),
  };
}

/**
 * Asks `team/me` for a service connection just checked and stores what it says: the membership, or null for the
 * service itself. When the gateway could not be reached, a membership known for this same service connection is kept.
 */
export async function recordMembership(
  baseUrl: string,
  apiKey: string,
  sameConnection: boolean,
  fetchImpl?: Fetch,
): Promise<TeamMembership | null> {
  const found = await askTeamMe(baseUrl, apiKey, fetchImpl);
  if (found === undefined) {
    const known = sameConnection ? await teamMembership.get() : null;
    if (!sameConnection) await teamMembership.set(null);
    return known;
  }
  await teamMembership.set(found);
  return found;
}

/**
 * Reads `team/me` again for the saved service connection (free), when it is a gateway, and marks what teammates sent
 * and flagged since it last asked.
 */
export async function refreshMembership(fetchImpl?: Fetch): Promise<TeamMembership | null> {
  if (!(await teamMembership.get())) return null;
  const apiKey = await getApiKey();
  if (!apiKey) return null;
  const { baseUrl } = await settings.get();
  const membership = await recordMembership(baseUrl, apiKey, true, fetchImpl);
  // What teammates sent meanwhile, marked on the contacts held here (free; a gateway that does not say changes nothing).
  if (membership) {
    void markRecentTeamSends().catch((error) => console.warn('Could not read what the team sent', error));
    // And what teammates flagged wrong, or took back, of the contacts held here (free).
    void markRecentTeamFlags().catch((error) => console.warn('Could not read what the team flagged', error));
  }
  return membership;
}

/**
 * The membership, from one read shared by the calls that ask while it is under way, and kept while a bulk reveal
 * holds it until it changes (see {@link heldRead}).
 */
export const membershipNow = heldRead(
  () => teamMembership.get(),
  (onChange) => teamMembership.watch(onChange),
);

/**
 * Which items the team holds for these people (`POST /v1/team/held`, free), in the order asked. Empty when the
 * connection is not a team gateway: nothing is asked then.
 */
export async function teamHeld(
  targets: readonly TeamHeldTarget[],
  fetchImpl: Fetch = (input, init) => globalThis.fetch(input, init),
): Promise<TeamHeldPerson[]> {
  if (targets.length > HELD_MAX_PEOPLE) {
    throw refuse(`Ask about at most ${HELD_MAX_PEOPLE} people at a time.`);
  }
  const people = targets.flatMap(
    (t): Array<{ social_url: string } | { candidate_id: string }> =>
      t.socialUrl ? [{ social_url: t.socialUrl }] : t.candidateId ? [{ candidate_id: t.candidateId }] : [],
  );
  if (people.length === 0 || !(await membershipNow.get())) return [];
  const apiKey = await getApiKey();
  if (!apiKey) return [];
  const { baseUrl } = await settings.get();
  let answer: { status: number; json: unknown };
  try {
    answer = await teamRequest(
      baseUrl,
      apiKey,
      '/v1/team/held',
      { method: 'POST', body: { people } },
      fetchImpl,
    );
  } catch {
    throw refuseNow(
      'The team gateway did not answer which items your team holds. Prices shown are the full ones.',
    );
  }
  const parsed = answer.status === 200 ? TeamHeldResponse.safeParse(answer.json) : null;
  if (!parsed?.success) {
    throw refuseNow(
      'The team gateway did not say which items your team holds. Prices shown are the full ones.',
    );
  }
  return parsed.data.people.map((person) => ({
    socialUrl: person.social_url ?? null,
    candidateId: person.candidate_id ?? null,
    items: person.items.map((held) => ({
      item: held.item,
      found: held.found,
      revealedBy: held.revealed_by,
      revealedAt: held.revealed_at,
    })),
    ...(person.do_not_contact === true ? { doNotContact: true } : {}),
  }));
}

/** One person's items the team holds, by item, and whether the team's do-not-contact list names them. */
export type TeamHeldOf = Partial<Record<Retrievable, TeamHeldItem>> & { doNotContact?: true };

/**
 * The items of `asked` the gateway would answer free for `target`: those the team holds (or asked for and the service
 * did not have). Empty when the service connection is not a team gateway, or when the gateway does not say: the
 * caller then reserves the full price, never less than the gateway confirmed.
 */
export async function teamFreeItems(
  target: TeamHeldTarget,
  asked: readonly Retrievable[],
  fetchImpl?: Fetch,
): Promise<Retrievable[]> {
  if (asked.length === 0) return [];
  try {
    const [person] = await teamHeld([target], fetchImpl);
    const held = new Set(person?.items.map((item) => item.item));
    return asked.filter((item) => held.has(item));
  } catch {
    return [];
  }
}

/**
 * What the team holds of each of `targets` (any number, asked 100 at a time), by item, in the order given, and
 * whether the gateway lists them as not to be contacted. Empty records when the service connection is not a team
 * gateway or the gateway does not say (full prices; its own lookup still refuses a listed person, at no charge).
 */
export async function teamHeldOf(
  targets: readonly TeamHeldTarget[],
  fetchImpl?: Fetch,
): Promise<TeamHeldOf[]> {
  const out = targets.map((): TeamHeldOf => ({}));
  if (!(await teamMembership.get())) return out;
  const asked = targets.flatMap((target, i) => (target.socialUrl || target.candidateId ? [i] : []));
  for (let start = 0; start < asked.length; start += HELD_MAX_PEOPLE) {
    const chunk = asked.slice(start, start + HELD_MAX_PEOPLE);
    try {
      const people = await teamHeld(
        chunk.map((i) => targets[i]!),
        fetchImpl,
      );
      chunk.forEach((i, n) => {
        for (const held of people[n]?.items ?? []) out[i]![held.item] = held;
        if (people[n]?.doNotContact) out[i]!.doNotContact = true;
      });
    } catch {
      // No answer for these: their full prices stay.
    }
  }
  return out;
}
