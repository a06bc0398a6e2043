import { type ApiErrorJSON, describeError } from '../api/errors';

/** An error in plain words: what happened, and the next step (with a link to Options where that is the fix). */
export function ErrorView({ error, onOpenOptions }: { error: ApiErrorJSON; onOpenOptions?: () => void }) {
  const { title, detail, nextStep } = describeError(error);
  const needsOptions =
    error.kind === 'invalid-key' || /Options/.test(nextStep ?? '') || /Options/.test(detail);
  return (
    <div class="error" role="alert">
      <strong>{title}</strong>
      <p>{detail}</p>
      {nextStep && <p class="next-step">{nextStep}</p>}
      {needsOptions && onOpenOptions && (
        <button type="button" class="link" onClick={onOpenOptions}>
          Open Options
        </button>
      )}
    </div>
  );
}
