/**
 * A reveal cut off (a stopped worker, or no answer in time), in words: whether it was charged and how much (from
 * the balance check the background records on the job), so that asking again is a choice made knowing what the
 * first attempt cost. Part of `src/ui/words/`.
 */
import { formatCredits } from '../../api/pricing';
import type { RevealJob } from '../../store/jobs';
import { itemsInWords } from './items';

const items = (job: RevealJob) => itemsInWords(job.requested);

/**
 * What is known of a cut-off reveal's charge; `checkProblem` when the balance could not be checked. The balance
 * itself is not repeated: the screen shows it, kept current, where a figure quoted here would go stale.
 */
export function cutOffMessage(job: RevealJob, checkProblem: string | null): string {
  const stopped =
    job.status === 'failed'
      ? `No answer came back for the reveal of ${items(job)}, so its result is not known.`
      : `The extension stopped during the reveal of ${items(job)}, and its result was lost.`;
  const check = job.check;
  if (!check) {
    return checkProblem
      ? `${stopped} Your balance could not be checked (${checkProblem}), so whether it was charged is not known.`
      : `${stopped} Checking your balance to see whether it was charged…`;
  }
  if (check.unexplained !== undefined) {
    return `${stopped} Your balance fell by ${formatCredits(check.unexplained)} more than the extension's other spending explains, which is more than this reveal can cost: the key may be in use elsewhere, so whether this reveal was charged cannot be told.`;
  }
  if (check.shared) {
    const others = check.shared.calls - 1;
    return `${stopped} Your balance shows ${formatCredits(check.shared.credits)} charged for it and ${others} other ${others === 1 ? 'call' : 'calls'} that got no answer, together; which of them were charged cannot be told.`;
  }
  if (check.charged === null) {
    return `${stopped} Your balance cannot tell whether it was charged (no balance was known before it, or credits were added since).`;
  }
  if (check.charged === 0) {
    return check.final
      ? `${stopped} It was not charged.`
      : `${stopped} It has not been charged so far; the service may still be finishing it, so the balance is checked again shortly.`;
  }
  return `${stopped} It was charged ${formatCredits(check.charged)}.`;
}
