/**
 * The popup on a LinkedIn list page: its people, each with their status (held: the email, with its copy button;
 * not held: what revealing them may cost), ticked for a bulk reveal (none at first; "Select all on this page" ticks
 * those left to reveal), and one primary action naming the count and the most it can cost. The bulk job runs in the background: the popup may close, and the toolbar badge counts.
 */
import { useMemo } from 'preact/hooks';
import { formatCredits, ITEM_PRICE, maxCostOfItems } from '../../api/pricing';
import { type BulkJob, bulkProgress } from '../../bulk/job';
import { countOf } from '../../format/numbers';
import type { PersonOnPage } from '../../protocol/shapes';
import { itemsToAsk } from '../../store/database/vault/vault-record';
import { Address } from '../components/address';
import { CopyButton } from '../components/copy-button';
import { ErrorView } from '../components/error-view';
import { notFoundOn } from '../words/items';
import {
  foundOfLookedUp,
  lookUps,
  revealContacts,
  revealingContacts,
  SELECT_ALL_ON_PAGE,
} from '../words/lists';
import type { PopupModel } from './model';
import { Reason } from './more-to-reveal';
import { createPageListModel, type PageListModel } from './page-list-model';
import { reasonId, saidAbove } from './reason-id';

function Person({ list, m, person }: { list: PageListModel; m: PopupModel; person: PersonOnPage }) {
  const name = person.name ?? 'LinkedIn member';
  const record = list.recordOf(person);
  const email = record?.email?.found ? record.email.value : null;
  // A profile the service has no candidate for has nothing to ask: no checkbox, no price.
  const toAsk = record?.unknownAt ? [] : itemsToAsk(record, m.selection.value);
  const picked = person.socialUrl !== null && list.isPicked(person.socialUrl);
  const status = !person.socialUrl ? (
    <span class="muted">needs the public profile URL</span>
  ) : email ? (
    <span class="list-email">
      <Address value={email} /> <CopyButton value={email} label={`email of ${name}`} />
    </span>
  ) : toAsk.length > 0 ? (
    <span class="muted">up to {formatCredits(maxCostOfItems(toAsk))}</span>
  ) : (
    <span class="muted">{record ? notFoundOn(record.unknownAt ?? record.updatedAt) : 'revealed'}</span>
  );
  return (
    <li class="list-person">
      {person.socialUrl && toAsk.length > 0 ? (
        <label class="list-name">
          <input
            type="checkbox"
            checked={picked}
            onChange={(e) => list.toggle(person, e.currentTarget.checked)}
          />{' '}
          {name}
        </label>
      ) : (
        <span class="list-name">{name}</span>
      )}
      {status}
    </li>
  );
}

const ENDED: Readonly<Record<string, string>> = {
  done: 'Bulk reveal finished',
  cancelled: 'Bulk reveal cancelled',
  stopped: 'Bulk reveal stopped',
};

/**
 * The end of the bulk reveal this popup started, in one line, counted as its button counted: "Bulk reveal finished:
 * 1 of 2 contacts found · 3 credits.".
 */
function endedWords(job: BulkJob): string {
  const p = bulkProgress(job, ITEM_PRICE);
  const { toLookUp } = lookUps(p);
  return `${ENDED[job.status] ?? 'Bulk reveal ended'}: ${foundOfLookedUp(p.found, toLookUp, formatCredits(p.charged))}.`;
}

/** A list page's people and the bulk reveal of the ticked ones. */
export function PageList({ m, onOpenPanel }: { m: PopupModel; onOpenPanel: () => void }) {
  const list = useMemo(() => createPageListModel(m), [m]);
  const people = list.people.value;
  const page = m.page.value;
  const revealed = people.filter((p) => list.recordOf(p)?.email?.found || p.revealed).length;
  const { quote } = list.plan.value;
  const blocked = list.blocked.value;
  const started = list.started.value;
  const ended = list.ended.value;
  return (
    <section class="page-list" aria-labelledby="page-list-title">
      <div class="row list-head">
        <h2 id="page-list-title">{page?.label ?? 'People on this page'}</h2>
        <span class="muted" data-testid="page-people-count">
          {countOf(people.length, 'person', 'people')} · {revealed} revealed
        </span>
      </div>
      <ul class="list-people" aria-labelledby="page-list-title">
        {people.map((person, i) => (
          <Person key={person.socialUrl ?? `row-${i}`} list={list} m={m} person={person} />
        ))}
      </ul>
      <p role="status" class="muted" data-testid="bulk-started">
        {ended ? endedWords(ended) : started !== null && revealingContacts(started)}
      </p>
      {started === null && !list.allSelected.value && (
        <button
          type="button"
          class="small"
          data-primary={quote.contacts === 0 ? true : undefined}
          onClick={list.selectAll}
        >
          {SELECT_ALL_ON_PAGE}
        </button>
      )}
      {started === null && (
        <button
          type="button"
          class="primary"
          data-primary
          data-testid="reveal-selected"
          disabled={blocked !== null || list.busy.value}
          aria-describedby={reasonId(blocked, 'reveal-selected-reason')}
          onClick={() => void list.confirm()}
        >
          {quote.toAsk > 0 ? revealContacts(quote.toAsk, formatCredits(quote.max)) : 'Reveal'}
        </button>
      )}
      {blocked && !saidAbove(blocked) && started === null && (
        <Reason id="reveal-selected-reason" text={blocked} m={m} />
      )}
      {started === null && quote.toAsk > 0 && list.overLimit.value && (
        <p class="muted" data-testid="over-limit">
          More than your confirmation limit of {formatCredits(list.confirmAbove.value)}: check the count
          first.
        </p>
      )}
      {list.error.value && <ErrorView error={list.error.value} onRetry={() => void list.confirm()} />}
      <button type="button" class="link" onClick={onOpenPanel}>
        Open them in the side panel
      </button>
    </section>
  );
}
