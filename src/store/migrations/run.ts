/**
 * The store's numbered migrations, run in order at the background's start, before anything resumes (a resumed
 * bulk reveal reads the ledger's shape). Each one reads the stored shape of the version before and writes the same
 * facts in the next; nothing a user has is reset.
 *
 * Each records having run (`store-migrations`: the numbers that ran to their end), so it runs once. The number is
 * written only after the migration's last write: a worker the browser stops mid-migration leaves it unrecorded,
 * and the next start runs it again from whatever half of it was written. So each is written to be re-run from any
 * point: it looks for its before-shape first, and what it already wrote is found and not written twice.
 *
 * Migrations of one item's value alone are that item's (`migrations` of `defineStored`, run by WXT, which keeps
 * the item's version beside it); these are the ones that read or write several keys.
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { appendEntry } from '../../ledger/append';
import { bulkJobs } from '../bulk-jobs-write';
import { defineStored } from '../item';
import { KEYS, LEGACY_KEYS, nameOf } from '../keys';
import { LedgerMeta, META_KEY, openCharges, readLedgerDays, readMeta } from '../ledger';
import { inFlightEntries, LedgerMetaV1 } from './2-ledger-open-calls';
import { metaToV3 } from './4-ledger-day-parts';
import { removeLocalBeat } from './7-worker-beat-session';

const IN_FLIGHT_V1 = nameOf(LEGACY_KEYS.bulkInFlight);
const CURRENT_JOB = nameOf(KEYS.bulkJob);

/**
 * Migration 2's storage side: version 1's bookkeeping is rewritten in version 2's shape, and a bulk reveal's own
 * list of lookups sent (`bulk-in-flight`, version 1) becomes uncertain entries on the ledger, where version 2
 * keeps every paid call written ahead. The list is removed last, so a run cut off before then finds it again: the
 * entries it had appended are open calls by then (nothing settles them before the migrations end), and are not
 * appended twice. Once the list is gone and the bookkeeping is version 2, it reads two keys and writes nothing.
 */
export async function migrateLedger(): Promise<void> {
  const stored = await browser.storage.local.get([META_KEY, IN_FLIGHT_V1]);
  if (LedgerMetaV1.safeParse(stored[META_KEY]).success) {
    await browser.storage.local.set({ [META_KEY]: await readMeta() });
  }
  if (stored[IN_FLIGHT_V1] === undefined) return;
  const job = await bulkJobs.current();
  const at = job?.finishedAt ?? new Date().toISOString();
  // Version 1 kept these lookups off the ledger: an open call of the job for the same contact is one this
  // migration appended before it was cut off.
  const appended = new Set((await openCharges()).map((call) => `${call.ref}\n${call.subject}`));
  for (const entry of inFlightEntries(stored[IN_FLIGHT_V1], job, at)) {
    if (!appended.has(`${entry.ref}\n${entry.subject}`)) await appendEntry(entry);
  }
  await browser.storage.local.remove(IN_FLIGHT_V1);
}

/**
 * Migration 4's storage side: the bookkeeping of version 2 (or 1) is written in version 3's shape, with one part to
 * each day (a version 2 day is version 3's first part, under the same key: no entry moves). Bookkeeping already of
 * version 3, or none, is left alone, so a second run writes nothing.
 */
export async function migrateLedgerParts(): Promise<void> {
  const raw = (await browser.storage.local.get(META_KEY))[META_KEY];
  if (raw === undefined || z.safeParse(LedgerMeta, raw).success) return;
  const upgraded = await metaToV3(raw, readLedgerDays);
  if (upgraded) await browser.storage.local.set({ [META_KEY]: upgraded });
}

/**
 * Migration 5: the current bulk reveal stored whole (its contacts in `items`, rewritten whole on each progress
 * write) is written as the job and its contacts' parts (`src/store/bulk-jobs.ts`), in one storage call; a job
 * already in parts, or none, is left alone, so a second run writes nothing. An unreadable job is left as it is for
 * its readers to set aside.
 */
export async function migrateBulkJobParts(): Promise<void> {
  const raw = (await browser.storage.local.get(CURRENT_JOB))[CURRENT_JOB] as { items?: unknown } | undefined;
  if (!Array.isArray(raw?.items)) return;
  const job = await bulkJobs.current();
  if (job) await bulkJobs.setCurrent(job);
}

/**
 * Every store migration run before anything resumes, by number. Number 3 (`3-item-records-unversioned.ts`) is items'
 * own steps, run by WXT with each item, not here: the next store migration is 8.
 */
export const STORE_MIGRATIONS: ReadonlyArray<readonly [number, () => Promise<void>]> = [
  [2, migrateLedger],
  [4, migrateLedgerParts],
  [5, migrateBulkJobParts],
  [7, removeLocalBeat],
];

/** The numbers of the migrations that ran to their end, in the order they did. */
const doneItem = defineStored({
  key: KEYS.storeMigrations,
  schema: z.array(z.int()),
  fallback: [],
  label: 'store migrations run',
  version: 1,
});

/** The numbers of the store migrations that have run to their end. */
export const migrationsDone = (): Promise<number[]> => doneItem.get();

/**
 * Runs each store migration not recorded as run, in order, and records each as it ends. One that fails is
 * reported, left unrecorded (the next start runs it again), and the next still runs.
 */
export async function runStoreMigrations(
  report: (error: unknown) => void,
  migrations: ReadonlyArray<readonly [number, () => Promise<void>]> = STORE_MIGRATIONS,
): Promise<void> {
  const done = new Set(await doneItem.get());
  for (const [number, migrate] of migrations) {
    if (done.has(number)) continue;
    try {
      await migrate();
      await doneItem.update((list) => (list.includes(number) ? undefined : [...list, number]));
    } catch (error) {
      report(new Error(`Store migration ${number} failed`, { cause: error }));
    }
  }
}
