import type { ApiClient } from '../api/client';
import { searchCost } from '../api/pricing';
import { LIMITS, type SearchRequest, type SearchResponse, searchRequestProblem } from '../api/schema';
import type { StartSearchInput } from '../protocol/messages';
import { fail, refuse, refuseNow } from '../protocol/result';
import { freezeRequest, pageRequest } from '../search/paging';
import { serialized } from '../store/lock';
import {
  currentSearch,
  type SavedSearch,
  type SearchPage,
  type SearchSession,
  savedSearches,
} from '../store/search';
import { connectedClient, recordBalance } from './connection';
import { orphaned, WORKER_ID, whileBeating } from './heartbeat';
import { assertWithinCaps, paidSearch } from './ledger';

/**
 * A search to start: what the side panel sends (the body of page 1; a `start` in it is ignored), and what the
 * background's own callers add: the saved search it runs, or the new search's id when the caller must know it
 * before the search is stored (a find names its search).
 */
export type SearchStart = StartSearchInput & { savedSearchId?: string | undefined; id?: string | undefined };

/** The search job under way, if any. Checked and set synchronously, so no two can start in the same tick. */
let active: Promise<unknown> | null = null;

/**
 * Runs one search step at a time. A second one while the first runs is refused, not queued: a queued "Run" would
 * charge again for a search the user did not ask for twice, and a queued page fetch would overwrite a newer search.
 */
function exclusive<T>(task: () => Promise<T>): Promise<T> {
  if (active) return Promise.reject(refuseNow('A search is already running. Wait for it to finish.'));
  const run = task();
  active = run;
  const settle = () => {
    if (active === run) active = null;
  };
  run.then(settle, settle);
  return run;
}

function toPage(start: number, response: SearchResponse): SearchPage {
  const { profiles, pagination } = response.data;
  return {
    start,
    profiles: profiles.map((profile) => ({ ...profile, id: String(profile.id) })),
    total: pagination.total,
    hasNext: pagination.has_next,
    nextStart: pagination.next_start,
    charged: response.credits.used ?? 0,
    at: new Date().toISOString(),
  };
}

/** Runs one page request for the session; records the outcome (page or error) in storage either way. */
async function fetchPage(session: SearchSession, body: SearchRequest, start: number): Promise<SearchSession> {
  const client = await connectedClient();
  // Refused before the running page replaces the search on screen: a cap loses nothing already shown.
  await assertWithinCaps(searchCost(pageRequest(body, start)));
  return whileBeating(() => fetchPageNow(client, session, body, start));
}

async function fetchPageNow(
  client: ApiClient,
  session: SearchSession,
  body: SearchRequest,
  start: number,
): Promise<SearchSession> {
  const running: SearchSession = {
    ...session,
    status: 'running',
    worker: WORKER_ID,
    pendingStart: start,
    pendingAt: new Date().toISOString(),
  };
  delete running.error;
  await currentSearch.set(running);
  let response: SearchResponse;
  /** The page as stored, once the answer came (paid data first: before its ledger entry is settled). */
  let done = null as SearchSession | null;
  try {
    response = await paidSearch(
      { ref: session.id, label: `page from ${start}` },
      body,
      () => client.search(pageRequest(body, start)),
      async (answer) => {
        done = doneOf(running, start, answer);
        // Stored before the panel (which renders from storage) can show it, and before the ledger's write.
        await currentSearch.set(done);
      },
    );
  } catch (error) {
    // The page came and could not be stored: nothing more to store.
    if (done) throw error;
    const failed: SearchSession = { ...running, status: 'failed', error: fail(error).error };
    delete failed.pendingStart;
    delete failed.pendingAt;
    delete failed.worker;
    await currentSearch.set(failed);
    throw error;
  }
  // The balance comes after the page, and its failure cannot undo it.
  await recordBalance(response.credits.remaining).catch((error) =>
    console.warn('Could not record the balance', error),
  );
  return done!;
}

/** The search with the page of this answer in: done, showing it, no longer keeping the search it replaced. */
function doneOf(running: SearchSession, start: number, response: SearchResponse): SearchSession {
  const page = toPage(start, response);
  const done: SearchSession = {
    ...running,
    status: 'done',
    pages: [...running.pages.filter((p) => p.start !== start), page].sort((a, b) => a.start - b.start),
    currentStart: start,
  };
  delete done.pendingStart;
  delete done.pendingAt;
  delete done.worker;
  // Its own results are in: the ones it replaced are no longer kept.
  delete done.earlier;
  if (start === 1) {
    done.frozen = freezeRequest(running.first as SearchRequest, response);
    done.understood = {
      ...(response.jd_searched || response.free_text_searched
        ? { parsed: response.jd_searched ?? response.free_text_searched }
        : {}),
      ...(response.similar_titles ? { similarTitles: response.similar_titles } : {}),
    };
  }
  return done;
}

/** Starts a new search (page 1), replacing the current one. Bad input is refused before anything is stored. */
export function startSearch(input: SearchStart): Promise<SearchSession> {
  const { start: _ignored, ...request } = input.request;
  const problem = searchRequestProblem(request);
  if (problem) return Promise.reject(refuse(problem));
  return exclusive(() => runFirstPage(input, request));
}

/**
 * The search with paid results a new one replaces: the current one if it has pages, else the one it was itself
 * keeping (two failed searches in a row still keep the last results). Kept without its own `earlier`.
 */
function earlierOf(current: SearchSession | null): SearchSession['earlier'] {
  if (!current) return undefined;
  if (current.pages.length === 0) return current.earlier;
  const { earlier: _older, ...kept } = current;
  if (kept.status === 'failed') {
    // A failed later page is history once the user moves on; the pages it kept are what matter.
    kept.status = 'done';
    delete kept.error;
  }
  return kept;
}

async function runFirstPage(input: SearchStart, request: SearchRequest): Promise<SearchSession> {
  const earlier = earlierOf(await currentSearch.get());
  const session: SearchSession = {
    v: 1,
    id: input.id ?? crypto.randomUUID(),
    mode: input.mode,
    first: request,
    frozen: null,
    understood: {},
    pageSize: request.page_size ?? LIMITS.pageSizeDefault,
    pages: [],
    currentStart: 1,
    status: 'running',
    startedAt: new Date().toISOString(),
    ...(input.savedSearchId ? { savedSearchId: input.savedSearchId } : {}),
    ...(earlier ? { earlier } : {}),
  };
  return fetchPage(session, request, 1);
}

/** Shows again the results a new search replaced, when it brought none of its own (free: they are stored). */
export function backToEarlierSearch(): Promise<SearchSession> {
  return exclusive(async () => {
    const session = await currentSearch.get();
    if (!session?.earlier) throw refuseNow('There are no earlier results to go back to.');
    if (session.status === 'running' && !orphanedFetch(session))
      throw refuseNow('The new search is still running.');
    await currentSearch.set(session.earlier);
    return session.earlier;
  });
}

/** Shows the page starting at `start`: free when already paid for, otherwise one request with the frozen body. */
export function goToPage(start: number): Promise<SearchSession> {
  return exclusive(() => showPage(start));
}

async function showPage(start: number): Promise<SearchSession> {
  const session = await currentSearch.get();
  if (!session) throw refuseNow('There is no search to page through. Run a search first.');
  if (session.status === 'running' && !orphanedFetch(session)) throw refuseNow('A page is already loading.');
  if (session.pages.some((page) => page.start === start)) {
    const shown: SearchSession = { ...session, currentStart: start };
    // A failed fetch of another page is history once the user moves on (an interrupted one stays: it may have
    // been charged, and the user should see that until the next search).
    if (shown.status === 'failed') {
      shown.status = 'done';
      delete shown.error;
    }
    await currentSearch.set(shown);
    return shown;
  }
  if (!session.frozen) throw refuseNow('The first page has not loaded yet. Run the search again.');
  const last = session.pages.at(-1);
  if (!last || (last.nextStart !== start && !session.pages.some((p) => p.nextStart === start))) {
    throw refuseNow('Pages can only be fetched in order: use "Next page".');
  }
  return fetchPage(session, session.frozen as SearchRequest, start);
}

const NAME_MAX = 80;

function checkName(name: string, others: SavedSearch[]): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (!trimmed) throw refuse('Give the search a name.');
  if (trimmed.length > NAME_MAX) throw refuse(`A search name can be at most ${NAME_MAX} characters.`);
  if (others.some((s) => s.name.toLowerCase() === trimmed.toLowerCase())) {
    throw refuse(`A saved search is already called "${trimmed}".`);
  }
  return trimmed;
}

/**
 * Saves the current search under a name, with its frozen criteria (a saved JD search re-runs at 1 credit).
 *
 * It waits for a search step still finishing (the page is on screen while its balance is being recorded) instead of
 * being refused: saving is free, and a click on "Save search" the moment results appear must save. It then runs
 * exclusive, as it writes the current search back, which must not race a page being stored.
 */
export async function saveCurrentSearch(name: string): Promise<SavedSearch> {
  while (active) await active.catch(() => undefined);
  return exclusive(() => saveSession(name));
}

async function saveSession(name: string): Promise<SavedSearch> {
  const session = await currentSearch.get();
  if (!session?.frozen)
    throw refuseNow('Run the search first: a search is saved with what the service understood.');
  const frozen = session.frozen;
  const saved = await serialized('saved-searches', async () => {
    const all = await savedSearches.all();
    const entry: SavedSearch = {
      id: crypto.randomUUID(),
      name: checkName(name, all),
      mode: session.mode,
      request: { ...frozen, ...(session.pageSize ? { page_size: session.pageSize } : {}) },
      createdAt: new Date().toISOString(),
    };
    await savedSearches.set([...all, entry]);
    return entry;
  });
  await currentSearch.set({ ...session, savedSearchId: saved.id });
  return saved;
}

export function renameSavedSearch(id: string, name: string): Promise<SavedSearch> {
  return serialized('saved-searches', async () => {
    const all = await savedSearches.all();
    const target = all.find((s) => s.id === id);
    if (!target) throw refuseNow('That saved search no longer exists.');
    const renamed = {
      ...target,
      name: checkName(
        name,
        all.filter((s) => s.id !== id),
      ),
    };
    await savedSearches.set(all.map((s) => (s.id === id ? renamed : s)));
    return renamed;
  });
}

export function deleteSavedSearch(id: string): Promise<void> {
  return serialized('saved-searches', async () => {
    const all = await savedSearches.all();
    await savedSearches.set(all.filter((s) => s.id !== id));
  });
}

/** Runs a saved search's first page. */
export async function runSavedSearch(id: string): Promise<SearchSession> {
  const saved = (await savedSearches.all()).find((s) => s.id === id);
  if (!saved) throw refuseNow('That saved search no longer exists.');
  return startSearch({ mode: saved.mode, request: saved.request as SearchRequest, savedSearchId: saved.id });
}

/** A page being fetched by a worker that is gone ({@link orphaned}). */
const orphanedFetch = (session: SearchSession, since?: Date): boolean =>
  orphaned(session.worker, session.pendingAt ?? session.startedAt, since);

/**
 * A search left running by a stopped worker: its outcome is unknown. Only one whose worker is gone is marked
 * (`since` defaults to this worker's start), so a page this worker is fetching is left alone.
 */
export async function markInterruptedSearch(since?: Date): Promise<void> {
  const session = await currentSearch.get();
  if (session?.status !== 'running') return;
  if (orphanedFetch(session, since)) {
    const interrupted: SearchSession = { ...session, status: 'interrupted' };
    delete interrupted.pendingStart;
    delete interrupted.pendingAt;
    delete interrupted.worker;
    await currentSearch.set(interrupted);
  }
}

/** Why a selected text cannot be searched as is, or null when it can. */
export function selectionProblem(mode: 'free_text' | 'jd', text: string): string | null {
  const length = text.trim().length;
  if (length === 0) return 'The selection is empty.';
  if (mode === 'jd' && length > LIMITS.jdMax) {
    return `The selection is ${length.toLocaleString('en-US')} characters; a job description can be at most ${LIMITS.jdMax.toLocaleString('en-US')}. Select less text and try again.`;
  }
  if (mode === 'free_text' && length > LIMITS.freeTextMax) {
    return `The selection is ${length.toLocaleString('en-US')} characters; a free-text search can be at most ${LIMITS.freeTextMax}.`;
  }
  return null;
}

/** The first `max` characters of a text, cut at a word boundary when one is near. */
export function trimToLimit(text: string, max: number): string {
  const clean = text.trim().replace(/\s+/g, ' ');
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > max * 0.8 ? cut.slice(0, space) : cut).trim();
}

/** Searches a selected text: as a job description, or as free text (trimmed only when the user said so). */
export async function searchSelection(input: {
  mode: 'free_text' | 'jd';
  text: string;
  trim?: boolean | undefined;
}): Promise<SearchSession> {
  let text = input.text.trim().replace(/\s+/g, ' ');
  if (input.mode === 'free_text' && input.trim) text = trimToLimit(text, LIMITS.freeTextMax);
  const problem = selectionProblem(input.mode, text);
  if (problem) throw refuse(problem);
  return startSearch(
    input.mode === 'jd'
      ? { mode: 'jd', request: { jd_search: text } }
      : { mode: 'free_text', request: { free_text_search: text } },
  );
}
