/**
 * Data flagged wrong: which of a contact's items a flag still covers, and the contact as exports and sends give it
 * (flagged items left out unless the user includes them). The rules the card, the library, the exports, the sends,
 * the quote and the dispute report apply alike.
 */
import type { Retrievable } from '../api/schema-parts';
import type { Flag, FlagTarget } from '../store/database/vault/vault-flags';
import type { ContactRecord } from '../store/database/vault/vault-record';

/** The items a "Wrong person" flag covers: everything the service returned for the contact. */
const PERSON_ITEMS: readonly Retrievable[] = ['email', 'phone', 'detailed_profile', 'healthcare_profile'];

/**
 * The flag on `target` when it still stands: not taken back, and (for an email or a phone) on the value the record
 * now holds, so a value revealed again after the flag is not taken for the flagged one.
 */
export function standingFlag(record: ContactRecord, target: FlagTarget): Flag | null {
  const flag = record.flags?.[target];
  if (!flag || flag.unflagged) return null;
  if (target === 'person') return flag;
  const state = record[target];
  if (!state?.found) return null;
  return flag.value === undefined || flag.value === state.value ? flag : null;
}

/** The flag that makes `item` wrong, if any: its own, or "Wrong person". */
export function flagOnItem(record: ContactRecord, item: Retrievable): Flag | null {
  // Stryker disable next-line ConditionalExpression: a flag is only ever on an email, a phone or the person, so no other item has its own
  const own = item === 'email' || item === 'phone' ? standingFlag(record, item) : null;
  if (own) return own;
  return PERSON_ITEMS.includes(item) && record[item]?.found ? standingFlag(record, 'person') : null;
}

/** The found items a standing flag makes wrong. */
export function flaggedItems(record: ContactRecord): Retrievable[] {
  return PERSON_ITEMS.filter((item) => record[item]?.found && flagOnItem(record, item));
}

/** True when any item of the contact is flagged wrong (the library's "Flagged" filter). */
export const isFlagged = (record: ContactRecord): boolean =>
  standingFlag(record, 'person') !== null || flaggedItems(record).length > 0;

/**
 * The contact as an export or a send gives it: flagged items left out (the record otherwise as held). With
 * `include`, the user chose to include them: the record as held.
 */
export function withoutFlagged(record: ContactRecord, include = false): ContactRecord {
  if (include) return record;
  const wrong = flaggedItems(record);
  if (wrong.length === 0) return record;
  const copy: ContactRecord = { ...record };
  for (const item of wrong) delete copy[item];
  return copy;
}
