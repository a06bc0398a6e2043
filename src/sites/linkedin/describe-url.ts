/**
 * What kind of LinkedIn page a pasted URL is, and what to say when it was pasted where a profile URL is expected:
 * what it is, and what to do instead.
 */
import type { PageKindId } from './page-kind';
import { pageKindOf } from './page-kinds';

const OPEN_IT = 'Open it, then open Candidate Lens on that tab';

/** Why a URL of each kind cannot be revealed as pasted, and what to do instead; null for a profile URL. */
export const PASTED: Readonly<Record<PageKindId, string | null>> = {
  profile: null,
  'member-id-profile':
    'This link names the member by an internal id, not by their public profile URL. Open it: LinkedIn shows the public URL (linkedin.com/in/…) in the address bar, and Candidate Lens reveals from there.',
  'people-search': `This is a LinkedIn people search, not one profile. ${OPEN_IT} to list the people it shows.`,
  'sales-lead': `This is a Sales Navigator lead, which names the person by an internal id. ${OPEN_IT}, or paste their public profile URL (in Sales Navigator: ⋯ › View LinkedIn profile).`,
  'sales-people': `This is a Sales Navigator search or lead list, not one profile. ${OPEN_IT} to list the people it shows.`,
  'recruiter-profile': `This is a LinkedIn Recruiter profile, which names the person by an internal id. ${OPEN_IT}, or paste the public profile URL it shows.`,
  'recruiter-list': `This is a LinkedIn Recruiter project or search, not one profile. ${OPEN_IT} to list the people it shows.`,
};

/**
 * The kind of LinkedIn page `url` is and what to say when it is pasted as a profile URL, or null when it is none of
 * the kinds Candidate Lens knows.
 */
export function describeLinkedInUrl(url: string): { kind: PageKindId; pasted: string | null } | null {
  const kind = pageKindOf(url);
  return kind === null ? null : { kind: kind.id, pasted: PASTED[kind.id] };
}
