/**
 * The search pipeline of POST /v1/search, without HTTP and billing: parse free text or a JD, merge it into the
 * criteria (rule 3), expand titles (rule 6), match, order, and cut the requested page.
 */
import {
  hasAnyCriterion,
  LIMITS,
  type ParsedCriteria,
  type SearchCriteria,
  type SearchRequest,
} from '../../src/api/schema';
import type { Dataset, SimProfile } from '../dataset/types';
import { AnywhereIndex } from './anywhere-index';
import { CriteriaError, compileCriteria, runQuery } from './match';
import { mergeCriteria } from './merge';
import { parseFreeText } from './parse-free-text';
import { parseJd } from './parse-jd';
import { buildProfileIndex, type ProfileIndex } from './profile-index';
import { similarTitles } from './similar-titles';
import { parseTextTerm } from './value-syntax';
import { Vocabulary } from './vocabulary';

export interface SearchOutcome {
  /** The requested page. */
  profiles: SimProfile[];
  total: number;
  start: number;
  pageSize: number;
  /** Present when include_similar_titles was in effect: the titles searched, or null without current_title. */
  similarTitles?: string[] | null;
  freeTextSearched?: ParsedCriteria;
  jdSearched?: ParsedCriteria;
  /** Criteria ignored, places not found… */
  notes: string[];
}

export { CriteriaError };

export class SearchEngine {
  private indexCache: ProfileIndex[] | undefined;
  private anywhereCache: AnywhereIndex | undefined;
  private vocabularyCache: Vocabulary | undefined;

  constructor(private readonly dataset: Dataset) {}

  /**
   * The profile index, built on the first search (about as long as generating the dataset), so that a simulator
   * starts fast and tests that never search do not pay for it. {@link warmUp} builds it ahead of time.
   */
  get index(): readonly ProfileIndex[] {
    this.indexCache ??= buildProfileIndex(this.dataset.profiles);
    return this.indexCache;
  }

  /** Builds the indexes now rather than on the first search. */
  warmUp(): void {
    void this.index;
  }

  /** Built on first use: only free-text and JD searches need it. */
  get vocabulary(): Vocabulary {
    this.vocabularyCache ??= new Vocabulary(this.dataset.companies);
    return this.vocabularyCache;
  }

  /**
   * Runs a search whose body already passed the schema and `searchRequestProblem`. Throws {@link CriteriaError}
   * when a criterion value is malformed or nothing searchable remains.
   */
  search(request: SearchRequest): SearchOutcome {
    const outcome: Omit<SearchOutcome, 'profiles' | 'total' | 'start' | 'pageSize'> = { notes: [] };
    let parsed: ParsedCriteria | undefined;
    if (request.free_text_search !== undefined) {
      parsed = parseFreeText(request.free_text_search, this.vocabulary);
      outcome.freeTextSearched = parsed;
    } else if (request.jd_search !== undefined) {
      parsed = parseJd(request.jd_search, this.vocabulary, this.dataset.companies);
      outcome.jdSearched = parsed;
    }
    const criteria: SearchCriteria = mergeCriteria(request.search_criteria, parsed);
    if (!hasAnyCriterion(criteria)) {
      const source = request.free_text_search !== undefined ? 'free_text_search' : 'jd_search';
      throw new CriteriaError(`no search criteria could be understood from ${source}`);
    }

    // Rule 6: expansion to at most 10 titles; the default is on for a JD search.
    const includeSimilar = request.include_similar_titles ?? request.jd_search !== undefined;
    let added: string[] = [];
    if (includeSimilar) {
      const titles = criteria.current_title ?? [];
      const positives = titles.filter((title) => parseTextTerm(title)?.exclude === false);
      const exclusions = titles.filter((title) => parseTextTerm(title)?.exclude === true);
      if (positives.length === 0) {
        outcome.similarTitles = null;
      } else {
        added = similarTitles(positives, LIMITS.similarTitlesMax);
        // Exclusions follow, so that sending similar_titles back as current_title (rule 7) searches the same set.
        outcome.similarTitles = [...positives, ...added, ...exclusions];
      }
    }

    const query = compileCriteria(criteria, { anywhere: () => this.anywhere() }, added);
    outcome.notes.push(...query.notes);
    const matches = runQuery(query, this.index);
    const pageSize = request.page_size ?? LIMITS.pageSizeDefault;
    const start = request.start ?? LIMITS.startDefault;
    const page = matches.slice(start - 1, start - 1 + pageSize).map((match) => match.entry.profile);
    return { ...outcome, profiles: page, total: matches.length, start, pageSize };
  }

  private anywhere(): AnywhereIndex {
    this.anywhereCache ??= new AnywhereIndex(this.index);
    return this.anywhereCache;
  }
}
