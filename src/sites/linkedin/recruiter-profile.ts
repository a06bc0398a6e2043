/**
 * A LinkedIn Recruiter profile: `/talent/profile/<id>`, or opened over a search or project
 * (`/talent/hire/<project>/…/profile/<id>`). The person is named by Recruiter's own id; the profile shows the
 * member's public profile link among their details when LinkedIn lets the seat see it.
 */
import { type KindExamples, onWww, type PageKind, type PageReader } from './page-kind';
import { type PeopleSelectors, readPeople } from './read-people';

/** URLs of this kind, and near misses that are not (tested with `it.each`). */
export const EXAMPLES: KindExamples = {
  matches: [
    'https://www.linkedin.com/talent/profile/AEMAAAkDbz0BqQ2zXk2L?project=1234567',
    'https://www.linkedin.com/talent/hire/1234567/discover/recruiterSearch/profile/AEMAAAkDbz0BqQ2z?searchContextId=abc',
    'https://www.linkedin.com/talent/hire/1234567/manage/all/profile/AEMAAAkDbz0BqQ2z',
    'linkedin.com/talent/profile/AEMAAAkDbz0BqQ2zXk2L/',
  ],
  others: [
    'https://www.linkedin.com/talent/hire/1234567/discover/recruiterSearch?searchContextId=abc',
    'https://www.linkedin.com/talent/profile/',
    'https://www.linkedin.com/talent/home',
    'https://www.linkedin.com/in/ada-lovelace-demo',
  ],
};

/** Where the page shows each field, most specific first; each one is exercised by a fixture page. */
export const SELECTORS: PeopleSelectors = {
  cards: ['[data-test-profile-container]', '[role="dialog"]', 'main'],
  single: true,
  name: [
    // The lockup also holds screen-reader text ("(2nd degree connection)"): its title text alone is the name.
    '[data-test-row-lockup-full-name] .artdeco-entity-lockup__title-text',
    '[data-test-row-lockup-full-name]',
    '.artdeco-entity-lockup__title',
  ],
  headline: ['[data-test-row-lockup-headline]', '.artdeco-entity-lockup__subtitle'],
  location: ['[data-test-row-lockup-location]', '.artdeco-entity-lockup__caption'],
  publicUrl: [
    'a[data-test-personal-info-profile-link]',
    '[data-test-personal-info-profile-link]',
    'a[href*="linkedin.com/in/"]',
  ],
};

/** The page kind: its id and URL matcher. */
export const recruiterProfile: PageKind = {
  id: 'recruiter-profile',
  list: false,
  matches: (url) => onWww(url) && /^\/talent\/(?:.+\/)?profile\/[^/]+/i.test(url.pathname),
};

/** The people the page shows now. */
export const read: PageReader = (root, pageUrl) => readPeople(root, pageUrl, SELECTORS);
