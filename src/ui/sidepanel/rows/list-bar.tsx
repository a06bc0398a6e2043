/**
 * A list's selection in one bar that stays in view at the bottom of the panel while the list scrolls: one line while
 * nothing is selected ("None selected" and "Select all on this page"), and with a selection a second line, the one
 * button that reveals it ("Reveal 6 contacts, up to 18 credits"), its breakdown folded under "Details". The list's
 * own actions (Export, Save search) are at its top, with what they say.
 */
import type { BulkCandidate } from '../../../bulk/quote';
import type { BulkModel } from '../bulk/bulk-model';
import { BulkQuote, QuoteDetails, SelectionBar } from '../bulk/bulk-views';

export function ListBar({
  bulk,
  balance,
  page,
  loaded,
}: {
  bulk: BulkModel;
  balance: number | null;
  page: ReadonlyArray<readonly [string, BulkCandidate]>;
  loaded: ReadonlyArray<readonly [string, BulkCandidate]>;
}) {
  return (
    <section class="list-bar" aria-label="Selection and list actions">
      <SelectionBar bulk={bulk} page={page} loaded={loaded}>
        <QuoteDetails bulk={bulk} />
      </SelectionBar>
      <BulkQuote bulk={bulk} balance={balance} />
    </section>
  );
}
