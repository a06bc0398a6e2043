/** A reveal that got no answer: what its charge check found, and asking again for what the vault still lacks. */
import { formatCredits, maxCostOfItems } from '../../../api/pricing';
import { type ContactRecord, itemsToAsk } from '../../../store/database/vault/vault-record';
import type { RevealJob } from '../../../store/items/reveal-jobs';
import { CutOffNote } from '../../components/cut-off-note';
import { ErrorView } from '../../components/error-view';
import { describedBy, ownLine } from '../../components/service-down';
import { useCutOffCheck } from '../../helpers/cut-off-check';
import { SERVICE_DOWN } from '../../words/service';
import type { AccountModel } from '../account-model';
import { openOptions } from '../open-options';
import type { RevealsModel } from '../reveals-model';
import { panelService } from '../service';
import { ReasonLine } from './reason-line';

/**
 * The contact's last reveal got no answer: what its charge check found, and asking again for what the vault still
 * lacks as its own priced button, enabled once the charge has been checked.
 */
export function CutOffAgain({
  m,
  balance,
  job,
  record,
}: {
  m: Pick<RevealsModel, 'errors' | 'revealing' | 'revealAgain'>;
  balance: AccountModel['balance'];
  job: RevealJob;
  record: ContactRecord | null;
}) {
  const problem = useCutOffCheck(job, panelService.answers.value);
  const items = itemsToAsk(record, job.requested);
  const most = maxCostOfItems(items);
  // An unknown balance is not judged here: the background checks it before the paid call.
  const remaining = balance.value?.remaining ?? most;
  const reason = panelService.unreachable.value
    ? SERVICE_DOWN
    : !job.check && !problem
      ? 'Checking your balance first…'
      : remaining < most
        ? `Your balance (${formatCredits(remaining)}) is below its cost.`
        : null;
  const error = m.errors.value[job.vaultKey];
  return (
    <>
      <CutOffNote job={job} problem={problem}>
        {items.length > 0 && (
          <button
            type="button"
            disabled={reason !== null || m.revealing.value.has(job.vaultKey)}
            aria-describedby={describedBy(reason, 'again-reason')}
            onClick={() => void m.revealAgain(job)}
          >
            Reveal again · up to {formatCredits(most)}
          </button>
        )}
        {items.length > 0 && ownLine(reason) && <ReasonLine id="again-reason" reason={reason} />}
      </CutOffNote>
      {error && <ErrorView error={error} onOpenOptions={openOptions} />}
    </>
  );
}
