/**
 * "Find a person" in the background: the query is checked again here (pages are not trusted to have checked it),
 * then run as an ordinary search through `startSearch`, so it is capped, entered in the ledger and stored like
 * every other paid search. The find's intent is told the search's id before the search is stored, so the panel
 * knows its own search from the first moment.
 */
import { browser } from 'wxt/browser';
import { type GitHubProfile, gitHubProfile } from '../find/github';
import { findIntent } from '../find/intent';
import { checkFind, type FindQuery, findRequest } from '../find/query';
import { FIND_REFUSALS } from '../find/words';
import { refuse, refuseNow } from '../protocol/result';
import { currentSearch, type SearchSession } from '../store/database/search';
import { startSearch } from './search/search';

/** Runs a find: a refusal (bad input, a cap, no key, a search under way) sends nothing and leaves the intent as it was. */
export async function findPerson(query: FindQuery): Promise<SearchSession> {
  const checked = checkFind(query);
  if (!checked.ok) throw refuse(checked.problem);
  const before = await findIntent.get();
  const at = new Date().toISOString();
  const searchId = crypto.randomUUID();
  await findIntent.set({ ...(before ?? { at, query }), sent: { searchId, query, at } });
  try {
    return await startSearch({ mode: 'filters', request: findRequest(checked.value), id: searchId });
  } catch (error) {
    // Refused before the search was stored: the find shows what it showed before (its earlier results, if any).
    if ((await currentSearch.get())?.id !== searchId) await findIntent.set(before);
    throw error;
  }
}

/**
 * The GitHub profile a tab shows, read from its URL: the toolbar click grants the extension that tab's URL
 * (`activeTab`); any other tab's URL is not readable, and nothing is read from the page. Free.
 */
export async function gitHubProfileOnTab(tabId: number): Promise<GitHubProfile | null> {
  const tab = await browser.tabs.get(tabId).catch(() => null);
  return gitHubProfile(tab?.url);
}

/** Points the side panel at a find by the tab's GitHub profile (nothing is sent until Find is clicked there). */
export async function prepareGitHubFind(tabId: number): Promise<GitHubProfile> {
  const profile = await gitHubProfileOnTab(tabId);
  if (!profile) throw refuseNow(FIND_REFUSALS.notGitHubProfile);
  await findIntent.set({ at: new Date().toISOString(), query: { kind: 'github', url: profile.link } });
  return profile;
}
