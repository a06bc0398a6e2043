/**
 * LinkedIn Recruiter's lists of people: a search (`/talent/hire/<project>/discover/…`, `/talent/search`) and a
 * project's pipeline (`/talent/hire/<project>/manage/…`). Rows link to Recruiter profiles, not public URLs.
 */
import { type KindExamples, onWww, type PageKind, type PageReader } from './page-kind';
import { type PeopleSelectors, readPeople } from './read-people';
import { recruiterProfile } from './recruiter-profile';

/** URLs of this kind, and near misses that are not (tested with `it.each`). */
export const EXAMPLES: KindExamples = {
  matches: [
    'https://www.linkedin.com/talent/hire/1234567/discover/recruiterSearch?searchContextId=abc&start=25',
    'https://www.linkedin.com/talent/hire/1234567/discover/applicants?jobId=99',
    'https://www.linkedin.com/talent/hire/1234567/manage/all',
    'https://www.linkedin.com/talent/hire/1234567/manage/contacted/',
    'https://www.linkedin.com/talent/search?searchContextId=abc',
  ],
  others: [
    'https://www.linkedin.com/talent/hire/1234567/manage/all/profile/AEMAAAkDbz0BqQ2z',
    'https://www.linkedin.com/talent/hire/1234567/overview',
    'https://www.linkedin.com/talent/home',
    'https://www.linkedin.com/search/results/people/?keywords=x',
  ],
};

/** Where the page shows each field, most specific first; each one is exercised by a fixture page. */
export const SELECTORS: PeopleSelectors = {
  cards: ['[data-test-paginated-list-item]', 'ol.profile-list > li'],
  name: [
    '[data-test-row-lockup-full-name]',
    'a[data-test-link-to-profile-link]',
    '.artdeco-entity-lockup__title',
    'a[href*="/talent/"][href*="/profile/"]',
  ],
  headline: ['[data-test-row-lockup-headline]', '.artdeco-entity-lockup__subtitle'],
  location: ['[data-test-row-lockup-location]', '.artdeco-entity-lockup__caption'],
  publicUrl: ['a[href*="linkedin.com/in/"]'],
  pageUrl: ['a[data-test-link-to-profile-link]', 'a[href*="/talent/"][href*="/profile/"]'],
};

/** The page kind: its id and URL matcher. */
export const recruiterList: PageKind = {
  id: 'recruiter-list',
  list: true,
  matches: (url) =>
    onWww(url) &&
    !recruiterProfile.matches(url) &&
    /^\/talent\/(?:hire\/[^/]+\/(?:discover|manage)(?:\/|$)|search\/?$)/i.test(url.pathname),
};

/** The people the page shows now. */
export const read: PageReader = (root, pageUrl) => readPeople(root, pageUrl, SELECTORS);
