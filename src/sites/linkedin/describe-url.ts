/**
 * What kind of LinkedIn page a URL is, in the user's words: its name, what to do when it is pasted where a profile
 * URL is expected, and how to get the public profile URL of a person it cannot resolve. Kept out of the content
 * script (these words are only shown in the extension's own pages).
 */
import type { PageKindId } from './page-kind';
import { pageKindOf } from './page-kinds';

export interface PageWords {
  /** The page kind's name, e.g. "Sales Navigator lead". */
  label: string;
  /** Why a URL of this kind cannot be revealed as pasted, and what to do instead; null for a profile URL. */
  pasted: string | null;
  /** How to get the public profile URL of a person this kind of page lists without one. */
  toResolve: string;
}

const OPEN_IT = 'Open it, then open Candidate Lens on that tab';

export const PAGE_WORDS: Readonly<Record<PageKindId, PageWords>> = {
  profile: {
    label: 'LinkedIn profile',
    pasted: null,
    toResolve: 'Reload the profile page, then read it again.',
  },
  'member-id-profile': {
    label: 'LinkedIn profile (member id link)',
    pasted:
      'This link names the member by an internal id, not by their public profile URL. Open it: LinkedIn shows the public URL (linkedin.com/in/…) in the address bar, and Candidate Lens reveals from there.',
    toResolve:
      'LinkedIn shows the public URL in the address bar once the profile has loaded: wait a moment, then read the page again.',
  },
  'people-search': {
    label: 'LinkedIn people search',
    pasted: `This is a LinkedIn people search, not one profile. ${OPEN_IT} to list the people it shows.`,
    toResolve:
      'Open the person from the search results: their profile page shows the public URL, and Candidate Lens reveals from there.',
  },
  'sales-lead': {
    label: 'Sales Navigator lead',
    pasted: `This is a Sales Navigator lead, which names the person by an internal id. ${OPEN_IT}, or paste their public profile URL (in Sales Navigator: ⋯ › View LinkedIn profile).`,
    toResolve:
      'On the lead page, open the ⋯ menu and read the page again (its "View LinkedIn profile" link holds the public URL), or choose "View LinkedIn profile" and reveal from that page.',
  },
  'sales-people': {
    label: 'Sales Navigator people',
    pasted: `This is a Sales Navigator search or lead list, not one profile. ${OPEN_IT} to list the people it shows.`,
    toResolve:
      'Sales Navigator lists do not show public profile URLs: open the lead, choose ⋯ › View LinkedIn profile, and reveal from that page.',
  },
  'recruiter-profile': {
    label: 'Recruiter profile',
    pasted: `This is a LinkedIn Recruiter profile, which names the person by an internal id. ${OPEN_IT}, or paste the public profile URL it shows.`,
    toResolve:
      'Recruiter shows no public profile link for this person: open their LinkedIn profile from Recruiter and reveal from that page.',
  },
  'recruiter-list': {
    label: 'Recruiter project or search',
    pasted: `This is a LinkedIn Recruiter project or search, not one profile. ${OPEN_IT} to list the people it shows.`,
    toResolve:
      'Recruiter lists do not show public profile URLs: open the person in Recruiter, follow their public profile link, and reveal from that page.',
  },
};

/** The kind of LinkedIn page `url` is and its words, or null when it is none of the kinds Candidate Lens knows. */
export function describeLinkedInUrl(url: string): ({ kind: PageKindId } & PageWords) | null {
  const kind = pageKindOf(url);
  return kind === null ? null : { kind: kind.id, ...PAGE_WORDS[kind.id] };
}
