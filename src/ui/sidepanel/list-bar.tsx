/**
 * A list's actions in one bar that stays in view at the bottom of the panel while the list scrolls: the selection
 * count with its select-all and clear, the quote of the selection with "Reveal selected", and the list's own
 * actions (Export, Save search).
 */
import type { ComponentChildren } from 'preact';
import type { BulkCandidate } from '../../bulk/quote';
import type { BulkModel } from './bulk-model';
import { BulkQuote, SelectionBar } from './bulk-views';

export function ListBar({
  bulk,
  balance,
  page,
  loaded,
  children,
}: {
  bulk: BulkModel;
  balance: number | null;
  page: ReadonlyArray<readonly [string, BulkCandidate]>;
  loaded: ReadonlyArray<readonly [string, BulkCandidate]>;
  children?: ComponentChildren;
}) {
  return (
    <section class="list-bar" aria-label="Selection and list actions">
      <SelectionBar bulk={bulk} page={page} loaded={loaded} />
      <BulkQuote bulk={bulk} balance={balance} />
      {children && <div class="list-actions">{children}</div>}
    </section>
  );
}
