/**
 * What the rules of "find a person" say: why input cannot be searched, and how a found profile matches. They live
 * beside the rules that decide them (a parser returns its refusal), so `src/find/` never imports a screen; the
 * screens show exactly these words.
 */

const quote = (text: string) => `"${text.length > 60 ? `${text.slice(0, 60)}…` : text}"`;

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
