/**
 * `POST /v1/lookup` through the team: items the team holds are answered from the vault at no charge; the others are
 * asked of the service once for the whole team (single flight), under the member's caps, and kept in the vault.
 */
import { ITEM_PRICE, ITEM_REVEAL } from '../../src/api/pricing';
import type { ContactResult, LookupRequest, LookupResponse, Retrievable } from '../../src/api/schema';
import { isListed } from '../do-not-contact';
import { awaitFlight, type Begun, beginLookup, failFlight } from '../flights';
import type { Member } from '../members';
import { settle } from '../spend';
import { readTeam, recordBalance } from '../team';
import { upstreamFailure } from '../upstream';
import {
  answerToKeep,
  type HeldItem,
  type Person,
  type PersonRow,
  personKeyOf,
  profileFields,
  requestedItems,
  toPerson,
} from '../vault';
import { freeAnswerNote, knownNotFoundNote, MESSAGES, teamHeldNote } from '../words';
import { capAnswer } from './caps-answer';
import type { Answer, GatewayContext } from './context';
import type { Timing } from './timing';

/** The lookup answer in the service's shape, built from the vault (plus what the service just charged, if it did). */
function vaultAnswer(
  body: LookupRequest,
  person: Person,
  asked: readonly Retrievable[],
  fetched: ReadonlySet<Retrievable>,
  remaining: number,
  upstream?: { used: number; note: string | undefined },
): Answer {
  const identifier = (body.candidate_id ?? body.social_url) as string;
  const profile: Record<string, unknown> = {
    id: person.candidateId ?? identifier,
    name: person.name ?? '',
    current_title: person.currentTitle ?? '',
    current_employer: person.currentEmployer ?? '',
  };
  const retrieved: Retrievable[] = [];
  const fromTeam: HeldItem[] = [];
  for (const item of asked) {
    const held = person.items.get(item);
    // Stryker disable next-line ConditionalExpression: every item asked is held once a lookup ends (the vault keeps each one asked, found or not) and a held answer is given only when all are
    if (!held) continue;
    if (held.found) {
      Object.assign(profile, profileFields(item, held.value));
      retrieved.push(item);
    }
    if (!fetched.has(item)) fromTeam.push(held);
  }
  const note = upstream
    ? // Stryker disable next-line LogicalOperator,ConditionalExpression,MethodExpression,StringLiteral: the service's note is always given and never blank (spec: every lookup answer's `billing_note` is a string); this only leaves out the team's part when it has none
      [upstream.note, teamHeldNote(fromTeam)].filter((part) => part && part.trim() !== '').join(' ')
    : freeAnswerNote(fromTeam);
  const response: LookupResponse = {
    success: true,
    data: {
      contacts: [
        {
          lookup_identifier: identifier,
          lookup_type: body.candidate_id !== undefined ? 'id' : 'social_url',
          success: true,
          profile: profile as Extract<ContactResult, { success: true }>['profile'],
          contact_data_retrieved: retrieved,
          retrieved_at: new Date().toISOString(),
          // Which items came from the team vault, by whom and when (a client prices and labels them "held").
          team_held: fromTeam.map((held) => ({
            item: held.item,
            found: held.found,
            revealed_by: held.by,
            revealed_at: held.at.toISOString(),
          })),
        },
      ],
      summary: { total_requested: 1, successful: 1, failed: 0 },
    },
    credits: { used: upstream?.used ?? 0, remaining, billing_note: note },
  };
  return { status: 200, body: response, credits: upstream?.used ?? 0 };
}

/** The team's last known balance (a free account call when it never was known). */
async function knownBalance(ctx: GatewayContext, timing: Timing): Promise<number> {
  const team = await timing.time('db', () => readTeam(ctx.db));
  if (team.creditsRemaining !== null) return team.creditsRemaining;
  try {
    const account = await timing.time('service', () => ctx.upstream.account());
    await timing.time('db', () =>
      recordBalance(ctx.db, account.credits_remaining, account.credits_purchased),
    );
    return account.credits_remaining;
  } catch {
    return 0;
  }
}

function notFoundAnswer(body: LookupRequest, at: Date, remaining: number): Answer {
  const identifier = (body.candidate_id ?? body.social_url) as string;
  const lookupType = body.candidate_id !== undefined ? 'id' : 'social_url';
  return {
    status: 200,
    credits: 0,
    body: {
      success: true,
      data: {
        contacts: [
          {
            lookup_identifier: identifier,
            lookup_type: lookupType,
            success: false,
            error:
              lookupType === 'id'
                ? `Candidate not found: ${identifier}`
                : `No candidate found for profile URL: ${identifier}`,
            status_code: 404,
          },
        ],
        summary: { total_requested: 1, successful: 0, failed: 1 },
      },
      credits: { used: 0, remaining, billing_note: knownNotFoundNote(at) },
    } satisfies LookupResponse,
  };
}

/**
 * A person on the team's do-not-contact list, answered as the service answers a contact it will not give: in a 200,
 * the contact failed with its reason (451, unavailable for legal reasons), nothing charged or asked of the service.
 */
function doNotContactAnswer(body: LookupRequest, remaining: number): Answer {
  const identifier = (body.candidate_id ?? body.social_url) as string;
  return {
    status: 200,
    credits: 0,
    body: {
      success: true,
      data: {
        contacts: [
          {
            lookup_identifier: identifier,
            lookup_type: body.candidate_id !== undefined ? 'id' : 'social_url',
            success: false,
            error: MESSAGES.doNotContactLookup,
            status_code: 451,
          },
        ],
        summary: { total_requested: 1, successful: 0, failed: 1 },
      },
      credits: { used: 0, remaining, billing_note: MESSAGES.doNotContactLookup },
    } satisfies LookupResponse,
  };
}

/** Answers a valid lookup body for `member`, its database, service and waiting times added to `timing`. */
export async function teamLookup(
  ctx: GatewayContext,
  member: Member,
  body: LookupRequest,
  timing: Timing,
): Promise<Answer> {
  const { db, settings } = ctx;
  const key = personKeyOf(body);
  const asked = requestedItems(body);
  const subject = (key.socialUrl ?? key.candidateId) as string;
  const deadline = Date.now() + settings.flightTtlMs + 5_000;
  // When the member asked, by the database's clock: a flight this request takes after waiting for a teammate's
  // keeps nothing of its answer if the person was erased since (the member asked before the erasure).
  let askedAt: string | undefined;

  // Before any flight, reservation or ledger row: a listed person is never asked of the service through the team.
  if (await timing.time('db', () => isListed(db, key))) {
    return doNotContactAnswer(body, await knownBalance(ctx, timing));
  }

  for (;;) {
    const begun = await timing.time('db', () => beginLookup(db, key, member.id, asked, settings, subject));
    switch (begun.state) {
      case 'held': {
        const { person } = begun;
        const balance = begun.balance ?? (await knownBalance(ctx, timing));
        // Stryker disable next-line EqualityOperator: < and <= differ only at the one millisecond the not-found period ends
        if (person.notFoundAt && Date.now() - person.notFoundAt.getTime() < settings.notFoundTtlMs) {
          return notFoundAnswer(body, person.notFoundAt, balance);
        }
        return vaultAnswer(body, person, asked, new Set(), balance);
      }
      case 'revoked':
        return { status: 401, body: { success: false, message: MESSAGES.invalidKey } };
      case 'refused':
        return timing.time('db', () => capAnswer(ctx, 'lookup', begun.refusal));
      case 'wait': {
        // A flight taken after waiting keeps when the member asked (a flight taken at once is its own start).
        askedAt ??= begun.startedAt;
        const outcome = await timing.time('wait', () =>
          awaitFlight(db, ctx.waiters, begun.personId, begun.flightId, deadline),
        );
        // Nothing was charged to a waiter: a 409, which the extension says in these words and never retries (a 504
        // would read as "may have been charged" to this member; a 502 would be asked again at once, paying for the
        // person while the teammate's call may still be charged). Other failures are the teammate's answer.
        if (!outcome.ended) return { status: 409, body: { success: false, message: MESSAGES.flightTimeout } };
        if ('error' in outcome) {
          return outcome.error.status === 504
            ? { status: 409, body: { success: false, message: MESSAGES.teammateLost }, credits: 0 }
            : { ...outcome.error, credits: 0 };
        }
        continue;
      }
      case 'flight':
        return flight(
          ctx,
          member,
          body,
          key,
          { ...begun, startedAt: askedAt ?? begun.startedAt },
          asked,
          timing,
        );
    }
  }
}

/**
 * The winner of a person's flight, its reservation made: asks the service for what is missing and keeps it. With
 * {@link beginLookup}, two database round trips in all for a paid lookup: begin (find, claim, reserve), and finish
 * (keep the answer, settle the ledger, end the flight and wake its waiters, in one transaction).
 */
async function flight(
  ctx: GatewayContext,
  member: Member,
  body: LookupRequest,
  key: ReturnType<typeof personKeyOf>,
  begun: Extract<Begun, { state: 'flight' }>,
  asked: readonly Retrievable[],
  timing: Timing,
): Promise<Answer> {
  const { db } = ctx;
  const { personId, flightId, missing, entryId } = begun;
  let ended = false;
  const fail = async (error: Answer) => {
    ended = true;
    await timing.time('db', () =>
      failFlight(db, personId, flightId, {
        status: error.status,
        body: error.body as Record<string, unknown>,
        ...(error.headers ? { headers: error.headers } : {}),
      }),
    );
  };
  try {
    const request: LookupRequest =
      key.socialUrl !== undefined ? { social_url: key.socialUrl } : { candidate_id: key.candidateId };
    for (const item of missing) request[ITEM_REVEAL[item]] = true;

    let response: LookupResponse;
    try {
      response = await timing.time('service', () => ctx.upstream.lookup(request));
    } catch (error) {
      const failure = upstreamFailure(error, 'lookup');
      await timing.time('db', () =>
        settle(db, entryId, {
          status: failure.outcomeUnknown ? 'unknown' : 'not_charged',
          credits: failure.outcomeUnknown ? null : 0,
        }),
      );
      const answer: Answer = {
        status: failure.status,
        body: failure.body,
        ...(failure.headers ? { headers: failure.headers } : {}),
        credits: 0,
      };
      await fail(answer);
      return answer;
    }

    const contact = response.data.contacts[0];
    const used = response.credits.used;
    const charged: Partial<Record<Retrievable, number>> = {};
    // Stryker disable next-line OptionalChaining: the service answers one contact for the one identifier asked, so a 200 without it never reaches here
    if (contact?.success) {
      for (const item of contact.contact_data_retrieved) {
        // Stryker disable next-line ConditionalExpression: only the missing items are asked, and the service retrieves an item only when its reveal flag was set (spec, lookup profile fields)
        if (missing.includes(item)) charged[item] = ITEM_PRICE[item];
      }
    }
    const rows = await timing.time('db', () =>
      db.query<{ person: PersonRow | null }>(
        `select gateway_finish_lookup($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) as person`,
        [
          personId,
          key.socialUrl ?? null,
          key.candidateId ?? null,
          member.id,
          flightId,
          contact ? JSON.stringify(answerToKeep(missing, contact)) : null,
          entryId,
          used > 0 ? 'charged' : 'not_charged',
          used,
          JSON.stringify(charged),
          response.credits.billing_note ?? null,
          response.credits.remaining,
          begun.startedAt,
        ],
      ),
    );
    ended = true;

    // Stryker disable next-line OptionalChaining: the function's select always answers one row
    const kept = rows[0]?.person;
    // Stryker disable next-line OptionalChaining: the service answers one contact for the one identifier asked (as above)
    if (!contact?.success || !kept) {
      // The service's own answer, with the identifier as the member sent it: a 404 inside a 200, or an answer the
      // vault did not keep because the person was erased after the member asked (while it was under way, or while
      // this request waited for a teammate's lookup): the member has what they paid for, the team keeps nothing.
      const identifier = (body.candidate_id ?? body.social_url) as string;
      // Stryker disable next-line ArrayDeclaration: the service answers one contact for the one identifier asked, so a 200 without it never reaches here
      const contacts = contact ? [{ ...contact, lookup_identifier: identifier }] : [];
      return { status: 200, body: { ...response, data: { ...response.data, contacts } }, credits: used };
    }
    return vaultAnswer(body, toPerson(kept), asked, new Set(missing), response.credits.remaining, {
      used,
      note: response.credits.billing_note,
    });
  } finally {
    if (!ended) {
      // An unexpected fault: end the flight so its waiters are not left waiting for the expiry.
      await fail({ status: 500, body: { success: false, message: MESSAGES.internal } }).catch(() => {});
    }
  }
}
