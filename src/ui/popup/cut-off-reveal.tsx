import { formatCredits } from '../../api/pricing';
import { CutOffNote } from '../components/cut-off-note';
import { SERVICE_DOWN } from '../words/service';
import type { PopupModel } from './model';
import { reasonId, saidAbove } from './reason-id';

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
      {/* Out of reach, the note says it is checked once the service answers: no button that cannot be clicked. */}
      {m.toAsk.value.length > 0 && reason !== SERVICE_DOWN && (
        <button
          type="button"
          disabled={reason !== null}
          aria-describedby={reasonId(reason, 'retry-reason')}
          onClick={onReveal}
        >
          Reveal again · up to {formatCredits(m.maxCost.value)}
        </button>
      )}
      {reason && !saidAbove(reason) && (
        <p id="retry-reason" class="muted">
          {reason}
        </p>
      )}
    </CutOffNote>
  );
}
