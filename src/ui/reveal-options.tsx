import { formatCredits } from '../api/pricing';
import type { Retrievable } from '../api/schema-parts';
import type { ContactRecord } from '../storage';
import { ITEM_LABEL, ITEM_PRICE, ITEMS } from './items';

/** The four reveal checkboxes, each with its price; items the vault holds or knows missing say so and cost nothing. */
export function RevealOptions({
  selection,
  onChange,
  record,
  legend = 'Reveal',
}: {
  selection: readonly Retrievable[];
  onChange: (next: Retrievable[]) => void;
  record?: ContactRecord | null;
  legend?: string;
}) {
  const toggle = (item: Retrievable, on: boolean) => {
    const next = new Set(selection);
    if (on) next.add(item);
    else next.delete(item);
    onChange(ITEMS.filter((i) => next.has(i)));
  };
  return (
    <fieldset class="reveal-options">
      <legend>{legend}</legend>
      {ITEMS.map((item) => {
        // Held items and items known not to exist are not asked (see itemsToAsk): no price beside them.
        const state = record?.[item];
        return (
          <label key={item}>
            <input
              type="checkbox"
              checked={selection.includes(item)}
              onChange={(e) => toggle(item, e.currentTarget.checked)}
            />{' '}
            {ITEM_LABEL[item]}{' '}
            <span class="price">
              {state ? (state.found ? 'revealed' : 'not found') : formatCredits(ITEM_PRICE[item])}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
