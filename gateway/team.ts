/** The team's own row: its name (said to members) and the last balance the service reported. */
import type { Sql } from './db/database';

export interface TeamRow {
  name: string;
  creditsRemaining: number | null;
  creditsPurchased: number | null;
  balanceAt: Date | null;
}

/**
 * The team's name and latest balance: from the last account call (kept on the team row) or the last paid answer
 * (kept on its ledger row, so concurrent lookups do not all write one row), whichever is newer.
 */
export async function readTeam(db: Sql): Promise<TeamRow> {
  const row = (
    await db.query<{
      name: string;
      credits_remaining: number | null;
      credits_purchased: number | null;
      balance_at: Date | null;
    }>(
      `select t.name, t.credits_purchased,
         case when l.settled_at > coalesce(t.balance_at, '-infinity') then l.remaining else t.credits_remaining end
           as credits_remaining,
         greatest(t.balance_at, l.settled_at) as balance_at
       from team t
       left join lateral (
         select remaining, settled_at from ledger where remaining is not null order by id desc limit 1
       ) l on true
       where t.id = 1`,
    )
  )[0]!;
  return {
    name: row.name,
    creditsRemaining: row.credits_remaining,
    creditsPurchased: row.credits_purchased,
    balanceAt: row.balance_at,
  };
}

export async function setTeamName(db: Sql, name: string): Promise<void> {
  await db.query('update team set name = $1 where id = 1', [name]);
}

/** Keeps the balance and lifetime purchases an account call reported (a paid answer's goes on its ledger row). */
export async function recordBalance(db: Sql, remaining: number, purchased: number): Promise<void> {
  await db.query(
    'update team set credits_remaining = $1, credits_purchased = $2, balance_at = now() where id = 1',
    [remaining, purchased],
  );
}
