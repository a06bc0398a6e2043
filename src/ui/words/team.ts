/**
 * Plain words about a team gateway connection: who the member is and their allowance (part of `src/ui/words/`;
 * the words of items the team holds are in `team-held.ts`, which every page with reveal options carries).
 */
import { formatCredits } from '../../api/pricing';
import type { TeamMembership } from '../../store/team-membership';

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

/** "25 Nov, 10:02": when the gateway last said the figures, in the user's time. */
export const asOf = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
