/**
 * Bulk reveals as stored (the job's shape is `src/bulk/job.ts`): the job the pages show, and the receipts of finished
 * ones, in the database's jobs (`job-records.ts`). The reads are here, for every page; the background's writes are
 * in `bulk-jobs-write.ts`.
 */
import { BulkJob } from './bulk-job';
import { readCurrent, readFiled, watchJobs } from './job-records';

const current = (): Promise<BulkJob | null> => readCurrent('bulk-reveal', BulkJob);
const history = (): Promise<BulkJob[]> => readFiled('bulk-reveal', BulkJob);

/** What the pages read of bulk reveals; the background writes through `bulk-jobs-write.ts`. */
export const bulkJobs = {
  current,
  watchCurrent: (cb: (job: BulkJob | null) => void) => watchJobs(current, cb),
  history,
  watchHistory: (cb: (jobs: BulkJob[]) => void) => watchJobs(history, cb),
};
