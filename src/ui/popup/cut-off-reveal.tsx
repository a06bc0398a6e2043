import { formatCredits } from '../../api/pricing';
import { CutOffNote } from '../cut-off-note';
import type { PopupModel } from './model';

/**
 * A reveal cut off by a stopped worker: what it was charged, and asking again as its own priced button (the main
 * Reveal stays disabled for those items meanwhile).
 */
export function CutOffReveal({ m, onReveal }: { m: PopupModel; onReveal: () => void }) {
  const reason = m.retryReason.value;
  const job = m.cutOff.value;
  if (!job) return null;
  return (
    <CutOffNote job={job} problem={m.checkProblem.value}>
      {m.toAsk.value.length > 0 && (
        <button
          type="button"
          disabled={reason !== null}
          aria-describedby={reason ? 'retry-reason' : undefined}
          onClick={onReveal}
        >
          Reveal again · up to {formatCredits(m.maxCost.value)}
        </button>
      )}
      {reason && (
        <p id="retry-reason" class="muted">
          {reason}
        </p>
      )}
    </CutOffNote>
  );
}
