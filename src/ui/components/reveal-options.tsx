import { formatCredits } from '../../api/pricing';
import type { Retrievable } from '../../api/schema-parts';
import type { ContactRecord } from '../../store/database/vault/vault-record';
import type { TeamHeldItems } from '../helpers/team-held';
import { ITEM_LABEL, ITEM_PRICE, ITEMS } from '../items';
import { TEAM_HELD_FREE, TEAM_MISSING_FREE } from '../words/team-held';

/**
 * The four reveal checkboxes, each with its price; items the vault holds or knows missing say so and cost nothing,
 * and so do items a team gateway says the team holds (`teamHeld`).
 */
export function RevealOptions({
  selection,
  onChange,
  record,
  teamHeld,
  legend = 'Reveal',
}: {
  selection: readonly Retrievable[];
  onChange: (next: Retrievable[]) => void;
  record?: ContactRecord | null;
  teamHeld?: TeamHeldItems;
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
        const team = teamHeld?.[item];
        const price = state
          ? state.found
            ? 'revealed'
            : 'not found'
          : team
            ? team.found
              ? TEAM_HELD_FREE
              : TEAM_MISSING_FREE
            : formatCredits(ITEM_PRICE[item]);
        return (
          <label key={item}>
            <input
              type="checkbox"
              checked={selection.includes(item)}
              onChange={(e) => toggle(item, e.currentTarget.checked)}
            />{' '}
            {ITEM_LABEL[item]}{' '}
            <span class="price" data-item={item}>
              {price}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
