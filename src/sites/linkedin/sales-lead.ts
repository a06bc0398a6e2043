/**
 * A Sales Navigator lead page, `/sales/lead/<id>,<auth type>,<token>` (and the older `/sales/people/…`). The lead
 * is named by Sales Navigator's own id; the public URL is on the page only once the lead's "⋯" menu is open, as its
 * "View LinkedIn profile" link.
 */
import { type KindExamples, onWww, type PageKind, type PageReader } from './page-kind';
import { type PeopleSelectors, readPeople } from './read-people';

/** URLs of this kind, and near misses that are not (tested with `it.each`). */
export const EXAMPLES: KindExamples = {
  matches: [
    'https://www.linkedin.com/sales/lead/ACwAAAkDbz0BqQ2z,NAME_SEARCH,Xk2L',
    'https://www.linkedin.com/sales/lead/ACwAAAkDbz0BqQ2z,NAME_SEARCH,Xk2L?_ntb=2ZbWq3',
    'https://www.linkedin.com/sales/people/ACwAAAkDbz0BqQ2z,NAME_SEARCH,Xk2L',
    'linkedin.com/sales/lead/ACwAAAkDbz0BqQ2z,OUT_OF_NETWORK,aBcD/',
  ],
  others: [
    'https://www.linkedin.com/sales/lead/',
    'https://www.linkedin.com/sales/search/people?query=(keywords%3Anurse)',
    'https://www.linkedin.com/sales/company/1234',
    'https://www.linkedin.com/sales/home',
  ],
};

/** Where the page shows each field, most specific first; each one is exercised by a fixture page. */
export const SELECTORS: PeopleSelectors = {
  cards: ['[data-x--lead--profile-card]', 'main'],
  single: true,
  name: ['[data-anonymize="person-name"]', '[data-x--lead--name]', 'h1'],
  headline: ['[data-anonymize="headline"]', '[data-x--lead--headline]'],
  title: ['[data-anonymize="job-title"]'],
  company: ['[data-anonymize="company-name"]'],
  location: ['[data-anonymize="location"]', '[data-x--lead--location]'],
  publicUrl: ['a[data-control-name="view_linkedin"]', 'a[href*="linkedin.com/in/"]', 'a[href^="/in/"]'],
};

/** The page kind: its id and URL matcher. */
export const salesLead: PageKind = {
  id: 'sales-lead',
  list: false,
  matches: (url) => onWww(url) && /^\/sales\/(?:lead|people)\/[^/]+/i.test(url.pathname),
};

/** The people the page shows now. */
export const read: PageReader = (root, pageUrl) => readPeople(root, pageUrl, SELECTORS);
