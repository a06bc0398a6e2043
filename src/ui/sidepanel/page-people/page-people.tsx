import { useEffect, useMemo } from 'preact/hooks';
import { SETTLED } from '../../../bulk/job';
import type { BulkCandidate } from '../../../bulk/quote';
import { countOf, formatNumber, plural } from '../../../format/numbers';
import type { PersonOnPage } from '../../../protocol/shapes';
import type { StoredProfile } from '../../../store/database/search';
import { ErrorView } from '../../components/error-view';
import { PageNotRead } from '../../components/page-not-read';
import { rowOffer, teamHeldFor, useTeamHeld } from '../../helpers/team-held-rows';
import { RowSendLater } from '../../send/later';
import { ITEM_STATE_LABEL } from '../bulk/bulk-views';
import type { RowsModel } from '../model';
import { openOptions } from '../open-options';
import { AskAgainButton, notFoundOffer } from '../rows/ask-again';
import { HeldContact, RowCharge } from '../rows/held-contact';
import { ListBar } from '../rows/list-bar';
import { RevealFold } from '../rows/reveal-fold';
import { balanceTooLow } from '../rows/row-offer';
import { RowRevealButton, revealDone } from '../rows/row-reveal';
import { candidatesCsv, csvFileName, downloadText } from '../search/export-csv';
import { ExportMenu } from '../search/export-menu';
import { createPagePeopleModel, type PagePeopleModel } from './page-people-model';

/** Where an unresolved person can be opened, in words. */
function openLabel(pageUrl: string): string {
  const { pathname } = new URL(pageUrl);
  if (pathname.startsWith('/sales/')) return 'Open in Sales Navigator';
  if (pathname.startsWith('/talent/')) return 'Open in Recruiter';
  return 'Open on LinkedIn';
}

/** A resolved person as a bulk reveal candidate, keyed apart from search rows. */
export function personCandidate(
  person: PersonOnPage & { socialUrl: string },
): readonly [string, BulkCandidate] {
  return [
    `page:${person.socialUrl}`,
    {
      target: { socialUrl: person.socialUrl, candidateId: null },
      name: (person.name ?? 'Name not shown').slice(0, 300),
      ...(person.headline ? { title: person.headline.slice(0, 300) } : {}),
      ...(person.location ? { location: person.location.slice(0, 300) } : {}),
    },
  ];
}

const resolved = (people: readonly PersonOnPage[]) =>
  people.filter((p): p is PersonOnPage & { socialUrl: string } => p.socialUrl !== null);

/** The people as rows of the CSV export (the same columns as search results). */
function asRows(people: readonly PersonOnPage[]): StoredProfile[] {
  return resolved(people).map((p) => ({
    // Read from a page, not a search: there is no candidate id.
    id: '',
    name: p.name ?? '',
    current_title: p.headline ?? '',
    current_employer: '',
    location: p.location ?? '',
    social_url: p.socialUrl,
  }));
}

function PersonRow({ m, panel, person }: { m: PagePeopleModel; panel: RowsModel; person: PersonOnPage }) {
  const { bulk } = panel;
  const name = person.name ?? 'Name not shown';
  const url = person.socialUrl;
  if (url === null) {
    return (
      <li class="person unresolved">
        <strong>{name}</strong>
        {person.headline && (
          <span class="role" title={person.headline}>
            {person.headline}
          </span>
        )}
        <span class="vault-status">
          Needs the public profile URL
          {person.pageUrl && (
            <>
              {' · '}
              <a
                href={person.pageUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`${openLabel(person.pageUrl)}: ${name}`}
              >
                {openLabel(person.pageUrl)}
              </a>
            </>
          )}
        </span>
      </li>
    );
  }
  const { teamNote, ...offer } = rowOffer(person.record, m.selection.value, teamHeldFor({ socialUrl: url }));
  const bulkItem = bulk.itemFor({ socialUrl: url, candidateId: null });
  const inBulk = bulkItem !== null && !SETTLED.has(bulkItem.state);
  const [key, candidate] = personCandidate({ ...person, socialUrl: url });
  const error = m.revealErrors.value[url];
  // What this panel's own reveal of the person cost, as the background stored it.
  const charge = panel.reveals.chargeFor({ socialUrl: url, candidateId: null });
  const line = [person.headline, person.location].filter(Boolean).join(' · ');
  const record = person.record;
  const reveal = {
    name,
    record,
    offer,
    chosen: m.selection.value.length > 0,
    revealing: m.revealing.value.has(url),
    inBulk,
    tooLow: balanceTooLow(offer, panel.account.balance.value?.remaining),
    unreachable: panel.account.unreachable.value,
    onReveal: () => m.reveal(person),
  };
  const notFound = inBulk || reveal.revealing ? null : notFoundOffer(record, m.selection.value);
  return (
    <li class="result-card person" data-row tabIndex={-1} aria-label={name}>
      {notFound ? (
        <span class="pick" aria-hidden="true" />
      ) : (
        <input
          type="checkbox"
          class="pick"
          checked={bulk.isPicked(key)}
          onChange={(e) => bulk.pick([[key, candidate]], e.currentTarget.checked)}
          aria-label={`Select ${name}`}
        />
      )}
      <div class="head">
        <span class="name">
          <a href={url} target="_blank" rel="noopener noreferrer" data-key="open">
            {name}
          </a>
        </span>
        {notFound ? (
          <AskAgainButton
            name={name}
            most={notFound.most}
            disabled={reveal.unreachable || balanceTooLow(notFound, panel.account.balance.value?.remaining)}
            onAsk={() => m.reveal(person, true)}
          />
        ) : (
          <RowRevealButton {...reveal} />
        )}
        {record && (record.email?.found || record.phone?.found) && revealDone(reveal) && (
          <RowSendLater contactKey={record.key} name={name} />
        )}
      </div>
      {line && (
        <span class="role" title={line}>
          {line}
        </span>
      )}
      {teamNote && <span class="vault-status">{teamNote}</span>}
      {/* Not revealed yet goes without saying: the row's Reveal says it, with its price. */}
      {inBulk && (
        <span class="vault-status" data-testid="row-status">
          {ITEM_STATE_LABEL[bulkItem.state]}
        </span>
      )}
      {(record || error || charge) && (
        <div class="contact-row">
          {error && <ErrorView error={error} onOpenOptions={openOptions} />}
          {record ? (
            <HeldContact record={record}>{charge && <RowCharge job={charge} />}</HeldContact>
          ) : (
            charge && <RowCharge job={charge} />
          )}
        </div>
      )}
    </li>
  );
}

/** The view: counts, "Read again", the people. */
export function PagePeopleView({
  tabId,
  onBack,
  panel,
}: {
  tabId: number;
  onBack: () => void;
  /** The side panel's model: its reveal items, its bulk reveal, and what the vault holds. */
  panel: RowsModel;
}) {
  const m = useMemo(() => createPagePeopleModel(tabId, panel), [tabId, panel]);
  const bulk = panel.bulk;
  useEffect(() => {
    void m.init();
  }, [m]);
  const page = m.page.value;
  const count = m.people.value.length;
  const candidates = resolved(m.people.value).map(personCandidate);
  // "Select all" passes by the people not found: asking again is each one's own choice.
  const askable = candidates.filter(
    ([, c]) => !notFoundOffer(panel.vault.recordForTarget(c.target), panel.selection.value),
  );
  const unresolved = m.unresolvedCount.value;
  useTeamHeld(candidates.map(([, candidate]) => candidate.target));
  return (
    <section aria-labelledby="page-people-title" class="focus page-people">
      <div class="results-head">
        <h2 id="page-people-title">{page?.label ?? 'People on this page'}</h2>
        <div class="list-tools">
          <button type="button" class="small" disabled={m.reading.value} onClick={() => void m.read()}>
            Read again
          </button>
          {candidates.length > 0 && (
            <ExportMenu
              onExport={() =>
                downloadText(csvFileName(), candidatesCsv(asRows(m.people.value), panel.vault.recordFor))
              }
            >
              <p class="muted">The people read on this page, with revealed emails and phones</p>
            </ExportMenu>
          )}
        </div>
        <div class="result-line">
          <span data-testid="page-people-count" role="status" aria-live="polite">
            {m.reading.value && !page
              ? 'Reading the page…'
              : page && (!page.problem || count > 0)
                ? `${countOf(count, 'person', 'people')} · ${m.revealedCount.value} revealed`
                : ''}
          </span>
          <button type="button" class="link" onClick={onBack}>
            Back to search
          </button>
        </div>
      </div>
      {m.error.value && <ErrorView error={m.error.value} />}
      {page && <PageNotRead page={page} again="click Read again" />}
      {page && page.kind === null && <p>This tab does not show a LinkedIn page with people on it.</p>}
      {page?.list && !page.problem && (
        <details class="explain">
          <summary>Only what LinkedIn shows now is read</summary>
          <p class="muted">Scroll the page for more, then Read again.</p>
        </details>
      )}
      {unresolved > 0 && page?.toResolve && (
        <details class="explain" data-testid="page-people-unresolved">
          <summary>
            {formatNumber(unresolved)} {plural(unresolved, 'needs', 'need')} the public profile URL
          </summary>
          <p class="muted">
            Nothing is sent for {plural(unresolved, 'it', 'them')}. {page.toResolve}
          </p>
        </details>
      )}
      {count > 0 && (
        <>
          <RevealFold
            legend="Reveal from this page"
            selection={panel.selection.value}
            onChange={panel.chooseSelection}
          />
          <ul class="result-list people" aria-label="People">
            {m.people.value.map((person, i) => (
              <PersonRow key={person.socialUrl ?? person.pageUrl ?? i} m={m} panel={panel} person={person} />
            ))}
          </ul>
          {candidates.length > 0 && (
            <ListBar
              bulk={bulk}
              balance={panel.account.balance.value?.remaining ?? null}
              page={askable}
              loaded={askable}
            />
          )}
        </>
      )}
    </section>
  );
}
