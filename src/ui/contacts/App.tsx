import { useSignal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import { RETRIEVABLE } from '../../api/schema-parts';
import { countOf, formatNumber } from '../../format/numbers';
import { ErrorView } from '../components/error-view';
import { BulkSendLater } from '../send/later';
import { ITEM_LABEL, NOT_FOUND } from '../words/items';
import {
  CHANGED_FILTER,
  FLAGGED_FILTER,
  FLAGGED_INCLUDED,
  FLAGGED_LEFT_OUT,
  INCLUDE_FLAGGED,
} from '../words/trust';
import { CardRow } from './card-row';
import { createLibraryModel, type LibraryModel, PAGE } from './model';
import type { Holding, NoticeDue, Since } from './query';
import { useRowMarks } from './row-marks';
import { useRowRecords } from './row-records';
import { LibraryTable } from './table';
import { wide } from './wide';
import { NOTICE_CHOICES, SORT_CHOICES } from './words';

const HOLDING: ReadonlyArray<[Holding, string]> = [
  ['any', 'All contacts'],
  ...RETRIEVABLE.map((item): [Holding, string] => [item, `With ${ITEM_LABEL[item].toLowerCase()}`]),
  ['nothing', NOT_FOUND],
  ['flagged', FLAGGED_FILTER],
  ['changed', CHANGED_FILTER],
];
const SINCE: ReadonlyArray<[Since, string]> = [
  ['any', 'Any time'],
  [7, 'In the last 7 days'],
  [30, 'In the last 30 days'],
  [365, 'In the last 12 months'],
];
function Choice<T extends string | number>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<[T, string]>;
  onChange: (value: T) => void;
}) {
  return (
    <label class="field">
      {label}
      <select
        value={String(value)}
        onChange={(e) => onChange(options.find(([v]) => String(v) === e.currentTarget.value)![0])}
      >
        {options.map(([v, words]) => (
          <option key={v} value={String(v)}>
            {words}
          </option>
        ))}
      </select>
    </label>
  );
}

/** How far an export has got: a long one (tens of thousands of contacts) takes a few seconds. */
function ExportProgress({ m }: { m: LibraryModel }) {
  const progress = m.exporting.value;
  return (
    <p role="status" class="muted export-progress" data-testid="export-progress">
      {progress && (
        <>
          <span id="export-progress-text">
            Exporting · {formatNumber(progress.done)} of {countOf(progress.total, 'contact', 'contacts')} read
          </span>
          <progress aria-labelledby="export-progress-text" max={progress.total} value={progress.done} />
        </>
      )}
    </p>
  );
}

/**
 * Deleting, on the list's line of actions: the contacts selected, or those a search or filter shows, each naming its
 * count, and each confirm says it again. A delete never reaches past what is shown: deleting every contact is done
 * in Options, where its count is said.
 */
function DeleteActions({
  m,
  filtered,
}: {
  m: LibraryModel /** A search or a filter narrows the list. */;
  filtered: boolean;
}) {
  const matchCount = m.matchCount.value;
  const shown = filtered && matchCount !== null && matchCount > 0 ? matchCount : null;
  const selected = m.selected.value.size;
  if (selected === 0 && shown === null) return null;
  const ask = (what: string) => confirm(`Delete ${what}? Revealing them again costs credits.`);
  return (
    <span class="row library-delete">
      {selected > 0 && (
        <button
          type="button"
          class="small danger"
          onClick={() => {
            const keys = [...m.selected.value];
            if (ask(`the ${countOf(keys.length, 'contact', 'contacts')} selected`)) void m.remove(keys);
          }}
        >
          Delete the {formatNumber(selected)} selected
        </button>
      )}
      {shown !== null && (
        <button
          type="button"
          class="small danger"
          onClick={() => {
            const keys = (m.matches.value ?? []).map((summary) => summary.key);
            if (ask(`the ${countOf(keys.length, 'contact', 'contacts')} shown`)) void m.remove(keys);
          }}
        >
          {shown === 1 ? 'Delete this one' : `Delete these ${formatNumber(shown)}`}
        </button>
      )}
    </span>
  );
}

/**
 * What is selected, and the ways to select: every contact the search and filters match (not only those listed),
 * or none. On the list's line of actions, so the first contact stays near the top of a narrow page.
 */
function Selection({ m, total }: { m: LibraryModel; total: number }) {
  const count = m.selected.value.size;
  const matchCount = m.matchCount.value ?? 0;
  const everything = matchCount === total;
  return (
    <>
      {matchCount > 0 && !m.allMatchingSelected.value && (
        <button type="button" class="small" disabled={!m.ready.value} onClick={m.selectMatching}>
          {matchCount === 1
            ? 'Select this one'
            : everything
              ? `Select all ${formatNumber(matchCount)}`
              : `Select all ${formatNumber(matchCount)} matching`}
        </button>
      )}
      <span role="status" data-testid="selected-count">
        {count > 0 && `${formatNumber(count)} selected`}
      </span>
      {count > 0 && (
        <button type="button" class="small" onClick={m.clearSelection}>
          Clear selection
        </button>
      )}
    </>
  );
}

/** "Revealed contacts": everything in the vault, searchable, filterable, sortable, exportable, erasable. */
export function App() {
  const m = useMemo(createLibraryModel, []);
  useEffect(() => void m.init(), [m]);
  const { total, held } = m.totals.value;
  const matchCount = m.matchCount.value;
  const q = m.q.value;
  const filtersOpen = useSignal(false);
  /** The filters that narrow the list (the sort only orders it). */
  const active =
    Number(q.holding !== 'any') + Number(q.since !== 'any') + Number((q.notice ?? 'any') !== 'any');
  const records = useRowRecords(m.visible.value);
  const marks = useRowMarks(m.visible.value);
  const table = wide.value;
  const selectedCount = m.selected.value.size;
  /** The exports write the contacts selected when some are, else those the search and filters match. */
  // Counted without running the query when it lists every contact; nothing until every contact is read.
  const exportable = selectedCount || (m.ready.value ? (m.matchCount.value ?? 0) : 0);
  /** Each export button says whether data flagged wrong goes with it, once any is flagged. */
  const flaggedWords =
    m.flaggedCount.value > 0 ? ` · ${m.includeFlagged.value ? FLAGGED_INCLUDED : FLAGGED_LEFT_OUT}` : '';

  return (
    <main class={table ? 'library wide' : 'library'}>
      {/* A wide page puts the title and the search on one line, so the table starts high. */}
      <div class="library-top">
        <header class="library-head">
          <h1>Revealed contacts</h1>
          <p class="muted" data-testid="library-counts">
            {m.loaded.value &&
              `${countOf(total, 'contact', 'contacts')} · ${formatNumber(held.email)} with email · ${formatNumber(held.phone)} with phone`}
          </p>
          <p role="status" class="muted" data-testid="library-loading">
            {m.ready.value
              ? ''
              : m.loaded.value
                ? `Loading all ${countOf(total, 'contact', 'contacts')}…`
                : 'Loading…'}
          </p>
        </header>

        <search class="library-filters">
          <label class="field">
            Search by name, company or title
            <input
              type="search"
              value={q.text}
              onInput={(e) => m.setQuery({ text: e.currentTarget.value })}
            />
          </label>
          {/* Shown only on a narrow page, where the choices would push the first contact off screen. */}
          <button
            type="button"
            class="filters-toggle"
            aria-expanded={filtersOpen.value}
            aria-controls="library-choices"
            onClick={() => (filtersOpen.value = !filtersOpen.value)}
          >
            Filters{active > 0 && ` · ${active} active`}
          </button>
          <div id="library-choices" class={filtersOpen.value ? 'choices open' : 'choices'}>
            <Choice
              label="Show"
              value={q.holding}
              options={HOLDING}
              onChange={(holding) => m.setQuery({ holding })}
            />
            <Choice
              label="Revealed"
              value={q.since}
              options={SINCE}
              onChange={(since) => m.setQuery({ since })}
            />
            <Choice<NoticeDue>
              label="Privacy notice"
              value={q.notice ?? 'any'}
              options={NOTICE_CHOICES}
              onChange={(notice) => m.setQuery({ notice })}
            />
            {/* The table sorts by its column headers. */}
            {!table && (
              <Choice
                label="Sort"
                value={q.sort}
                options={SORT_CHOICES}
                onChange={(sort) => m.setQuery({ sort })}
              />
            )}
          </div>
        </search>
      </div>

      <section aria-labelledby="list-title">
        <div class="row library-actions">
          <h2 id="list-title" data-testid="match-count">
            {matchCount === null
              ? 'Searching…'
              : matchCount === total
                ? 'All contacts'
                : `${formatNumber(matchCount)} of ${formatNumber(total)} match`}
          </h2>
          <button
            type="button"
            class="small"
            disabled={exportable === 0 || m.exporting.value !== null}
            onClick={() => void m.exportAs('csv')}
          >
            {selectedCount > 0 ? `Export the ${formatNumber(selectedCount)} selected as CSV` : 'Export CSV'}
            {flaggedWords}
          </button>
          <button
            type="button"
            class="small"
            disabled={exportable === 0 || m.exporting.value !== null}
            onClick={() => void m.exportAs('vcard')}
          >
            {selectedCount > 0
              ? `Export the ${formatNumber(selectedCount)} selected as vCard`
              : 'Export vCard'}
            {flaggedWords}
          </button>
          {m.flaggedCount.value > 0 && (
            <label class="field inline include-flagged">
              <input
                type="checkbox"
                checked={m.includeFlagged.value}
                onChange={(e) => (m.includeFlagged.value = e.currentTarget.checked)}
              />
              {INCLUDE_FLAGGED}
            </label>
          )}
          {total > 0 && <Selection m={m} total={total} />}
          {total > 0 && <DeleteActions m={m} filtered={q.text.trim() !== '' || active > 0} />}
        </div>
        <ExportProgress m={m} />
        {/* The contacts ticked, when some are; otherwise every contact the search and filters match. */}
        <BulkSendLater
          keys={() =>
            selectedCount > 0 ? [...m.selected.value] : (m.matches.value ?? []).map((summary) => summary.key)
          }
          count={selectedCount || (matchCount ?? 0)}
          what={
            selectedCount > 0
              ? `the ${formatNumber(selectedCount)} selected`
              : matchCount === total
                ? `all ${formatNumber(total)}`
                : `the ${formatNumber(matchCount ?? 0)} shown`
          }
        />
        <p role="status" class="success" data-testid="library-notice">
          {m.notice.value}
          {m.undo.value && (
            <>
              {' · '}
              <button type="button" class="link" onClick={() => void m.undoDelete()}>
                Undo
              </button>
            </>
          )}
        </p>
        {m.error.value && <ErrorView error={m.error.value} />}
        {m.loaded.value && total === 0 && (
          <p>No revealed contacts yet. Contacts you reveal from the popup or the side panel are kept here.</p>
        )}
        {total > 0 && matchCount === 0 && <p>No contact matches. Change the search or filters.</p>}
        {table ? (
          m.visible.value.length > 0 && (
            <LibraryTable m={m} rows={m.visible.value} records={records.value} marks={marks.value} />
          )
        ) : (
          <ul class="library-list">
            {m.visible.value.map((contact) => (
              <CardRow
                key={contact.key}
                m={m}
                contact={contact}
                record={records.value.get(contact.key)}
                marks={marks.value.get(contact.key)}
              />
            ))}
          </ul>
        )}
        {matchCount !== null && matchCount > m.shown.value && (
          <button type="button" onClick={m.showMore}>
            Show {formatNumber(Math.min(PAGE, matchCount - m.shown.value))} more
          </button>
        )}
      </section>
    </main>
  );
}
