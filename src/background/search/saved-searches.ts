/**
 * Saved searches: the current search saved under a name with its frozen criteria, renamed, deleted and run again.
 * Saving writes the current search back, so it takes its turn with the search steps (`afterCurrentStep`).
 */

import type { SearchRequest } from '../../api/schema';
import { refuse, refuseNow } from '../../protocol/result';
import {
  currentSearch,
  type SavedSearch,
  type SearchSession,
  savedSearches,
} from '../../store/database/search';
import { serialized } from '../../store/lock';
import { afterCurrentStep, startSearch } from './search';

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
export function saveCurrentSearch(name: string): Promise<SavedSearch> {
  return afterCurrentStep(() => saveSession(name));
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
