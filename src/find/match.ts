/**
 * Why each found profile matched, derived (the search answer carries no per-profile reason):
 *
 * - **Exact**: the find was by an identifier alone (an email address, or a GitHub profile's link and handle) and
 *   the service returned exactly one profile. The service matched that identifier on that person; nothing else
 *   was asked, so nothing else can explain the match.
 * - **Likely**: every profile of a name search (a name is not an identifier: namesakes exist, and the match is
 *   fuzzy), and every profile of an identifier search that returned more than one (one address or GitHub profile
 *   should name one person; several mean the service could not tell them apart).
 *
 * Only an exact match is offered for a reveal straight away; a likely one is revealed only after the user chose
 * the person.
 */
import type { StoredProfile } from '../store/database/search';
import type { CheckedFind } from './query';
import { MATCH_WORDS } from './words';

export type MatchStrength = 'exact' | 'likely';

export interface Match {
  strength: MatchStrength;
  /** The reason, in words. */
  reason: string;
}

/** How each of the profiles a find returned matches it (same order). */
export function matchesOf(find: CheckedFind, profiles: readonly StoredProfile[], total: number): Match[] {
  if (find.kind === 'name') {
    const reason = find.companyDomain
      ? MATCH_WORDS.likely.nameAt(find.companyDomain)
      : MATCH_WORDS.likely.name;
    return profiles.map(() => ({ strength: 'likely', reason }));
  }
  const alone = total === 1 && profiles.length === 1;
  return profiles.map(() =>
    alone
      ? { strength: 'exact', reason: MATCH_WORDS.exact[find.kind] }
      : { strength: 'likely', reason: MATCH_WORDS.likely[find.kind] },
  );
}
