import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { formatCredits } from '../../api/pricing';
import { Balance } from '../components/balance';
import { ContactCard } from '../components/contact-card';
import { ErrorView } from '../components/error-view';
import { JobOutcome } from '../components/job-outcome';
import { RevealOptions } from '../components/reveal-options';
import { ServiceDown } from '../components/service-down';
import { SpendingWarning } from '../components/spending-warning';
import { NO_KEY_NEXT } from '../helpers/reveal-price';
import { exactTime } from '../words/age';
import { sameMoment } from '../words/lists';
import { COSTS_NOTHING_TEAM } from '../words/team-held';
import { CutOffReveal } from './cut-off-reveal';
import { GitHubOffer } from './github-offer';
import { SavedSearchesLater } from './later';
import { LostDatabase } from './lost-database';
import { NO_KEY, NOT_ENOUGH, type PopupModel, type RevealArg } from './model';
import { MoreToReveal, Reason } from './more-to-reveal';
import { openPage, openSearch } from './open-pages';
import { PagePeopleSummary, PagePersonHeading } from './page-people';
import { PanelOffer } from './panel-offer';
import { reasonId, saidAbove } from './reason-id';

const openOptions = () => openPage('options');

/** What a reveal button asks: the form's selection, again after a cut-off, the items not found, or one item. */

/**
 * Puts the focus on the screen's primary action once what the popup shows first has settled: the bulk reveal on a
 * list page, Reveal on a profile not revealed yet, the email's copy button on one already revealed.
 */
function FirstFocus({ m }: { m: PopupModel }) {
  const done = useRef(false);
  // Read while rendering, so this (not the whole popup) renders and its effect runs again when the popup settles.
  const settled = m.settled.value;
  useEffect(() => {
    if (done.current || !settled) return;
    done.current = true;
    if (document.activeElement !== document.body) return;
    const target = document.querySelector<HTMLElement>(
      '[data-primary]:not(:disabled), .hero[data-item="email"] button, .hero button',
    );
    target?.focus();
  }, [settled]);
  return null;
}

/**
 * What the popup shows once its first screen is drawn, or once it has settled: each a component of its own that
 * reads the signal it waits on, so that signal's change renders it alone, not the whole popup (a render of the
 * whole is a diff of all of it, on the thread the worker's answer waits for).
 */
function Later({ m, children }: { m: PopupModel; children: ComponentChildren }) {
  return m.later.value ? <>{children}</> : null;
}

function GitHubOfferShown({ m }: { m: PopupModel }) {
  return <GitHubOffer tabId={m.firstShown.value ? m.tabId.value : null} />;
}

/** Offered on a first look at a profile: once settled, nothing held of it, no reveal under way and nothing in
 * Reveal's way (a cap, the balance), so it takes the room a result or a warning needs only until then. */
function PanelOfferSettled({ m }: { m: PopupModel }) {
  return (
    <PanelOffer
      onProfile={
        m.settled.value &&
        !!m.tabProfile.value &&
        !m.record.value &&
        !m.job.value &&
        !m.disabledReason.value &&
        !m.capBlocked.value
      }
    />
  );
}

/** The profile section: who, what the vault holds (the contact as the hero), and what is left to reveal. */
function Profile({ m, reveal }: { m: PopupModel; reveal: (arg: RevealArg) => Promise<void> }) {
  const result = useRef<HTMLDivElement>(null);
  const profile = m.tabProfile.value;
  const record = m.record.value;
  const job = m.job.value;
  const error = m.error.value;
  const reason = m.disabledReason.value;
  // The charge line says the balance only when it was read as the reveal ended; a later one is said apart.
  const billed =
    job?.status === 'done' && !error && !m.cutOff.value && sameMoment(job.finishedAt, m.balance.value);
  // A refusal gives way to the reason beside its button once the popup itself sees why (the cap passed, or the
  // balance the refusal reported is short): said once, as it is now.
  const last = m.lastReveal.value;
  const lastReason =
    typeof last === 'string' && last !== 'missing' && last !== 'check'
      ? m.addProblem(last)
      : last === 'missing'
        ? m.askAgainProblem.value
        : last === 'check'
          ? m.checkAgainProblem.value
          : reason;
  const saidBeside = m.capBlocked.value || (lastReason?.startsWith(NOT_ENOUGH) ?? false);
  // A reveal that got no answer is its job's note, settled or not: its call's failure is not said again.
  const noAnswer = m.cutOff.value ?? m.settledCutOff.value;
  const shownError = error && !noAnswer && !saidBeside ? error : null;
  // Once anything is held the form gives way to one priced button per item left; a cut-off reveal keeps it, for
  // "Reveal again", and so does a record that could not be read.
  const compact = record !== null && !m.unreadable.value && !m.cutOff.value;
  const stale = m.balanceCheck.value === 'failed' || m.balanceCheck.value === 'unreachable';
  const pagePerson = m.pagePerson.value?.socialUrl && !profile;
  const run = async (arg: RevealArg) => {
    await reveal(arg);
    // The result takes the focus once drawn (the answer's record is shown at once; Preact draws it after this
    // turn): the email's copy button when there is one, so Enter copies it.
    await new Promise((drawn) => setTimeout(drawn, 0));
    (document.querySelector<HTMLElement>('.hero[data-item="email"] button') ?? result.current)?.focus();
  };

  return (
    <section class="profile" aria-labelledby="profile-name">
      {pagePerson ? (
        <PagePersonHeading m={m} />
      ) : (
        <h2 id="profile-name">
          {profile?.nameHint ?? record?.name ?? (profile ? 'LinkedIn profile' : 'Reveal a contact')}
        </h2>
      )}
      {pagePerson ? null : profile ? (
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
        <p
          class="status"
          data-testid="reveal-status"
          title={record ? `Last changed ${exactTime(record.updatedAt)}` : undefined}
        >
          {m.status.value}
        </p>
      )}
      <div ref={result} tabIndex={-1} class="result">
        {/* A reveal cut off by a stopped worker also fails the popup's call: the cut-off view says it once. */}
        {shownError && (
          <ErrorView
            error={shownError}
            onOpenOptions={openOptions}
            onRetry={() => void run(m.lastReveal.value)}
          />
        )}
        {m.cutOff.value && <CutOffReveal m={m} onReveal={() => void run(true)} />}
        {record && <ContactCard record={record} name={profile?.nameHint} />}
        {compact && <MoreToReveal m={m} onReveal={(arg) => void run(arg)} />}
        {job && (!error || m.settledCutOff.value) && !m.cutOff.value && (
          <JobOutcome
            job={job}
            balance={m.balance.value}
            onOpenOptions={openOptions}
            againCost={m.lostAgainCost.value}
          />
        )}
        {compact && !billed && (
          <p class="billing">
            <Balance account={m.balance} stale={stale} />
          </p>
        )}
      </div>

      {!compact && (
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
              data-primary
              disabled={reason !== null}
              aria-describedby={reasonId(reason, 'reveal-reason')}
              onClick={() => void run(false)}
            >
              Reveal
            </button>
            {!billed && <Balance account={m.balance} stale={stale} />}
          </div>
          {reason !== null && !saidAbove(reason) && <Reason id="reveal-reason" text={reason} m={m} />}
          {m.unreadableWarning.value && <p class="notice">{m.unreadableWarning}</p>}
        </section>
      )}
    </section>
  );
}

/**
 * The popup, result first: on a profile, the name, the contact as the hero (email and phone with copy), what is
 * left to reveal as priced buttons and one quiet billing line; on a LinkedIn list page, its people and a bulk
 * reveal of the ticked ones (the profile URL box folded under it). Fits 320–400 px wide and Chrome's 600 px height.
 */
export function App({ m }: { m: PopupModel }) {
  const noKey = m.keyLoaded.value && !m.key.value;
  const reveal = (arg: RevealArg) => {
    m.lastReveal.value = arg;
    return m.reveal(arg);
  };
  const page = m.page.value;
  const onList = page?.list === true && !page.problem;

  return (
    <main class="popup">
      <FirstFocus m={m} />
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
      {/* Read once the first screen is drawn (each a round through the browser): rare, and said before any paid
          click, which waits for the balance's fresh answer and the room under the caps. */}
      <Later m={m}>
        <SpendingWarning />
        <LostDatabase />
      </Later>

      {noKey && (
        <p class="notice" id="no-key">
          {NO_KEY}{' '}
          <button type="button" class="link" onClick={openOptions}>
            {NO_KEY_NEXT}
          </button>
        </p>
      )}

      <ServiceDown service={m.service} />
      {/* Asked once the first screen is shown: on a LinkedIn tab its question only competes with the person's reads. */}
      <GitHubOfferShown m={m} />
      <PagePeopleSummary m={m} />
      {onList ? (
        <details class="by-url">
          <summary>Reveal by profile URL</summary>
          <Profile m={m} reveal={reveal} />
        </details>
      ) : (
        <Profile m={m} reveal={reveal} />
      )}
      {!onList && <PanelOfferSettled m={m} />}
      {/* Last on screen, so arriving later moves nothing above it. */}
      <Later m={m}>
        <SavedSearchesLater />
      </Later>
    </main>
  );
}
