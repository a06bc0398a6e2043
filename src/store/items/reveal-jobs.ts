/** Single reveals as stored: paid calls the background owns, written before the request and after the response. */
import * as z from 'zod/mini';
import { ApiErrorJSON } from '../../api/errors';
import { CUT_OFF, WorkStatus } from '../work-status';
import { defineStored } from './item';
import { KEYS } from './keys';
import { Selection } from './settings';

export const RevealJob = z.object({
  id: z.string(),
  kind: z.literal('reveal'),
  vaultKey: z.string(),
  target: z.object({ socialUrl: z.nullable(z.string()), candidateId: z.nullable(z.string()) }),
  /** Items asked of the service. */
  requested: Selection,
  /** Items the user chose that the vault already held: not asked for, not paid for. */
  held: Selection,
  status: WorkStatus,
  /** The worker that runs it (see `src/domain/worker.ts`). */
  worker: z.optional(z.string()),
  /**
   * After it was cut off: the balance checked (free), what the cut-off call was charged as the ledger settled it
   * (null: cannot tell), and whether that is final (not while the service may still be finishing the call: "not
   * charged" may change). `unexplained`: the balance fell by more than this call can cost and the extension's other
   * calls explain, so the key was used elsewhere too. `shared`: it was settled with other calls that got no answer,
   * `credits` in all over `calls` calls, and which of them were charged cannot be told. `team`: checked through a
   * team gateway, whose balance is the team's (teammates spend from it too), so it cannot tell: the call may have
   * cost up to `most`. Optional: checks stored before it read as they did.
   */
  check: z.optional(
    z.object({
      remaining: z.int(),
      charged: z.nullable(z.int()),
      final: z.boolean(),
      at: z.string(),
      unexplained: z.optional(z.int()),
      shared: z.optional(z.object({ calls: z.int(), credits: z.int() })),
      team: z.optional(z.object({ most: z.int() })),
    }),
  ),
  startedAt: z.string(),
  finishedAt: z.optional(z.string()),
  /** Credits the service charged (`credits.used`). */
  charged: z.optional(z.int()),
  billingNote: z.optional(z.string()),
  retrieved: z.optional(Selection),
  error: z.optional(ApiErrorJSON),
});
export type RevealJob = z.infer<typeof RevealJob>;

/**
 * A reveal whose outcome is not known, so it may have been charged: its worker stopped during it, or the call
 * failed with no readable answer (a timeout, a dropped connection). Asking again is a separate choice made after
 * its charge is checked.
 */
export const outcomeUnknown = (job: RevealJob | null): boolean =>
  job !== null && (job.status === CUT_OFF || (job.status === 'failed' && job.error?.outcomeUnknown === true));

const JOBS_KEPT = 50;
const jobsItem = defineStored({
  key: KEYS.revealJobs,
  schema: z.array(RevealJob),
  fallback: [],
  label: 'jobs',
  version: 1,
});

export const revealJobs = {
  all: (): Promise<RevealJob[]> => jobsItem.get(),
  /**
   * Inserts a job first, or replaces it where it stands (an older job updated later must not pass for the newest),
   * keeping the newest {@link JOBS_KEPT}.
   */
  async put(job: RevealJob): Promise<void> {
    const checked = RevealJob.parse(job);
    await jobsItem.update((all) => {
      const at = all.findIndex((j) => j.id === checked.id);
      const next = at === -1 ? [checked, ...all] : all.with(at, checked);
      return next.slice(0, JOBS_KEPT);
    });
  },
  /**
   * Read-modify-write of one job, serialised with every other write to the list (two writers updating the same job
   * from their own earlier reads would lose one update). `change` returns null to leave it as it is.
   */
  async update(id: string, change: (job: RevealJob) => RevealJob | null): Promise<RevealJob | null> {
    let result: RevealJob | null = null;
    await jobsItem.update((all) => {
      const at = all.findIndex((j) => j.id === id);
      if (at === -1) return undefined;
      const next = change(all[at]!);
      result = next ?? all[at]!;
      return next === null ? undefined : all.with(at, RevealJob.parse(next));
    });
    return result;
  },
  /** The newest job for a vault key. */
  async latestFor(vaultKey: string): Promise<RevealJob | null> {
    return (await revealJobs.all()).find((job) => job.vaultKey === vaultKey) ?? null;
  },
  watch: (cb: (value: RevealJob[]) => void) => jobsItem.watch(cb),
};
