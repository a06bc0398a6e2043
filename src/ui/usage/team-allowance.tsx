/**
 * On the usage page, when the connection is a team gateway: the member's own allowance and spend (daily and
 * monthly caps, spent today and this month), as the gateway's free `team/me` last said (read again after each
 * reveal and on saving the connection). Nothing is shown against the service itself.
 */
import { useEffect, useMemo } from 'preact/hooks';
import { teamMembership } from '../../team-membership';
import { stored } from '../use-stored';
import { allowanceInWords, asOf, memberAndTeam, resetsInWords, TEAM_USAGE_NOTE } from '../words/team';

export function TeamAllowance() {
  const team = useMemo(() => stored(null, teamMembership.get, teamMembership.watch), []);
  useEffect(() => team.stop, [team]);
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
