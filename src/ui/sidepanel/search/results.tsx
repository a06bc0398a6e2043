import { useComputed } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { formatCredits } from '../../../api/pricing';
import type { Retrievable } from '../../../api/schema-parts';
import { type BulkTarget, SETTLED } from '../../../bulk/job';
import type { BulkCandidate } from '../../../bulk/quote';
import { countOf, formatNumber } from '../../../format/numbers';
import type { StoredProfile } from '../../../store/database/search';
import type { ContactRecord } from '../../../store/database/vault/vault-record';
import { CutOffNote } from '../../components/cut-off-note';
import { ErrorView } from '../../components/error-view';
import { RevealOptions } from '../../components/reveal-options';
import { useTeamHeld } from '../../helpers/team-held-rows';
import { RowSendLater } from '../../send/later';
import { criterionChip, criterionLabel } from '../../words/criteria';
import { NOT_FOUND, notFoundOn } from '../../words/items';
import { SERVICE_DOWN_ID } from '../../words/service';
import { ITEM_STATE_LABEL } from '../bulk/bulk-views';
import type { RowsModel } from '../model';
import { openOptions } from '../open-options';
import { AskAgainButton, notFoundOffer } from '../rows/ask-again';
import { HeldContact, RowCharge } from '../rows/held-contact';
import { ListBar } from '../rows/list-bar';
import { balanceTooLow, useProfileReveal } from '../rows/row-offer';
import { RowRevealButton, revealDone } from '../rows/row-reveal';
import { panelService } from '../service';
import { rowTarget } from '../vault-model';
import type { ResultsModel } from './results-model';
import { ExportButton, SaveSearch } from './saved-list';
import type { SavedModel } from './saved-model';
import { SearchProblem } from './search-problem';

const SHORT: Readonly<Record<Retrievable, string>> = {
  email: 'email',
  phone: 'phone',
  detailed_profile: 'profile',
  healthcare_profile: 'healthcare',
};

/**
 * What the vault holds for a row, in a few words: "email ✓ · phone not found". `foundOnly` where the contact card
 * beside it already says what was not found (and that it cost nothing): "email ✓", or '' when nothing was found.
 */
export function vaultSummary(record: ContactRecord | null, foundOnly = false): string {
  if (!record) return 'Not revealed';
  if (record.unknownAt) return foundOnly ? '' : notFoundOn(record.unknownAt);
  const held = (Object.keys(SHORT) as Retrievable[]).filter((item) => record[item]);
  if (held.length === 0) return 'Not revealed';
  return held
    .filter((item) => !foundOnly || record[item]!.found)
    .map((item) => `${SHORT[item]} ${record[item]!.found ? '✓' : NOT_FOUND.toLowerCase()}`)
    .join(' · ');
}

/** Only web links become links: a profile URL from the service is data, never a `javascript:` URL. */
const webUrl = (url: string | null | undefined) => (url && /^https?:\/\//i.test(url) ? url : null);

/**
 * What the service understood (parsed text, titles searched), folded to one line under what was asked (its values
 * in brief, cut off at the line's end), with a way to refine it as a filter search once opened.
 */
export function Understood({ m }: { m: Pick<ResultsModel, 'session'> & { editAsFilters: () => void } }) {
  const s = m.session.value;
  if (!s || (!s.understood.parsed && !s.understood.similarTitles)) return null;
  const { parsed, similarTitles } = s.understood;
  const brief = [
    ...Object.entries(parsed ?? {}).flatMap(([key, values]) =>
      values.map((value) => criterionChip(key, value)),
    ),
    ...(parsed ? [] : (similarTitles ?? [])),
  ].join(' · ');
  return (
    <details class="understood" aria-label="What the service understood">
      <summary>
        What the service understood <span class="muted brief">{brief}</span>
      </summary>
      {parsed && (
        <dl class="criteria" data-testid="understood-criteria">
          {Object.entries(parsed).map(([key, values]) => (
            <div key={key}>
              <dt>{criterionLabel(key)}</dt>
              <dd>{values.map((value) => criterionChip(key, value)).join(', ')}</dd>
            </div>
          ))}
        </dl>
      )}
      {similarTitles && (
        <p data-testid="similar-titles">
          <span class="muted">Titles searched (kept for every page): </span>
          {similarTitles.join(', ')}
        </p>
      )}
      <button type="button" class="small" onClick={m.editAsFilters}>
        Edit as filters
      </button>
    </details>
  );
}

/** A result row as a bulk reveal candidate: its identifiers and what to call it. */
export function rowCandidate(profile: StoredProfile): readonly [string, BulkCandidate] {
  return [
    profile.id,
    {
      target: rowTarget(profile),
      name: profile.name.slice(0, 300),
      title: profile.current_title.slice(0, 300),
      employer: profile.current_employer.slice(0, 300),
      location: profile.location.slice(0, 300),
    },
  ];
}

/**
 * One candidate as a compact row that fits a 320 px panel: selection box, name with its Reveal beside it (when there
 * is something to reveal), then title, employer and place across the row's whole width (two lines at most; the whole
 * of it is the tooltip), and the email and phone held, each with its copy icon. Once revealed, Reveal gives way to
 * the row's send ("Send to Lever", or its mark "In Lever · 3 Nov") when a destination is saved. `j`/`k` move between rows (see
 * keys.ts); `data-row` marks it for them.
 */
function Row({ m, profile }: { m: RowsModel; profile: StoredProfile }) {
  const target = rowTarget(profile);
  const reveal = useProfileReveal(m, profile);
  const { record, teamNote, error, cut, checkProblem, charge } = reveal;
  const url = webUrl(profile.social_url);
  const contactCell = useRef<HTMLDivElement>(null);
  const bulkState = useBulkState(m, target);
  const inBulk = bulkState !== null;
  const [key, candidate] = rowCandidate(profile);
  const role = [profile.current_title, profile.current_employer].filter(Boolean).join(' · ');
  // Once the contact is in the row, the place gives way to it (the row stays one glance tall; Export keeps it).
  const line = record ? role : [role, profile.location].filter(Boolean).join(' · ');
  const revealProps = {
    ...reveal,
    name: profile.name,
    inBulk,
    onReveal: async () => {
      await m.reveals.revealRow(profile, reveal.again);
      // The button goes once everything is held: move focus to what was revealed.
      requestAnimationFrame(() => contactCell.current?.focus());
    },
  };
  const notFound = inBulk || reveal.revealing || cut ? null : notFoundOffer(record, m.selection.value);
  return (
    <li class="result-card" data-testid="result-row" data-row tabIndex={-1} aria-label={profile.name}>
      {notFound ? (
        <span class="pick" aria-hidden="true" />
      ) : (
        <input
          type="checkbox"
          class="pick"
          checked={m.bulk.isPicked(key)}
          onChange={(e) => m.bulk.pick([[key, candidate]], e.currentTarget.checked)}
          aria-label={`Select ${profile.name}`}
        />
      )}
      <div class="head">
        <span class="name">
          {url ? (
            <a href={url} target="_blank" rel="noopener noreferrer" data-key="open">
              {profile.name}
            </a>
          ) : (
            profile.name
          )}
        </span>
        {notFound ? (
          <AskAgainButton
            name={profile.name}
            most={notFound.most}
            disabled={reveal.unreachable || balanceTooLow(notFound, reveal.remaining)}
            onAsk={() => m.reveals.revealRow(profile, false, true)}
          />
        ) : (
          <RowRevealButton {...revealProps} />
        )}
        {record && (record.email?.found || record.phone?.found) && revealDone(revealProps) && (
          <RowSendLater contactKey={record.key} name={profile.name} />
        )}
      </div>
      <span class="role" title={line}>
        {line}
      </span>
      {bulkState && (
        <span class="vault-status" data-testid="row-status">
          {bulkState}
        </span>
      )}
      {teamNote && <span class="vault-status">{teamNote}</span>}
      {(record || error || cut) && (
        <div class="contact-row" ref={contactCell} tabIndex={-1}>
          {cut ? (
            // Said once: the call's own error is this same "no answer".
            <CutOffNote job={cut} problem={checkProblem} />
          ) : (
            error && <ErrorView error={error} onOpenOptions={openOptions} />
          )}
          {record ? (
            <HeldContact record={record}>{charge && !cut && <RowCharge job={charge} />}</HeldContact>
          ) : (
            charge && !cut && <RowCharge job={charge} />
          )}
        </div>
      )}
    </li>
  );
}

/** Previous / next page, each with its cost (pages already paid for are free); none for a single page. */
function Pager({ m }: { m: ResultsModel }) {
  const next = m.nextStart.value;
  const prev = m.prevStart.value;
  if (prev === null && next === null) return null;
  const busy = m.busy.value || m.session.value?.status === 'running';
  // A page not paid for yet waits for the service; one already held costs nothing and is shown from storage.
  const down = panelService.unreachable.value;
  const price = (start: number | null) => {
    const cost = m.pageCost(start);
    return cost === 0 ? 'free' : formatCredits(cost);
  };
  return (
    <nav class="row pager" aria-label="Pages">
      <button type="button" disabled={prev === null || busy} onClick={() => void m.goTo(prev)}>
        {prev === null ? 'Previous page' : `Previous page · ${price(prev)}`}
      </button>
      <button
        type="button"
        disabled={next === null || busy || (down && m.pageCost(next) > 0)}
        aria-describedby={down && next !== null && m.pageCost(next) > 0 ? SERVICE_DOWN_ID : undefined}
        onClick={() => void m.goTo(next)}
      >
        {next === null ? 'Next page' : `Next page · ${price(next)}`}
      </button>
    </nav>
  );
}

/** The search's state as stored: progress, failure, cut off, then the page shown with its rows. */
export function Results({
  results,
  rows,
  saved,
}: {
  results: ResultsModel;
  rows: RowsModel;
  saved: SavedModel;
}) {
  const s = results.session.value;
  const heading = useRef<HTMLHeadingElement>(null);
  // When a search this panel watched running has answered, the view moves to its results (the form above is long).
  const watched = useRef<string | null>(null);
  useEffect(() => {
    if (s?.status === 'running') watched.current = s.id;
    else if (s?.status === 'done' && watched.current === s.id) {
      watched.current = null;
      const active = document.activeElement;
      // Only from where the search was started: never away from a field the user has moved on to.
      if (!active || active === document.body || active.closest('.search-form')) {
        heading.current?.focus();
        heading.current?.scrollIntoView({ block: 'start' });
      }
    }
  }, [s?.id, s?.status]);
  if (!s) return null;
  const page = results.currentPage.value;
  useTeamHeld(page?.profiles.map(rowTarget) ?? []);
  // "Select all" passes by the people not found: asking again is each one's own choice.
  const askable = (profiles: readonly StoredProfile[]) =>
    profiles.filter((p) => !notFoundOffer(rows.vault.recordFor(p), rows.selection.value));
  const loadingMore = s.status === 'running' && s.pendingStart !== undefined && s.pendingStart > 1;
  return (
    <section aria-labelledby="results-title" class="results">
      <div class="results-head">
        <h2 id="results-title" ref={heading} tabIndex={-1}>
          Results
        </h2>
        {page && page.profiles.length > 0 && (
          <div class="list-tools">
            <ExportButton results={results} />
            <SaveSearch saved={saved} canSave={s.frozen !== null && s.status !== 'running'} />
          </div>
        )}
        {page && (
          <p class="result-line">
            <span data-testid="result-count">
              {countOf(page.total, 'candidate')}
              {page.profiles.length > 0 &&
                ` · showing ${formatNumber(page.start)}–${formatNumber(page.start + page.profiles.length - 1)}`}
            </span>{' '}
            <span class="muted" data-testid="page-cost" role="status">
              This page cost {formatCredits(page.charged)}
              {page.start > 1 || s.pages.length > 1 ? '; going back to a page already loaded is free.' : '.'}
            </span>
          </p>
        )}
      </div>
      {s.status === 'running' && (
        <p class="job running" role="status" aria-live="polite">
          {loadingMore ? 'Loading the next page…' : 'Searching…'}
        </p>
      )}
      <SearchProblem session={s} onRetry={() => void results.retry()} />
      {page && (
        <>
          <div class="reveal-choice">
            <RevealOptions
              legend="Reveal from results"
              selection={rows.selection.value}
              onChange={rows.chooseSelection}
            />
          </div>
          {page.profiles.length > 0 ? (
            <>
              <ul class="result-list" aria-label="Candidates">
                {page.profiles.map((profile) => (
                  <Row key={profile.id} m={rows} profile={profile} />
                ))}
              </ul>
              {/* Under the rows, where a recruiter who read the page to its end looks for the next one. */}
              <Pager m={results} />
              <ListBar
                bulk={rows.bulk}
                balance={rows.account.balance.value?.remaining ?? null}
                page={askable(page.profiles).map(rowCandidate)}
                loaded={askable(results.rows.value).map(rowCandidate)}
              />
            </>
          ) : (
            <>
              <p class="muted">No candidates on this page.</p>
              <Pager m={results} />
            </>
          )}
        </>
      )}
    </section>
  );
}

/**
 * A person's state in the bulk reveal under way, as its label (null when not in one, or settled), read through a
 * computed of its own: each progress write of the job brings every contact anew, and only the rows whose state
 * changed render again.
 */
export function useBulkState(m: Pick<RowsModel, 'bulk'>, target: BulkTarget): string | null {
  return useComputed(() => {
    const item = m.bulk.itemFor(target);
    return item !== null && !SETTLED.has(item.state) ? ITEM_STATE_LABEL[item.state] : null;
  }).value;
}
