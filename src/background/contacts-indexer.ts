/**
 * Keeps the library's compact index (`src/contacts-index.ts`) in step with the vault. It follows storage itself
 * rather than each writer, so every way a contact is written or erased (a reveal, a bulk reveal, retention,
 * "Delete", "Clear revealed contacts") updates the index, and a vault from before the index is indexed once.
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { contactsIndex } from '../contacts-index';
import { ContactRecord, vault } from '../storage';

const PREFIX = 'contact:';

/** Registers the storage listener (synchronously, at startup) and builds the index if it was never built. */
export function keepContactsIndexed(report: (error: unknown) => void): void {
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
    if (put.length > 0) contactsIndex.put(put).catch(report);
    if (gone.length > 0) contactsIndex.remove(gone).catch(report);
  });
  void (async () => {
    if (!(await contactsIndex.built())) await contactsIndex.rebuild(await vault.all());
  })().catch(report);
}
