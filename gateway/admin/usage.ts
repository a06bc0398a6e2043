/**
 * What the console's Usage screen shows: the team's credits by day and member (from the ledger, settled rows at what
 * the service charged), the credits the team vault saved (items answered as held, from the audit log's reveals, at
 * the service's prices), the vault's size, and the service account's balance.
 */
import { ITEM_PRICE } from '../../src/api/pricing';
import type { Retrievable } from '../../src/api/schema';
import type { Sql } from '../db/database';
import { readTeam } from '../team';

export interface ConsoleUsage {
  since: string;
  days: { day: string; member: string; credits: number }[];
  members: { member: string; credits: number; calls: number; uncertain: number }[];
  total: number;
  saved: { items: number; credits: number };
  vault: { people: number; items: number };
  balance: { remaining: number; purchased: number | null; asOf: string } | null;
}

export async function consoleUsage(db: Sql, since: Date): Promise<ConsoleUsage> {
  const [days, members, held, vault, team] = await Promise.all([
    db.query<{ day: string; member: string; credits: number }>(
      `select to_char(date_trunc('day', l.created_at, 'UTC'), 'YYYY-MM-DD') as day, m.name as member,
         sum(coalesce(l.credits, 0))::int as credits
       from ledger l join members m on m.id = l.member_id
       where l.created_at >= $1 and l.status = 'charged'
       group by 1, 2 order by 1, 2`,
      [since],
    ),
    db.query<{ member: string; credits: number; calls: number; uncertain: number }>(
      `select m.name as member,
         coalesce(sum(l.credits) filter (where l.status = 'charged'), 0)::int as credits,
         count(l.id) filter (where l.status <> 'pending')::int as calls,
         count(l.id) filter (where l.status = 'unknown')::int as uncertain
       from members m left join ledger l on l.member_id = m.id and l.created_at >= $1
       group by m.id, m.name, m.revoked_at order by m.revoked_at is not null, lower(m.name)`,
      [since],
    ),
    db.query<{ item: string; n: number }>(
      `select item, count(*)::int as n
       from audit_log a, jsonb_array_elements_text(coalesce(a.detail -> 'held', '[]'::jsonb)) item
       where a.kind = 'reveal' and a.at >= $1 group by item`,
      [since],
    ),
    db.query<{ people: number; items: number }>(
      `select (select count(*)::int from people) as people,
         (select count(*)::int from held_items where found) as items`,
    ),
    readTeam(db),
  ]);
  const saved = held.reduce(
    (sum, row) => ({
      items: sum.items + row.n,
      credits: sum.credits + row.n * (ITEM_PRICE[row.item as Retrievable] ?? 0),
    }),
    { items: 0, credits: 0 },
  );
  return {
    since: since.toISOString(),
    days,
    members,
    total: members.reduce((sum, m) => sum + m.credits, 0),
    saved,
    vault: vault[0] ?? { people: 0, items: 0 },
    balance:
      team.creditsRemaining !== null && team.balanceAt
        ? {
            remaining: team.creditsRemaining,
            purchased: team.creditsPurchased,
            asOf: team.balanceAt.toISOString(),
          }
        : null,
  };
}
