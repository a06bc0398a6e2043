/**
 * When the service is out of reach, and when a reveal cut off by it is settled: the rules the popup, the side panel
 * and the background apply alike.
 */
import type { ApiErrorJSON } from '../api/errors';
import type { RevealJob } from '../store/items/reveal-jobs';

/**
 * Failures that say the service cannot be reached (no connection, or no answer in time, after the retries). One
 * that answers with an error (a 500) is reached: it says so itself, and what it refused is said with it.
 */
const OUT_OF_REACH: ReadonlySet<ApiErrorJSON['kind']> = new Set(['network', 'timeout']);

/** True when `error` says the service cannot be reached right now, rather than that it refused what was asked. */
export function serviceOutOfReach(error: Pick<ApiErrorJSON, 'kind'> | null | undefined): boolean {
  return error !== null && error !== undefined && OUT_OF_REACH.has(error.kind);
}

/**
 * True when a cut-off reveal's charge is known for good ("not charged", or "charged N"): it is then said once, and
 * the contact is revealed like any other. One whose charge cannot be told stays a separate, priced choice.
 */
export function cutOffSettled(job: Pick<RevealJob, 'check'> | null): boolean {
  return job?.check?.final === true && job.check.charged !== null;
}
