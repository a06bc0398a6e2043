/**
 * Keeps the library's compact index (`src/contacts-index.ts`) in step with the vault. It follows storage itself
 * rather than each writer, so every way a contact is written or erased (a reveal, a bulk reveal, retention,
 * "Delete", "Clear revealed contacts") updates the index and its first page, and a vault from before the index is
 * indexed once (an index from before the first page, or before the shards' oldest changes, gets them from its shards).
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { contactsIndex } from '../contacts-index';
import { ContactRecord, vault } from '../storage';
import { contactsIndexWriter } from './contacts-index-writer';

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
  return (async () => {
    if (await contactsIndex.built()) await contactsIndexWriter.ensureSummaries();
    else await contactsIndexWriter.rebuild(() => vault.all());
  })().catch(report);
}
