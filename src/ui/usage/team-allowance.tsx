/**
 * On the usage page, when the service connection is a team gateway: the member's own allowance and spend (daily and
 * monthly caps, spent today and this month), as the gateway's free `team/me` last said (read again after each
 * reveal and on saving the service connection). Nothing is shown against the service itself.
 */
import { useEffect, useMemo } from 'preact/hooks';
import { sendMessage } from '../../protocol/messages';
import { KEYS } from '../../store/items/keys';
import { peek, watchPeek } from '../../store/items/peek';
import type { TeamMembership } from '../../store/items/team-membership';
import { stored } from '../helpers/use-stored';
import { allowanceInWords, asOf, memberAndTeam, resetsInWords, TEAM_USAGE_NOTE } from '../words/team';

/**
 * The stored value when it is a membership, else null. Checked field by field rather than with its schema, which
 * would bring the schema library into this page (about 9 KB) for one small record it only reads.
 */
export function asMembership(value: unknown): TeamMembership | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const text = (key: string) => typeof v[key] === 'string';
  const int = (key: string) => Number.isInteger(v[key]);
  const cap = (key: string) => v[key] === null || int(key);
  const ok =
    ['member', 'team', 'dailyResets', 'monthlyResets', 'checkedAt'].every(text) &&
    ['spentToday', 'spentThisMonth'].every(int) &&
    ['dailyCap', 'monthlyCap'].every(cap);
  return ok ? (value as TeamMembership) : null;
}

export function TeamAllowance() {
  const team = useMemo(
    () =>
      stored<TeamMembership | null>(
        null,
        // Checked by hand rather than through its item (`src/store/items/team-membership.ts`), which this page does not
        // otherwise load.
        async () => asMembership(await peek(KEYS.teamMembership)),
        (cb) => watchPeek(KEYS.teamMembership, (value) => cb(asMembership(value))),
      ),
    [],
  );
  useEffect(() => team.stop, [team]);
  const member = team.value.value !== null;
  // Opened, the page asks the gateway again (free) for today's figures: a teammate's spend or an admin's new caps
  // may have moved them since the last reveal. The stored membership updates, and with it the section.
  useEffect(() => {
    if (member) sendMessage('refreshAccount').catch(() => undefined);
  }, [member]);
  const m = team.value.value;
  if (!m) return null;
  return (
    <section aria-labelledby="team-allowance" data-testid="team-allowance">
      <h2 id="team-allowance">Your team allowance</h2>
      <p>
        <strong>{memberAndTeam(m)}</strong>
      </p>
      <ul>
        {allowanceInWords(m).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {resetsInWords(m).map((line) => (
        <p key={line} class="muted">
          {line}
        </p>
      ))}
      <p class="muted">
        As of {asOf(m.checkedAt)}. {TEAM_USAGE_NOTE}
      </p>
    </section>
  );
}
