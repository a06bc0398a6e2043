/**
 * Options' do-not-contact list: add a person (profile address, emails, why), see who is listed (why and when: the list
 * holds fingerprints, never whom) and take a person off. With a team gateway, a person added goes on the team's list
 * too; the team's admin takes people off that one in the console.
 */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { DncReasonKind as LocalDncReason } from '../../api/dnc-reasons';
import type { ApiErrorJSON } from '../../api/errors';
import type { DncEntry } from '../../store/database/do-not-contact';
import { ErrorView } from '../components/error-view';
import { Field } from '../options/field';
import { call } from '../rpc';
import { DNC_REASON_WORDS, DNC_WORDS } from './words';
import './do-not-contact.css';

const REASONS = Object.keys(DNC_REASON_WORDS) as LocalDncReason[];

export function DoNotContactSettings() {
  const list = useSignal<{ entries: DncEntry[]; team: string | null } | null>(null);
  const profile = useSignal('');
  const emails = useSignal('');
  const reason = useSignal<LocalDncReason>('objected');
  const notice = useSignal<string | null>(null);
  const error = useSignal<ApiErrorJSON | null>(null);
  const busy = useSignal(false);

  const load = async () => {
    const answer = await call('listDoNotContact');
    if (answer.ok) list.value = answer.value;
    else error.value = answer.error;
  };
  useEffect(() => {
    void load();
  }, []);

  const add = async (event: Event) => {
    event.preventDefault();
    busy.value = true;
    notice.value = null;
    error.value = null;
    const given = emails.value.split(/[\s,;]+/).filter((one) => one !== '');
    const answer = await call('addDoNotContact', {
      ...(profile.value.trim() ? { socialUrl: profile.value.trim() } : {}),
      ...(given.length > 0 ? { emails: given } : {}),
      reason: reason.value,
    });
    busy.value = false;
    if (!answer.ok) {
      error.value = answer.error;
      void load();
      return;
    }
    notice.value = answer.value.added
      ? answer.value.team
        ? DNC_WORDS.addedTeam
        : DNC_WORDS.added
      : DNC_WORDS.already;
    profile.value = '';
    emails.value = '';
    void load();
  };

  const remove = async (entry: DncEntry) => {
    if (!confirm(DNC_WORDS.removeConfirm)) return;
    const answer = await call('removeDoNotContact', { entry: entry.entry });
    if (answer.ok) notice.value = DNC_WORDS.removed;
    else error.value = answer.error;
    void load();
  };

  return (
    <section aria-labelledby="do-not-contact">
      <h2 id="do-not-contact">{DNC_WORDS.title}</h2>
      <p class="muted">{DNC_WORDS.how}</p>
      {list.value?.team && <p class="muted">{DNC_WORDS.team(list.value.team)}</p>}
      <form noValidate onSubmit={add} aria-label={DNC_WORDS.add}>
        <Field
          id="dnc-profile"
          label={DNC_WORDS.profile}
          inputMode="url"
          spellcheck={false}
          value={profile}
          onText={(text) => {
            profile.value = text;
          }}
        />
        <Field
          id="dnc-emails"
          label={DNC_WORDS.emails}
          hint={DNC_WORDS.emailsHint}
          spellcheck={false}
          value={emails}
          onText={(text) => {
            emails.value = text;
          }}
        />
        <div class="field">
          <label for="dnc-reason">{DNC_WORDS.reason}</label>
          <select
            id="dnc-reason"
            value={reason.value}
            onChange={(e) => {
              reason.value = (e.currentTarget as HTMLSelectElement).value as LocalDncReason;
            }}
          >
            {REASONS.map((one) => (
              <option key={one} value={one}>
                {DNC_REASON_WORDS[one]}
              </option>
            ))}
          </select>
        </div>
        <div class="row form-actions">
          <button type="submit" disabled={busy.value}>
            {DNC_WORDS.addButton}
          </button>
        </div>
      </form>
      {error.value && <ErrorView error={error.value} place="options" />}
      {notice.value && (
        <p class="success" role="status">
          {notice.value}
        </p>
      )}
      <h3>{DNC_WORDS.listTitle}</h3>
      {list.value && list.value.entries.length === 0 && <p class="muted">{DNC_WORDS.empty}</p>}
      {list.value && list.value.entries.length > 0 && (
        <ul class="dnc-list" aria-label={DNC_WORDS.listTitle}>
          {list.value.entries.map((entry) => (
            <li key={entry.entry} data-testid="dnc-entry">
              <span>
                {DNC_REASON_WORDS[entry.reason]}
                <span class="muted">
                  {' '}
                  · {DNC_WORDS.addedOn(entry.addedAt)} · {DNC_WORDS.holds(entry.kinds)}
                </span>
              </span>
              <button type="button" class="danger" onClick={() => void remove(entry)}>
                {DNC_WORDS.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
