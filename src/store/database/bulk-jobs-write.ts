/**
 * Writing bulk reveals (the background alone): the job shown, whole or, for a run's progress, with only the contacts
 * that changed, and the receipts of finished ones. Apart from the reads, so the pages do not load it.
 */
import * as z from 'zod/mini';
import { BulkJob } from './bulk-job';
import { bulkJobs as reads } from './bulk-jobs';
import { clearCurrent, pruneFiled, writeJob } from './job-records-write';

const KIND = 'bulk-reveal';
const HISTORY_KEPT = 20;

/**
 * A writer of the job shown for a run, its one writer while it runs: its first write stores the job whole, each
 * later one the job and only the contacts that changed since. A write that fails leaves the next storing every
 * contact again.
 */
function runWriter(): (job: BulkJob) => Promise<void> {
  let last: { id: string; items: string[] } | null = null;
  return async (job) => {
    const items = job.items.map((item) => JSON.stringify(item));
    const before = last?.id === job.id && last.items.length === items.length ? last.items : null;
    last = null;
    const changed = before ? items.flatMap((item, n) => (item === before[n] ? [] : [n])) : undefined;
    await writeJob(KIND, z.parse(BulkJob, job), { current: true, ...(changed ? { changed } : {}) });
    last = { id: job.id, items };
  };
}

/** Bulk reveals, read and written. */
export const bulkJobs = {
  ...reads,
  /** Shows `job` (validated, whole), or no job. */
  setCurrent: (job: BulkJob | null): Promise<void> =>
    job === null ? clearCurrent(KIND) : writeJob(KIND, z.parse(BulkJob, job), { current: true }),
  runWriter,
  /** Files a finished job's receipt, newest first, keeping {@link HISTORY_KEPT}. */
  async file(job: BulkJob): Promise<void> {
    await writeJob(KIND, z.parse(BulkJob, job), { file: true });
    await pruneFiled(KIND, HISTORY_KEPT, BulkJob);
  },
};
