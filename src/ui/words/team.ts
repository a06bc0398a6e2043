/**
 * Plain words about a team gateway as the service connection: who the member is and their allowance (part of
 * `src/ui/words/`; the words of items the team holds are in `team-held.ts`, which every page with reveal options
 * carries).
 */
import { formatCredits } from '../../api/pricing';
import type { TeamMembership } from '../../store/items/team-membership';

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

/** When the allowances start afresh, in the user's time: "Daily allowance starts afresh 26 Nov, 01:00". */
export function resetsInWords(m: TeamMembership): string[] {
  return [
    ...(m.dailyCap !== null ? [`Daily allowance starts afresh ${asOf(m.dailyResets)}`] : []),
    ...(m.monthlyCap !== null ? [`Monthly allowance starts afresh ${asOf(m.monthlyResets)}`] : []),
  ];
}

/** Under the member's allowance on the usage page: whose figures these are and where they come from. */
export const TEAM_USAGE_NOTE =
  'Your own spend through your team gateway, as it last said. The totals below are what this browser paid; items your team already held cost nothing. Allowances are set by your team’s admin.';

/**
 * What a pasted invitation leads to, said before anything is sent or saved: the gateway's address (the only thing
 * an invitation says of it), what will go there from now on, and what it replaces.
 */
export function invitationLeadsTo(gateway: string, current: string | null): string[] {
  return [
    `This invitation connects you to a team gateway at ${gateway}: your searches, reveals and team sends will go there, with the key it holds.`,
    ...(current && current !== gateway ? [`They go to ${current} now.`] : []),
    'Connect only if your team admin sent it to you. Nothing is sent before you click Connect.',
  ];
}

/** The team panel's first line: where the service connection leads, always in view. */
export const gatewayAt = (address: string) => `Team gateway at ${address}`;

/** Beside a destination a team gateway holds: whose it is and where contacts go. */
export const heldByGateway = (team: string, address: string | null) =>
  `held by ${team}'s gateway${address ? ` at ${address}` : ''}: no key on this computer`;

/** Under a team's destination that took the place of one saved here: it is still here, and the user's to remove. */
export function keptUnused(kind: string, label: string, masked: string): string {
  const what = kind === 'webhook' ? `webhook address (${masked})` : `${label} key (${masked})`;
  return `Your own ${what} is kept on this computer but not used while your team's gateway sends to ${label}.`;
}
