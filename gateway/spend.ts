/**
 * Spend: the ledger (one row per upstream call that can charge) and the per-member daily and monthly caps.
 *
 * A paid call first reserves its most possible charge: in one transaction that holds the member's row lock (so two
 * instances reserving for one member take turns; `gateway_reserve`), the member's spend this UTC day and month is summed — settled
 * rows at what the service charged, rows still in flight (or whose outcome is unknown) at their most — and the
 * pending row is written only if the cap still has room for the new call's most. So however many calls race, the
 * credits actually charged for a member never pass a cap. Team-held answers make no ledger row and cost nothing.
 */
import type { Retrievable } from '../src/api/schema';
import type { Sql } from './db/database';
import type { Member } from './members';

export type LedgerAction = 'lookup' | 'search' | 'jd_search';

/** What counts toward a member's caps now: this UTC day and this UTC month, with when each starts afresh. */
export interface Spent {
  today: number;
  thisMonth: number;
  dayResetsAt: Date;
  monthResetsAt: Date;
}

/** A call refused by a cap. */
export interface CapRefusal {
  period: 'day' | 'month';
  cap: number;
  /** What counts toward the cap already (charged, plus the most of calls under way). */
  spent: number;
  /** The most the refused call could cost. */
  required: number;
  resetsAt: Date;
}

/** A settled row's credits, or an unsettled row's most. */
const COUNTED = `case when status in ('pending', 'unknown') then max_credits else coalesce(credits, 0) end`;

const SPENT_SQL = `
  select
    coalesce(sum(${COUNTED}) filter (where created_at >= date_trunc('day', now(), 'UTC')), 0)::int as today,
    coalesce(sum(${COUNTED}), 0)::int as this_month,
    date_trunc('day', now(), 'UTC') + interval '1 day' as day_resets_at,
    date_trunc('month', now(), 'UTC') + interval '1 month' as month_resets_at
  from ledger
  where member_id = $1 and created_at >= date_trunc('month', now(), 'UTC')`;

interface SpentRow {
  today: number;
  this_month: number;
  day_resets_at: Date;
  month_resets_at: Date;
}

/** What counts toward a member's caps now. */
export async function spentBy(db: Sql, memberId: number): Promise<Spent> {
  const row = (await db.query<SpentRow>(SPENT_SQL, [memberId]))[0]!;
  return {
    today: row.today,
    thisMonth: row.this_month,
    dayResetsAt: new Date(row.day_resets_at),
    monthResetsAt: new Date(row.month_resets_at),
  };
}

export type Reservation =
  | { ok: true; entryId: number }
  | { ok: false; refusal: CapRefusal }
  | { ok: false; revoked: true };

/**
 * Reserves `maxCredits` for a paid call of `member` under its caps (see the module comment): a pending ledger row,
 * or the cap it would pass. One round trip: the `gateway_reserve` function takes the member's row
 * lock, then sums the spend (a statement that sees every reservation committed before the lock was granted), then
 * writes the row, all in the statement's own transaction.
 */
export async function reserve(
  db: Sql,
  member: Member,
  action: LedgerAction,
  maxCredits: number,
  subject: string | null,
): Promise<Reservation> {
  type Reserved = {
    entry_id?: number;
    revoked?: true;
    refusal?: { period: 'day' | 'month'; cap: number; spent: number; required: number; resets_at: string };
  };
  let reserved: Reserved;
  for (let attempt = 0; ; attempt++) {
    try {
      const rows = await db.query<{ reserved: Reserved }>(
        'select gateway_reserve($1, $2, $3, $4) as reserved',
        [member.id, action, maxCredits, subject],
      );
      reserved = rows[0]!.reserved;
      break;
    } catch (error) {
      // A cap set on the member while this reservation read them: read them again.
      if (attempt < 3 && String((error as { code?: unknown }).code) === '40001') continue;
      throw error;
    }
  }
  if (reserved.entry_id !== undefined) return { ok: true, entryId: reserved.entry_id };
  if (reserved.refusal) {
    const { resets_at, ...refusal } = reserved.refusal;
    return { ok: false, refusal: { ...refusal, resetsAt: new Date(resets_at) } };
  }
  return { ok: false, revoked: true };
}

export interface Settlement {
  status: 'charged' | 'not_charged' | 'unknown';
  /** What the service charged; for 'unknown', null (the row keeps counting at its most). */
  credits: number | null;
  items?: Partial<Record<Retrievable | 'search', number>>;
  billingNote?: string | null;
  /** The balance the service reported with the answer. */
  remaining?: number;
}

/** Settles a pending ledger row with the call's outcome. */
export async function settle(db: Sql, entryId: number, outcome: Settlement): Promise<void> {
  await db.query(
    `update ledger set status = $2, credits = $3, items = $4::text::jsonb, billing_note = $5, remaining = $6,
       settled_at = now()
     where id = $1`,
    [
      entryId,
      outcome.status,
      outcome.credits,
      JSON.stringify(outcome.items ?? {}),
      outcome.billingNote ?? null,
      outcome.remaining ?? null,
    ],
  );
}

/** One member's spend over a period, per item. */
export interface UsageRow {
  member: string;
  revoked: boolean;
  /** Credits charged per item (`email`, `phone`, `detailed_profile`, `healthcare_profile`, `search`). */
  items: Record<string, number>;
  credits: number;
  /** Upstream calls made (lookups and search pages). */
  calls: number;
  /** Calls whose outcome is unknown (no answer came back): they may have been charged up to `uncertain`. */
  uncertainCalls: number;
  uncertain: number;
}

/** Spend per member and per item since `since`, every member listed (those who spent nothing with zeros). */
export async function usageSince(db: Sql, since: Date): Promise<UsageRow[]> {
  const members = await db.query<{ id: number; name: string; revoked: boolean }>(
    'select id, name, revoked_at is not null as revoked from members order by revoked_at is not null, lower(name), id',
  );
  const rows = await db.query<{
    member_id: number;
    status: string;
    credits: number | null;
    max_credits: number;
    items: Record<string, number>;
  }>(
    `select member_id, status, credits, max_credits, items from ledger
     where created_at >= $1 and status <> 'pending'`,
    [since],
  );
  const byMember = new Map<number, UsageRow>(
    members.map((m) => [
      m.id,
      {
        member: m.name,
        revoked: m.revoked,
        items: {},
        credits: 0,
        calls: 0,
        uncertainCalls: 0,
        uncertain: 0,
      },
    ]),
  );
  for (const row of rows) {
    const usage = byMember.get(row.member_id);
    if (!usage) continue;
    usage.calls += 1;
    if (row.status === 'unknown') {
      usage.uncertainCalls += 1;
      usage.uncertain += row.max_credits;
      continue;
    }
    usage.credits += row.credits ?? 0;
    for (const [item, credits] of Object.entries(row.items ?? {})) {
      usage.items[item] = (usage.items[item] ?? 0) + credits;
    }
  }
  return [...byMember.values()];
}
