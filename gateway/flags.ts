/**
 * Data flagged wrong, once for the team: a member flags a person's email, phone or the whole person, and takes a flag
 * back; teammates holding the person learn of both (`POST /v1/team/flags`, only about the people they ask of). A
 * flagged item bought before its flag is no longer held (schema 004: `gateway_ask_again`), so the team's price and a
 * lookup buy it again. Each change is written with its audit entry in one transaction. The admin's dispute report
 * (`report flagged`) lists what the team was charged for data flagged wrong since.
 */
import { DISPUTE_COLUMNS, DISPUTE_ITEM_WORDS, FLAG_CHOICE_WORDS } from '../src/api/dispute-columns';
import type { Retrievable } from '../src/api/schema';
import type { TEAM_FLAG_TARGETS, TeamFlagInfo } from '../src/api/team-schema';
import { toCsv } from '../src/search/csv';
import { appendAudit } from './audit';
import type { Database, Sql } from './db/database';
import type { Member } from './members';
import { findPeople, type PersonKey } from './vault';

export type FlagTarget = (typeof TEAM_FLAG_TARGETS)[number];

/** A flag the route answers with a refusal: the status and the member's words. */
export class TeamFlagRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface FlagRow {
  person_id: number;
  target: FlagTarget;
  value: unknown;
  note: string | null;
  flagged_by: string;
  flagged_at: Date;
  unflagged_by: string | null;
  unflagged_at: Date | null;
  updated_at: Date;
}

const FLAG_COLUMNS = `f.person_id, f.target, f.value, f.note, m.name as flagged_by, f.flagged_at,
  u.name as unflagged_by, f.unflagged_at, f.updated_at`;
const FLAG_JOINS = 'join members m on m.id = f.member_id left join members u on u.id = f.unflagged_by';

const iso = (at: Date | string) => new Date(at).toISOString();

function infoOf(row: FlagRow): TeamFlagInfo {
  return {
    target: row.target,
    ...(typeof row.value === 'string' ? { value: row.value } : {}),
    ...(row.note ? { note: row.note } : {}),
    flagged_by: row.flagged_by,
    flagged_at: iso(row.flagged_at),
    ...(row.unflagged_by && row.unflagged_at
      ? { unflagged_by: row.unflagged_by, unflagged_at: iso(row.unflagged_at) }
      : {}),
    updated_at: iso(row.updated_at),
  };
}

/**
 * Flags (`wrong`) or unflags `target` of the person `key` names, for `member`; answers the team's flag as it now
 * stands. The person is found read-only, as `team/held` finds them. Refused (404) when the team holds nothing of the
 * person, or no email or phone to flag; an unflag of what is not flagged answers the flag as it is.
 */
export async function setTeamFlag(
  db: Database,
  member: Member,
  key: PersonKey,
  change: { target: FlagTarget; wrong: boolean; note?: string | undefined },
): Promise<TeamFlagInfo> {
  const [person] = await findPeople(db, [key]);
  if (!person) {
    throw new TeamFlagRefusal(
      404,
      "Your team's gateway holds nothing of this person, so there is nothing of the team's to flag.",
    );
  }
  const held = change.target === 'person' ? null : person.items.get(change.target);
  if (change.wrong && change.target !== 'person' && !held?.found) {
    throw new TeamFlagRefusal(
      404,
      `Your team's gateway holds no ${change.target} for this person, so there is nothing of the team's to flag.`,
    );
  }
  const note = change.note?.trim() || null;
  return db.transaction(async (tx) => {
    const [row] = change.wrong
      ? await tx.query<FlagRow>(
          `with kept as (
             insert into flags (person_id, target, value, note, member_id)
             values ($1, $2, $3::text::jsonb, $4, $5)
             on conflict (person_id, target) do update set value = excluded.value, note = excluded.note,
               member_id = excluded.member_id, flagged_at = now(), unflagged_by = null, unflagged_at = null,
               updated_at = now()
             returning *
           )
           select ${FLAG_COLUMNS} from kept f ${FLAG_JOINS}`,
          [person.id, change.target, held?.found ? JSON.stringify(held.value) : null, note, member.id],
        )
      : await tx.query<FlagRow>(
          `with taken as (
             update flags set unflagged_by = $3, unflagged_at = now(), updated_at = now()
             where person_id = $1 and target = $2 and unflagged_at is null returning *
           )
           select ${FLAG_COLUMNS} from taken f ${FLAG_JOINS}`,
          [person.id, change.target, member.id],
        );
    if (!row) {
      const [kept] = await tx.query<FlagRow>(
        `select ${FLAG_COLUMNS} from flags f ${FLAG_JOINS} where f.person_id = $1 and f.target = $2`,
        [person.id, change.target],
      );
      if (!kept) throw new TeamFlagRefusal(404, 'Nobody on your team has flagged this.');
      return infoOf(kept);
    }
    await appendAudit(tx, {
      kind: change.wrong ? 'flag' : 'unflag',
      actor: member.name,
      memberId: member.id,
      person: { key, name: person.name, candidateId: person.candidateId },
      detail: { target: change.target, ...(change.wrong && note ? { note } : {}) },
    });
    return infoOf(row);
  });
}

/**
 * The team's flags of each person named (in the order asked; empty where none, or nobody known), only those changed
 * after `since` when given; `asOf` is the time to ask from next, a few seconds early so a change committing while
 * this was read is not missed.
 */
export async function flagsOf(
  db: Sql,
  people: readonly (number | null)[],
  since: Date | null = null,
): Promise<{ asOf: Date; flags: TeamFlagInfo[][] }> {
  const [clock] = await db.query<{ now: Date }>("select now() - interval '5 seconds' as now");
  const asOf = clock!.now;
  const ids = people.filter((id): id is number => id !== null);
  if (ids.length === 0) return { asOf, flags: people.map(() => []) };
  const rows = await db.query<FlagRow>(
    `select ${FLAG_COLUMNS} from flags f ${FLAG_JOINS}
     where f.person_id = any($1::text::int[]) and ($2::timestamptz is null or f.updated_at > $2::timestamptz)
     order by f.flagged_at`,
    [`{${ids.join(',')}}`, since?.toISOString() ?? null],
  );
  return { asOf, flags: people.map((id) => rows.filter((row) => row.person_id === id).map(infoOf)) };
}

export interface FlaggedCharge {
  at: Date;
  entryId: number;
  name: string | null;
  profileUrl: string | null;
  item: Retrievable;
  credits: number;
  target: FlagTarget;
  note: string | null;
  flaggedBy: string;
  flaggedAt: Date;
}

/**
 * What the team was charged in [from, to) for data flagged wrong since: one row an item a lookup's charge paid for,
 * under a flag that still stands, made after the charge (a charge made after the flag bought the item again, and is
 * not the flag's). The item's own flag is named before "Wrong person".
 */
export async function flaggedCharges(db: Sql, from: Date, to: Date): Promise<FlaggedCharge[]> {
  const rows = await db.query<{
    at: Date;
    entry_id: number;
    name: string | null;
    social_url: string | null;
    item: Retrievable;
    credits: number;
    target: FlagTarget;
    note: string | null;
    flagged_by: string;
    flagged_at: Date;
  }>(
    `select l.created_at as at, l.id as entry_id, p.name, p.social_url, c.key as item, c.value::int as credits,
       f.target, f.note, m.name as flagged_by, f.flagged_at
     from ledger l
     join people p on p.social_url = l.subject or p.candidate_id = l.subject
     cross join lateral jsonb_each_text(l.items) c
     cross join lateral (
       select * from flags f where f.person_id = p.id and f.unflagged_at is null and f.flagged_at >= l.created_at
         and (f.target = c.key or f.target = 'person')
       order by (f.target = 'person') limit 1
     ) f
     join members m on m.id = f.member_id
     where l.action = 'lookup' and l.status = 'charged' and l.created_at >= $1 and l.created_at < $2
       and c.value::int > 0
     order by l.created_at, l.id, c.key`,
    [from.toISOString(), to.toISOString()],
  );
  return rows.map((row) => ({
    at: new Date(row.at),
    entryId: row.entry_id,
    name: row.name,
    profileUrl: row.social_url,
    item: row.item,
    credits: row.credits,
    target: row.target,
    note: row.note,
    flaggedBy: row.flagged_by,
    flaggedAt: new Date(row.flagged_at),
  }));
}

/** The day of a time, `YYYY-MM-DD` in UTC, as the extension's report writes it. */
const day = (at: Date) => at.toISOString().slice(0, 10);

/** The team's dispute report as CSV, in the columns of the extension's own. */
export function flaggedChargesCsv(rows: readonly FlaggedCharge[]): string {
  return toCsv(
    DISPUTE_COLUMNS,
    rows.map((row) => [
      day(row.at),
      row.name ?? '',
      row.profileUrl ?? '',
      DISPUTE_ITEM_WORDS[row.item],
      row.credits,
      String(row.entryId),
      row.note ? `${FLAG_CHOICE_WORDS[row.target]}: ${row.note}` : FLAG_CHOICE_WORDS[row.target],
      row.flaggedBy,
      day(row.flaggedAt),
    ]),
  );
}
