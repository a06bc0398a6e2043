/**
 * Bulk reveals as stored: the current job, and the receipts of finished ones (the job's shape is `src/bulk/job.ts`).
 *
 * The current job is kept in two parts (store migration 5): the job without its contacts under `bulk-job`, which
 * says how many parts its contacts take (`itemParts`), and the contacts in parts of {@link ITEMS_PART} under
 * `bulk-job-items:<n>`. A run writes its progress several times a second: each write stores the job and only the
 * parts whose contacts changed since this worker's previous write, a few KB rather than the whole job (45 KB for
 * 150 contacts, 300 KB for 1,000), in one storage call, so a reader never sees the job and its contacts apart. A
 * job stored whole (its contacts in `items`, before migration 5) still reads.
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { BulkJob } from '../bulk/job';
import { defineStored } from './item';
import { KEYS, nameOf, PREFIXES } from './keys';
import { serialized } from './lock';
import { bulkHistoryToV2, bulkJobToV2 } from './migrations/3-item-records-unversioned';
import { inspector } from './read';

const HISTORY_KEPT = 20;
const CURRENT = nameOf(KEYS.bulkJob);
/** The most contacts a part of the current job holds. */
export const ITEMS_PART = 25;

/** The job as stored under `bulk-job` (checked whole, with its contacts, by {@link inspect}). */
const currentItem = defineStored<unknown>({
  key: KEYS.bulkJob,
  schema: z.unknown(),
  fallback: null,
  label: 'bulk reveal',
  // 2: the job carries no version of its own.
  version: 2,
  migrations: { 2: bulkJobToV2 },
});
const inspect = inspector(BulkJob, 'bulk reveal');
const historyItem = defineStored({
  key: KEYS.bulkHistory,
  schema: z.array(BulkJob),
  fallback: [],
  label: 'bulk reveal history',
  // 2: the jobs carry no version of their own.
  version: 2,
  migrations: { 2: bulkHistoryToV2 },
});

/** The keys of the parts a stored job's contacts take (none for a job stored whole). */
function partKeys(stored: unknown): string[] {
  const parts = (stored as { itemParts?: unknown } | null)?.itemParts;
  return typeof parts === 'number'
    ? Array.from({ length: parts }, (_, n) => PREFIXES.bulkJobItems.name(n))
    : [];
}

/** The job with its contacts, from the stored job and its parts (by key); checked, or set aside when unreadable. */
function assemble(stored: unknown, parts: Readonly<Record<string, unknown>>): BulkJob | null {
  if (stored === null || stored === undefined) return null;
  const keys = partKeys(stored);
  let job = stored;
  if (keys.length > 0 || (stored as { itemParts?: unknown }).itemParts !== undefined) {
    const { itemParts: _parts, ...rest } = stored as Record<string, unknown>;
    job = { ...rest, items: keys.flatMap((key) => (Array.isArray(parts[key]) ? parts[key] : [null])) };
  }
  const read = inspect(job, CURRENT);
  return read.state === 'ok' ? read.value : null;
}

/** What a writer last stored of the current job: its id, each part's contacts as written, and the parts stored. */
interface Written {
  id: string;
  parts: string[];
}

/**
 * Writes `job` as the current one: the job, and the parts of its contacts that are not as `last` says they were
 * stored (all of them without `last`, or for another job), in one storage call; parts a longer job left are removed
 * after. Resolves with what it stored.
 */
async function writeCurrent(job: BulkJob | null, last: Written | null): Promise<Written | null> {
  // Parts stored now: known from the last write, or read.
  const stored = last ? last.parts.length : partKeys(await currentItem.get()).length;
  if (job === null) {
    await browser.storage.local.remove([CURRENT, ...partKeys({ itemParts: stored })]);
    return null;
  }
  const { items, ...rest } = z.parse(BulkJob, job);
  const parts: string[] = [];
  for (let start = 0; start < items.length; start += ITEMS_PART) {
    parts.push(JSON.stringify(items.slice(start, start + ITEMS_PART)));
  }
  const before = last?.id === job.id ? last.parts : [];
  const writes: Record<string, unknown> = { [CURRENT]: { ...rest, itemParts: parts.length } };
  parts.forEach((part, n) => {
    if (before[n] !== part) writes[PREFIXES.bulkJobItems.name(n)] = JSON.parse(part);
  });
  await browser.storage.local.set(writes);
  const left = partKeys({ itemParts: stored }).slice(parts.length);
  if (left.length > 0) await browser.storage.local.remove(left);
  return { id: job.id, parts };
}

/**
 * A writer of the current job for a run, its one writer while it runs: its first write stores the job whole, each
 * later one the job and only the parts whose contacts changed since. A write that fails leaves the next storing
 * every part again.
 */
function runWriter(): (job: BulkJob) => Promise<void> {
  let last: Written | null = null;
  return (job) =>
    serialized(CURRENT, async () => {
      const before = last;
      last = null;
      last = await writeCurrent(job, before);
    });
}

/** The current job, read whole: the job, then its contacts' parts. */
async function readCurrent(): Promise<BulkJob | null> {
  const stored = await currentItem.get();
  const keys = partKeys(stored);
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
    const missing = partKeys(stored).filter((key) => !(key in known));
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

export const bulkJobs = {
  current: readCurrent,
  /** Writes the current job (validated) whole, in turn with any other write of it. */
  setCurrent: (job: BulkJob | null): Promise<void> =>
    serialized(CURRENT, async () => void (await writeCurrent(job, null))),
  runWriter,
  watchCurrent,
  history: (): Promise<BulkJob[]> => historyItem.get(),
  /** Files a finished job's receipt, newest first, keeping {@link HISTORY_KEPT}. */
  async file(job: BulkJob): Promise<void> {
    const checked = BulkJob.parse(job);
    await historyItem.update((all) =>
      [checked, ...all.filter((j) => j.id !== checked.id)].slice(0, HISTORY_KEPT),
    );
  },
  watchHistory: (cb: (jobs: BulkJob[]) => void) => historyItem.watch(cb),
};
