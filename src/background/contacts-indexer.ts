/**
 * Keeps the library's compact index (`src/contacts-index.ts`) in step with the vault. It follows storage itself
 * rather than each writer, so every way a contact is written or erased (a reveal, a bulk reveal, retention,
 * "Delete", "Clear revealed contacts") updates the index and its first page, and a vault from before the index is
 * indexed once (an index from before the first page, or before the shards' oldest changes, gets them from its shards),
 * and so are the export packs kept beside it (`src/vault/packs.ts`), built once for a vault from before them.
 */
import { contactsIndex } from '../contacts-index';
import { vault } from '../store/vault';
import { buildPacks } from '../vault/packs-build-1';
import { contactsIndexWriter } from './contacts-index-writer';

/** How long after a start the export packs' one-time build begins: past the reads of the page that woke the worker. */
const PACKS_DELAY_MS = 5_000;

/**
 * Registers the storage listener (synchronously, at startup) and builds the index if it was never built. The
 * promise settles when that start-up work is done (retention works from the index, so it waits for it).
 */
export function keepContactsIndexed(report: (error: unknown) => void): Promise<void> {
  vault.watchChanges(({ put, gone }) => {
    contactsIndexWriter.change(put, gone).catch(report);
  });
  const started = (async () => {
    if (await contactsIndex.built()) await contactsIndexWriter.ensureSummaries();
    else await contactsIndexWriter.rebuild(() => vault.all());
  })();
  // The export packs of a vault from before them are built once, later, at a bounded cost: nothing waits for it.
  started.then(
    () => setTimeout(() => buildPacks().catch(report), PACKS_DELAY_MS),
    () => undefined,
  );
  return started.catch(report);
}
