import type { ApiErrorJSON, ErrorPlace } from '../../api/errors';
import { openCapSetting } from '../helpers/open-cap';
import { call } from '../rpc';
import { capOf, errorWords } from '../words/errors';

/**
 * An error in plain words, said once: what happened, and the next step as a control where there is one: Options
 * (when `onOpenOptions` is given), the cap's own field, Retry (when `onRetry` is given: the screen sends the same
 * call again, which it prices as before), or asking the balance again after credits were added. `place` is
 * 'options' on the options page itself, where the step points to the fields above.
 */
export function ErrorView({
  error,
  onOpenOptions,
  onRetry,
  place = 'elsewhere',
}: {
  error: ApiErrorJSON;
  onOpenOptions?: () => void;
  onRetry?: () => void;
  place?: ErrorPlace;
}) {
  const { title, detail, nextStep, action } = errorWords(error, place);
  const control =
    action === 'open-options' && onOpenOptions ? (
      <button type="button" class="link" onClick={onOpenOptions}>
        Open Options
      </button>
    ) : action === 'open-cap' && place !== 'options' ? (
      <button type="button" class="link" onClick={() => openCapSetting(capOf(error.message))}>
        Open the cap setting
      </button>
    ) : action === 'retry' && onRetry ? (
      <button type="button" class="small" onClick={onRetry}>
        Retry
      </button>
    ) : action === 'check-balance' ? (
      <button type="button" class="small" onClick={() => void call('refreshAccount')}>
        Check my balance again
      </button>
    ) : null;
  return (
    <div class="error" role="alert">
      <strong>{title}</strong>
      {detail && <p>{detail}</p>}
      {(nextStep || control) && (
        <p class="next-step row">
          {nextStep}
          {control}
        </p>
      )}
    </div>
  );
}
