/** Writing the bulk send (the background alone): apart from the reads, so the pages do not load it. */
import * as z from 'zod/mini';
import { BULK_SEND, BulkSendJob, bulkSend as reads } from './bulk-send';
import { clearCurrent, updateCurrent, writeJob } from './job-records-write';

/** The bulk send shown, read and written. */
export const bulkSend = {
  ...reads,
  /** Shows `job` (whole), or no job. */
  set: (job: BulkSendJob | null): Promise<void> =>
    job === null
      ? clearCurrent(BULK_SEND)
      : writeJob(BULK_SEND, z.parse(BulkSendJob, job), { current: true }),
  /**
   * Read-modify-write of the job shown, in one transaction (`change` returns undefined to leave it, and keeps the
   * objects of the contacts it leaves as they were, so only those it replaced are written). Resolves to the job now.
   */
  update: (change: (job: BulkSendJob | null) => BulkSendJob | undefined): Promise<BulkSendJob | null> =>
    updateCurrent(BULK_SEND, BulkSendJob, change),
};
