/**
 * The dispute report: what was charged for data later flagged wrong, one row an item a charge paid for, from the
 * ledger's entries (their credits, their id, the contact they were for) and the contacts' flags. What a user takes to
 * the service's support; the usage page lists it for a period and writes it as a CSV.
 */
import type { Retrievable } from '../api/schema-parts';
import { type ChargeEntry, type LedgerEntry, partsOf } from '../ledger/entry';
import type { Flag, FlagTarget } from '../store/database/vault/vault-flags';
import type { ContactRecord } from '../store/database/vault/vault-record';
import { flagOnItem, standingFlag } from './flags';

export interface DisputeRow {
  /** When the charge was made. */
  at: string;
  /** The ledger entry's id: what the service's support can find the call by. */
  entryId: string;
  name: string | null;
  profileUrl: string | null;
  item: Retrievable;
  /** The credits the charge paid for this item. */
  credits: number;
  /** What was flagged: the item itself, or the whole contact ("Wrong person"). */
  target: FlagTarget;
  flag: Flag;
}

/** A lookup's charge the service made (its answer came, or the balance confirmed it), and whose contact is known. */
const chargedLookup = (entry: LedgerEntry): entry is ChargeEntry & { subject: string } =>
  // Stryker disable next-line ConditionalExpression: a balance has no action, so the lookup check below leaves it out too
  entry.kind === 'charge' &&
  (entry.action === 'reveal' || entry.action === 'bulk-reveal') &&
  // Stryker disable next-line ConditionalExpression: an uncertain or not-charged call has 0 credits, so `credits > 0` leaves it out too
  (entry.state === 'charged' || entry.state === 'confirmed') &&
  entry.credits > 0 &&
  entry.subject !== undefined;

/**
 * The rows for `entries` (a period's, in the order written), with the contacts their charges were for (by vault
 * key): each item a charge paid for that a standing flag makes wrong, at the credits the charge put on it. A
 * contact deleted since, or not flagged, gives no row.
 */
export function disputeRows(
  entries: readonly LedgerEntry[],
  contacts: ReadonlyMap<string, ContactRecord>,
): DisputeRow[] {
  const rows: DisputeRow[] = [];
  for (const entry of entries) {
    // Stryker disable next-line ConditionalExpression: what the check leaves out gives no row anyway (no contact, or no credits on any item)
    if (!chargedLookup(entry)) continue;
    const record = contacts.get(entry.subject);
    if (!record) continue;
    const parts = partsOf(entry);
    for (const item of new Set(entry.items)) {
      const flag = flagOnItem(record, item);
      const credits = parts[item] ?? 0;
      if (!flag || credits === 0) continue;
      const target: FlagTarget =
        // Stryker disable next-line ConditionalExpression: a flag is only ever on an email, a phone or the person, so no other item has its own
        (item === 'email' || item === 'phone') && standingFlag(record, item) ? item : 'person';
      rows.push({
        at: entry.at,
        entryId: entry.id,
        name: record.name,
        profileUrl: record.socialUrl,
        item,
        credits,
        target,
        flag,
      });
    }
  }
  return rows;
}

/** The contacts a period's charges were for (the vault keys to read for {@link disputeRows}). */
export const disputeSubjects = (entries: readonly LedgerEntry[]): string[] => [
  ...new Set(entries.filter(chargedLookup).map((entry) => entry.subject)),
];
