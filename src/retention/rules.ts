/**
 * The retention rules by region, one function every side applies (the extension's vault, its library, the team
 * gateway's vault):
 *
 * - the **EU rule**: a person in the EU, the EEA, the UK or Switzerland, or whose location is unknown (the strictest
 *   rule applies when the region cannot be told), is removed `EU_RULE_DAYS` days after their data was bought unless
 *   they were sent to a destination (a send mark: the one evidence here that the recruiter took them up, and so
 *   contacted them or recorded them where the candidate's own privacy notice applies). GDPR Article 14(3)(a) gives a
 *   month to tell a person whose data was obtained from elsewhere; a person neither sent nor contacted in that month
 *   is not kept.
 * - the **general rule**: everyone is removed `generalDays` after their data was bought (the user's, or the team's,
 *   setting; null: kept until deleted), sent or not.
 *
 * Both apply; the earlier removal wins, and says which rule it is.
 */
import { EU_RULE_DAYS, type Removal } from './eu-rule';
import { type Region, regionOf } from './region';

export { EU_RULE_DAYS, type Removal, type RuleName } from './eu-rule';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface Kept {
  /** Where the person is, as written ("Berlin, Germany"); absent or empty: unknown. */
  location?: string | null;
  /** When their data was bought (or last bought again). */
  since: Date;
  /** They were sent to a destination. */
  sent: boolean;
}

/** Whether a region's people fall under the EU rule: the EU rule's countries, and unknown (the strictest). */
export const underEuRule = (region: Region): boolean => region !== 'elsewhere';

/**
 * When a person is removed, and by which rule; null when no rule removes them (sent, and no general period).
 * `euDays` is the EU rule's period (the team's may be shorter; never longer than `EU_RULE_DAYS`).
 */
export function removalOf(kept: Kept, generalDays: number | null, euDays = EU_RULE_DAYS): Removal | null {
  const since = kept.since.getTime();
  if (Number.isNaN(since)) return null;
  const general =
    generalDays === null ? null : { at: new Date(since + generalDays * DAY_MS), rule: 'general' as const };
  const eu =
    !kept.sent && underEuRule(regionOf(kept.location))
      ? { at: new Date(since + Math.min(euDays, EU_RULE_DAYS) * DAY_MS), rule: 'eu' as const }
      : null;
  if (eu && (!general || eu.at < general.at)) return eu;
  return general;
}
