/**
 * LinkedIn's people search results, `/search/results/people/`: ten people a page, rendered as the user scrolls.
 * Result links carry the public URL (`/in/<slug>?miniProfileUrn=…`) or, for some members, a member-id link; members
 * outside the user's network show as "LinkedIn Member" with no profile link at all.
 */
import { type KindExamples, onWww, type PageKind, type PageReader } from './page-kind';
import { type PeopleSelectors, readPeople } from './read-people';

/** URLs of this kind, and near misses that are not (tested with `it.each`). */
export const EXAMPLES: KindExamples = {
  matches: [
    'https://www.linkedin.com/search/results/people/?keywords=recruiter',
    'https://www.linkedin.com/search/results/people/?keywords=nurse&origin=SWITCH_SEARCH_VERTICAL&page=2',
    'https://www.linkedin.com/search/results/people',
    'linkedin.com/search/results/people/?geoUrn=%5B%22103644278%22%5D',
  ],
  others: [
    'https://www.linkedin.com/search/results/all/?keywords=recruiter',
    'https://www.linkedin.com/search/results/companies/?keywords=acme',
    'https://uk.linkedin.com/search/results/people/?keywords=x',
    'https://www.linkedin.com/search/results/peoplex/',
  ],
};

/**
 * Where the page shows each field, most specific first; each one is exercised by a fixture page. Two markup
 * generations are read:
 * - today's (2025): cards `[data-view-name="people-search-result"]` inside `role="listitem"`, hashed class names,
 *   the name in the link `a[data-view-name="search-result-lockup-title"]`, then the headline and the location as
 *   the next two text blocks (people-search-today*.html);
 * - the earlier one (2022-2024): `li.reusable-search__result-container` cards carrying
 *   `data-chameleon-result-urn` and `data-view-name="search-entity-result-universal-template"`, with
 *   `.entity-result__*` classes, kept as hints (people-search.html, people-search-obfuscated-lazy.html,
 *   people-search-no-urn.html).
 * People in the right rail (ads, "People also viewed", "People you may know") are never results.
 */
export const SELECTORS: PeopleSelectors = {
  cards: [
    '[data-view-name="people-search-result"]',
    '[data-chameleon-result-urn*="urn:li:member:"]',
    '[data-view-name="search-entity-result-universal-template"]',
    'li.reusable-search__result-container',
  ],
  looseCards: ['main [role="listitem"]'],
  exclude: ['aside', '[role="complementary"]'],
  name: [
    'a[data-view-name="search-result-lockup-title"]',
    '.entity-result__title-text a span[aria-hidden="true"]',
    'a[href*="/in/"] span[aria-hidden="true"]',
    'span[dir="ltr"] > span[aria-hidden="true"]',
    'img[alt]',
  ],
  // A member outside the network: no link, "LinkedIn Member" as the card's first line.
  shownName: ['p'],
  // The title, or (a card without a link) its first line: the headline and the location are the lines after it.
  lockupTitle: ['a[data-view-name="search-result-lockup-title"]', 'p'],
  headline: ['.entity-result__primary-subtitle', '.t-14.t-black.t-normal'],
  location: ['.entity-result__secondary-subtitle', '.t-14.t-normal:not(.t-black)'],
  publicUrl: [
    'a[data-view-name="search-result-lockup-title"]',
    '.entity-result__title-text a[href]',
    'a[href*="/in/"]',
  ],
  pageUrl: [
    'a[data-view-name="search-result-lockup-title"][href*="/in/ACoAA"]',
    '.entity-result__title-text a[href*="/in/ACoAA"]',
    'a[href*="/in/ACoAA"]',
  ],
  ownLinks: true,
};

/** The page kind: its id and URL matcher. */
export const peopleSearch: PageKind = {
  id: 'people-search',
  list: true,
  matches: (url) => onWww(url) && /^\/search\/results\/people\/?$/i.test(url.pathname),
};

/** The people the page shows now. */
export const read: PageReader = (root, pageUrl) => readPeople(root, pageUrl, SELECTORS);
