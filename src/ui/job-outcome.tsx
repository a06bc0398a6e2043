import type { AccountSnapshot } from '../store/account';
import { outcomeUnknown, type RevealJob } from '../store/jobs';
import { useCutOffCheck } from './cut-off-check';
import { CutOffNote } from './cut-off-note';
import { ErrorView } from './error-view';
import { plainText } from './words/errors';
import { count, itemsInWords } from './words/items';

/** "21 Nov, 06:12": when a past reveal happened, so an old charge is never read as a new one. */
const when = (iso: string | undefined) =>
  iso
    ? new Date(iso).toLocaleString('en-GB', {
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
      })
    : '';

/**
 * What a reveal did, as one quiet line: in progress; "Charged 9 · Balance 9,991" (the service's billing note one
 * click away); or why it failed. `balance` is the account as last reported, which the reveal itself updated.
 */
export function JobOutcome({
  job,
  balance,
  onOpenOptions,
}: {
  job: RevealJob;
  balance?: AccountSnapshot | null;
  onOpenOptions?: () => void;
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
      return (
        <div class="job done billing" role="status">
          <p data-testid="charged">
            Charged {count(charged)}
            {balance && (
              <>
                {' · '}
                <span data-testid="balance">Balance {count(balance.remaining)}</span>
              </>
            )}
            <span class="muted"> · {when(job.finishedAt)}</span>
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
      if (outcomeUnknown(job)) return <CutOff job={job} />;
      return job.error ? <ErrorView error={job.error} {...(onOpenOptions ? { onOpenOptions } : {})} /> : null;
    case 'interrupted':
      return <CutOff job={job} />;
  }
}

/** A reveal that may have been charged without its result: its charge, checked for free while it is shown. */
function CutOff({ job }: { job: RevealJob }) {
  return <CutOffNote job={job} problem={useCutOffCheck(job)} />;
}
