/** The team's own row: its name (said to members) and the last balance the service reported. */
import type { Sql } from './db/database';

export interface TeamRow {
  name: string;
  creditsRemaining: number | null;
  creditsPurchased: number | null;
  balanceAt: Date | null;
}

export async function readTeam(db: Sql): Promise<TeamRow> {
  const row = (
    await db.query<{
      name: string;
      credits_remaining: number | null;
      credits_purchased: number | null;
      balance_at: Date | null;
    }>('select name, credits_remaining, credits_purchased, balance_at from team where id = 1')
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

/** Keeps the balance the service just reported (and lifetime purchases, when the answer had them). */
export async function recordBalance(db: Sql, remaining: number, purchased?: number): Promise<void> {
  await db.query(
    `update team set credits_remaining = $1, credits_purchased = coalesce($2, credits_purchased), balance_at = now()
     where id = 1`,
    [remaining, purchased ?? null],
  );
}
