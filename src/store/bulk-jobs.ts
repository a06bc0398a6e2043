/**
 * Bulk reveals as stored: the current job, and the receipts of finished ones (the job's shape is `src/bulk/job.ts`).
 *
 * The current job is kept in two parts (store migration 5): the job without its contacts under `bulk-job`, which
 * says how many parts its contacts take (`itemParts`), and the contacts in parts of {@link ITEMS_PART} under
 * `bulk-job-items:<n>`. A run writes its progress twice a second: each write stores the job and only the
 * parts whose contacts changed since this worker's previous write, a few KB rather than the whole job (45 KB for
 * 150 contacts, 300 KB for 1,000), in one storage call, so a reader never sees the job and its contacts apart. A
 * job stored whole (its contacts in `items`, before migration 5) still reads. The reads are here, for every page;
 * the background's writes are in `bulk-jobs-write.ts`.
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { BulkJob } from '../bulk/job';
import { defineStored } from './item';
import { KEYS, nameOf, PREFIXES } from './keys';
import { bulkHistoryToV2, bulkJobToV2 } from './migrations/3-item-records-unversioned';
import { inspector } from './read';

export const CURRENT = nameOf(KEYS.bulkJob);
/** The most contacts a part of the current job holds. */
export const ITEMS_PART = 25;

/** The job as stored under `bulk-job` (checked whole, with its contacts, by {@link inspect}). */
export const currentItem = defineStored<unknown>({
  key: KEYS.bulkJob,
  schema: z.unknown(),
  fallback: null,
  label: 'bulk reveal',
  // 2: the job carries no version of its own.
  version: 2,
  migrations: { 2: bulkJobToV2 },
});
const inspect = inspector(BulkJob, 'bulk reveal');
export const historyItem = defineStored({
  key: KEYS.bulkHistory,
  schema: z.array(BulkJob),
  fallback: [],
  label: 'bulk reveal history',
  // 2: the jobs carry no version of their own.
  version: 2,
  migrations: { 2: bulkHistoryToV2 },
});

/** The keys of the parts a stored job's contacts take (none for a job stored whole). */
export function itemPartKeys(stored: unknown): string[] {
  const parts = (stored as { itemParts?: unknown } | null)?.itemParts;
  return typeof parts === 'number'
    ? Array.from({ length: parts }, (_, n) => PREFIXES.bulkJobItems.name(n))
    : [];
}

/** The job with its contacts, from the stored job and its parts (by key); checked, or set aside when unreadable. */
function assemble(stored: unknown, parts: Readonly<Record<string, unknown>>): BulkJob | null {
  if (stored === null || stored === undefined) return null;
  const keys = itemPartKeys(stored);
  let job = stored;
  if (keys.length > 0 || (stored as { itemParts?: unknown }).itemParts !== undefined) {
    const { itemParts: _parts, ...rest } = stored as Record<string, unknown>;
    job = { ...rest, items: keys.flatMap((key) => (Array.isArray(parts[key]) ? parts[key] : [null])) };
  }
  const read = inspect(job, CURRENT);
  return read.state === 'ok' ? read.value : null;
}

/** The current job, read whole: the job, then its contacts' parts. */
async function readCurrent(): Promise<BulkJob | null> {
  const stored = await currentItem.get();
  const keys = itemPartKeys(stored);
  return assemble(stored, keys.length > 0 ? await browser.storage.local.get(keys) : {});
}

/**
 * Calls back with the current job whenever it is written. A write's change carries the job and the parts it
 * changed; the other parts are those of earlier changes (read once, when first missing), so a progress write is
 * neither read back nor checked part by part beyond what changed.
 */
function watchCurrent(cb: (job: BulkJob | null) => void): () => void {
  const known: Record<string, unknown> = {};
  let latest = 0;
  const listener = async (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area !== PREFIXES.bulkJobItems.area) return;
    const keys = Object.keys(changes).filter(
      (key) => key === CURRENT || PREFIXES.bulkJobItems.idOf(key) !== null,
    );
    if (keys.length === 0) return;
    const mine = ++latest;
    for (const key of keys) known[key] = changes[key]!.newValue;
    const stored = known[CURRENT];
    const missing = itemPartKeys(stored).filter((key) => !(key in known));
    if (missing.length > 0) {
      const read = await browser.storage.local.get(missing);
      // A value a later change brought is newer than this read's.
      for (const key of missing) if (!(key in known)) known[key] = read[key];
    }
    if (mine === latest) cb(assemble(stored, known));
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}

/** What the pages read of bulk reveals; the background writes through `bulk-jobs-write.ts`. */
export const bulkJobs = {
  current: readCurrent,
  watchCurrent,
  history: (): Promise<BulkJob[]> => historyItem.get(),
  watchHistory: (cb: (jobs: BulkJob[]) => void) => historyItem.watch(cb),
};
