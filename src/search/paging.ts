/**
 * The spec's paging rules (7 and 8): what to send for a page after the first so that every page searches the same
 * set. The first response's understanding is frozen into plain criteria: parsed free text or job description
 * merged into `search_criteria` (rule 3), the returned `similar_titles` as `current_title`, and
 * `include_similar_titles: false`. A job-description search's later pages therefore cost 1 credit, not 2, and are
 * never re-parsed differently.
 */
import type { SearchRequest, SearchResponse } from '../api/schema';
import { mergeCriteria } from './criteria';

/** The request for later pages (without `start`), derived from the first request and its response. */
export function freezeRequest(first: SearchRequest, response: SearchResponse): SearchRequest {
  const parsed = response.jd_searched ?? response.free_text_searched;
  const criteria = mergeCriteria(first.search_criteria, parsed);
  if (response.similar_titles && response.similar_titles.length > 0) {
    criteria.current_title = [...response.similar_titles];
  }
  const frozen: SearchRequest = { search_criteria: criteria, include_similar_titles: false };
  if (first.page_size !== undefined) frozen.page_size = first.page_size;
  return frozen;
}

/** The request for the page starting at `start`. */
export function pageRequest(frozen: SearchRequest, start: number): SearchRequest {
  return { ...frozen, start };
}
