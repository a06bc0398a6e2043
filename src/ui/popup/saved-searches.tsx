/**
 * Saved searches in the popup: "Run" opens the side panel on the same click (a user gesture is needed, so nothing
 * is awaited before opening it) and asks the background to run the search; the panel renders it from storage.
 * Only the first few are listed, so the popup keeps within Chrome's 600 px; the rest are in the side panel.
 */
import { signal } from '@preact/signals';
import type { ApiErrorJSON } from '../../api/errors';
import { formatCredits, searchCost } from '../../api/pricing';
import { savedSearches } from '../../store/database/search';
import { ErrorView } from '../components/error-view';
import { stored } from '../helpers/use-stored';
import { call } from '../rpc';
import { openSearch } from './open-pages';

const saved = stored([], savedSearches.all, savedSearches.watch).value;
const error = signal<ApiErrorJSON | null>(null);

/** How many saved searches the popup lists: each is a line of the 600 px the popup may take. */
const LISTED = 2;

function run(id: string) {
  // Both calls start synchronously in the click; a panel that cannot open does not stop the search.
  openSearch();
  error.value = null;
  void call('runSavedSearch', { id }).then((r) => {
    if (!r.ok) error.value = r.error;
  });
}

export function SavedSearches() {
  const all = saved.value;
  if (all.length === 0) return null;
  return (
    <section class="saved-searches" aria-labelledby="saved-title">
      <div class="row saved-head">
        <h2 id="saved-title">Saved searches</h2>
        {all.length > LISTED && (
          <button type="button" class="link" onClick={openSearch}>
            All saved searches ({all.length})
          </button>
        )}
      </div>
      <ul class="saved">
        {all.slice(0, LISTED).map((s) => {
          const cost = `Run · ${formatCredits(searchCost(s.request))}`;
          return (
            <li key={s.id} class="row">
              <span class="saved-name" title={s.name}>
                {s.name}
              </span>
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
