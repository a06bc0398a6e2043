import { useSignal } from '@preact/signals';
import type { Ref } from 'preact';
import { formatCredits } from '../../../api/pricing';
import type { SearchMode } from '../../../store/database/search';
import { describedBy, ownLine } from '../../components/service-down';
import { criteriaInWords, criterionChip } from '../../words/criteria';
import { PANEL_WORDS } from '../../words/panel';
import { NoKeyNext } from '../rows/reason-line';
import { FILTER_FIELDS, type FilterField, separatorOf, tagValue } from './filter-fields';
import { PAGE_SIZES, type SearchFormModel } from './search-form-model';
import { SearchSummary, useFocusWhenOpened } from './search-summary';
import { counter, FREE_TEXT_MAX, JD_MAX } from './text-limits';

const MODES: ReadonlyArray<{ mode: SearchMode; label: string }> = [
  { mode: 'filters', label: 'Filters' },
  { mode: 'free_text', label: 'Free text' },
  { mode: 'jd', label: 'Job description' },
];

/** The three modes as tabs: arrow keys move between them (one tab stop), as the ARIA tabs pattern says. */
function ModeTabs({ m }: { m: SearchFormModel }) {
  const current = m.mode.value;
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const index = (MODES.findIndex((x) => x.mode === current) + step + MODES.length) % MODES.length;
    m.mode.value = MODES[index]!.mode;
    document.getElementById(`tab-${MODES[index]!.mode}`)?.focus();
  };
  return (
    <div class="tabs" role="tablist" aria-label="Search by" onKeyDown={onKeyDown}>
      {MODES.map(({ mode, label }) => (
        <button
          key={mode}
          id={`tab-${mode}`}
          type="button"
          role="tab"
          aria-selected={mode === current}
          aria-controls="search-mode"
          tabIndex={mode === current ? 0 : -1}
          onClick={() => (m.mode.value = mode)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/** One criterion: typed values become tags (Enter or a comma); each tag can be made exact or excluded. */
function TagField({ m, field }: { m: SearchFormModel; field: FilterField }) {
  const id = `f-${field.key}`;
  const problem = m.fieldProblems.value[field.key];
  const list = m.tags[field.key]!.value;
  const onKeyDown = (event: KeyboardEvent) => {
    const input = event.currentTarget as HTMLInputElement;
    if (event.key === 'Enter' || (event.key === separatorOf(field) && !input.value.includes('"'))) {
      event.preventDefault();
      m.commitDraft(field.key);
    } else if (event.key === 'Backspace' && input.value === '' && list.length > 0) {
      m.removeTag(field.key, list.length - 1);
    }
  };
  return (
    <div class="tag-field">
      <label for={id}>{field.label}</label>
      {list.length > 0 && (
        <ul class="tags">
          {list.map((tag, i) => (
            <li key={`${i}:${tag.text}`} class={tag.exclude ? 'tag excluded' : 'tag'}>
              <span class="tag-value">{criterionChip(field.key, tagValue(field, tag))}</span>
              {field.kind !== 'numeric' && (
                <>
                  <button
                    type="button"
                    class="small"
                    aria-pressed={tag.exact}
                    aria-label={`Exact: ${tag.text}`}
                    onClick={() => m.toggleTag(field.key, i, 'exact')}
                  >
                    Exact
                  </button>
                  <button
                    type="button"
                    class="small"
                    aria-pressed={tag.exclude}
                    aria-label={`Exclude: ${tag.text}`}
                    onClick={() => m.toggleTag(field.key, i, 'exclude')}
                  >
                    Exclude
                  </button>
                </>
              )}
              <button
                type="button"
                class="small"
                aria-label={`Remove: ${tag.text}`}
                onClick={() => m.removeTag(field.key, i)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        value={m.drafts[field.key]!.value}
        placeholder={
          field.kind === 'numeric'
            ? 'e.g. 3-5, 5+, <10'
            : field.kind === 'location'
              ? 'e.g. Boston, MA; London, United Kingdom'
              : undefined
        }
        onInput={(e) => m.setDraft(field.key, e.currentTarget.value)}
        onKeyDown={onKeyDown}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      {problem && (
        <span id={`${id}-problem`} class="field-error" role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}

/** Fields shown at once; the rest are under "More filters" (open whenever one of them holds a value). */
const MAIN_FIELDS = 6;

function FiltersForm({ m }: { m: SearchFormModel }) {
  const extra = Object.entries(m.extra.value);
  const moreOpen = useSignal(false);
  const moreInUse = FILTER_FIELDS.slice(MAIN_FIELDS).some(
    (f) => m.tags[f.key]!.value.length > 0 || m.drafts[f.key]!.value !== '',
  );
  return (
    <div class="filters">
      <p class="muted hint">
        {PANEL_WORDS.filterHint} {PANEL_WORDS.filterHintMore}
      </p>
      {FILTER_FIELDS.slice(0, MAIN_FIELDS).map((field) => (
        <div key={field.key}>
          <TagField m={m} field={field} />
          {field.kind === 'location' && (
            <div class="row radius">
              <label>
                Radius{' '}
                <input
                  type="number"
                  min="1"
                  inputMode="numeric"
                  value={m.radius.value}
                  onInput={(e) => (m.radius.value = e.currentTarget.value)}
                  // Enter here sets a radius; it must not submit the form (a paid search).
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') e.preventDefault();
                  }}
                />
              </label>
              <label for="radius-unit">Unit</label>
              <select
                id="radius-unit"
                value={m.unit.value}
                onChange={(e) => (m.unit.value = e.currentTarget.value as 'mi' | 'km')}
              >
                <option value="mi">mi</option>
                <option value="km">km</option>
              </select>
              <span class="muted">for locations added next</span>
            </div>
          )}
        </div>
      ))}
      <details open={moreOpen.value || moreInUse} onToggle={(e) => (moreOpen.value = e.currentTarget.open)}>
        <summary>More filters</summary>
        {FILTER_FIELDS.slice(MAIN_FIELDS).map((field) => (
          <TagField key={field.key} m={m} field={field} />
        ))}
      </details>
      {extra.length > 0 && (
        <p class="muted">
          Also searched:{' '}
          {criteriaInWords(Object.fromEntries(extra))
            .map(([label, words]) => `${label}: ${words}`)
            .join('; ')}
        </p>
      )}
      <label class="check">
        <input
          type="checkbox"
          checked={m.includeSimilar.value}
          onChange={(e) => (m.includeSimilar.value = e.currentTarget.checked)}
        />{' '}
        Include similar titles
      </label>
    </div>
  );
}

function TextMode({ m, mode }: { m: SearchFormModel; mode: 'free_text' | 'jd' }) {
  const text = mode === 'jd' ? m.jd : m.freeText;
  const max = mode === 'jd' ? JD_MAX : FREE_TEXT_MAX;
  const over = text.value.trim().length > max;
  return (
    <div class="field">
      <label for={`${mode}-text`}>{mode === 'jd' ? 'Job description' : 'Free text'}</label>
      <textarea
        id={`${mode}-text`}
        rows={mode === 'jd' ? 12 : 4}
        value={text.value}
        placeholder={
          mode === 'jd' ? 'Paste the whole job description' : 'e.g. nurses in Boston with 5+ years'
        }
        onInput={(e) => (text.value = e.currentTarget.value)}
        aria-describedby={`${mode}-count`}
        aria-invalid={over ? true : undefined}
      />
      <span id={`${mode}-count`} class={over ? 'counter field-error' : 'counter muted'} aria-live="polite">
        {counter(text.value, max)}
      </span>
    </div>
  );
}

/** The search form, or the summary of the search shown in its place (see the model's `formOpen`). */
export function SearchArea({ m }: { m: SearchFormModel }) {
  const open = m.formOpen.value;
  const form = useFocusWhenOpened(open);
  const session = m.session.value;
  return open || !session ? <SearchForm m={m} form={form} /> : <SearchSummary m={m} session={session} />;
}

/** The search form: mode tabs, the mode's inputs, page size, and Search with its cost (or why it cannot run). */
function SearchForm({ m, form }: { m: SearchFormModel; form: Ref<HTMLFormElement> }) {
  const reason = m.disabledReason.value;
  const mode = m.mode.value;
  return (
    <form
      ref={form}
      class="search-form"
      aria-label="Search"
      onSubmit={(e) => {
        e.preventDefault();
        void m.search();
      }}
    >
      <ModeTabs m={m} />
      {/* Not labelled by its tab: the text boxes alone are named "Free text" and "Job description". */}
      <div id="search-mode" role="tabpanel">
        {mode === 'filters' ? <FiltersForm m={m} /> : <TextMode m={m} mode={mode} />}
      </div>
      <div class="row">
        <label for="page-size">Page size</label>
        <select
          id="page-size"
          value={m.pageSize.value}
          onChange={(e) => (m.pageSize.value = Number(e.currentTarget.value))}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <span class="muted">per page, from the next search</span>
        <button
          type="submit"
          class="primary"
          disabled={reason !== null}
          aria-describedby={describedBy(reason, 'search-reason')}
        >
          Search · {formatCredits(m.cost.value)}
        </button>
      </div>
      <p class="muted">Charged only when profiles are returned.</p>
      {ownLine(reason) && <SearchReason m={m} reason={reason} />}
    </form>
  );
}

/**
 * Why Search is off, said once: a field's problem is said at the field (this only points to it); nothing typed yet
 * or no key is a hint with the next step, not an error.
 */
function SearchReason({ m, reason }: { m: SearchFormModel; reason: string }) {
  const problems = m.fieldProblems.value;
  const field =
    m.mode.value === 'filters' ? FILTER_FIELDS.find((f) => problems[f.key] === reason) : undefined;
  const hint = m.keyMissing.value || m.nothingEntered.value;
  return (
    <p id="search-reason" class={field || hint ? 'muted' : 'reason'} data-testid="search-reason">
      {field ? `Correct ${field.label} above to search.` : reason}
      {m.keyMissing.value && <NoKeyNext />}
    </p>
  );
}
