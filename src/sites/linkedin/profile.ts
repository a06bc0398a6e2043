/**
 * A member profile by its public URL, `/in/<slug>` (see url.ts for every form). The identity is the URL; the name,
 * headline and place are the page's hints.
 */

import { readLocation, readPageHints } from './page-hints';
import type { KindExamples, PageKind, PageReader } from './page-kind';
import { profileUrl } from './url';

/** URLs of this kind, and near misses that are not (tested with `it.each`). */
export const EXAMPLES: KindExamples = {
  matches: [
    'https://www.linkedin.com/in/ada-lovelace-demo/',
    'https://uk.linkedin.com/in/jane-doe',
    'https://www.linkedin.com/in/jane-doe/details/experience/',
    'linkedin.com/in/jos%C3%A9-%C3%A1lvarez',
  ],
  others: [
    'https://www.linkedin.com/in/ACoAABcdEfG123456789',
    'https://www.linkedin.com/in/me/',
    'https://www.linkedin.com/in/',
    'https://www.linkedin.com/company/acme/',
    'https://www.linkedin.com/sales/lead/ACwAAAbc,NAME_SEARCH,x1Y2',
  ],
};

/** The page kind: its id and URL matcher. */
export const profile: PageKind = {
  id: 'profile',
  list: false,
  matches: (url) => profileUrl(url.href) !== null,
};

/** The profile the page shows: its URL, with the visible name, headline and place. */
export const read: PageReader = (root, pageUrl) => {
  const { nameHint, headlineHint } = readPageHints(root);
  const person = {
    name: nameHint ?? null,
    headline: headlineHint ?? null,
    location: readLocation(root) ?? null,
    publicUrl: profileUrl(pageUrl),
    pageUrl: null,
  };
  return { people: [person], cards: 1 };
};
