import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { formatCredits, searchCost } from '../../api/pricing';
import type { SavedSearch } from '../../store/search';
import { ErrorView } from '../error-view';
import { openOptions } from './open-options';
import type { ResultsModel } from './results-model';
import type { SavedModel } from './saved-model';

const MODE_LABEL = { filters: 'Filters', free_text: 'Free text', jd: 'Job description' } as const;

/** What Export CSV writes: the rows of the pages loaded, which are not every candidate until every page is. */
export function exportRows(rows: number, total: number): string {
  const n = (x: number) => x.toLocaleString('en-US');
  if (rows >= total) return rows === 1 ? 'The 1 row' : `All ${n(rows)} rows`;
  return `Only the ${n(rows)} ${rows === 1 ? 'row' : 'rows'} loaded, of ${n(total)} candidates`;
}

/** Export CSV: every row loaded, with the emails and phones revealed (it says how many of all it writes). */
export function ExportButton({
  results,
}: {
  results: Pick<ResultsModel, 'rows' | 'currentPage' | 'exportCsv'>;
}) {
  const rows = results.rows.value.length;
  return (
    <span class="export">
      <button type="button" class="small" disabled={rows === 0} onClick={results.exportCsv}>
        Export CSV
      </button>
      {rows > 0 && (
        <span class="muted" data-testid="export-rows">
          {exportRows(rows, results.currentPage.value?.total ?? rows)}, with revealed emails and phones
        </span>
      )}
    </span>
  );
}

/** "Save search": a button that opens its name field in place, then saves the search shown under that name. */
export function SaveSearch({ saved, canSave }: { saved: SavedModel; canSave: boolean }) {
  const open = useSignal(false);
  const name = useSignal('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open.value) input.current?.focus();
  }, [open.value]);
  const submit = async (event: Event) => {
    event.preventDefault();
    if (await saved.save(name.value)) {
      name.value = '';
      open.value = false;
    }
  };
  return (
    <>
      {open.value ? (
        <form class="row save-search" onSubmit={submit}>
          <label class="field inline">
            Search name
            <input
              ref={input}
              value={name.value}
              maxLength={80}
              onInput={(e) => (name.value = e.currentTarget.value)}
            />
          </label>
          <button type="submit" class="small" disabled={!canSave || name.value.trim() === ''}>
            Save search
          </button>
          <button type="button" class="small" onClick={() => (open.value = false)}>
            Cancel
          </button>
        </form>
      ) : (
        <button type="button" class="small" disabled={!canSave} onClick={() => (open.value = true)}>
          Save search…
        </button>
      )}
      {saved.saveError.value && <ErrorView error={saved.saveError.value} onOpenOptions={openOptions} />}
      {saved.notice.value && (
        <p class="success" role="status">
          {saved.notice.value}
        </p>
      )}
    </>
  );
}

function SavedItem({ m, saved, running }: { m: SavedModel; saved: SavedSearch; running: boolean }) {
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
  const busy = m.busy.value || running;
  const rename = async (event: Event) => {
    event.preventDefault();
    if (await m.rename(saved.id, name.value)) editing.value = false;
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
        onClick={() => void m.run(saved.id)}
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
        onClick={() => void m.remove(saved.id)}
      >
        Delete
      </button>
    </li>
  );
}

/** Saved searches, with run (frozen criteria: a saved job-description search costs 1 credit), rename, delete. */
export function SavedList({ m, running }: { m: SavedModel; running: boolean }) {
  const list = m.list.value;
  return (
    <section aria-labelledby="saved-title">
      <h2 id="saved-title">Saved searches</h2>
      {m.listError.value && <ErrorView error={m.listError.value} onOpenOptions={openOptions} />}
      {list.length === 0 ? (
        <p class="muted">None yet. Run a search, then save it under a name.</p>
      ) : (
        <ul class="saved">
          {list.map((saved) => (
            <SavedItem key={saved.id} m={m} saved={saved} running={running} />
          ))}
        </ul>
      )}
    </section>
  );
}
