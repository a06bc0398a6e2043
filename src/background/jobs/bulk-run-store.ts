/**
 * What a bulk reveal's run writes of its job, and when: the job and the contacts that changed twice a second
 * (progress for the panel and the badge) and at once at every pause, wait and end, one write at a time.
 */
import type { BulkJob } from '../../bulk/job';
import { bulkJobs } from '../../store/database/bulk-jobs-write';
import { showBulkBadge } from './bulk-badge';

/**
 * Coalesces writes: a write asked for while one is under way is done once, after it, with the latest state. The
 * returned promise never rejects (a failed write is reported; the next one carries the same state).
 */
function coalesced(write: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const launch = () => {
    const current = write()
      .catch((error: unknown) => console.warn('Could not store the bulk reveal', error))
      .finally(() => {
        if (running === current) running = null;
      });
    running = current;
    return current;
  };
  return () => {
    if (next) return next;
    if (!running) return launch();
    next = running.then(() => {
      next = null;
      return launch();
    });
    return next;
  };
}

/**
 * How often the job is written while it runs (progress for the panel and the badge): twice a second. Each write is
 * one transaction over the job and the contacts that changed, in stores no lookup's write-ahead spans, so it is
 * never in a lookup's way; the pages then read the job again. The vault and the ledger, not the job, say what a
 * restart resumes from.
 */
const PROGRESS_EVERY_MS = 500;

/**
 * What a run writes, and when: the job, twice a second and at every pause, stop and end (its first write
 * whole, then the contacts that changed). What went out is on the ledger, written ahead of each
 * request (lookups that get ready together share one write), so a restart knows exactly what may have been charged. The vault, not the job, is what protects against paying twice: a
 * contact the job shows as queued after a restart is looked up against the vault again, and asks for nothing it
 * already holds.
 */
export function createRunStore(job: BulkJob) {
  // Each progress write stores the job and the contacts that changed since the run's last.
  const write = bulkJobs.runWriter();
  const writeJob = coalesced(async () => {
    await write(job);
    void showBulkBadge(job).catch(() => undefined);
  });
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    /** The contact's outcome is in memory (and its paid data in the vault); the job catches up shortly. */
    answered(): void {
      this.progress();
    },
    /** Writes the job soon (throttled). */
    progress(): void {
      timer ??= setTimeout(() => {
        timer = null;
        void writeJob();
      }, PROGRESS_EVERY_MS);
    },
    /** Writes the job now (pause, wait, end). */
    now(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = null;
      return writeJob();
    },
  };
}
export type RunStore = ReturnType<typeof createRunStore>;
