import { outcomeUnknown } from '../../store/items/reveal-jobs';
import { ContactCard } from '../components/contact-card';
import { JobOutcome } from '../components/job-outcome';
import type { AccountModel } from './account-model';
import type { FocusModel } from './focus-model';
import { openOptions } from './open-options';
import type { RevealsModel } from './reveals-model';
import { CutOffAgain } from './rows/cut-off-again';
import { FREE_TEXT_MAX } from './search/text-limits';

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
