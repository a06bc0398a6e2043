import type { ApiErrorJSON, ErrorPlace } from '../api/errors';
import { errorWords } from './words/errors';

/**
 * An error in plain words, said once: what happened, and the next step (with a button to Options where that is
 * the fix). `place` is 'options' on the options page itself, where the step points to the fields above.
 */
export function ErrorView({
  error,
  onOpenOptions,
  place = 'elsewhere',
}: {
  error: ApiErrorJSON;
  onOpenOptions?: () => void;
  place?: ErrorPlace;
}) {
  const { title, detail, nextStep, action } = errorWords(error, place);
  const needsOptions = action === 'open-options';
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
