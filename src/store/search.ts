/**
 * Search as stored: the current search with its paid pages (revisiting one is free), and the saved searches with
 * their frozen criteria.
 */
import * as z from 'zod/mini';
import { ApiErrorJSON } from '../api/errors';
import { keyedRecord } from '../api/schema-parts';
import { defineStored } from './item';
import { KEYS } from './keys';

/** A search body as stored (already checked against the contract by the client when it was sent). */
const StoredRequest = z.looseObject({
  search_criteria: z.optional(keyedRecord(z.unknown())),
  free_text_search: z.optional(z.string()),
  jd_search: z.optional(z.string()),
  page_size: z.optional(z.int()),
  include_similar_titles: z.optional(z.boolean()),
});

/** A result row as stored: the profile summary fields (ids normalised to strings by the contract). */
export const StoredProfile = z.looseObject({
  id: z.string(),
  name: z.string(),
  current_title: z.string(),
  current_employer: z.string(),
  location: z.string(),
  social_url: z.optional(z.nullable(z.string())),
});
export type StoredProfile = z.infer<typeof StoredProfile>;

export const SearchPage = z.object({
  start: z.int(),
  profiles: z.array(StoredProfile),
  total: z.int(),
  hasNext: z.boolean(),
  nextStart: z.nullable(z.int()),
  /** Credits this page cost when it was fetched (`credits.used`; 0 when the service returned no profiles). */
  charged: z.int(),
  at: z.string(),
});
export type SearchPage = z.infer<typeof SearchPage>;

export const SEARCH_MODES = ['filters', 'free_text', 'jd'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

const searchSessionShape = {
  id: z.string(),
  mode: z.enum(SEARCH_MODES),
  /** The body of page 1, as sent. */
  first: StoredRequest,
  /** The body of every later page (rules 7 and 8), known once page 1 has answered. */
  frozen: z.nullable(StoredRequest),
  /** What the service understood: parsed free text or job description, and the titles searched. */
  understood: z.object({
    parsed: z.optional(keyedRecord(z.array(z.string()))),
    similarTitles: z.optional(z.array(z.string())),
  }),
  pageSize: z.int(),
  /** Pages already paid for, kept so revisiting them is free. */
  pages: z.array(SearchPage),
  /** The page the panel shows. */
  currentStart: z.int(),
  status: z.enum(['running', 'done', 'failed', 'interrupted']),
  /** The worker fetching a page while running (see {@link ownedNow}). */
  worker: z.optional(z.string()),
  /** The start of the page being fetched while running, and since when. */
  pendingStart: z.optional(z.int()),
  pendingAt: z.optional(z.string()),
  error: z.optional(ApiErrorJSON),
  startedAt: z.string(),
  savedSearchId: z.optional(z.string()),
};

/**
 * The current search. `earlier`: the search with paid pages it replaced, kept until its own first page has come,
 * so a new search that fails (or is cut off) before any result does not take away the results already paid for.
 */
export const SearchSession = z.object({
  ...searchSessionShape,
  earlier: z.optional(z.object(searchSessionShape)),
});
export type SearchSession = z.infer<typeof SearchSession>;

const searchItem = defineStored({
  key: KEYS.search,
  schema: z.nullable(SearchSession),
  fallback: null,
  label: 'search',
  version: 1,
});

export const currentSearch = {
  get: (): Promise<SearchSession | null> => searchItem.get(),
  set: (value: SearchSession | null): Promise<void> => searchItem.set(value),
  watch: (cb: (value: SearchSession | null) => void) => searchItem.watch(cb),
};

export const SavedSearch = z.object({
  id: z.string(),
  name: z.string(),
  mode: z.enum(SEARCH_MODES),
  /** Frozen criteria: re-running never re-parses, so a saved job-description search costs 1 credit. */
  request: StoredRequest,
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof SavedSearch>;

const savedItem = defineStored({
  key: KEYS.savedSearches,
  schema: z.array(SavedSearch),
  fallback: [],
  label: 'saved searches',
  version: 1,
});

export const savedSearches = {
  all: (): Promise<SavedSearch[]> => savedItem.get(),
  set: (value: SavedSearch[]): Promise<void> => savedItem.set(value),
  watch: (cb: (value: SavedSearch[]) => void) => savedItem.watch(cb),
};
