/**
 * "Find a person" in the side panel (loaded on demand: most panels never show it). The query prepared by a
 * right-click menu or the popup, editable, with its price before the one button that sends it; then the people
 * found, each with why it matched. An exact match is offered for a reveal at once; a likely one only after the
 * user chose the person.
 */
import { useEffect, useMemo } from 'preact/hooks';
import { formatCredits } from '../../../api/pricing';
import { gitHubProfile } from '../../../find/github';
import type { FindIntent } from '../../../find/intent';
import { ErrorView } from '../../components/error-view';
import { describedBy, ownLine } from '../../components/service-down';
import { useTeamHeld } from '../../helpers/team-held-rows';
import { FIND_WORDS } from '../../words/find';
import type { FindPanel } from '../model';
import { openOptions } from '../open-options';
import { ReasonLine } from '../rows/reason-line';
import { SearchProblem } from '../search/search-problem';
import { rowTarget } from '../vault-model';
import { createFindModel, type FindModel } from './find-model';
import { FoundPerson } from './find-person';

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
        aria-describedby={describedBy(reason, 'find-reason')}
      >
        Find · 1 credit if found
      </button>
      {ownLine(reason) && !Object.values(problems).includes(reason) && (
        <ReasonLine id="find-reason" reason={reason} />
      )}
    </form>
  );
}

/** The find's own search: under way, failed, cut off, or its people. */
function FindResults({ m, f }: { m: FindPanel; f: FindModel }) {
  const s = f.own.value;
  const page = f.page.value;
  // On a team gateway: what the team holds of the people found, asked free, so their reveals are priced right.
  useTeamHeld(page?.profiles.map(rowTarget) ?? []);
  if (!s) return null;
  const matches = f.matches.value;
  return (
    // A named region rather than a heading: each person found is a heading of its own, under the find's.
    <section aria-label="People found">
      {s.status === 'running' && (
        <p class="job running" role="status">
          {FIND_WORDS.searching}
        </p>
      )}
      <SearchProblem session={s} />
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
