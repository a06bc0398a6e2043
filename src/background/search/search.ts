import type { ApiClient } from '../../api/client';
import { searchCost } from '../../api/pricing';
import { LIMITS, type SearchRequest, type SearchResponse, searchRequestProblem } from '../../api/schema';
import type { StartSearchInput } from '../../protocol/messages';
import { fail, refuse, refuseNow } from '../../protocol/result';
import { freezeRequest, pageRequest } from '../../search/paging';
import { currentSearch, type SearchPage, type SearchSession } from '../../store/database/search';
import { CUT_OFF } from '../../store/work-status';
import { connectedClient, recordBalance } from '../connection';
import { isCutOff, WORKER_ID, whileBeating } from '../heartbeat';
import { assertWithinCaps, paidSearch } from '../paid-call-gate';

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
      (again) => client.search(pageRequest(body, start), { beforeRetry: again }),
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
  // The balance comes after the page, and its failure cannot undo it; it is stored before the search is done, so
  // what is confirmed next (a bulk reveal's quote and receipt) counts from the balance after this page.
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

/**
 * Runs `task` as a search step once the step under way (if any) has finished, rather than refusing it: for free
 * steps that write the current search back (saving it), which a click the moment results appear must not lose.
 */
export async function afterCurrentStep<T>(task: () => Promise<T>): Promise<T> {
  while (active) await active.catch(() => undefined);
  return exclusive(task);
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
    if (session.status === 'running' && !cutOffFetch(session))
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
  if (session.status === 'running' && !cutOffFetch(session)) throw refuseNow('A page is already loading.');
  if (session.pages.some((page) => page.start === start)) {
    const shown: SearchSession = { ...session, currentStart: start };
    // A failed fetch of another page is history once the user moves on (a cut-off one stays: it may have
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

/** A page being fetched by a worker that is gone ({@link isCutOff}). */
const cutOffFetch = (session: SearchSession, since?: Date): boolean =>
  isCutOff(session.worker, session.pendingAt ?? session.startedAt, since);

/**
 * A search left running by a stopped worker: its outcome is unknown. Only one whose worker is gone is marked
 * (`since` defaults to this worker's start), so a page this worker is fetching is left alone.
 */
export async function markCutOffSearch(since?: Date): Promise<void> {
  const session = await currentSearch.get();
  if (session?.status !== 'running') return;
  if (cutOffFetch(session, since)) {
    const cut: SearchSession = { ...session, status: CUT_OFF };
    delete cut.pendingStart;
    delete cut.pendingAt;
    delete cut.worker;
    await currentSearch.set(cut);
  }
}
