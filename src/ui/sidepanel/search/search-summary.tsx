/**
 * What the current search asked for, on one line that stands in for the form once results are on screen (results
 * come first in a narrow panel), with "Edit search" to open the form again. A long one is cut off at the line's end;
 * the whole of it is its tooltip, and "Edit search" shows it in the form.
 */
import { useEffect, useRef } from 'preact/hooks';
import type { SearchSession } from '../../../store/database/search';
import { criteriaInWords } from '../../words/criteria';
import type { SearchFormModel } from './search-form-model';

/** Free text and job descriptions are shown to this many characters. */
const TEXT_SHOWN = 140;

const clip = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > TEXT_SHOWN ? `${flat.slice(0, TEXT_SHOWN - 1)}…` : flat;
};

/** The search's request in words: its mode, and its criteria or text. */
function asked(s: SearchSession): { mode: string; lines: Array<[string, string]> } {
  if (s.first.jd_search !== undefined)
    return { mode: 'Job description', lines: [['Text', clip(s.first.jd_search)]] };
  if (s.first.free_text_search !== undefined) {
    return { mode: 'Free text', lines: [['Text', clip(s.first.free_text_search)]] };
  }
  const lines = criteriaInWords(s.first.search_criteria);
  if (s.first.include_similar_titles) lines.push(['Titles', 'similar titles included']);
  return { mode: 'Filters', lines };
}

/** The summary of the search shown, in place of the form. */
export function SearchSummary({
  m,
  session,
}: {
  m: Pick<SearchFormModel, 'busy' | 'editSearch'>;
  session: SearchSession;
}) {
  const { mode, lines } = asked(session);
  const said = `${mode} · ${session.pageSize} per page`;
  const whole = [...lines.map(([label, words]) => `${label}: ${words}`), said].join('; ');
  return (
    <section class="search-summary" aria-labelledby="search-summary-title">
      <h2 id="search-summary-title" class="visually-hidden">
        Your search
      </h2>
      <p class="asked" title={whole}>
        <span data-testid="search-summary">
          {lines.map(([label, words], i) => (
            <span key={label}>
              {i > 0 && ' · '}
              <span class="muted">{label}</span> {words}
            </span>
          ))}
        </span>
        {lines.length > 0 && ' · '}
        <span class="muted">{said}</span>
      </p>
      <button type="button" class="small" onClick={m.editSearch} disabled={m.busy.value}>
        Edit search
      </button>
    </section>
  );
}

/** Moves keyboard focus into the form when the user opened it from the summary (not when the panel first shows it). */
export function useFocusWhenOpened(open: boolean) {
  const form = useRef<HTMLFormElement>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open && !wasOpen.current) {
      form.current?.querySelector<HTMLElement>('[role=tab][aria-selected=true]')?.focus();
    }
    wasOpen.current = open;
  }, [open]);
  return form;
}
