/**
 * POST /v1/search. Order of checks: body shape (400), the spec's cross-field rules (400), balance (403), then the
 * search itself (a malformed criterion value is still a 400). The charge — 1 credit, 2 with jd_search — is taken
 * only when the page holds at least one profile; a search that finds nothing, or a page past the end, costs 0 and
 * says `credits.used: 0`.
 */
import type * as z from 'zod/mini';
import { SearchRequest, type SearchResponse, searchRequestProblem } from '../../src/api/schema';
import { simSearchCredits } from '../prices';
import { CriteriaError } from '../search/search-engine';
import type { SimState } from '../state';
import { describeIssues, errorResponse, MESSAGES, readJsonBody, type V1Context } from './http';
import { profileSummary } from './profile-views';

const MALFORMED = 'Search criteria not provided or not formed correctly';

export function searchRoute(state: SimState) {
  return (c: V1Context) => {
    const json = readJsonBody(c);
    if (!json.ok) return json.response;
    if (typeof json.value !== 'object' || json.value === null || Array.isArray(json.value)) {
      return errorResponse(c, 400, `${MALFORMED}: the body must be a JSON object.`);
    }
    const parsed = SearchRequest.safeParse(json.value);
    if (!parsed.success) {
      const aboutCriteria = parsed.error.issues.some((issue) => issue.path[0] === 'search_criteria');
      const detail = describeIssues(parsed.error.issues);
      return errorResponse(
        c,
        400,
        aboutCriteria ? `${MALFORMED}: ${detail}` : `Invalid search request: ${detail}`,
      );
    }
    const request = parsed.data;
    const problem = searchRequestProblem(request);
    if (problem) return errorResponse(c, 400, problem);

    const apiKey = c.get('apiKey');
    const cost = simSearchCredits(request);
    const available = state.key(apiKey)?.remaining ?? 0;
    if (available < cost) {
      return errorResponse(c, 403, MESSAGES.insufficient, { credits_info: { required: cost, available } });
    }

    let outcome: ReturnType<typeof state.search.search>;
    try {
      outcome = state.search.search(request);
    } catch (error) {
      if (error instanceof CriteriaError) return errorResponse(c, 400, `${MALFORMED}: ${error.message}`);
      throw error;
    }
    // Same synchronous step as the balance check above: no other request can spend in between.
    const used = outcome.profiles.length > 0 ? cost : 0;
    const remaining = used > 0 ? state.charge(apiKey, used) : available;
    c.get('logEntry').charged = used;

    const hasNext = outcome.start - 1 + outcome.pageSize < outcome.total;
    const body: z.input<typeof SearchResponse> = {
      success: true,
      data: {
        profiles: outcome.profiles.map(profileSummary),
        pagination: {
          current_page: Math.floor((outcome.start - 1) / outcome.pageSize) + 1,
          page_size: outcome.pageSize,
          start: outcome.start,
          total: outcome.total,
          has_next: hasNext,
          next_start: hasNext ? outcome.start + outcome.pageSize : null,
        },
      },
      credits: { used, remaining },
      ...(outcome.similarTitles !== undefined ? { similar_titles: outcome.similarTitles } : {}),
      ...(outcome.freeTextSearched ? { free_text_searched: outcome.freeTextSearched } : {}),
      ...(outcome.jdSearched ? { jd_searched: outcome.jdSearched } : {}),
    };
    if (outcome.notes.length > 0)
      c.header('X-Sim-Notes', outcome.notes.join(' | ').replace(/[^\x20-\x7e]/g, '?'));
    return c.json(body, 200);
  };
}
