/**
 * "Find a person" in the side panel (loaded on demand: most panels never show it). The query prepared by a
 * right-click menu or the popup, editable, with its price before the one button that sends it; then the people
 * found, each with why it matched. An exact match is offered for a reveal at once; a likely one only after the
 * user chose the person.
 */
import { useEffect, useMemo } from 'preact/hooks';
import { formatCredits, maxCostOfItems } from '../../api/pricing';
import { gitHubProfile } from '../../find/github';
import type { FindIntent } from '../../find/intent';
import type { Match } from '../../find/match';
import type { StoredProfile } from '../../store/search';
import { itemsToAsk } from '../../store/vault-record';
import { ContactCard } from '../contact-card';
import { useCutOffCheck } from '../cut-off-check';
import { CutOffNote } from '../cut-off-note';
import { ErrorView } from '../error-view';
import { JobOutcome } from '../job-outcome';
import { RevealOptions } from '../reveal-options';
import { FIND_WORDS, MATCH_WORDS } from '../words/find';
import { createFindModel, type FindModel } from './find-model';
import type { FindPanel } from './model';
import { openOptions } from './open-options';
import { rowTarget } from './vault-model';

/** A text field of the find form, with its problem said beside it. */
function Field({
  id,
  label,
  value,
  problem,
  hint,
  inputMode = 'text',
  onInput,
}: {
  id: string;
  label: string;
  value: string;
  problem: string | undefined;
  hint?: string;
  /** The on-screen keyboard to offer (the field stays text: its own check says what is wrong). */
  inputMode?: 'text' | 'email';
  onInput: (value: string) => void;
}) {
  const described = [problem ? `${id}-problem` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <label class="field">
      {label}
      <input
        id={id}
        type="text"
        inputMode={inputMode}
        value={value}
        autoComplete="off"
        spellcheck={false}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described || undefined}
        onInput={(e) => onInput(e.currentTarget.value)}
      />
      {hint && (
        <span id={`${id}-hint`} class="hint muted">
          {hint}
        </span>
      )}
      {problem && (
        <span id={`${id}-problem`} class="field-error" data-testid="find-problem">
          {problem}
        </span>
      )}
    </label>
  );
}

/** The query's fields, the price, and Find (disabled with its reason while anything is wrong). */
function FindForm({ f, intent }: { f: FindModel; intent: FindIntent }) {
  const reason = f.disabledReason.value;
  const problems = f.problems.value;
  const github = f.github ? gitHubProfile(f.github) : null;
  return (
    <form
      class="find-form"
      onSubmit={(e) => {
        e.preventDefault();
        void f.find();
      }}
    >
      {f.kind === 'email' && (
        <Field
          id="find-email"
          label={FIND_WORDS.emailLabel}
          inputMode="email"
          value={f.email.value}
          problem={problems.email}
          onInput={(v) => (f.email.value = v)}
        />
      )}
      {f.kind === 'github' && (
        <p>
          {FIND_WORDS.githubProfile}:{' '}
          {github ? <strong>{github.link.replace('https://', '')}</strong> : f.github}
          {problems.url && (
            <span class="field-error" data-testid="find-problem">
              {' '}
              {problems.url}
            </span>
          )}
        </p>
      )}
      {f.kind === 'name' && (
        <>
          <Field
            id="find-name"
            label={FIND_WORDS.nameLabel}
            value={f.name.value}
            problem={problems.name}
            onInput={(v) => (f.name.value = v)}
          />
          <Field
            id="find-domain"
            label={FIND_WORDS.domainLabel}
            value={f.domain.value}
            problem={problems.companyDomain}
            hint={FIND_WORDS.domainHint(intent.offeredDomain ?? null)}
            onInput={(v) => (f.domain.value = v)}
          />
        </>
      )}
      <p class="cost" data-testid="find-cost">
        Costs {FIND_WORDS.cost}
      </p>
      <button
        type="submit"
        class="primary"
        disabled={reason !== null}
        aria-describedby={reason ? 'find-reason' : undefined}
      >
        Find · 1 credit if found
      </button>
      {reason && !Object.values(problems).includes(reason) && (
        <p id="find-reason" class="muted">
          {reason}
        </p>
      )}
    </form>
  );
}

/** The id of a chosen person's reveal block (focused when the person is chosen, and after the reveal). */
const revealId = (profile: StoredProfile) => `find-reveal-${profile.id}`;

/** The chosen person: the reveal options priced against the vault, Reveal, and what the vault holds. */
function RevealChosen({ m, profile }: { m: FindPanel; profile: StoredProfile }) {
  const record = m.vault.recordFor(profile);
  const items = itemsToAsk(record, m.selection.value);
  const most = maxCostOfItems(items);
  const busy = m.reveals.isRevealing(profile.id, rowTarget(profile));
  const error = m.reveals.errors.value[profile.id];
  const cut = m.reveals.cutOffFor(rowTarget(profile));
  const checkProblem = useCutOffCheck(cut);
  const askedAgain = cut !== null && items.some((item) => cut.requested.includes(item));
  const remaining = m.account.balance.value?.remaining;
  const tooLow = items.length > 0 && remaining !== undefined && remaining < most;
  const charge = m.reveals.chargeFor(rowTarget(profile));
  const label = busy
    ? 'Revealing…'
    : items.length === 0
      ? m.selection.value.length === 0
        ? 'Choose items'
        : 'Revealed'
      : `${askedAgain ? 'Reveal again' : 'Reveal'} · up to ${formatCredits(most)}`;
  return (
    <div class="find-reveal" id={revealId(profile)} tabIndex={-1}>
      <RevealOptions
        legend={`Reveal ${profile.name}`}
        selection={m.selection.value}
        onChange={m.chooseSelection}
        record={record}
      />
      <p class="cost" data-testid="find-reveal-cost">
        {items.length > 0 ? (
          <>
            Costs at most {formatCredits(most)}
            <span class="muted"> · charged only if found</span>
          </>
        ) : (
          'Costs nothing'
        )}
      </p>
      <button
        type="button"
        class="primary"
        disabled={busy || items.length === 0 || tooLow || (askedAgain && !cut.check && !checkProblem)}
        onClick={async () => {
          await m.reveals.revealRow(profile, askedAgain);
          // The button disables itself once everything is held: focus moves to what was revealed.
          requestAnimationFrame(() => document.getElementById(revealId(profile))?.focus());
        }}
      >
        {label}
      </button>
      {tooLow && <p class="muted">Your balance ({formatCredits(remaining)}) is below its cost.</p>}
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
function FoundPerson({
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

/** The find's own search: under way, failed, cut off, or its people. */
function FindResults({ m, f }: { m: FindPanel; f: FindModel }) {
  const s = f.own.value;
  if (!s) return null;
  const page = f.page.value;
  const matches = f.matches.value;
  return (
    // A named region rather than a heading: each person found is a heading of its own, under the find's.
    <section aria-label="People found">
      {s.status === 'running' && (
        <p class="job running" role="status">
          {FIND_WORDS.searching}
        </p>
      )}
      {s.status === 'failed' && s.error && <ErrorView error={s.error} onOpenOptions={openOptions} />}
      {s.status === 'interrupted' && (
        <div class="error" role="alert">
          <strong>The extension stopped during this search</strong>
          <p>The service may have charged for it. Check your balance before searching again.</p>
        </div>
      )}
      {page && (
        <>
          <p data-testid="find-charged" role="status">
            {page.profiles.length === 0
              ? FIND_WORDS.noneFound
              : FIND_WORDS.charged(formatCredits(page.charged))}
          </p>
          {page.total > page.profiles.length && (
            <p class="muted">{FIND_WORDS.moreThanShown(page.profiles.length, page.total)}</p>
          )}
          {page.profiles.length > 0 && f.chosen.value === null && (
            <p class="muted">{FIND_WORDS.chooseFirst}</p>
          )}
          <ul class="people" aria-label="People found">
            {page.profiles.map((profile, i) => (
              <FoundPerson key={profile.id} m={m} f={f} profile={profile} match={matches[i]!} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** What was searched, in words, once it has results. */
function sentSummary(intent: FindIntent): string {
  const q = intent.sent?.query ?? intent.query;
  if (q.kind === 'email') return q.email;
  if (q.kind === 'github') return gitHubProfile(q.url)?.link.replace('https://', '') ?? q.url;
  return q.companyDomain ? `${q.name}, at ${q.companyDomain}` : q.name;
}

/** The view. Keyed by the intent's time by its parent, so a new find starts afresh. */
export function FindView({ m, intent }: { m: FindPanel; intent: FindIntent }) {
  // The intent's `sent` changes when Find is clicked; the form keeps what the user typed meanwhile.
  const f = useMemo(() => createFindModel(intent, m), [intent.at, m]);
  useEffect(() => {
    f.intent.value = intent;
  }, [f, intent]);
  return (
    <section aria-labelledby="find-title" class="focus find">
      <h2 id="find-title">{FIND_WORDS.title}</h2>
      <p class="muted">{FIND_WORDS.from[f.kind]}</p>
      {f.formOpen.value ? (
        <FindForm f={f} intent={intent} />
      ) : (
        <p class="row">
          <span data-testid="find-searched">Searched: {sentSummary(intent)}</span>
          <button type="button" class="small" onClick={() => (f.editing.value = true)}>
            Change the search
          </button>
        </p>
      )}
      {f.error.value && <ErrorView error={f.error.value} onOpenOptions={openOptions} />}
      <FindResults m={m} f={f} />
      <button type="button" onClick={m.backToSearch}>
        Back to search
      </button>
    </section>
  );
}
