import { useEffect, useMemo, useRef } from 'preact/hooks';
import { formatCredits } from '../../api/pricing';
import { Balance } from '../balance';
import { ContactCard } from '../contact-card';
import { ErrorView } from '../error-view';
import { JobOutcome } from '../job-outcome';
import { RevealOptions } from '../reveal-options';
import { SpendingWarning } from '../spending-warning';
import { itemsInWords } from '../words/items';
import { COSTS_NOTHING_TEAM } from '../words/team-held';
import { CutOffReveal } from './cut-off-reveal';
import { GitHubOffer } from './github-offer';
import { createPopupModel, NO_KEY } from './model';
import { openPage, openSearch } from './open-pages';
import { PagePeopleSummary, PagePersonHeading } from './page-people';
import { SavedSearches } from './saved-searches';

const openOptions = () => openPage('options');

/**
 * The popup, result first: the profile's name, what is revealed (email and phone with copy), one quiet billing
 * line, then the reveal form and saved searches. Fits 320–400 px wide and Chrome's 600 px popup height.
 */
export function App() {
  const m = useMemo(createPopupModel, []);
  useEffect(() => void m.init(), [m]);
  const reason = m.disabledReason.value;
  // Reveal disables itself once everything is held; move focus to the result so keyboard users do not lose it.
  const result = useRef<HTMLDivElement>(null);
  const reveal = async (again: boolean | 'missing' = false) => {
    await m.reveal(again);
    result.current?.focus();
  };
  const profile = m.tabProfile.value;
  const record = m.record.value;
  const job = m.job.value;
  const error = m.error.value;
  const billed = job?.status === 'done' && !error && !m.cutOff.value;
  const noKey = m.keyLoaded.value && !m.key.value;
  // A refusal gives way to the reason beside Reveal once the popup itself sees the cap pass: said once, as it is now.
  const shownError = error && !m.cutOff.value && !m.capBlocked.value ? error : null;
  // Nothing is left to ask once every item is held or known not to exist: the form folds away, and the items not
  // found keep their own priced way to ask again.
  const folded = m.allDecided.value && !m.cutOff.value && !m.busy.value;
  const missing = m.knownMissing.value;
  const askAgainReason = m.askAgainProblem.value;
  // A missing key is said once, by the notice with its button to Options; it describes the disabled buttons.
  const described = (problem: string | null, own: string) =>
    problem === null ? undefined : problem !== NO_KEY ? own : noKey ? 'no-key' : undefined;
  const ownLine = (problem: string | null) => problem !== null && problem !== NO_KEY;

  return (
    <main class="popup">
      <header class="popup-head">
        <h1>Candidate Lens</h1>
        <nav class="row" aria-label="Extension pages">
          <button type="button" class="small" onClick={openSearch}>
            Open search
          </button>
          <button type="button" class="small" onClick={() => openPage('contacts.html')}>
            Contacts
          </button>
          <button type="button" class="small" onClick={openOptions}>
            Options
          </button>
        </nav>
      </header>
      <SpendingWarning />

      {noKey && (
        <p class="notice" id="no-key">
          {NO_KEY}{' '}
          <button type="button" class="link" onClick={openOptions}>
            Set up your key in Options
          </button>
        </p>
      )}

      <GitHubOffer tabId={m.tabId.value} />
      <PagePeopleSummary m={m} />
      <section class="profile" aria-labelledby="profile-name">
        {m.pagePerson.value?.socialUrl && !profile ? (
          <PagePersonHeading m={m} />
        ) : (
          <h2 id="profile-name">
            {profile?.nameHint ?? record?.name ?? (profile ? 'LinkedIn profile' : 'Reveal a contact')}
          </h2>
        )}
        {m.pagePerson.value?.socialUrl && !profile ? null : profile ? (
          <>
            {profile.headlineHint && (
              <p class="muted headline" title={profile.headlineHint}>
                {profile.headlineHint}
              </p>
            )}
            <p class="url" title={profile.socialUrl}>
              {profile.socialUrl}
            </p>
          </>
        ) : (
          <label class="field">
            Profile URL
            <input
              type="url"
              placeholder="https://www.linkedin.com/in/…"
              value={m.manualUrl}
              onInput={(e) => (m.manualUrl.value = e.currentTarget.value)}
              aria-invalid={m.manualUrlProblem.value ? true : undefined}
              aria-describedby={m.manualUrlProblem.value ? 'url-problem' : undefined}
            />
            {m.manualUrlProblem.value && (
              <span id="url-problem" class="field-error">
                {m.manualUrlProblem.value}
              </span>
            )}
          </label>
        )}
        {m.socialUrl.value && (
          <p class="status" data-testid="reveal-status">
            {m.status.value}
          </p>
        )}
        <div ref={result} tabIndex={-1} class="result">
          {/* A reveal cut off by a stopped worker also fails the popup's call: the cut-off view says it once. */}
          {shownError && <ErrorView error={shownError} onOpenOptions={openOptions} />}
          {m.cutOff.value && <CutOffReveal m={m} onReveal={() => void reveal(true)} />}
          {record && <ContactCard record={record} name={profile?.nameHint} />}
          {missing.length > 0 && !m.cutOff.value && (
            <p class="row ask-again">
              <button
                type="button"
                class="small"
                disabled={askAgainReason !== null}
                aria-describedby={described(askAgainReason, 'ask-again-reason')}
                onClick={() => void reveal('missing')}
              >
                Ask again for {itemsInWords(missing)} · up to {formatCredits(m.askAgainCost.value)}
              </button>
              {ownLine(askAgainReason) && (
                <span id="ask-again-reason" class="muted">
                  {askAgainReason}
                </span>
              )}
            </p>
          )}
          {job && !error && !m.cutOff.value && (
            <JobOutcome job={job} balance={m.balance.value} onOpenOptions={openOptions} />
          )}
        </div>
      </section>

      {!folded && (
        <section class="reveal-form" aria-label="Reveal">
          <RevealOptions
            selection={m.selection.value}
            onChange={m.chooseSelection}
            record={record}
            teamHeld={m.teamHeld.value}
          />
          <p class="cost" data-testid="max-cost">
            {m.toAsk.value.length > 0 && m.maxCost.value === 0 ? (
              COSTS_NOTHING_TEAM
            ) : m.toAsk.value.length > 0 ? (
              <>
                Costs at most {formatCredits(m.maxCost.value)}
                <span class="muted"> · charged only if found</span>
              </>
            ) : (
              'Costs nothing'
            )}
          </p>
          <div class="row">
            <button
              type="button"
              class="primary"
              disabled={reason !== null}
              aria-describedby={described(reason, 'reveal-reason')}
              onClick={() => void reveal()}
            >
              Reveal
            </button>
            {!billed && <Balance account={m.balance} />}
          </div>
          {ownLine(reason) && (
            <p id="reveal-reason" class="muted">
              {reason}
            </p>
          )}
          {m.unreadableWarning.value && <p class="notice">{m.unreadableWarning}</p>}
        </section>
      )}
      <SavedSearches />
    </main>
  );
}
