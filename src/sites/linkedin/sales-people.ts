/**
 * Sales Navigator's lists of people: a lead search (`/sales/search/people`) and a saved lead list
 * (`/sales/lists/people/<list id>`). Rows link to each lead's Sales Navigator page; Sales Navigator shows no public
 * profile URL in them, so a row is resolved only when the page does carry an `/in/` link.
 */
import { type KindExamples, onWww, type PageKind, type PageReader } from './page-kind';
import { type PeopleSelectors, readPeople } from './read-people';

/** URLs of this kind, and near misses that are not (tested with `it.each`). */
export const EXAMPLES: KindExamples = {
  matches: [
    'https://www.linkedin.com/sales/search/people?query=(spellCorrectionEnabled%3Atrue%2Ckeywords%3Anurse)',
    'https://www.linkedin.com/sales/search/people/?savedSearchId=1234567',
    'https://www.linkedin.com/sales/lists/people/7123456789012345678?sortCriteria=CREATED_TIME',
    'https://www.linkedin.com/sales/lists/people/7123456789012345678/',
  ],
  others: [
    'https://www.linkedin.com/sales/search/company?query=(keywords%3Aacme)',
    'https://www.linkedin.com/sales/lists/company/7123456789012345678',
    'https://www.linkedin.com/sales/lists/people/',
    'https://www.linkedin.com/sales/lead/ACwAAAkDbz0BqQ2z,NAME_SEARCH,Xk2L',
  ],
};

/** Where the page shows each field, most specific first; each one is exercised by a fixture page. */
export const SELECTORS: PeopleSelectors = {
  cards: [
    '[data-x-search-result="LEAD"]',
    'tr[data-x--people-list--row]',
    'li.artdeco-list__item',
    'tbody > tr',
  ],
  name: ['[data-anonymize="person-name"]', 'a[href*="/sales/lead/"]', 'a[href*="/sales/people/"]'],
  title: ['[data-anonymize="title"]', '[data-anonymize="job-title"]'],
  company: ['[data-anonymize="company-name"]'],
  location: ['[data-anonymize="location"]'],
  publicUrl: ['a[href*="linkedin.com/in/"]'],
  pageUrl: ['a[href*="/sales/lead/"]', 'a[href*="/sales/people/"]'],
};

/** The page kind: its id and URL matcher. */
export const salesPeople: PageKind = {
  id: 'sales-people',
  list: true,
  matches: (url) => onWww(url) && /^\/sales\/(?:search\/people\/?$|lists\/people\/[^/]+)/i.test(url.pathname),
};

/** The people the page shows now. */
export const read: PageReader = (root, pageUrl) => readPeople(root, pageUrl, SELECTORS);
