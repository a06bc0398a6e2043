/** Bulk reveals as stored: the current job, and the receipts of finished ones (the job's shape is `src/bulk/job.ts`). */
import * as z from 'zod/mini';
import { BulkJob } from '../bulk/job';
import { defineStored } from './item';
import { KEYS, nameOf } from './keys';
import { serialized } from './lock';
import { bulkHistoryToV2, bulkJobToV2 } from './migrations/3-item-records-unversioned';

const HISTORY_KEPT = 20;
const CURRENT = nameOf(KEYS.bulkJob);

const currentItem = defineStored({
  key: KEYS.bulkJob,
  schema: z.nullable(BulkJob),
  fallback: null,
  label: 'bulk reveal',
  // 2: the job carries no version of its own.
  version: 2,
  migrations: { 2: bulkJobToV2 },
});
const historyItem = defineStored({
  key: KEYS.bulkHistory,
  schema: z.array(BulkJob),
  fallback: [],
  label: 'bulk reveal history',
  // 2: the jobs carry no version of their own.
  version: 2,
  migrations: { 2: bulkHistoryToV2 },
});

export const bulkJobs = {
  current: (): Promise<BulkJob | null> => currentItem.get(),
  /** Writes the current job (validated), in turn with any other write of it. */
  setCurrent: (job: BulkJob | null): Promise<void> => serialized(CURRENT, () => currentItem.set(job)),
  watchCurrent: (cb: (job: BulkJob | null) => void) => currentItem.watch(cb),
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
