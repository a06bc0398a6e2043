import { formatCredits } from '../../api/pricing';
import type { PopupModel } from './model';

/**
 * A reveal cut off by a stopped worker: what it was charged, and asking again as its own priced button (the main
 * Reveal stays disabled for those items meanwhile).
 */
export function CutOffReveal({ m, onReveal }: { m: PopupModel; onReveal: () => void }) {
  const reason = m.retryReason.value;
  return (
    <div class="error" role="alert" data-testid="cut-off">
      <strong>The last reveal was cut off</strong>
      <p>{m.cutOffText}</p>
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
    </div>
  );
}
