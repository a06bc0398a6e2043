import { type Signal, useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { formatCredits, searchCost } from '../../../api/pricing';
import { countOf, formatNumber } from '../../../format/numbers';
import type { SavedSearch } from '../../../store/database/search';
import { ErrorView } from '../../components/error-view';
import { savedSearchKind } from '../../words/lists';
import { SERVICE_DOWN_ID } from '../../words/service';
import { openOptions } from '../open-options';
import { panelService } from '../service';
import { ExportMenu } from './export-menu';
import type { ResultsModel } from './results-model';
import type { SavedModel } from './saved-model';

/** What Export CSV writes: the rows of the pages loaded, which are not every candidate until every page is. */
export function exportRows(rows: number, total: number): string {
  if (rows >= total) return rows === 1 ? 'The 1 row' : `All ${formatNumber(rows)} rows`;
  return `Only the ${countOf(rows, 'row')} loaded, of ${formatNumber(total)} candidates`;
}

/** Export CSV: every row loaded, with the emails and phones revealed (it says how many of all it writes). */
export function ExportButton({
  results,
}: {
  results: Pick<ResultsModel, 'rows' | 'currentPage' | 'exportCsv'>;
}) {
  const rows = results.rows.value.length;
  return (
    <ExportMenu disabled={rows === 0} onExport={results.exportCsv}>
      {rows > 0 && (
        <p class="muted" data-testid="export-rows">
          {exportRows(rows, results.currentPage.value?.total ?? rows)}, with revealed emails and phones
        </p>
      )}
    </ExportMenu>
  );
}

/**
 * A name typed in place, with its own Save and Cancel: a search saved under it, or a saved search renamed to it.
 * Keyboard focus goes to the field when it appears.
 */
function NameForm({
  label,
  name,
  save,
  inBar = false,
  saveDisabled = false,
  onSave,
  onCancel,
}: {
  label: string;
  name: Signal<string>;
  /** The submit button's words. */
  save: string;
  /** In the list's bar, with its small buttons. */
  inBar?: boolean;
  saveDisabled?: boolean;
  onSave: () => Promise<void>;
  onCancel: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
  }, []);
  const size = inBar ? 'small' : undefined;
  return (
    <form
      class={inBar ? 'row save-search' : 'row'}
      onSubmit={(event) => {
        event.preventDefault();
        void onSave();
      }}
    >
      <label class="field inline">
        {label}
        <input
          ref={input}
          value={name.value}
          maxLength={80}
          onInput={(e) => (name.value = e.currentTarget.value)}
        />
      </label>
      <button type="submit" class={size} disabled={saveDisabled}>
        {save}
      </button>
      <button type="button" class={size} onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

/** "Save search": a button that opens its name field in place, then saves the search shown under that name. */
export function SaveSearch({ saved, canSave }: { saved: SavedModel; canSave: boolean }) {
  const open = useSignal(false);
  const name = useSignal('');
  return (
    <>
      {open.value ? (
        <NameForm
          label="Search name"
          name={name}
          save="Save search"
          inBar
          saveDisabled={!canSave || name.value.trim() === ''}
          onSave={async () => {
            if (await saved.save(name.value)) {
              name.value = '';
              open.value = false;
            }
          }}
          onCancel={() => (open.value = false)}
        />
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
  // Back from the rename form, keyboard focus returns to Rename instead of falling to the page.
  const renameButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (!editing.value && wasEditing.current) renameButton.current?.focus();
    wasEditing.current = editing.value;
  }, [editing.value]);
  const busy = m.busy.value || running;
  if (editing.value) {
    return (
      <li>
        <NameForm
          label={`New name for ${saved.name}`}
          name={name}
          save="Save name"
          onSave={async () => {
            if (await m.rename(saved.id, name.value)) editing.value = false;
          }}
          onCancel={() => (editing.value = false)}
        />
      </li>
    );
  }
  return (
    <li class="row saved-item">
      <span class="saved-name">{saved.name}</span>
      <span class="muted">{savedSearchKind(saved.mode)}</span>
      <button
        type="button"
        class="small"
        disabled={busy || panelService.unreachable.value}
        aria-describedby={panelService.unreachable.value ? SERVICE_DOWN_ID : undefined}
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
