/**
 * The side panel's own words (part of `src/ui/words/`): short, each thing said once, the action on its button.
 */
import type { Retrievable } from '../../api/schema-parts';
import { ITEM_SHORT, itemNotFound, NOT_FOUND } from './items';

export const PANEL_WORDS = {
  /** The filters' one-line hint. */
  filterHint: 'Press Enter to add each value.',
  filterHintMore: 'Quotes for an exact match, a minus to leave out.',
  addAFilter: 'Add at least one filter value.',
  /** The view switch. */
  thisPage: 'This page',
  search: 'Search',
  /** The profile view. */
  notRevealed: 'Not revealed yet',
  noEmail: itemNotFound(ITEM_SHORT.email),
  noPhone: itemNotFound(ITEM_SHORT.phone),
  unknownProfile: NOT_FOUND,
  onlyFoundCharged: 'Only what is found is charged.',
  /** Receipts: how many contacts ended each way. */
  allFound: 'All found',
  someFound: 'Some found',
  /** The keyboard overlay. */
  shortcutsTitle: 'Keyboard shortcuts',
  shortcutsNote: 'Shortcuts work when the cursor is not in a text box.',
} as const;

/** "Reveal email and phone · up to 9 credits" for the selection; "Add phone · 6 credits" for one item. */
export function revealLabel(items: readonly Retrievable[], most: string): string {
  const names = items.map((item) => ITEM_SHORT[item]);
  const list = names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `Reveal ${list} · up to ${most}`;
}

export const addLabel = (item: Retrievable, cost: string) => `Add ${ITEM_SHORT[item]} · ${cost}`;

/** The panel's shortcuts, as the overlay lists them. */
export const SHORTCUTS: ReadonlyArray<readonly [string, string]> = [
  ['r', 'Reveal (the profile, or the row in focus)'],
  ['e', 'Copy the email'],
  ['p', 'Copy the phone'],
  ['j or ↓', 'Next row'],
  ['k or ↑', 'Previous row'],
  ['Enter', 'Open the row’s profile'],
  ['s', 'Search'],
  ['t', 'This page'],
  ['?', 'Show these shortcuts'],
];
