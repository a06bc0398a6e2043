/**
 * The store's numbered migrations, run in order at the background's start, before anything resumes (a resumed
 * bulk reveal reads the ledger's shape). Each one reads the stored shape of the version before and writes the same
 * facts in the next; nothing a user has is reset. Each is idempotent (it looks for its before-shape first, and
 * finds none once done), so they run at every start rather than keep a version of their own.
 *
 * Migrations of one item's value alone are that item's (`migrations` of `defineStored`, run by WXT); these are
 * the ones that read or write several keys.
 */
import { browser } from 'wxt/browser';
import { appendEntry } from '../../ledger/append';
import { bulkJobs } from '../bulk-jobs';
import { LEGACY_KEYS, nameOf } from '../keys';
import { META_KEY, readMeta } from '../ledger';
import { moveVaultIdIndex } from './1-vault-id-keys';
import { inFlightEntries, LedgerMetaV1 } from './2-ledger-open-calls';

const IN_FLIGHT_V1 = nameOf(LEGACY_KEYS.bulkInFlight);

/**
 * Migration 2's storage side: version 1's bookkeeping is rewritten in version 2's shape, and a bulk reveal's own
 * list of lookups sent (`bulk-in-flight`, version 1) becomes uncertain entries on the ledger, where version 2
 * keeps every paid call written ahead. Once the list is gone and the bookkeeping is version 2, it reads two keys
 * and writes nothing.
 */
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

/** Every store migration, by number. */
export const STORE_MIGRATIONS: ReadonlyArray<readonly [number, () => Promise<void>]> = [
  [1, moveVaultIdIndex],
  [2, migrateLedger],
];

/** Runs every store migration in order; one that fails is reported and the next still runs. */
export async function runStoreMigrations(report: (error: unknown) => void): Promise<void> {
  for (const [number, migrate] of STORE_MIGRATIONS) {
    await migrate().catch((error) => report(new Error(`Store migration ${number} failed`, { cause: error })));
  }
}
