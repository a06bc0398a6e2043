/**
 * A list row's person the service had nothing for: said once ("Not found · 6 Dec"), with no checkbox and no price,
 * and asking again as its own quiet button, priced ("Ask again · up to 3 credits"): a person may have changed since.
 */
import { formatCredits, maxCostOfItems } from '../../../api/pricing';
import type { Retrievable } from '../../../api/schema-parts';
import { type ContactRecord, itemsToAsk } from '../../../store/database/vault/vault-record';
import { notFoundSince } from '../../helpers/not-found';
import { askAgain, notFoundOn } from '../../words/items';

/** What a row shows of a person not found, or null when the person is not (something found, or left to ask). */
export function notFoundOffer(record: ContactRecord | null, selection: readonly Retrievable[]) {
  const since = notFoundSince(record, selection);
  if (since === null) return null;
  const items = itemsToAsk(record, selection, true);
  return { since, words: notFoundOn(since), most: maxCostOfItems(items), items };
}

/** "Ask again · up to 3 credits", named with the person for screen readers. */
export function AskAgainButton({
  name,
  most,
  disabled,
  onAsk,
}: {
  name: string;
  most: number;
  disabled: boolean;
  onAsk: () => unknown;
}) {
  const words = askAgain(formatCredits(most));
  return (
    <button
      type="button"
      class="small reveal ask-again"
      disabled={disabled}
      aria-label={`${words}: ${name}`}
      onClick={() => void onAsk()}
    >
      {words}
    </button>
  );
}
