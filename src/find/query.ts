/**
 * "Find a person": one search kind for three ways in (an email address, a GitHub profile, a name with an
 * optional company domain). What the user asks for, checked by the same rules in the side panel (as they type) and
 * in the background (before anything is sent), and the search body it becomes.
 */
import type { SearchCriteria, SearchRequest } from '../api/schema';
import { parseCompanyDomain } from './domain';
import { emailFromText, type Parsed } from './email';
import { gitHubProfile } from './github';
import { parseName } from './name';
import { FIND_REFUSALS } from './words';

/** What the user asks to find, as typed or taken from the page. */
export type FindQuery =
  | { kind: 'email'; email: string }
  | { kind: 'github'; url: string }
  | { kind: 'name'; name: string; companyDomain: string };

/** A query once checked: what will be searched. */
export type CheckedFind =
  | { kind: 'email'; email: string }
  | { kind: 'github'; handle: string; link: string }
  | { kind: 'name'; name: string; companyDomain: string | null };

/** A find answers one person: a short page, enough to list namesakes without paying for a long list. */
export const FIND_PAGE_SIZE = 10;

/** Field by field, what is wrong with a query (empty when nothing is). */
export function findProblems(
  query: FindQuery,
): Partial<Record<'email' | 'url' | 'name' | 'companyDomain', string>> {
  switch (query.kind) {
    case 'email': {
      const email = emailFromText(query.email);
      return email.ok ? {} : { email: email.problem };
    }
    case 'github':
      return gitHubProfile(query.url) ? {} : { url: FIND_REFUSALS.notGitHubProfile };
    case 'name': {
      const name = parseName(query.name);
      const domain = parseCompanyDomain(query.companyDomain);
      return {
        ...(name.ok ? {} : { name: name.problem }),
        ...(domain.ok ? {} : { companyDomain: domain.problem }),
      };
    }
  }
}

/** The query as it will be searched, or the first refusal. */
export function checkFind(query: FindQuery): Parsed<CheckedFind> {
  const problem = Object.values(findProblems(query))[0];
  if (problem) return { ok: false, problem };
  switch (query.kind) {
    case 'email': {
      const email = emailFromText(query.email) as { ok: true; value: string };
      return { ok: true, value: { kind: 'email', email: email.value } };
    }
    case 'github':
      return { ok: true, value: { kind: 'github', ...gitHubProfile(query.url)! } };
    case 'name': {
      const name = parseName(query.name) as { ok: true; value: string };
      const domain = parseCompanyDomain(query.companyDomain) as { ok: true; value: string | null };
      return { ok: true, value: { kind: 'name', name: name.value, companyDomain: domain.value } };
    }
  }
}

/**
 * The search body of a checked find: identifiers alone for an email or a GitHub profile (its link and its handle),
 * the name (fuzzy: word order and typos ignored) and the company domain for a name.
 */
export function findRequest(find: CheckedFind): SearchRequest {
  const criteria: SearchCriteria =
    find.kind === 'email'
      ? { email: [find.email] }
      : find.kind === 'github'
        ? { link: [find.link], handle: [find.handle] }
        : { name: [find.name], ...(find.companyDomain ? { company_domain: [find.companyDomain] } : {}) };
  return { search_criteria: criteria, page_size: FIND_PAGE_SIZE };
}
