/**
 * A person of a side panel list (search results, a find's people) as its row prices them: what the vault holds of
 * them, and the reveal of the chosen items priced with what the team holds (`rowOffer`).
 */
import type { StoredProfile } from '../../store/search';
import type { ContactRecord } from '../../store/vault-record';
import { type RowOffer, rowOffer, teamHeldFor } from '../team-held-rows';
import type { RowsModel } from './model';
import { rowTarget } from './vault-model';

/** The person's record in the vault (null: nothing held) and their reveal's offer. */
export function profileOffer(
  m: Pick<RowsModel, 'vault' | 'selection'>,
  profile: StoredProfile,
): RowOffer & { record: ContactRecord | null } {
  const record = m.vault.recordFor(profile);
  // On a team gateway, items the team holds are free (asked for the whole list when it was shown).
  return { record, ...rowOffer(record, m.selection.value, teamHeldFor(rowTarget(profile))) };
}
