/**
 * The bulk send: many revealed contacts sent to one destination, one after another, as one stored job the pages
 * render (in the database's jobs, `job-records.ts`). Each contact's own send record (`sent.ts`) is written before its
 * request, so a worker stopped mid-send resumes without a duplicate; this job says where the run is and how each
 * contact ended.
 */
import * as z from 'zod/mini';
import { readCurrent, watchJobs } from './job-records';
import { SENT_STATUSES } from './sent';

/** The most contacts one bulk send takes (a whole library page of filters, well within a vendor's daily limits). */
export const BULK_SEND_MAX = 2_000;

export const BulkSendItem = z.object({
  key: z.string(),
  name: z.string(),
  /** How the send ended; absent while to do. */
  status: z.optional(z.enum(SENT_STATUSES)),
  /** Why it failed, in the destination's own words. */
  reason: z.optional(z.string()),
});
export type BulkSendItem = z.infer<typeof BulkSendItem>;

export const BulkSendJob = z.object({
  id: z.string(),
  destinationId: z.string(),
  label: z.string(),
  state: z.enum(['running', 'paused', 'cancelled', 'done']),
  items: z.array(BulkSendItem),
  startedAt: z.string(),
  updatedAt: z.string(),
  /** The destination asked to slow down: nothing is sent before this moment. */
  waitUntil: z.optional(z.string()),
});
export type BulkSendJob = z.infer<typeof BulkSendJob>;

export const BULK_SEND = 'bulk-send';

/** The bulk send shown, as the pages read it; the background writes it through `bulk-send-write.ts`. */
export const bulkSend = {
  get: (): Promise<BulkSendJob | null> => readCurrent(BULK_SEND, BulkSendJob),
  watch: (cb: (job: BulkSendJob | null) => void) => watchJobs(bulkSend.get, cb),
};

/** Created (or delivered), already there and linked (or updated), failed, and still to do. */
export function bulkSendSummary(job: BulkSendJob) {
  const count = (test: (item: BulkSendItem) => boolean) => job.items.filter(test).length;
  return {
    created: count((item) => item.status === 'created' || item.status === 'delivered'),
    linked: count(
      (item) => item.status === 'linked' || item.status === 'already-there' || item.status === 'updated',
    ),
    failed: count((item) => item.reason !== undefined),
    left: count((item) => item.status === undefined && item.reason === undefined),
  };
}
