/**
 * The ledger's stored-data upgrade at the background's start, before a bulk reveal resumes: version 1's bookkeeping
 * is rewritten in version 2's shape, and a bulk reveal's own list of lookups sent (`bulk-in-flight`, version 1)
 * becomes uncertain entries on the ledger, where version 2 keeps every paid call written ahead. Idempotent: once the
 * list is gone and the bookkeeping is version 2, it reads two keys and writes nothing.
 */
import { browser } from 'wxt/browser';
import { bulkJobs } from '../bulk/job';
import { appendEntry } from '../ledger/append';
import { inFlightEntries, LedgerMetaV1 } from '../ledger/migrate';
import { META_KEY, readMeta } from '../ledger/store';

const IN_FLIGHT_V1 = 'bulk-in-flight';

export async function migrateLedger(): Promise<void> {
  const stored = await browser.storage.local.get([META_KEY, IN_FLIGHT_V1]);
  if (LedgerMetaV1.safeParse(stored[META_KEY]).success) {
    await browser.storage.local.set({ [META_KEY]: await readMeta() });
  }
  if (stored[IN_FLIGHT_V1] === undefined) return;
  const job = await bulkJobs.current();
  const at = job?.finishedAt ?? new Date().toISOString();
  for (const entry of inFlightEntries(stored[IN_FLIGHT_V1], job, at)) await appendEntry(entry);
  await browser.storage.local.remove(IN_FLIGHT_V1);
}
