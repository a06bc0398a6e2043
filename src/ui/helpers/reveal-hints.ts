/**
 * What a LinkedIn page shows of the profile a reveal is for, sent with the reveal as hints for the vault's record:
 * the service's answer carries no place, so the library's Location (and its CSV's) is the page's, as it is for a
 * contact revealed from a search row. The popup and the side panel send the same hints.
 */
import type { PagePeople } from '../../protocol/shapes';

/** The place page `page` shows for profile `socialUrl`, or undefined when it shows none. */
export function placeShown(page: PagePeople | null, socialUrl: string | null): string | undefined {
  return page?.people.find((person) => person.socialUrl === socialUrl)?.location ?? undefined;
}

/** A reveal's hints: the name and the place the page shows, those it shows (undefined: neither). */
export function pageHints(
  name: string | null | undefined,
  location: string | undefined,
): { name?: string; location?: string } | undefined {
  if (!name && !location) return undefined;
  return { ...(name ? { name } : {}), ...(location ? { location } : {}) };
}
