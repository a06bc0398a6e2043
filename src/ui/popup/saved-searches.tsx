/**
 * Saved searches in the popup: "Run" opens the side panel on the same click (a user gesture is needed, so nothing
 * is awaited before opening it) and asks the background to run the search; the panel renders it from storage.
 */
import { signal } from '@preact/signals';
import type { ApiErrorJSON } from '../../api/errors';
import { formatCredits, searchCost } from '../../api/pricing';
import { savedSearches } from '../../storage';
import { ErrorView } from '../error-view';
import { call } from '../rpc';
import { stored } from '../use-stored';
import { openSearch } from './open-pages';

const saved = stored([], savedSearches.all, savedSearches.watch).value;
const error = signal<ApiErrorJSON | null>(null);

function run(id: string) {
  // Both calls start synchronously in the click; a panel that cannot open does not stop the search.
  openSearch();
  error.value = null;
  void call('runSavedSearch', { id }).then((r) => {
    if (!r.ok) error.value = r.error;
  });
}

export function SavedSearches() {
  if (saved.value.length === 0) return null;
  return (
    <section aria-labelledby="saved-title">
      <h2 id="saved-title">Saved searches</h2>
      <ul class="saved">
        {saved.value.map((s) => {
          const cost = `Run · ${formatCredits(searchCost(s.request))}`;
          return (
            <li key={s.id} class="row">
              <span class="saved-name">{s.name}</span>
              <button type="button" class="small" aria-label={`${cost}: ${s.name}`} onClick={() => run(s.id)}>
                {cost}
              </button>
            </li>
          );
        })}
      </ul>
      {error.value && <ErrorView error={error.value} />}
    </section>
  );
}
