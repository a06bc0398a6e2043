import { formatCredits, maxCostOfItems } from '../../api/pricing';
import { type ContactRecord, itemsToAsk, outcomeUnknown, type RevealJob } from '../../storage';
import { ContactCard } from '../contact-card';
import { useCutOffCheck } from '../cut-off-check';
import { CutOffNote } from '../cut-off-note';
import { ErrorView } from '../error-view';
import { JobOutcome } from '../job-outcome';
import type { AccountModel } from './account-model';
import type { FocusModel } from './focus-model';
import { openOptions } from './open-options';
import type { RevealsModel } from './reveals-model';
import { FREE_TEXT_MAX } from './text-limits';

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
  const problem = useCutOffCheck(job);
  const items = itemsToAsk(record, job.requested);
  const most = maxCostOfItems(items);
  // An unknown balance is not judged here: the background checks it before the paid call.
  const remaining = balance.value?.remaining ?? most;
  const reason =
    !job.check && !problem
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
            aria-describedby={reason ? 'again-reason' : undefined}
            onClick={() => void m.revealAgain(job)}
          >
            Reveal again · up to {formatCredits(most)}
          </button>
        )}
        {items.length > 0 && reason && (
          <p id="again-reason" class="muted">
            {reason}
          </p>
        )}
      </CutOffNote>
      {error && <ErrorView error={error} onOpenOptions={openOptions} />}
    </>
  );
}

/** A contact revealed from a context menu, above everything, with a way back to search. */
export function ContactFocus({
  m,
  reveals,
  balance,
  vaultKey,
  at,
  problem: refusal,
}: {
  m: Pick<FocusModel, 'record' | 'job' | 'backToSearch'>;
  reveals: Pick<RevealsModel, 'errors' | 'revealing' | 'revealAgain'>;
  balance: AccountModel['balance'];
  vaultKey: string;
  /** When the menu was clicked. */
  at: string;
  problem?: string;
}) {
  const record = m.record.value;
  const job = m.job.value;
  // A refusal is news only until this contact is revealed some other way (the popup, a result row).
  const problem = refusal && !(job && job.startedAt > at) ? refusal : undefined;
  return (
    <section aria-labelledby="focus-title" class="focus">
      <h2 id="focus-title">{record?.name ?? 'LinkedIn profile'}</h2>
      {record?.currentTitle && (
        <p class="muted">
          {record.currentTitle}
          {record.currentEmployer && ` at ${record.currentEmployer}`}
        </p>
      )}
      <p class="url">{vaultKey}</p>
      {problem ? (
        <div class="error" role="alert">
          <strong>Not revealed: nothing was sent</strong>
          <p>{problem}</p>
          {/Options/.test(problem) && (
            <button type="button" class="link" onClick={openOptions}>
              Open Options
            </button>
          )}
        </div>
      ) : job && outcomeUnknown(job) ? (
        <CutOffAgain m={reveals} balance={balance} job={job} record={record} />
      ) : (
        job && <JobOutcome job={job} onOpenOptions={openOptions} />
      )}
      {record && <ContactCard record={record} />}
      <button type="button" onClick={m.backToSearch}>
        Back to search
      </button>
    </section>
  );
}

/**
 * A selected text that cannot be searched as is. Free text over the limit: the user may agree to search its
 * first 300 characters; a job description over the limit: the message only, nothing is sent.
 */
export function SelectionFocus({
  m,
  mode,
  text,
  problem,
}: {
  m: Pick<FocusModel, 'busy' | 'searchTrimmed' | 'backToSearch'>;
  mode: 'free_text' | 'jd';
  text: string;
  problem: string;
}) {
  const canTrim = mode === 'free_text' && text.trim().length > FREE_TEXT_MAX;
  return (
    <section aria-labelledby="focus-title" class="focus">
      <h2 id="focus-title">{mode === 'jd' ? 'Job description not searched' : 'Selection not searched'}</h2>
      <p role="alert" data-testid="selection-problem">
        {problem}
      </p>
      <blockquote class="selection muted">{text.length > 400 ? `${text.slice(0, 400)}…` : text}</blockquote>
      {canTrim && <p class="cost">Costs 1 credit, charged only when profiles are returned.</p>}
      <div class="row">
        {canTrim && (
          <button
            type="button"
            class="primary"
            disabled={m.busy.value}
            onClick={() => void m.searchTrimmed()}
          >
            Search the first {FREE_TEXT_MAX} characters
          </button>
        )}
        <button type="button" onClick={m.backToSearch}>
          {canTrim ? 'Cancel' : 'Back to search'}
        </button>
      </div>
    </section>
  );
}
