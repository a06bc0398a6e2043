import type { TeamMembership } from '../../team-membership';
import { allowanceInWords, memberAndTeam } from '../words/team';

/**
 * Said on the options page when the saved connection is a team gateway: whose key it is, the team, and the
 * member's allowances with what counts toward them (as the gateway last said).
 */
export function TeamMember({ team }: { team: TeamMembership }) {
  return (
    <div class="team-member" data-testid="team-member">
      <p>
        Team gateway: you are <strong>{memberAndTeam(team)}</strong>
      </p>
      <ul class="muted">
        {allowanceInWords(team).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p class="muted">
        Items anyone on your team has revealed are free to you. Allowances are set by your team's admin.
      </p>
    </div>
  );
}
