/**
 * The person of the tab the panel follows: name and headline, then what the vault holds (email and phone in full,
 * each with its copy icon), then what is left to reveal as compact priced actions: the chosen items in one primary
 * "Reveal email and phone · up to 9 credits", any other item as "Add phone · 6 credits".
 */
import { formatCredits } from '../../../api/pricing';
import { CutOffNote } from '../../components/cut-off-note';
import { ErrorView } from '../../components/error-view';
import { JobOutcome } from '../../components/job-outcome';
import { describedBy, ownLine } from '../../components/service-down';
import { addLabel, PANEL_WORDS, revealLabel } from '../../words/panel';
import type { AccountModel } from '../account-model';
import { openOptions } from '../open-options';
import type { RevealsModel } from '../reveals-model';
import { CutOffAgain } from '../rows/cut-off-again';
import { HeldContact } from '../rows/held-contact';
import { ReasonLine } from '../rows/reason-line';
import type { ProfileModel } from './profile-model';

export function ProfileView({
  p,
  reveals,
  balance,
}: {
  p: ProfileModel;
  reveals: Pick<RevealsModel, 'errors' | 'revealing' | 'revealAgain'>;
  balance: AccountModel['balance'];
}) {
  const person = p.person.value;
  if (!person) return null;
  const record = p.record.value;
  const { toAsk, max, others } = p.offer.value;
  const job = p.job.value;
  const cutOff = p.cutOff.value;
  const problem = toAsk.length > 0 ? p.problem(max) : null;
  const name = record?.name ?? person.nameHint ?? 'LinkedIn profile';
  const headline =
    person.headlineHint ?? [record?.currentTitle, record?.currentEmployer].filter(Boolean).join(' at ');
  const error = p.error.value;
  return (
    <section class="profile-view" data-scope="profile" aria-labelledby="profile-name">
      <h2 id="profile-name" data-testid="profile-name">
        {name}
      </h2>
      {headline && <p class="muted profile-headline">{headline}</p>}
      {record ? <HeldContact record={record} large /> : <p class="muted">{PANEL_WORDS.notRevealed}</p>}
      {cutOff ? (
        <CutOffAgain m={reveals} balance={balance} job={cutOff} record={record} />
      ) : p.settledCutOff.value ? (
        <CutOffNote job={p.settledCutOff.value} problem={null} />
      ) : (
        job?.status === 'running' && <JobOutcome job={job} />
      )}
      {error && <ErrorView error={error} onOpenOptions={openOptions} />}
      {toAsk.length > 0 && !cutOff && (
        <>
          <button
            type="button"
            class="primary"
            data-key="reveal"
            data-primary
            disabled={problem !== null}
            aria-describedby={describedBy(problem, 'profile-reason')}
            onClick={() => void p.reveal()}
          >
            {revealLabel(toAsk, formatCredits(max))}
          </button>
          {ownLine(problem) ? (
            <ReasonLine id="profile-reason" reason={problem} />
          ) : (
            <p class="muted">{PANEL_WORDS.onlyFoundCharged}</p>
          )}
        </>
      )}
      {others.length > 0 && (
        <p class="offers">
          {others.map(({ item, cost }) => (
            <button
              key={item}
              type="button"
              class="small"
              disabled={p.problem(cost) !== null}
              onClick={() => void p.reveal([item])}
            >
              {addLabel(item, formatCredits(cost))}
            </button>
          ))}
        </p>
      )}
    </section>
  );
}
