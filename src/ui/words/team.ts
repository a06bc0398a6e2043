/**
 * Plain words about a team gateway connection: who the member is, their allowance, and items the team already
 * holds (part of `src/ui/words/`).
 */
import { formatCredits } from '../../api/pricing';
import type { TeamMembership } from '../../storage';

/** "Alice Smith · Acme Recruiting". */
export const memberAndTeam = (m: TeamMembership) => `${m.member} · ${m.team}`;

/** "200 credits a day, 13 used today": one allowance and what counts toward it (spend alone when there is no cap). */
function allowance(cap: number | null, spent: number, per: 'day' | 'month', period: string): string {
  const used = `${formatCredits(spent)} used ${period}`;
  const name = per === 'day' ? 'daily' : 'monthly';
  return cap === null ? `No ${name} allowance, ${used}` : `${formatCredits(cap)} a ${per}, ${used}`;
}

/** The member's daily and monthly allowances with their spend, one phrase each. */
export function allowanceInWords(m: TeamMembership): string[] {
  return [
    allowance(m.dailyCap, m.spentToday, 'day', 'today'),
    allowance(m.monthlyCap, m.spentThisMonth, 'month', 'this month'),
  ];
}

/** Beside an item the team already holds: asking for it is answered by the gateway at no charge. */
export const TEAM_HELD_FREE = 'held by your team, free';
/** Beside an item a teammate asked for and the service did not have: asking again is answered "not found", free. */
export const TEAM_MISSING_FREE = 'not found by your team, free';
/** The cost line when every item asked is one the team already asked for: the gateway answers them free. */
export const COSTS_NOTHING_TEAM = 'Costs nothing: your team already asked for these';
