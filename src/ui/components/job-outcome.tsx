import type { AccountSnapshot } from '../../store/items/account';
import { outcomeUnknown, type RevealJob } from '../../store/items/reveal-jobs';
import { CUT_OFF } from '../../store/work-status';
import { useCutOffCheck } from '../helpers/cut-off-check';
import { plainText } from '../words/errors';
import { itemsInWords } from '../words/items';
import { chargeLine } from '../words/lists';
import { CutOffNote } from './cut-off-note';
import { ErrorView } from './error-view';

/**
 * What a reveal did, as one quiet line: in progress; "Charged 9 · 06:12", with "Balance 9,991" when the balance was
 * read as the reveal ended (the service's billing note one click away); or why it failed. `balance` is the account as
 * last reported: a balance read later is not this charge's, and the screen says it apart with its own time.
 */
export function JobOutcome({
  job,
  balance,
  onOpenOptions,
  againCost,
}: {
  job: RevealJob;
  balance?: AccountSnapshot | null;
  onOpenOptions?: () => void;
  /** For a reveal with no answer: the most asking again for what is still not held costs (`CutOffNote`). */
  againCost?: number | undefined;
}) {
  switch (job.status) {
    case 'running':
      return (
        <p class="job running" role="status">
          Revealing {itemsInWords(job.requested)}…
        </p>
      );
    case 'done': {
      const charged = job.requested.length === 0 ? 0 : (job.charged ?? 0);
      const line = chargeLine(charged, job.finishedAt, balance);
      return (
        <div class="job done billing" role="status">
          <p data-testid="charged">
            {line.charged}
            {line.balance && (
              <>
                {' · '}
                <span data-testid="balance">{line.balance}</span>
              </>
            )}
            {line.at && <span class="muted"> · {line.at}</span>}
          </p>
          {job.billingNote && (
            <details class="billing-more">
              <summary>Billing details</summary>
              <p class="muted billing-note">{plainText(job.billingNote)}</p>
            </details>
          )}
        </div>
      );
    }
    case 'failed':
      if (outcomeUnknown(job)) return <CutOff job={job} againCost={againCost} />;
      return job.error ? <ErrorView error={job.error} {...(onOpenOptions ? { onOpenOptions } : {})} /> : null;
    case CUT_OFF:
      return <CutOff job={job} againCost={againCost} />;
  }
}

/** A reveal that may have been charged without its result: its charge, checked for free while it is shown. */
function CutOff({ job, againCost }: { job: RevealJob; againCost: number | undefined }) {
  return <CutOffNote job={job} problem={useCutOffCheck(job)} againCost={againCost} />;
}
