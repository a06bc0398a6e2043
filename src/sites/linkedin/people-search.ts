/**
 * LinkedIn's people search results, `/search/results/people/`: ten people a page, rendered as the user scrolls.
 * Result links carry the public URL (`/in/<slug>?miniProfileUrn=…`) or, for some members, a member-id link; members
 * outside the user's network show as "LinkedIn Member" with no profile link at all.
 */
import { type KindExamples, onWww, type PageKind, type PageReader } from './page-kind';
import { type PeopleSelectors, readPeople } from './read-people';

/**
 * 2026's name: a profile link directly in a line of text (the card's outer link wraps whole blocks, never sits in a
 * `p`), holding no `strong` (a mutual connection's link holds their name in one). Inside a 2026 card, that is the
 * name wherever it is; should the `componentkey` go, the name link is still told by the degree badge after it ("•
 * 2nd"), which a link mentioning someone in a sentence ("… is a mutual connection") never has.
 */
const NAME_LINK = 'p > a[href*="/in/"]:not(:has(strong))';
const NAME_LINK_2026 = `[componentkey^="SearchResults"] ${NAME_LINK}`;
const NAME_LINK_BADGED = `${NAME_LINK}:has(+ span)`;

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
 * Where the page shows each field, most specific first; each one is exercised by a fixture page. Three markup
 * generations are read:
 * - 2026's: no `data-view-name` at all; cards `[role="listitem"][componentkey^="SearchResults"]` (a member id after
 *   the prefix), one profile link wrapping the whole card (photo, lines, mutual connections), and inside it the name
 *   as the only text of the profile link in the card's first `p`, then the headline and the location as the next two
 *   lines (people-search-2026.html). Mutual connections are profile links too, each holding a `strong` name; the
 *   photo's `alt` may add words ("… is open to work"), so it is never the name when a link names the person;
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
    '[role="listitem"][componentkey^="SearchResults"]',
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
    NAME_LINK_2026,
    NAME_LINK_BADGED,
    'a[href*="/in/"] span[aria-hidden="true"]',
    'span[dir="ltr"] > span[aria-hidden="true"]',
    // Never the faces of mutual connections, which sit in `aria-hidden` figures.
    'img[alt]:not([aria-hidden] *)',
  ],
  // A member outside the network: no link, "LinkedIn Member" as the card's first line.
  shownName: ['p'],
  // The title, or (a card without a link) its first line: the headline and the location are the lines after it.
  lockupTitle: ['a[data-view-name="search-result-lockup-title"]', NAME_LINK_2026, NAME_LINK_BADGED, 'p'],
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
