/**
 * Which people of a bulk reveal are on a do-not-contact list, before its quote: this browser's list (by profile
 * address, candidate id and the email the vault holds of them) and the team's (the gateway's free `team/held` says
 * so). A listed person is skipped at once, at no cost; each lookup checks both lists again before its write-ahead
 * (`lookup-contact.ts`), so a person listed after the quote is skipped too.
 */
import type { BulkCandidate, ListedOn } from '../../bulk/quote';
import type { ContactRecord } from '../../store/database/vault/vault-record';
import { identifiersOf, localListed } from '../privacy/do-not-contact';

/**
 * The list each of `people` is on (null: none), in order; this browser's first, as a single reveal checks them.
 * `records` are the vault's records of them, `teamListed` what the gateway said of each.
 */
export async function listedOf(
  people: readonly BulkCandidate[],
  records: readonly (ContactRecord | null)[],
  teamListed: readonly boolean[],
): Promise<(ListedOn | null)[]> {
  // Read side by side: with an empty list (most users') each is one key read of the list's store.
  return Promise.all(
    people.map(async (person, i) => {
      const local = await localListed(identifiersOf(person.target, records[i] ?? null));
      return local ?? (teamListed[i] ? 'team' : null);
    }),
  );
}
