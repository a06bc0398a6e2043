/** The ledger's charges about one contact (an access request's export): read once, on the user's click. */
import { db } from '../db';
import { readEntries } from './ledger';
import type { ChargeEntry } from './ledger-entry';

/**
 * Every charge whose lookup named one of `subjects` (vault keys), oldest first. The ledger has no index by subject:
 * one read of every entry, made only when a person's export is asked for (a ledger of 50,000 entries reads in about
 * a second on these machines, TOOLCHAIN.md).
 */
export async function chargesAbout(subjects: readonly string[]): Promise<ChargeEntry[]> {
  const wanted = new Set(subjects);
  const entries = readEntries(await (await db()).getAll('ledger'));
  return entries
    .filter((entry): entry is ChargeEntry => entry.kind === 'charge' && wanted.has(entry.subject ?? ''))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}
