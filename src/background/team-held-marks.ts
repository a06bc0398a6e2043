/**
 * What a list's rows ask before any click (`teamHeld`): the items the team holds of each person, and the
 * do-not-contact mark from either list, this browser's as well as the team's, so a row never offers to reveal a
 * person a reveal would refuse. Without a team gateway, and with no one listed here, the answer stays empty (full
 * prices, nothing to mark).
 */
import type { TeamHeldPerson } from '../protocol/shapes';
import { localListed } from './privacy/do-not-contact';
import { type TeamHeldTarget, teamHeld } from './team/team';

/** The team's answer for `targets` (in order), with the people listed in this browser marked. */
export async function teamHeldMarked(targets: readonly TeamHeldTarget[]): Promise<TeamHeldPerson[]> {
  const here = await Promise.all(
    targets.map((target) => localListed({ socialUrl: target.socialUrl, candidateId: target.candidateId })),
  );
  const anyHere = here.some((scope) => scope !== null);
  let team: TeamHeldPerson[];
  try {
    team = await teamHeld(targets);
  } catch (error) {
    // The gateway did not say: its prices stay full, and the marks of this browser's list still show.
    if (!anyHere) throw error;
    team = [];
  }
  if (!anyHere) return team;
  return targets.map((target, i) => ({
    ...(team[i] ?? {
      socialUrl: target.socialUrl ?? null,
      candidateId: target.candidateId ?? null,
      items: [],
    }),
    ...(here[i] ? { listedHere: true } : {}),
  }));
}
