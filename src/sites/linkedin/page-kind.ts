/**
 * What every LinkedIn page kind provides: a URL matcher and a pure reader of the people the page shows. Each kind
 * lives in its own file with its example URLs (`EXAMPLES`, tested with `it.each`), its selectors and its `read`;
 * `page-kinds.ts` lists the kinds, `read-request.ts` the readers.
 */
import type { PeopleRead } from './read-people';

/** The LinkedIn pages Candidate Lens understands. */
export type PageKindId =
  | 'profile'
  | 'member-id-profile'
  | 'people-search'
  | 'sales-lead'
  | 'sales-people'
  | 'recruiter-profile'
  | 'recruiter-list';

export interface PageKind {
  id: PageKindId;
  /** Lists many people (search results, lists, projects), rather than being about one person. */
  list: boolean;
  /** Whether a LinkedIn URL (already known to be on a LinkedIn host) is a page of this kind. */
  matches(url: URL): boolean;
}

/**
 * The people a page of a kind shows now: what is rendered, never more (nothing is scrolled or fetched). Kept apart
 * from {@link PageKind} so the extension's pages can tell kinds apart without carrying the selectors.
 */
export type PageReader = (root: ParentNode, pageUrl: string) => PeopleRead;

/** Example URLs of a kind: ones it matches, and near misses it must not match. */
export interface KindExamples {
  matches: readonly string[];
  others: readonly string[];
}

/** Whether the URL is on www.linkedin.com (or the bare host), where LinkedIn serves its tools. */
export const onWww = (url: URL): boolean => /^(?:www\.)?linkedin\.com\.?$/i.test(url.hostname);
