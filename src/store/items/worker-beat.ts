/** The worker heartbeat as stored: whether the worker that owns a running job is still alive is judged from it. */
import * as z from 'zod/mini';
import { defineStored } from './item';
import { KEYS } from './keys';

/**
 * The live worker's id and its last beat, written every `HEARTBEAT_MS` (`src/domain/worker.ts`) while it has paid work under way. A
 * stopped worker leaves no word behind (Chrome stops it without an event), so readers judge by the beat's age.
 *
 * Kept in `session` storage: a beat means nothing after the browser restarts (no worker of before is alive then,
 * and no beat reads as none alive), and a write there stays in memory. In `local` each beat was a write to the
 * database holding the vault, costing more as the vault grows, on the path of a search's request.
 */
export const WorkerBeat = z.object({ worker: z.string(), at: z.string() });
export type WorkerBeat = z.infer<typeof WorkerBeat>;

const beatItem = defineStored({
  key: KEYS.workerBeat,
  schema: z.nullable(WorkerBeat),
  fallback: null,
  label: 'worker heartbeat',
  version: 1,
});

export const workerBeat = {
  get: (): Promise<WorkerBeat | null> => beatItem.get(),
  set: (value: WorkerBeat): Promise<void> => beatItem.set(value),
  watch: (cb: (value: WorkerBeat | null) => void) => beatItem.watch(cb),
};
