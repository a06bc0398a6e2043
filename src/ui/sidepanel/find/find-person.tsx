/**
 * One person the side panel's find turned up: who, why they matched, and, once chosen, their reveal priced against
 * the vault and what the team holds, as every list row is.
 */
import { formatCredits } from '../../../api/pricing';
import type { Match } from '../../../find/match';
import { MATCH_WORDS } from '../../../find/words';
import type { StoredProfile } from '../../../store/database/search';
import { ContactCard } from '../../components/contact-card';
import { CutOffNote } from '../../components/cut-off-note';
import { ErrorView } from '../../components/error-view';
import { JobOutcome } from '../../components/job-outcome';
import { RevealOptions } from '../../components/reveal-options';
import { FIND_WORDS } from '../../words/find';
import { SERVICE_DOWN_ID } from '../../words/service';
import type { FindPanel } from '../model';
import { openOptions } from '../open-options';
import { useProfileReveal } from '../rows/row-offer';
import { revealWords } from '../rows/row-reveal';
import type { FindModel } from './find-model';

/** The id of a chosen person's reveal block (focused when the person is chosen, and after the reveal). */
export const revealId = (profile: StoredProfile) => `find-reveal-${profile.id}`;

/** The chosen person: the reveal options priced against the vault, Reveal, and what the vault holds. */
function RevealChosen({ m, profile }: { m: FindPanel; profile: StoredProfile }) {
  const reveal = useProfileReveal(m, profile);
  const {
    record,
    teamNote,
    offer,
    revealing,
    error,
    remaining,
    tooLow,
    cut,
    checkProblem,
    again,
    waiting,
    charge,
  } = reveal;
  const { items, most } = offer;
  // A balance too low is said beside the button, with the balance: the button keeps its price.
  const label = revealWords({ ...reveal, tooLow: false });
  return (
    <div class="find-reveal" id={revealId(profile)} tabIndex={-1}>
      <RevealOptions
        legend={`Reveal ${profile.name}`}
        selection={m.selection.value}
        onChange={m.chooseSelection}
        record={record}
      />
      <p class="cost" data-testid="find-reveal-cost">
        {items.length > 0 && most > 0 ? (
          <>
            Costs at most {formatCredits(most)}
            <span class="muted"> · charged only if found</span>
          </>
        ) : (
          'Costs nothing'
        )}
      </p>
      {teamNote && <p class="muted">{teamNote}</p>}
      <button
        type="button"
        class="primary"
        disabled={revealing || items.length === 0 || tooLow || waiting || reveal.unreachable}
        aria-describedby={reveal.unreachable ? SERVICE_DOWN_ID : undefined}
        onClick={async () => {
          await m.reveals.revealRow(profile, again);
          // The button disables itself once everything is held: focus moves to what was revealed.
          requestAnimationFrame(() => document.getElementById(revealId(profile))?.focus());
        }}
      >
        {label}
      </button>
      {tooLow && remaining !== undefined && (
        <p class="muted">Your balance ({formatCredits(remaining)}) is below its cost.</p>
      )}
      {cut ? (
        <CutOffNote job={cut} problem={checkProblem} />
      ) : (
        error && <ErrorView error={error} onOpenOptions={openOptions} />
      )}
      {record && <ContactCard record={record} level={4} />}
      {charge && !cut && <JobOutcome job={charge} />}
    </div>
  );
}

/** One person found, with why they matched; chosen, their reveal. */
export function FoundPerson({
  m,
  f,
  profile,
  match,
}: {
  m: FindPanel;
  f: FindModel;
  profile: StoredProfile;
  match: Match;
}) {
  const chosen = f.chosen.value === profile.id;
  const url = profile.social_url && /^https?:\/\//i.test(profile.social_url) ? profile.social_url : null;
  return (
    <li class="person find-person" data-testid="find-result" data-match={match.strength}>
      <h3 class="find-name">
        {url ? (
          <a href={url} target="_blank" rel="noopener noreferrer">
            {profile.name}
          </a>
        ) : (
          profile.name
        )}
      </h3>
      <span class="muted">
        {[profile.current_title, profile.current_employer].filter(Boolean).join(' · ')}
      </span>
      {profile.location && <span class="muted">{profile.location}</span>}
      <p class={`match ${match.strength}`} data-testid="match-reason">
        <strong>{MATCH_WORDS.badge[match.strength]}:</strong> {match.reason}
      </p>
      {chosen ? (
        <>
          {f.picked.value === profile.id && (
            <button type="button" class="link" onClick={() => (f.picked.value = null)}>
              {FIND_WORDS.other}
            </button>
          )}
          <RevealChosen m={m} profile={profile} />
        </>
      ) : (
        <button
          type="button"
          aria-label={`${FIND_WORDS.choose}: ${profile.name}`}
          onClick={() => {
            f.picked.value = profile.id;
            // The button gives way to the reveal: keyboard focus goes there rather than to the page's start.
            requestAnimationFrame(() => document.getElementById(revealId(profile))?.focus());
          }}
        >
          {FIND_WORDS.choose}
        </button>
      )}
    </li>
  );
}
