/**
 * Writing bulk reveals (the background alone): the current job, whole or, for a run's progress, the job and the
 * parts of its contacts that changed (see `bulk-jobs.ts` for the stored shape), and the receipts of finished ones.
 * Apart from the reads, so the pages do not load it.
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { BulkJob } from '../bulk/job';
import { CURRENT, currentItem, historyItem, ITEMS_PART, itemPartKeys, bulkJobs as reads } from './bulk-jobs';
import { PREFIXES } from './keys';
import { serialized } from './lock';

const HISTORY_KEPT = 20;

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
  const stored = last ? last.parts.length : itemPartKeys(await currentItem.get()).length;
  if (job === null) {
    await browser.storage.local.remove([CURRENT, ...itemPartKeys({ itemParts: stored })]);
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
  const left = itemPartKeys({ itemParts: stored }).slice(parts.length);
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

/** Bulk reveals, read and written. */
export const bulkJobs = {
  ...reads,
  /** Writes the current job (validated) whole, in turn with any other write of it. */
  setCurrent: (job: BulkJob | null): Promise<void> =>
    serialized(CURRENT, async () => void (await writeCurrent(job, null))),
  runWriter,
  /** Files a finished job's receipt, newest first, keeping {@link HISTORY_KEPT}. */
  async file(job: BulkJob): Promise<void> {
    const checked = BulkJob.parse(job);
    await historyItem.update((all) =>
      [checked, ...all.filter((j) => j.id !== checked.id)].slice(0, HISTORY_KEPT),
    );
  },
};
