/** What went wrong with a search the panel shows (its results, or a find's own search), said in words. */
import { formatCredits, searchCost } from '../../../api/pricing';
import type { SearchRequest } from '../../../api/schema';
import { serviceOutOfReach } from '../../../domain/outage';
import type { SearchSession } from '../../../store/database/search';
import { CUT_OFF } from '../../../store/work-status';
import { ErrorView } from '../../components/error-view';
import { openOptions } from '../open-options';
import { panelService } from '../service';
import { useSearchCharge } from './search-charge';

/**
 * The search's refusal or failure, or its cut-off by the extension stopping; nothing while it runs or once it
 * answered. `onRetry` sends the failed step again, offered once its cost is known.
 */
export function SearchProblem({ session, onRetry }: { session: SearchSession; onRetry?: () => void }) {
  if (session.status === 'failed' && session.error) {
    if (serviceOutOfReach(session.error)) return <NoAnswer session={session} onRetry={onRetry} />;
    return <ErrorView error={session.error} onOpenOptions={openOptions} />;
  }
  if (session.status !== CUT_OFF) return null;
  return (
    <div class="error" role="alert">
      <strong>The extension stopped during this search</strong>
      <p>The service may have charged for it. Check your balance before searching again.</p>
    </div>
  );
}

/**
 * A search step the service did not answer (out of reach): never said as a charge. What it cost once a balance
 * settles it, then Retry at its price; until then, that it is checked as soon as the service answers.
 */
function NoAnswer({ session, onRetry }: { session: SearchSession; onRetry?: (() => void) | undefined }) {
  const charged = useSearchCharge(session);
  const known = charged !== null;
  const cost = searchCost((session.pages.length > 0 ? session.frozen : session.first) as SearchRequest);
  return (
    <div class={known ? 'notice' : 'error'} role={known ? 'status' : 'alert'} data-testid="search-no-answer">
      <strong>The search got no answer</strong>
      <p>
        {!known
          ? 'Nothing is known to be charged for it: it is checked as soon as the service answers.'
          : charged > 0
            ? `It was charged ${formatCredits(charged)}.`
            : 'It was not charged.'}
      </p>
      {known && onRetry && !panelService.unreachable.value && (
        <p class="next-step row">
          <button type="button" class="small" onClick={onRetry}>
            Retry · {formatCredits(cost)}
          </button>
        </p>
      )}
    </div>
  );
}
