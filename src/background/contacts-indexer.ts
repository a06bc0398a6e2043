/**
 * Keeps the library's compact index (`src/contacts-index.ts`) in step with the vault. It follows storage itself
 * rather than each writer, so every way a contact is written or erased (a reveal, a bulk reveal, retention,
 * "Delete", "Clear revealed contacts") updates the index and its first page, and a vault from before the index is
 * indexed once (an index from before the first page, or before the shards' oldest changes, gets them from its shards),
 * and so are the export packs kept beside it (`src/vault/packs.ts`), built once for a vault from before them.
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { contactsIndex } from '../contacts-index';
import { ContactRecord, vault } from '../storage';
import { buildPacks } from '../vault/packs-build-1';
import { contactsIndexWriter } from './contacts-index-writer';

/** How long after a start the export packs' one-time build begins: past the reads of the page that woke the worker. */
const PACKS_DELAY_MS = 5_000;

const PREFIX = 'contact:';

/**
 * Registers the storage listener (synchronously, at startup) and builds the index if it was never built. The
 * promise settles when that start-up work is done (retention works from the index, so it waits for it).
 */
export function keepContactsIndexed(report: (error: unknown) => void): Promise<void> {
  browser.storage.onChanged.addListener((changes, area) => {
    if (area !== 'local') return;
    const put: ContactRecord[] = [];
    const gone: string[] = [];
    for (const [key, change] of Object.entries(changes)) {
      if (!key.startsWith(PREFIX)) continue;
      const parsed = change.newValue === undefined ? null : z.safeParse(ContactRecord, change.newValue);
      if (parsed?.success) put.push(parsed.data);
      else gone.push(key.slice(PREFIX.length));
    }
    if (put.length > 0 || gone.length > 0) contactsIndexWriter.change(put, gone).catch(report);
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
