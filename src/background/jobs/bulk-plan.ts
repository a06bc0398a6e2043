/**
 * A bulk reveal's plan when the user confirms it, priced again from what is held now as the panel priced it: the
 * vault's records, what a team gateway holds (free), who is on a do-not-contact list and whose single reveal got no
 * answer and is not settled (both left out of the quote and skipped).
 */
import type { Retrievable } from '../../api/schema-parts';
import { type BulkCandidate, type PlannedBulk, planBulk } from '../../bulk/quote';
import { findContacts } from '../../store/database/vault/vault';
import { vaultKeyFor } from '../../store/database/vault/vault-record';
import { teamHeldOf } from '../team/team';
import { heldBackNow } from './bulk-cut-off';
import { listedOf } from './bulk-listed';

/** The plan of `people` (merged, canonical) for `selection`. */
export async function planStart(
  people: readonly BulkCandidate[],
  selection: readonly Retrievable[],
): Promise<PlannedBulk> {
  // Two storage reads for the whole selection, rather than one or more per contact.
  const found = await findContacts(people.map((person) => person.target));
  const records = new Map(people.map((person, i) => [person, found[i] ?? null]));
  // On a team gateway, what the team holds is free in this quote as in the one the user confirmed (asked free).
  const team = await teamHeldOf(people.map((person) => person.target));
  // A person on a do-not-contact list is skipped at once and left out of the quote, as the panel's quote left them.
  const listed = await listedOf(
    people,
    people.map((person) => records.get(person) ?? null),
    team.map((held) => held.doNotContact === true),
  );
  const at = new Map(people.map((person, i) => [person, i]));
  const heldBack = await heldBackNow();
  return planBulk(
    people,
    selection,
    (person) => records.get(person) ?? null,
    (person) => team[at.get(person)!] ?? {},
    (person) => listed[at.get(person)!] ?? null,
    // A single reveal of theirs got no answer, not settled: left out, as the panel's quote left them out.
    (person, ask) => heldBack(records.get(person)?.key ?? vaultKeyFor(person.target), ask),
  );
}
