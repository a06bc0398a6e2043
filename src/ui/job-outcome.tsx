import { formatCredits } from '../api/pricing';
import type { RevealJob } from '../storage';
import { ErrorView } from './error-view';
import { ITEM_LABEL } from './items';

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

/** What a reveal did: in progress, what it charged (and the service's billing note), or why it failed. */
export function JobOutcome({ job, onOpenOptions }: { job: RevealJob; onOpenOptions?: () => void }) {
  switch (job.status) {
    case 'running':
      return (
        <p class="job running" role="status" aria-live="polite">
          Revealing {job.requested.map((item) => ITEM_LABEL[item].toLowerCase()).join(', ')}…
        </p>
      );
    case 'done':
      if (job.requested.length === 0) {
        return (
          <p class="job done" role="status" aria-live="polite" data-testid="charged">
            Already revealed: nothing was asked for, no credits charged.{' '}
            <span class="muted">{when(job.finishedAt)}</span>
          </p>
        );
      }
      return (
        <div class="job done" role="status" aria-live="polite">
          <p data-testid="charged">
            Charged {formatCredits(job.charged ?? 0)}.
            {job.held.length > 0 && ' Items already revealed were not asked for again.'}{' '}
            <span class="muted">{when(job.finishedAt)}</span>
          </p>
          {job.billingNote && <p class="muted billing-note">{job.billingNote}</p>}
        </div>
      );
    case 'failed':
      return job.error ? <ErrorView error={job.error} {...(onOpenOptions ? { onOpenOptions } : {})} /> : null;
    case 'interrupted':
      return (
        <div class="error" role="alert">
          <strong>The extension stopped during this reveal</strong>
          <p>The service may have charged for it. Check your balance before revealing again.</p>
        </div>
      );
  }
}
