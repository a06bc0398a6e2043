import { useEffect, useMemo, useRef } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { formatCredits } from '../../api/pricing';
import { Balance } from '../balance';
import { ContactCard } from '../contact-card';
import { ErrorView } from '../error-view';
import { JobOutcome } from '../job-outcome';
import { RevealOptions } from '../reveal-options';
import { CutOffReveal } from './cut-off-reveal';
import { createPopupModel } from './model';
import { PagePeopleSummary, PagePersonHeading } from './page-people';
import { SavedSearches } from './saved-searches';

const openOptions = () => void browser.runtime.openOptionsPage();

export function App() {
  const m = useMemo(createPopupModel, []);
  useEffect(() => void m.init(), [m]);
  const reason = m.disabledReason.value;
  // Reveal disables itself once everything is held; move focus to the result so keyboard users do not lose it.
  const result = useRef<HTMLDivElement>(null);
  const reveal = async (again = false) => {
    await m.reveal(again);
    result.current?.focus();
  };

  return (
    <main class="popup">
      <header>
        <h1>Candidate Lens</h1>
        <Balance account={m.balance} />
      </header>

      {m.keyLoaded.value && !m.key.value && (
        <p class="notice">
          No API key yet.{' '}
          <button type="button" class="link" onClick={openOptions}>
            Set up your key in Options
          </button>
        </p>
      )}

      <PagePeopleSummary m={m} />
      <section class="profile" aria-label="Profile">
        {m.pagePerson.value?.socialUrl && !m.tabProfile.value ? (
          <PagePersonHeading m={m} />
        ) : m.tabProfile.value ? (
          <>
            <h2>{m.tabProfile.value.nameHint ?? m.record.value?.name ?? 'LinkedIn profile'}</h2>
            {m.tabProfile.value.headlineHint && <p class="muted">{m.tabProfile.value.headlineHint}</p>}
            <p class="url">{m.tabProfile.value.socialUrl}</p>
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
              aria-describedby="url-problem"
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
      </section>

      <RevealOptions selection={m.selection.value} onChange={m.chooseSelection} record={m.record.value} />
      {m.knownMissing.value.length > 0 && (
        <label class="retry">
          <input
            type="checkbox"
            checked={m.retryNotFound.value}
            onChange={(e) => (m.retryNotFound.value = e.currentTarget.checked)}
          />{' '}
          Look again for items not found before (may cost credits)
        </label>
      )}

      <p class="cost" data-testid="max-cost">
        {m.toAsk.value.length > 0 ? `Costs at most ${formatCredits(m.maxCost.value)}` : 'Costs nothing'}
        <span class="muted"> · charged only for what is found</span>
      </p>
      <button
        type="button"
        class="primary"
        disabled={reason !== null}
        aria-describedby={reason ? 'reveal-reason' : undefined}
        onClick={() => void reveal()}
      >
        Reveal
      </button>
      {reason && (
        <p id="reveal-reason" class="muted">
          {reason}
        </p>
      )}
      {m.unreadableWarning.value && <p class="notice">{m.unreadableWarning}</p>}

      <div ref={result} tabIndex={-1} class="result">
        {/* A reveal cut off by a stopped worker also fails the popup's call: the cut-off view says it once. */}
        {m.error.value && !m.cutOff.value && <ErrorView error={m.error.value} onOpenOptions={openOptions} />}
        {m.cutOff.value && <CutOffReveal m={m} onReveal={() => void reveal(true)} />}
        {m.job.value && !m.error.value && !m.cutOff.value && (
          <JobOutcome job={m.job.value} onOpenOptions={openOptions} />
        )}
        {m.record.value && <ContactCard record={m.record.value} />}
      </div>
      <SavedSearches />
    </main>
  );
}
