/**
 * A member profile opened by LinkedIn's opaque member id (`/in/ACoAA…`), as links from search and from tools give
 * it. The id is not the public URL; the page names the public URL in its own links (the top card's "Contact info"
 * and "Show all" sections link to `/in/<slug>/…`), and LinkedIn soon replaces the address with it.
 */

import { readPageHints } from './page-hints';
import type { KindExamples, PageKind, PageReader } from './page-kind';
import { type PeopleSelectors, readPeople } from './read-people';
import { isMemberIdUrl } from './url';

/** URLs of this kind, and near misses that are not (tested with `it.each`). */
export const EXAMPLES: KindExamples = {
  matches: [
    'https://www.linkedin.com/in/ACoAABcdEfG123456789',
    'https://www.linkedin.com/in/ACoAABcdEfG123456789/',
    'https://www.linkedin.com/in/ACoAAA-x_Yz9?miniProfileUrn=urn%3Ali%3Afs_miniProfile%3AACoAAA',
    'linkedin.com/in/ACoAABcdEfG123456789/overlay/contact-info/',
  ],
  others: [
    'https://www.linkedin.com/in/ada-lovelace-demo',
    'https://www.linkedin.com/in/acoaabcdefg123456789',
    'https://www.linkedin.com/sales/lead/ACwAAAbc,NAME_SEARCH,x1Y2',
  ],
};

/** Where the page shows each field, most specific first; each one is exercised by a fixture page. */
export const SELECTORS: PeopleSelectors = {
  cards: ['main'],
  single: true,
  name: ['h1'],
  headline: ['.text-body-medium.break-words', '[data-generated-suggestion-target]'],
  location: ['.text-body-small.inline.break-words'],
  publicUrl: [
    'a#top-card-text-details-contact-info',
    'a[href*="/overlay/contact-info"]',
    'a[href*="/details/"]',
  ],
};

/** The page kind: its id and URL matcher. */
export const memberIdProfile: PageKind = {
  id: 'member-id-profile',
  list: false,
  matches: (url) => isMemberIdUrl(url.href),
};

/**
 * The person the page shows now. 2026's top card has no `h1`: its name and headline are read as the profile page
 * reads them (page-hints.ts), the public URL still from the card's links.
 */
export const read: PageReader = (root, pageUrl) => {
  const found = readPeople(root, pageUrl, SELECTORS);
  const person = found.people[0];
  if (person && person.name === null) {
    const { nameHint, headlineHint } = readPageHints(root);
    person.name = nameHint ?? null;
    person.headline ??= headlineHint ?? null;
  }
  return found;
};
