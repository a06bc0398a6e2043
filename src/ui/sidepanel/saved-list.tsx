import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { formatCredits, searchCost } from '../../api/pricing';
import type { SavedSearch } from '../../store/search';
import { ErrorView } from '../error-view';
import type { SidePanelModel } from './model';
import { openOptions } from './open-options';

const MODE_LABEL = { filters: 'Filters', free_text: 'Free text', jd: 'Job description' } as const;

/** What Export CSV writes: the rows of the pages loaded, which are not every candidate until every page is. */
export function exportRows(rows: number, total: number): string {
  const n = (x: number) => x.toLocaleString('en-US');
  if (rows >= total) return rows === 1 ? 'The 1 row' : `All ${n(rows)} rows`;
  return `Only the ${n(rows)} ${rows === 1 ? 'row' : 'rows'} loaded, of ${n(total)} candidates`;
}

/** "Save search" (with its name) and "Export CSV" for the current search. */
export function SearchActions({ m }: { m: SidePanelModel }) {
  const name = useSignal('');
  const s = m.session.value;
  if (!s) return null;
  const canSave = s.frozen !== null && s.status !== 'running';
  const rows = m.exportable.value.length;
  const submit = async (event: Event) => {
    event.preventDefault();
    if (await m.saveSearch(name.value)) name.value = '';
  };
  return (
    <section class="search-actions" aria-label="Save and export">
      <form class="row" onSubmit={submit}>
        <label class="field inline">
          Search name
          <input value={name.value} maxLength={80} onInput={(e) => (name.value = e.currentTarget.value)} />
        </label>
        <button type="submit" disabled={!canSave || name.value.trim() === ''}>
          Save search
        </button>
      </form>
      {!canSave && <p class="muted">A search can be saved once its first page has loaded.</p>}
      {m.saveError.value && <ErrorView error={m.saveError.value} onOpenOptions={openOptions} />}
      {m.notice.value && (
        <p class="success" role="status">
          {m.notice.value}
        </p>
      )}
      <button type="button" disabled={rows === 0} onClick={m.exportCsv}>
        Export CSV
      </button>{' '}
      {rows > 0 && (
        <span class="muted" data-testid="export-rows">
          {exportRows(rows, m.currentPage.value?.total ?? rows)}, with revealed emails and phones
        </span>
      )}
    </section>
  );
}

function SavedItem({ m, saved }: { m: SidePanelModel; saved: SavedSearch }) {
  const editing = useSignal(false);
  const name = useSignal(saved.name);
  // Keyboard focus follows the swap between the row and its rename form, instead of falling to the page.
  const input = useRef<HTMLInputElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (editing.value) input.current?.focus();
    else if (wasEditing.current) renameButton.current?.focus();
    wasEditing.current = editing.value;
  }, [editing.value]);
  const busy = m.busy.value || m.session.value?.status === 'running';
  const rename = async (event: Event) => {
    event.preventDefault();
    if (await m.renameSaved(saved.id, name.value)) editing.value = false;
  };
  if (editing.value) {
    return (
      <li>
        <form class="row" onSubmit={rename}>
          <label class="field inline">
            New name for {saved.name}
            <input
              ref={input}
              value={name.value}
              maxLength={80}
              onInput={(e) => (name.value = e.currentTarget.value)}
            />
          </label>
          <button type="submit">Save name</button>
          <button type="button" onClick={() => (editing.value = false)}>
            Cancel
          </button>
        </form>
      </li>
    );
  }
  return (
    <li class="row saved-item">
      <span class="saved-name">{saved.name}</span>
      <span class="muted">{MODE_LABEL[saved.mode]}</span>
      <button
        type="button"
        class="small"
        disabled={busy}
        aria-label={`Run · ${formatCredits(searchCost(saved.request))}: ${saved.name}`}
        onClick={() => void m.runSaved(saved.id)}
      >
        Run · {formatCredits(searchCost(saved.request))}
      </button>
      <button
        ref={renameButton}
        type="button"
        class="small"
        aria-label={`Rename: ${saved.name}`}
        onClick={() => {
          name.value = saved.name;
          editing.value = true;
        }}
      >
        Rename
      </button>
      <button
        type="button"
        class="small danger"
        aria-label={`Delete: ${saved.name}`}
        onClick={() => void m.deleteSaved(saved.id)}
      >
        Delete
      </button>
    </li>
  );
}

/** Saved searches, with run (frozen criteria: a saved job-description search costs 1 credit), rename, delete. */
export function SavedList({ m }: { m: SidePanelModel }) {
  const list = m.saved.value;
  return (
    <section aria-labelledby="saved-title">
      <h2 id="saved-title">Saved searches</h2>
      {m.savedError.value && <ErrorView error={m.savedError.value} onOpenOptions={openOptions} />}
      {list.length === 0 ? (
        <p class="muted">None yet. Run a search, then save it under a name.</p>
      ) : (
        <ul class="saved">
          {list.map((saved) => (
            <SavedItem key={saved.id} m={m} saved={saved} />
          ))}
        </ul>
      )}
    </section>
  );
}
