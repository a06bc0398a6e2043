/**
 * A reveal cut off (a stopped worker, or no answer in time), in words: two short lines, what happened and whether
 * it was charged (from the balance check the background records on the job), so that asking again, the button
 * under them, is a choice made knowing what the first attempt cost. Part of `src/ui/words/`.
 */
import { formatCredits } from '../../api/pricing';
import { countOf, formatNumber } from '../../format/numbers';
import type { RevealJob } from '../../store/items/reveal-jobs';
import { TEAM_BALANCE_CANNOT_TELL } from './bulk-lost';
import { itemsInWords } from './items';
import { SERVICE_DOWN } from './service';

/**
 * What is known of a cut-off reveal: a title, and its charge in one sentence; `checkProblem` when the balance
 * could not be checked (its cause is not repeated: the sentence says what matters, that the charge is not known).
 * The balance itself is not quoted: the screen shows it, kept current, where a figure quoted here would go stale.
 * `againCost`: the most asking again for what is still not held would cost (the screen knows what is held); given,
 * a charge whose items are still not held is said as an answer lost, with that price.
 */
export function cutOffMessage(
  job: RevealJob,
  checkProblem: string | null,
  againCost?: number,
): { title: string; charge: string } {
  const title = job.status === 'failed' ? 'The last reveal got no answer' : 'The last reveal was cut off';
  const reveal = `the reveal of ${itemsInWords(job.requested)}`;
  const Reveal = `The reveal of ${itemsInWords(job.requested)}`;
  const check = job.check;
  const charge = (() => {
    if (!check) {
      // The service is out of reach: nothing says it was charged, and the notice beside it says how it goes on.
      if (checkProblem === SERVICE_DOWN)
        return `Nothing is known to be charged for ${reveal}: it is checked as soon as the service answers.`;
      return checkProblem
        ? `Whether ${reveal} was charged is not known: your balance could not be checked.`
        : `Checking whether ${reveal} was charged…`;
    }
    if (check.team) {
      return `${Reveal} may have been charged, up to ${formatCredits(check.team.most)}. ${TEAM_BALANCE_CANNOT_TELL}`;
    }
    if (check.unexplained !== undefined) {
      return `Whether ${reveal} was charged cannot be told: your balance fell ${formatCredits(check.unexplained)} more than this extension spent, so the key may be in use elsewhere.`;
    }
    if (check.shared) {
      const others = check.shared.calls - 1;
      return `${formatCredits(check.shared.credits)} were charged for ${reveal} and ${countOf(others, 'other unanswered call')} together.`;
    }
    if (check.charged === null) {
      return `Whether ${reveal} was charged cannot be told: no balance was known before it, or credits were added since.`;
    }
    if (check.charged === 0) {
      return check.final
        ? `${Reveal} was not charged.`
        : `${Reveal} is not charged so far; checking again shortly.`;
    }
    // Charged, and what it asked for is still not held: the answer was lost, and asking again is a new charge.
    if (againCost !== undefined && againCost > 0) {
      return `Paid ${formatCredits(check.charged)}; the answer never arrived. Asking again costs up to ${formatNumber(againCost)} more.`;
    }
    return `${Reveal} was charged ${formatCredits(check.charged)}.`;
  })();
  return { title, charge };
}
