import type { ApiErrorJSON } from '../api/errors';
import { errorWords } from './words/errors';

/**
 * An error in plain words, said once: what happened, and the next step (with a button to Options where that is
 * the fix).
 */
export function ErrorView({ error, onOpenOptions }: { error: ApiErrorJSON; onOpenOptions?: () => void }) {
  const { title, detail, nextStep } = errorWords(error);
  const needsOptions =
    error.kind === 'invalid-key' || /Options/.test(nextStep ?? '') || /Options/.test(detail);
  return (
    <div class="error" role="alert">
      <strong>{title}</strong>
      {detail && <p>{detail}</p>}
      {nextStep && <p class="next-step">{nextStep}</p>}
      {needsOptions && onOpenOptions && (
        <button type="button" class="link" onClick={onOpenOptions}>
          Open Options
        </button>
      )}
    </div>
  );
}
