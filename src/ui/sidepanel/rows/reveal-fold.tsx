/**
 * A list's reveal options folded to one line that says what a row's Reveal asks and its price ("Reveal email · 3
 * credits each"), the four boxes a click away: beside a LinkedIn page the people come first.
 */
import { formatCredits, maxCostOfItems } from '../../../api/pricing';
import type { Retrievable } from '../../../api/schema-parts';
import { RevealOptions } from '../../components/reveal-options';
import { ITEM_SHORT } from '../../words/items';

export function RevealFold({
  legend,
  selection,
  onChange,
}: {
  legend: string;
  selection: readonly Retrievable[];
  onChange: (next: Retrievable[]) => void;
}) {
  const names = selection.map((item) => ITEM_SHORT[item]);
  const what =
    names.length === 0
      ? 'Choose what to reveal'
      : `Reveal ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`} · up to ${formatCredits(maxCostOfItems(selection))} each`;
  return (
    <details class="reveal-choice reveal-fold">
      <summary data-testid="reveal-fold">{what}</summary>
      <RevealOptions legend={legend} selection={selection} onChange={onChange} />
    </details>
  );
}
