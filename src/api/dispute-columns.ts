/**
 * The dispute report's columns and its words for a flag, in one place: the extension's usage page writes its CSV
 * with them and the team gateway's `report flagged` writes the team's, so a support desk reads both alike.
 */

/** The CSV's header, in order. */
export const DISPUTE_COLUMNS = [
  'Date',
  'Person',
  'Profile URL',
  'Item',
  'Credits',
  'Ledger entry',
  'Flag',
  'Flagged by',
  'Flagged on',
] as const;

/** What was flagged, in words: "Wrong email". */
export const FLAG_CHOICE_WORDS = {
  email: 'Wrong email',
  phone: 'Wrong phone',
  person: 'Wrong person',
} as const;

/** The items as the report names them (the extension's item names: `src/ui/words/items.ts`, kept equal by a test). */
export const DISPUTE_ITEM_WORDS = {
  email: 'Personal email',
  phone: 'Mobile phone',
  detailed_profile: 'Detailed profile',
  healthcare_profile: 'Healthcare data',
} as const;
