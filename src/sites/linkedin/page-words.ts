/**
 * Each LinkedIn page kind in the user's words: its name, and how to get the public profile URL of a person it lists
 * without one. The background sends these with the people it reads, so the extension's pages need not carry them.
 */
import type { PageKindId } from './page-kind';

export interface PageWords {
  /** The page kind's name, e.g. "Sales Navigator lead". */
  label: string;
  /** How to get the public profile URL of a person this kind of page lists without one. */
  toResolve: string;
}

export const PAGE_WORDS: Readonly<Record<PageKindId, PageWords>> = {
  profile: {
    label: 'LinkedIn profile',
    toResolve: 'Reload the profile page, then read it again.',
  },
  'member-id-profile': {
    label: 'LinkedIn profile (member id link)',
    toResolve:
      'LinkedIn shows the public URL in the address bar once the profile has loaded: wait a moment, then read the page again.',
  },
  'people-search': {
    label: 'LinkedIn people search',
    toResolve:
      'Open the person from the search results: their profile page shows the public URL, and Candidate Lens reveals from there.',
  },
  'sales-lead': {
    label: 'Sales Navigator lead',
    toResolve:
      'Open the lead\'s ⋯ menu on the page, then open Candidate Lens again: the menu\'s "View LinkedIn profile" link holds the public URL.',
  },
  'sales-people': {
    label: 'Sales Navigator people',
    toResolve:
      'Sales Navigator lists do not show public profile URLs: open the lead, choose ⋯ › View LinkedIn profile, and reveal from that page.',
  },
  'recruiter-profile': {
    label: 'Recruiter profile',
    toResolve:
      'Recruiter shows no public profile link for this person: open their LinkedIn profile from Recruiter and reveal from that page.',
  },
  'recruiter-list': {
    label: 'Recruiter project or search',
    toResolve:
      'Recruiter lists do not show public profile URLs: open the person in Recruiter, follow their public profile link, and reveal from that page.',
  },
};
