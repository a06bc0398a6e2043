/** Bulk reveals as stored: the current job, and the receipts of finished ones (the job's shape is `src/bulk/job.ts`). */
import * as z from 'zod/mini';
import { BulkJob } from '../bulk/job';
import { defineStored } from './item';
import { KEYS, nameOf } from './keys';
import { serialized } from './lock';

const HISTORY_KEPT = 20;
const CURRENT = nameOf(KEYS.bulkJob);

const currentItem = defineStored({
  key: KEYS.bulkJob,
  schema: z.nullable(BulkJob),
  fallback: null,
  label: 'bulk reveal',
  version: 1,
});
const historyItem = defineStored({
  key: KEYS.bulkHistory,
  schema: z.array(BulkJob),
  fallback: [],
  label: 'bulk reveal history',
  version: 1,
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
