/**
 * Words of the "find a person" screen (an email address, a GitHub profile, a name on a company's page). Its refusals
 * and how a match is described belong to the rules that decide them, in `src/find/words.ts`.
 */
import { formatNumber } from '../../format/numbers';

export const FIND_WORDS = {
  title: 'Find a person',
  from: {
    email: 'From an email address',
    github: 'From a GitHub profile',
    name: 'From a name',
  },
  emailLabel: 'Email address',
  nameLabel: 'Full name',
  domainLabel: 'Company website (optional)',
  domainHint: (offered: string | null) =>
    offered
      ? `Taken from the page you were on (${offered}). Clear it to search by name alone, or type the company's own website.`
      : "Type the company's website to narrow the search, or leave it empty to search by name alone.",
  githubProfile: 'GitHub profile',
  cost: '1 credit if found, nothing if not.',
  searching: 'Searching…',
  noneFound: 'No one found. Nothing was charged.',
  charged: (credits: string) => `This search cost ${credits}.`,
  moreThanShown: (shown: number, total: number) =>
    `Showing ${shown} of ${formatNumber(total)}. Add or correct the company website to narrow it down.`,
  choose: 'This is the person',
  chosen: 'Chosen',
  chooseFirst: 'Not sure yet: check the name, title and company, then choose the person to reveal.',
  other: 'Choose someone else',
} as const;
