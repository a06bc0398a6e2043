/**
 * Which people a bulk reveal leaves out because a single reveal of theirs got no answer and its charge is not settled
 * (`heldBackBy`, the rule a single reveal applies too): asking again for those items is the user's separate choice,
 * made on the contact after its check, never a bulk reveal's. Checked for the quote and again before each lookup.
 */
import type { Retrievable } from '../../api/schema-parts';
import { heldBackBy } from '../../domain/cut-off-guard';
import { type RevealJob, revealJobs } from '../../store/items/reveal-jobs';
import { CUT_OFF } from '../../store/work-status';
import { isCutOff } from '../heartbeat';

/** A job as it is: one stored as running whose worker is gone was cut off. */
const asItIs = (job: RevealJob): RevealJob =>
  job.status === 'running' && isCutOff(job.worker, job.startedAt) ? { ...job, status: CUT_OFF } : job;

/**
 * From one read of the reveal jobs: whether the person held under `key` has an unsettled cut-off reveal that asked
 * any of `ask`.
 */
export async function heldBackNow(): Promise<(key: string, ask: readonly Retrievable[]) => boolean> {
  const byKey = new Map<string, RevealJob[]>();
  for (const job of (await revealJobs.all()).map(asItIs)) {
    // Stryker disable next-line ArrayDeclaration: an entry that is no reveal job is neither cut off nor done, so it holds nothing back
    byKey.set(job.vaultKey, [...(byKey.get(job.vaultKey) ?? []), job]);
  }
  return (key, ask) =>
    // Stryker disable next-line ArrayDeclaration: an entry that is no reveal job is neither cut off nor done, so it holds nothing back
    heldBackBy(byKey.get(key) ?? []).some(({ items }) => items.some((item) => ask.includes(item)));
}
