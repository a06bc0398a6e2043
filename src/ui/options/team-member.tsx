import type { TeamMembership } from '../../store/items/team-membership';
import { allowanceInWords, asOf, gatewayAt, memberAndTeam } from '../words/team';

/**
 * Said when the saved service connection is a team gateway (the options page): its address, whose key it is, the
 * team, and the member's allowances with what counts toward them (as the gateway last said, and when).
 */
export function TeamMember({ team, address }: { team: TeamMembership; address: string | null }) {
  return (
    <div class="team-member" data-testid="team-member">
      {/* Where every search, reveal and team send goes: always in view while connected to a gateway. */}
      {address && (
        <p class="gateway-address" data-testid="gateway-address">
          {gatewayAt(address)}
        </p>
      )}
      <p>
        Team gateway: you are <strong>{memberAndTeam(team)}</strong>
      </p>
      <ul class="muted">
        {allowanceInWords(team).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p class="muted">
        As of {asOf(team.checkedAt)}. Items anyone on your team has revealed are free to you. Allowances are
        set by your team's admin.
      </p>
    </div>
  );
}
