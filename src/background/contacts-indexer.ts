/**
 * Keeps the library's compact index (`src/contacts-index.ts`) in step with the vault. It follows storage itself
 * rather than each writer, so every way a contact is written or erased (a reveal, a bulk reveal, retention,
 * "Delete", "Clear revealed contacts") updates the index and its first page, and a vault from before the index is
 * indexed once (an index from before the first page, or before the shards' oldest changes, gets them from its shards).
 */
import { contactsIndex } from '../contacts-index';
import { vault } from '../store/vault';
import { contactsIndexWriter } from './contacts-index-writer';

/**
 * Registers the storage listener (synchronously, at startup) and builds the index if it was never built. The
 * promise settles when that start-up work is done (retention works from the index, so it waits for it).
 */
export function keepContactsIndexed(report: (error: unknown) => void): Promise<void> {
  vault.watchChanges(({ put, gone }) => {
    contactsIndexWriter.change(put, gone).catch(report);
  });
  return (async () => {
    if (await contactsIndex.built()) await contactsIndexWriter.ensureSummaries();
    else await contactsIndexWriter.rebuild(() => vault.all());
  })().catch(report);
}
