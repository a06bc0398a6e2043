import type { ComponentChildren } from 'preact';
import { formatCredits } from '../../../api/pricing';
import type { Retrievable } from '../../../api/schema-parts';
import type { BulkItemState } from '../../../bulk/job';
import type { BulkCandidate } from '../../../bulk/quote';
import { countOf, formatNumber } from '../../../format/numbers';
import { ErrorView } from '../../components/error-view';
import { describedBy, ownLine } from '../../components/service-down';
import { ITEM_LABEL, ITEMS } from '../../items';
import { heldBackLeftOut } from '../../words/bulk-held-back';
import { listedLeftOut } from '../../words/bulk-listed';
import { NOT_FOUND } from '../../words/items';
import { NONE_SELECTED, revealContacts, SELECT_ALL_ON_PAGE } from '../../words/lists';
import { teamFreeContacts } from '../../words/team-held';
import { openOptions } from '../open-options';
import { ReasonLine } from '../rows/reason-line';
import type { BulkModel } from './bulk-model';

/** The do-not-contact lists, in the order they are said. */
const LISTS = ['team', 'local'] as const;

/** A contact's part of the job, in a few words. */
export const ITEM_STATE_LABEL: Readonly<Record<BulkItemState, string>> = {
  queued: 'Waiting to be revealed',
  running: 'Revealing…',
  revealed: 'Revealed',
  'nothing-found': NOT_FOUND,
  'not-found': NOT_FOUND,
  held: 'Already revealed · no charge',
  failed: 'Failed · no charge',
  'may-have-charged': 'No answer · may have been charged',
};

/** "about 40 s left", "about 3 min left". */
export function timeLeft(ms: number): string {
  const s = Math.ceil(ms / 1000);
  if (s < 60) return `about ${s} s left`;
  return `about ${Math.ceil(s / 60)} min left`;
}

/**
 * "12 selected" and the ways to change it, on one line: "Select all on this page" while none are (a row's box
 * adds one more), "Select all 60 loaded" once the page is (the rest of the loaded pages, as a mail client offers),
 * and Clear. The quote's breakdown (`children`) folds in on the same line.
 */
export function SelectionBar({
  bulk,
  page,
  loaded,
  children,
}: {
  bulk: BulkModel;
  page: ReadonlyArray<readonly [string, BulkCandidate]>;
  loaded: ReadonlyArray<readonly [string, BulkCandidate]>;
  children?: ComponentChildren;
}) {
  const selected = bulk.picked.value.size;
  const allOnPage = page.length > 0 && page.every(([key]) => bulk.isPicked(key));
  const allLoaded = loaded.every(([key]) => bulk.isPicked(key));
  return (
    <fieldset class="selection-bar">
      <legend class="visually-hidden">Selection</legend>
      <span class="selected-count" aria-live="polite" data-testid="selected-count">
        {selected === 0 ? NONE_SELECTED : `${formatNumber(selected)} selected`}
      </span>
      {selected === 0 && (
        <button
          type="button"
          class="small"
          disabled={page.length === 0}
          onClick={() => bulk.pick(page, true)}
        >
          {SELECT_ALL_ON_PAGE}
        </button>
      )}
      {allOnPage && loaded.length > page.length && !allLoaded && (
        <button type="button" class="small" onClick={() => bulk.pick(loaded, true)}>
          Select all {formatNumber(loaded.length)} loaded
        </button>
      )}
      {selected > 0 && (
        <button type="button" class="small" onClick={bulk.clear}>
          Clear
        </button>
      )}
      {children}
    </fieldset>
  );
}

/** "email 27 · phone 54" for the items with a non-zero figure. */
function byItem(figures: Readonly<Record<Retrievable, number>>): string {
  return ITEMS.filter((item) => figures[item] > 0)
    .map((item) => `${ITEM_LABEL[item].toLowerCase()} ${formatNumber(figures[item])}`)
    .join(' · ');
}

/**
 * The quote of the selection, in full on demand: how many are held (free) and how many to look up, the most per
 * item, that only what is found is charged. Its summary sits on the selection's line.
 */
export function QuoteDetails({ bulk }: { bulk: BulkModel }) {
  const { quote, teamFree, listed, heldBack } = bulk.plan.value;
  // Those on a do-not-contact list or held back are said beside the button (`BulkQuote`), once: not counted here.
  const contacts = quote.contacts - listed.team - listed.local - heldBack;
  if (contacts === 0 || bulk.active.value) return null;
  return (
    <details class="quote-details" data-testid="quote-details">
      <summary>Details</summary>
      <p>
        {countOf(contacts, 'contact')}:{' '}
        {quote.held > 0 && `${countOf(quote.held, 'already revealed', 'already revealed')} (free), `}
        {countOf(quote.toAsk, 'to look up', 'to look up')}.
      </p>
      {teamFree > 0 && <p>{teamFreeContacts(teamFree)}</p>}
      {quote.toAsk > 0 && (
        <p>
          At most <strong>{formatCredits(quote.max)}</strong>
          {byItem(quote.maxByItem) && ` (${byItem(quote.maxByItem)})`}. Only what is found is charged.
        </p>
      )}
    </details>
  );
}

/**
 * The one button that confirms the selection, naming the contacts and the maximum ("Reveal 6 contacts, up to 18
 * credits"), with what must be said before it (a balance or a limit it passes) and why it waits.
 */
export function BulkQuote({ bulk, balance }: { bulk: BulkModel; balance: number | null }) {
  const { quote, listed, heldBack } = bulk.plan.value;
  if (quote.contacts === 0 || bulk.active.value) return null;
  const blocked = bulk.blocked.value;
  const lists = LISTS.filter((scope) => listed[scope] > 0);
  return (
    <section class="bulk-quote" aria-label="Reveal the selected contacts" data-testid="bulk-quote">
      {lists.length > 0 && (
        <p class="muted" data-testid="quote-listed">
          {lists.map((scope) => listedLeftOut(listed[scope], scope)).join(' ')}
        </p>
      )}
      {heldBack > 0 && (
        <p class="muted" data-testid="quote-held-back">
          {heldBackLeftOut(heldBack)}
        </p>
      )}
      {quote.toAsk > 0 && bulk.overBalance.value && balance !== null && (
        <div class="bulk-warning">
          <p>
            Your balance is {formatCredits(balance)}, less than the most this can cost. Select fewer contacts
            or items, or:
          </p>
          <label class="check">
            <input
              type="checkbox"
              checked={bulk.stopWhenOut.value}
              onChange={(e) => {
                bulk.stopWhenOut.value = e.currentTarget.checked;
              }}
            />
            Stop when the balance runs out
          </label>
        </div>
      )}
      {quote.toAsk > 0 && bulk.overLimit.value && (
        <p class="bulk-warning" data-testid="over-limit">
          This is more than your confirmation limit of {formatCredits(bulk.confirmAbove.value)}.
        </p>
      )}
      {bulk.error.value && <ErrorView error={bulk.error.value} onOpenOptions={openOptions} />}
      <button
        type="button"
        class="primary"
        disabled={blocked !== null || bulk.busy.value}
        onClick={() => void bulk.confirm()}
        aria-describedby={describedBy(blocked, 'bulk-blocked')}
      >
        {quote.toAsk > 0 ? revealContacts(quote.toAsk, formatCredits(quote.max)) : 'Reveal'}
      </button>
      {ownLine(blocked) && <ReasonLine id="bulk-blocked" reason={blocked} />}
    </section>
  );
}
