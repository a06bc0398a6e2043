/**
 * Sending people to the team's destinations (Lever, Ashby, HubSpot, a webhook) with keys the gateway alone holds, so
 * no member's computer holds them. The same clients and the same rule as the extension's own sends
 * (`src/send/outcome.ts`): the person is looked up by email before anything is created, and a person is never sent
 * twice as two records, whichever member clicks. One send of a person to a destination at a time across the whole
 * team and every instance: a row in `sends` claimed for the send's length.
 */
import type { TeamDestination, TeamSendInfo } from '../src/api/team-schema';
import { DestinationSettings, destinationFor } from '../src/send/destinations';
import { hubSpotAccount } from '../src/send/destinations/hubspot';
import { generateWebhookSecret } from '../src/send/destinations/webhook';
import { SendError } from '../src/send/errors';
import { type EarlierSend, performSend } from '../src/send/outcome';
import type { SendPerson, TransportOptions } from '../src/send/types';
import type { Database, Sql } from './db/database';
import type { Member } from './members';
import { isSealed, NO_SECRETS_KEY, type Sealer } from './sealed-keys';
import { findPeople, type Person, type PersonKey } from './vault';

export type DestinationKind = DestinationSettings['kind'];

export const DESTINATION_NAMES: Record<DestinationKind, string> = {
  lever: 'Lever',
  ashby: 'Ashby',
  hubspot: 'HubSpot',
  greenhouse: 'Greenhouse',
  workable: 'Workable',
  webhook: 'Webhook',
};

/** How long a send holds its person and destination before another instance may take it over. */
export const SEND_TTL_MS = 120_000;

/** What the admin gives `send set`. */
export type DestinationSetting =
  | { kind: 'lever'; apiKey: string; performAs: string; postingId?: string; baseUrl?: string }
  | { kind: 'ashby'; apiKey: string; baseUrl?: string }
  | { kind: 'hubspot'; token: string; baseUrl?: string }
  | { kind: 'webhook'; url: string; secret?: string };

/** Checks a destination with a free call and keeps it; a webhook without a secret is given one (answered once). */
export async function setDestination(
  db: Sql,
  setting: DestinationSetting,
  sealer: Sealer | null,
  transport: TransportOptions = {},
): Promise<{ destination: TeamDestination; secret?: string }> {
  // Refused before any call: a key the gateway could not seal is not taken.
  if (!sealer) throw new Error(NO_SECRETS_KEY);
  // A webhook given no secret is made one here: answered once, for the admin to give its receiver.
  const madeSecret = setting.kind === 'webhook' && !setting.secret ? generateWebhookSecret() : undefined;
  let settings = {
    id: setting.kind,
    label: DESTINATION_NAMES[setting.kind],
    ...setting,
    ...(madeSecret ? { secret: madeSecret } : {}),
  } as DestinationSettings;
  let account: string | undefined;
  if (settings.kind === 'hubspot') {
    const portalId = await hubSpotAccount({ ...transport, ...settings });
    settings = { ...settings, portalId };
    account = `account ${portalId}`;
  } else {
    try {
      account = (await destinationFor(settings, transport).check()).account;
    } catch (error) {
      // A receiver that verifies signatures refuses the test until it is given the secret made here.
      const unsigned = error instanceof SendError && (error.kind === 'bad-key' || error.kind === 'forbidden');
      if (!(madeSecret && unsigned)) throw error;
    }
  }
  await db.query(
    `insert into destinations (kind, settings, account) values ($1, $2::text::jsonb, $3)
     on conflict (kind) do update set settings = excluded.settings, account = excluded.account, set_at = now()`,
    [settings.kind, JSON.stringify(sealer.seal(settings, settings.kind)), account ?? null],
  );
  return {
    // Stryker disable next-line ConditionalExpression: an account left undefined is none to every caller (each asks for a truthy one)
    destination: { kind: settings.kind, label: settings.label, ...(account ? { account } : {}) },
    // Stryker disable next-line ConditionalExpression: a secret left undefined is none to every caller (each asks for a truthy one)
    ...(madeSecret ? { secret: madeSecret } : {}),
  };
}

/** The destinations members may send to, as members see them (never a key). */
export async function listDestinations(db: Sql): Promise<(TeamDestination & { setAt: Date })[]> {
  const rows = await db.query<{ kind: DestinationKind; account: string | null; set_at: Date }>(
    'select kind, account, set_at from destinations order by kind',
  );
  return rows.map((row) => ({
    kind: row.kind,
    label: DESTINATION_NAMES[row.kind],
    ...(row.account ? { account: row.account } : {}),
    setAt: row.set_at,
  }));
}

/** Forgets a destination and its key; what the team sent there stays marked. True when there was one. */
export async function removeDestination(db: Sql, kind: DestinationKind): Promise<boolean> {
  const rows = await db.query('delete from destinations where kind = $1 returning kind', [kind]);
  return rows.length > 0;
}

/** The settings kept for `kind`, opened; null when there are none (or none this version reads). */
async function heldSettings(
  db: Sql,
  kind: DestinationKind,
  sealer: Sealer | null,
): Promise<DestinationSettings | null> {
  const rows = await db.query<{ settings: unknown }>('select settings from destinations where kind = $1', [
    kind,
  ]);
  const stored = rows[0]?.settings;
  if (stored === undefined) return null;
  const cannot = new TeamSendRefusal(
    503,
    `Your team's gateway cannot open the key it holds for ${DESTINATION_NAMES[kind]}. Nothing was sent; ask its admin.`,
  );
  // Every row is sealed on start (`resealDestinations`); one in clear here is refused rather than used, and one
  // sealed with a key this instance was not given (a rotation under way) too.
  // Stryker disable next-line ConditionalExpression,LogicalOperator: a value in clear, or no key to open it, fails `sealer.open` below and is refused with the same 503
  if (!isSealed(stored) || !sealer) throw cannot;
  let opened: unknown;
  try {
    opened = sealer.open(stored, kind);
  } catch {
    throw cannot;
  }
  const parsed = DestinationSettings.safeParse(opened);
  // Stryker disable next-line ConditionalExpression: a failed parse's data is undefined, refused as not set up as null is
  return parsed.success ? parsed.data : null;
}

interface SendRow {
  destination: DestinationKind;
  state: 'sending' | 'sent';
  status: TeamSendInfo['status'] | null;
  record_id: string | null;
  link: string | null;
  found_before: boolean | null;
  sent_by: string;
  sent_at: Date;
  updated_at: Date;
}

/** A row whose send was settled: the settlement always writes what it did (`status`). */
interface SentRow extends SendRow {
  state: 'sent';
  status: TeamSendInfo['status'];
}

const SEND_COLUMNS = `s.destination, s.state, s.status, s.record_id, s.link, s.found_before, m.name as sent_by,
  s.sent_at, s.updated_at`;

function infoOf(row: SentRow): TeamSendInfo {
  return {
    destination: row.destination,
    label: DESTINATION_NAMES[row.destination],
    status: row.status,
    ...(row.record_id ? { record_id: row.record_id } : {}),
    // A webhook's "link" is its address, a secret of the team's: never given to members.
    ...(row.link && row.destination !== 'webhook' ? { link: row.link } : {}),
    sent_by: row.sent_by,
    sent_at: row.sent_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Why a team send did not happen: the HTTP status and the sentence the member reads. */
export class TeamSendRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** A destination's failure, for a member: the key is the admin's to fix, never the member's. */
function refusalOf(error: unknown): unknown {
  if (!(error instanceof SendError)) return error;
  // Kept at an address this gateway will not send to (plain http off this machine): the setting, not the key, is wrong.
  if (error.kind === 'not-set-up') {
    return new TeamSendRefusal(
      502,
      `Your team's gateway cannot send to ${error.destination} as it is set: ${error.message} Ask the gateway's admin to set it again.`,
    );
  }
  if (error.kind === 'bad-key' || error.kind === 'forbidden') {
    return new TeamSendRefusal(
      502,
      `${error.destination} did not accept the key your team's gateway holds. Ask the gateway's admin to set it again.`,
    );
  }
  if (error.kind === 'refused') return new TeamSendRefusal(422, error.message);
  if (error.kind === 'rate-limited') return new TeamSendRefusal(429, error.message, error.retryAfterMs);
  return new TeamSendRefusal(error.kind === 'timeout' ? 504 : 502, error.message);
}

/**
 * What the team holds of a person, as a destination is sent it: the name, title and employer the service gave, and the
 * email and phone a member revealed, leaving out what a member flagged wrong (as the extension's own sends do). Null
 * when the team holds no email or phone of them that is not flagged (nothing worth sending).
 */
export function heldSendPerson(person: Person): SendPerson | null {
  const value = (item: 'email' | 'phone') => {
    const held = person.items.get(item);
    return held?.found && !held.wrong && typeof held.value === 'string' && held.value.trim() !== ''
      ? [held.value]
      : [];
  };
  const emails = value('email');
  const phones = value('phone');
  if (emails.length === 0 && phones.length === 0) return null;
  return {
    // Stryker disable next-line StringLiteral: never reached, a person has a profile address or a service id (the table checks it)
    name: person.name ?? person.socialUrl ?? person.candidateId ?? '',
    emails,
    phones,
    ...(person.socialUrl ? { profileUrl: person.socialUrl } : {}),
    // The title is the headline too, as the extension's own sends give it (`personOf`): Lever takes only a headline.
    ...(person.currentTitle ? { headline: person.currentTitle, jobTitle: person.currentTitle } : {}),
    ...(person.currentEmployer ? { company: person.currentEmployer } : {}),
    revealed: [...person.items.values()].filter((held) => held.found && !held.wrong).map((held) => held.item),
  };
}

/**
 * Sends the person `key` names to the team's destination `kind` for `member`, with what the team holds of them:
 * never what a member's request says of them, so no member can put made-up details under a teammate's find. The
 * person is found read-only (as the free "held" question finds them): a send links, merges or makes no person.
 * Claims the person and destination first (409 while a teammate's send of them is under way), then does what
 * `performSend` says, then settles the team's record; answers it with what was sent. Throws a {@link TeamSendRefusal} the route answers with.
 */
export async function teamSend(
  { db, sealer }: { db: Database; sealer: Sealer | null },
  member: Member,
  kind: DestinationKind,
  key: PersonKey,
  transport: TransportOptions = {},
): Promise<{ sent: TeamSendInfo; person: SendPerson; thisSend: TeamSendInfo['status'] }> {
  const settings = await heldSettings(db, kind, sealer);
  if (!settings) {
    throw new TeamSendRefusal(
      404,
      `Your team's gateway does not send to ${DESTINATION_NAMES[kind]}. Ask its admin to set it up.`,
    );
  }
  const [found] = await findPeople(db, [key]);
  const person = found ? heldSendPerson(found) : null;
  if (found && !person && [...found.items.values()].some((held) => held.found && held.wrong)) {
    throw new TeamSendRefusal(
      422,
      `This person's data is flagged wrong by your team, and flagged data is not sent: nothing was sent to ${settings.label}. Take the flag back to send it.`,
    );
  }
  if (!found || !person) {
    throw new TeamSendRefusal(
      404,
      `Your team's gateway holds no email or phone for this person, so nothing was sent to ${settings.label}. Reveal them with the team's account first.`,
    );
  }
  const personId = found.id;
  const claim = await db.transaction(async (tx) => {
    const [row] = await tx.query<SendRow & { busy: boolean }>(
      `select ${SEND_COLUMNS}, coalesce(s.busy_until > now(), false) as busy
       from sends s join members m on m.id = s.member_id where s.person_id = $1 and s.destination = $2 for update of s`,
      [personId, kind],
    );
    if (row?.busy) return { busy: row.sent_by } as const;
    if (row) {
      await tx.query(
        `update sends set busy_until = now() + $3 * interval '1 millisecond' where person_id = $1 and destination = $2`,
        [personId, kind, SEND_TTL_MS],
      );
      return { earlier: row } as const;
    }
    const made = await tx.query(
      `insert into sends (person_id, destination, member_id, state, busy_until)
       values ($1, $2, $3, 'sending', now() + $4 * interval '1 millisecond') on conflict do nothing returning 1`,
      [personId, kind, member.id, SEND_TTL_MS],
    );
    return made.length > 0 ? ({ earlier: null } as const) : ({ busy: 'A teammate' } as const);
  });
  if ('busy' in claim) {
    throw new TeamSendRefusal(
      409,
      `${claim.busy} is sending this person to ${settings.label} right now. Try again in a moment.`,
    );
  }
  const earlier: EarlierSend | null = claim.earlier
    ? {
        state: claim.earlier.state,
        recordId: claim.earlier.record_id ?? undefined,
        link: claim.earlier.link ?? undefined,
        foundBefore: claim.earlier.found_before ?? undefined,
      }
    : null;
  const release = () =>
    db.query('update sends set busy_until = null where person_id = $1 and destination = $2', [
      personId,
      kind,
    ]);
  let outcome: Awaited<ReturnType<typeof performSend>>;
  try {
    outcome = await performSend(
      settings,
      person,
      earlier,
      // A webhook's delivery id is kept with the intent, as the extension keeps it: a send cut off and made again
      // delivers under the same id, so the receiver drops the repeat.
      async (foundBefore, deliveryId) => {
        await db.query(
          'update sends set found_before = $3, record_id = $4 where person_id = $1 and destination = $2',
          [personId, kind, foundBefore, deliveryId ?? null],
        );
      },
      {},
      transport,
    );
  } catch (error) {
    // Left "sending" when it was: the next send looks the person up by email before creating anything.
    await release();
    throw refusalOf(error);
  }
  const [settled] = await db.query<SentRow>(
    `with settled as (
       update sends set state = 'sent', busy_until = null, record_id = $4, link = $5, updated_at = now(),
         -- A later send that found the record there keeps what the first send did.
         status = case when $3 = 'already-there' and status is not null then status else $3 end
       where person_id = $1 and destination = $2 returning *
     )
     select ${SEND_COLUMNS} from settled s join members m on m.id = s.member_id`,
    [personId, kind, outcome.status, outcome.id, outcome.link ?? null],
  );
  return { sent: infoOf(settled!), person, thisSend: outcome.status };
}

/**
 * What the team sent of each person named (in the order asked; empty where nothing, or nobody known), only what was
 * sent or changed after `since` when given; `asOf` is the time to ask from next, a few seconds early so a send
 * settling while this was read is not missed.
 */
export async function sentOf(
  db: Sql,
  people: readonly (number | null)[],
  since: Date | null = null,
): Promise<{ asOf: Date; sends: TeamSendInfo[][] }> {
  const [clock] = await db.query<{ now: Date }>("select now() - interval '5 seconds' as now");
  const asOf = clock!.now;
  const ids = people.filter((id): id is number => id !== null);
  // Stryker disable next-line ConditionalExpression,BlockStatement,ArrowFunction: with no ids the query below answers no rows, the same empty sends (and every caller reads a person's missing sends as none); this saves its round trip
  if (ids.length === 0) return { asOf, sends: people.map(() => []) };
  const rows = await db.query<SentRow & { person_id: number }>(
    `select s.person_id, ${SEND_COLUMNS} from sends s join members m on m.id = s.member_id
     where s.person_id = any($1::text::int[]) and s.state = 'sent'
       and ($2::timestamptz is null or s.updated_at > $2::timestamptz)
     order by s.sent_at`,
    [`{${ids.join(',')}}`, since?.toISOString() ?? null],
  );
  return { asOf, sends: people.map((id) => rows.filter((row) => row.person_id === id).map(infoOf)) };
}
