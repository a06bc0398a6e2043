/**
 * A reveal whose outcome is unknown gets its charge checked (a free balance call): at once when it is first shown,
 * then every few seconds while the answer is "not charged so far" (the service may still be finishing the call).
 * Shared by the popup, the side panel's rows and its contact view.
 */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { describeError } from '../../api/errors';
import { serviceOutOfReach } from '../../domain/outage';
import type { RevealJob } from '../../store/items/reveal-jobs';
import { call } from '../rpc';
import { SERVICE_DOWN } from '../words/service';

/** How often a "not charged so far" is checked again. */
export const RECHECK_MS = 3000;

/**
 * Checks `job`'s charge now (never checked) or after {@link RECHECK_MS} (checked, not final); the background records
 * the answer on the job, which the caller watches. `onProblem` hears why the balance could not be checked (null
 * when a check starts; {@link SERVICE_DOWN} when the service could not be reached). Returns what cancels a pending
 * re-check.
 */
export function followCutOffCheck(job: RevealJob, onProblem: (problem: string | null) => void): () => void {
  if (job.check?.final) return () => undefined;
  const check = () => {
    onProblem(null);
    void call('checkCutOffReveal', { jobId: job.id }).then((result) => {
      if (!result.ok)
        onProblem(serviceOutOfReach(result.error) ? SERVICE_DOWN : describeError(result.error).detail);
    });
  };
  if (!job.check) {
    check();
    return () => undefined;
  }
  const timer = setTimeout(check, RECHECK_MS);
  return () => clearTimeout(timer);
}

/**
 * Follows `job`'s charge check while it is shown (a component's hook); returns why the balance could not be checked.
 * `answers` counts the balance checks the service has answered: one that could not be checked is checked again then.
 */
export function useCutOffCheck(job: RevealJob | null, answers = 0): string | null {
  const problem = useSignal<string | null>(null);
  useEffect(
    () =>
      job
        ? followCutOffCheck(job, (next) => {
            problem.value = next;
          })
        : undefined,
    [job?.id, job?.check?.at, problem.peek() === null ? 0 : answers],
  );
  return problem.value;
}
