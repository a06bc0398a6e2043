/**
 * Words of "find a person" (an email address, a GitHub profile, a name on a company's page): its refusals, its
 * labels and how a match is described. Part of `src/ui/words/`: the parsers in `src/find/` and the screens say
 * exactly these.
 */

const quote = (text: string) => `"${text.length > 60 ? `${text.slice(0, 60)}…` : text}"`;

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
    `Showing ${shown} of ${total.toLocaleString('en-US')}. Add or correct the company website to narrow it down.`,
  choose: 'This is the person',
  chosen: 'Chosen',
  chooseFirst: 'Not sure yet: check the name, title and company, then choose the person to reveal.',
  other: 'Choose someone else',
} as const;

/** Why input cannot be searched, in plain words with the next step. Nothing is sent while one applies. */
export const FIND_REFUSALS = {
  emailEmpty: 'Type or select an email address, like jane@example.com.',
  notEmail: (text: string) =>
    `${quote(text)} is not an email address. Select one address, like jane@example.com, and try again.`,
  severalEmails: 'That names more than one email address. Select one address and try again.',
  emailTooLong: 'An email address can be at most 254 characters.',
  nameEmpty: 'Type the person’s full name.',
  oneWord: (word: string) =>
    `${quote(word)} is one word, which could be anyone. Give the first and last name.`,
  notName: (text: string) =>
    `${quote(text)} does not look like a person’s name (it has digits or symbols). Select just the name.`,
  nameTooLong: 'A name can be at most 100 characters and 6 words. Select just the name.',
  domainShape: (text: string) =>
    `${quote(text)} is not a website domain. Type one like acme.com, or clear the field.`,
  domainIp: (text: string) =>
    `${quote(text)} is an IP address, not a company's website. Type the company's domain, like acme.com, or clear the field.`,
  domainMailProvider: (domain: string) =>
    `${domain} is a public email provider, not a company. Type the company's own website, or clear the field.`,
  notGitHubProfile:
    'This is not a GitHub profile page. Open a person’s profile, like https://github.com/octocat, and try again.',
} as const;

/** How a found profile matches what was searched (see `src/find/match.ts` for the rule), after its badge. */
export const MATCH_WORDS = {
  exact: {
    email: 'The service found this email address on this person alone.',
    github: 'The service found this GitHub profile on this person alone.',
  },
  likely: {
    email: 'The service found this email address on more than one person: check it is the one you mean.',
    github: 'The service found this GitHub profile on more than one person: check it is the one you mean.',
    name: 'Same name. Names are shared: check the title and company.',
    nameAt: (domain: string) => `Same name, at ${domain}. Names are shared: check the title and company.`,
  },
  badge: { exact: 'Exact match', likely: 'Likely match' },
} as const;
