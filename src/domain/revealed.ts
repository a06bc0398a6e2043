/** Whether a contact counts as revealed: the toolbar badge, the page's people and the side panel agree on it. */
import type { ContactRecord } from '../store/database/vault/vault-record';

/** True when the vault holds at least one found item for the contact. */
export function isRevealed(record: ContactRecord | null): boolean {
  if (!record) return false;
  return [record.email, record.phone, record.detailed_profile, record.healthcare_profile].some(
    (item) => item?.found,
  );
}
