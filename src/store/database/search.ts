/**
 * Search as stored: the current search with its paid pages (revisiting one is free), in the database's `searches`
 * store (it grows as the user pages on), written by the background and announced on the changes channel; and the
 * saved searches with their frozen criteria, a small storage item.
 */
import * as z from 'zod/mini';
import { ApiErrorJSON } from '../../api/errors';
import { keyedRecord } from '../../api/schema-parts';
import { defineStored } from '../items/item';
import { KEYS } from '../items/keys';
import { WorkStatus } from '../work-status';
import { announce, onChange } from './changes';
import { db } from './db';

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
  status: WorkStatus,
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

const SEARCHES = 'searches';
const CURRENT = 'current';

/** The current search, or null: none stored, or one that no longer reads (said in a warning). */
async function readSearch(): Promise<SearchSession | null> {
  const stored = await (await db()).get(SEARCHES, CURRENT);
  if (stored === undefined) return null;
  const parsed = z.safeParse(SearchSession, stored);
  if (parsed.success) return parsed.data;
  console.warn(`The stored search is not readable:\n${z.prettifyError(parsed.error)}`);
  return null;
}

export const currentSearch = {
  get: readSearch,
  /** Stores the current search (checked), or none (the background alone writes it); announced once written. */
  async set(value: SearchSession | null): Promise<void> {
    const database = await db();
    if (value === null) await database.delete(SEARCHES, CURRENT);
    else await database.put(SEARCHES, z.parse(SearchSession, value), CURRENT);
    announce({ store: SEARCHES, keys: [CURRENT] });
  },
  /** Calls back with the current search after each write, in the order written. */
  watch(cb: (value: SearchSession | null) => void): () => void {
    let latest = 0;
    return onChange((change) => {
      if (change.store !== SEARCHES) return;
      const mine = ++latest;
      void readSearch().then((value) => {
        if (mine === latest) cb(value);
      });
    });
  },
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
