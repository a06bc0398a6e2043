/**
 * Do not contact: the team's list of people nobody looks up or sends through the gateway. It holds fingerprints, not
 * addresses, so the list shows why, who and when; a person is found on it by checking their profile address or email.
 */
import { type Signal, useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { WORDS } from '../words';
import { get, post } from './api';
import { utcTime } from './format';
import { TextField } from './members';
import { Notice } from './notice';

interface Entry {
  id: number;
  reason: string;
  reason_label: string;
  added_by: string;
  added_at: string;
  kinds: { url: number; id: number; email: number };
}
interface List {
  entries: Entry[];
  reasons: { reason: string; label: string }[];
}

export function DoNotContactScreen() {
  const list = useSignal<List | null>(null);
  const notice = useSignal<{ text: string; bad?: boolean } | null>(null);
  const removing = useSignal<number | null>(null);
  const load = () =>
    get<List>('/do-not-contact')
      .then((answer) => {
        list.value = answer;
      })
      .catch((error: Error) => {
        notice.value = { text: error.message, bad: true };
      });
  useEffect(() => {
    load();
  }, []);
  const remove = async (entry: Entry) => {
    try {
      await post(`/do-not-contact/${entry.id}/remove`);
      notice.value = { text: WORDS.dncRemoved };
      removing.value = null;
      load();
    } catch (error) {
      notice.value = { text: (error as Error).message, bad: true };
    }
  };
  return (
    <section aria-labelledby="dnc-title">
      <h2 id="dnc-title">{WORDS.dncTitle}</h2>
      <p class="muted">{WORDS.dncHow}</p>
      <Notice notice={notice} />
      {list.value && <AddForm reasons={list.value.reasons} notice={notice} onAdded={load} />}
      <ForgetForm onForgotten={load} />
      <ExportForm />
      <h3>{WORDS.dncListTitle}</h3>
      {list.value === null ? (
        <p role="status">{WORDS.loading}</p>
      ) : list.value.entries.length === 0 ? (
        <p>{WORDS.dncEmpty}</p>
      ) : (
        <ul class="cards" aria-label={WORDS.dncListTitle}>
          {list.value.entries.map((entry) => (
            <li key={entry.id} class="card" data-testid="dnc-entry">
              <div class="card-head">
                <h4>{entry.reason_label}</h4>
                <span class="muted">
                  {entry.added_by} · {utcTime(entry.added_at)} · {WORDS.dncHolds(entry.kinds)}
                </span>
              </div>
              {removing.value === entry.id ? (
                <div>
                  <p>{WORDS.dncRemoveConfirm}</p>
                  <div class="actions">
                    <button type="button" class="danger-fill" onClick={() => remove(entry)}>
                      {WORDS.dncRemoveYes}
                    </button>
                    <button type="button" class="quiet" onClick={() => (removing.value = null)}>
                      {WORDS.cancel}
                    </button>
                  </div>
                </div>
              ) : (
                <div class="actions">
                  <button type="button" class="danger" onClick={() => (removing.value = entry.id)}>
                    {WORDS.dncRemove}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AddForm({
  reasons,
  notice,
  onAdded,
}: {
  reasons: List['reasons'];
  notice: Signal<{ text: string; bad?: boolean } | null>;
  onAdded: () => void;
}) {
  const profile = useSignal('');
  const emails = useSignal('');
  const reason = useSignal(reasons[0]?.reason ?? 'objected');
  const busy = useSignal(false);
  const given = () => ({ social_url: profile.value, emails: emails.value });
  /** Said before anything is sent (the gateway checks again with the canonical form). */
  const problem = (): string | null => {
    const url = profile.value.trim();
    const list = emails.value.split(/[\s,;]+/).filter((one) => one !== '');
    if (url === '' && list.length === 0) return WORDS.dncNothingGiven;
    if (url !== '' && !/linkedin\.com\/in\/[^/?#]+/i.test(url)) return WORDS.dncNotProfile(url);
    const bad = list.find((one) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(one));
    return bad ? WORDS.dncNotEmail(bad) : null;
  };

  const add = async (event: Event) => {
    event.preventDefault();
    const wrong = problem();
    if (wrong) {
      notice.value = { text: wrong, bad: true };
      return;
    }
    busy.value = true;
    try {
      const answer = await post<{ entry: Entry; added: boolean }>('/do-not-contact', {
        ...given(),
        reason: reason.value,
      });
      notice.value = {
        text: answer.added
          ? WORDS.dncAdded
          : WORDS.dncAlready(answer.entry.added_by, utcTime(answer.entry.added_at)),
      };
      profile.value = '';
      emails.value = '';
      onAdded();
    } catch (error) {
      notice.value = { text: (error as Error).message, bad: true };
    } finally {
      busy.value = false;
    }
  };
  const check = async () => {
    const wrong = problem();
    if (wrong) {
      notice.value = { text: wrong, bad: true };
      return;
    }
    try {
      const answer = await post<{ entry: Entry | null }>('/do-not-contact/check', given());
      notice.value = {
        text: answer.entry
          ? WORDS.dncListed(answer.entry.reason_label, answer.entry.added_by, utcTime(answer.entry.added_at))
          : WORDS.dncNotListed,
      };
    } catch (error) {
      notice.value = { text: (error as Error).message, bad: true };
    }
  };

  return (
    <form class="panel" onSubmit={add} aria-labelledby="dnc-add-title" noValidate>
      <h3 id="dnc-add-title">{WORDS.dncAdd}</h3>
      <TextField label={WORDS.dncProfile} value={profile} type="url" />
      <label class="field">
        <span>{WORDS.dncEmails}</span>
        <textarea
          rows={2}
          value={emails.value}
          onInput={(e) => {
            emails.value = (e.currentTarget as HTMLTextAreaElement).value;
          }}
        />
      </label>
      <label class="field">
        <span>{WORDS.dncReason}</span>
        <select
          value={reason.value}
          onChange={(e) => {
            reason.value = (e.currentTarget as HTMLSelectElement).value;
          }}
        >
          {reasons.map((r) => (
            <option key={r.reason} value={r.reason}>
              {r.label}
            </option>
          ))}
        </select>
      </label>
      <div class="actions">
        <button type="submit" class="primary" disabled={busy.value}>
          {WORDS.dncAddButton}
        </button>
        <button type="button" class="quiet" onClick={check}>
          {WORDS.dncCheckButton}
        </button>
      </div>
    </form>
  );
}

interface Forgotten {
  held: boolean;
  items: number;
  sent: { destination: string; label: string; link: string | null }[];
}

function ForgetForm({ onForgotten }: { onForgotten: () => void }) {
  const profile = useSignal('');
  const done = useSignal<Forgotten | null>(null);
  const problem = useSignal<string | null>(null);
  const busy = useSignal(false);
  const forget = async (event: Event) => {
    event.preventDefault();
    if (!confirm(WORDS.forgetConfirm)) return;
    busy.value = true;
    problem.value = null;
    try {
      done.value = await post<Forgotten>('/forget', { social_url: profile.value });
      profile.value = '';
      onForgotten();
    } catch (error) {
      problem.value = (error as Error).message;
    } finally {
      busy.value = false;
    }
  };
  return (
    <form class="panel" onSubmit={forget} aria-labelledby="forget-title" noValidate>
      <h3 id="forget-title">{WORDS.forgetTitle}</h3>
      <p class="muted">{WORDS.forgetHow}</p>
      <TextField label={WORDS.dncProfile} value={profile} type="url" />
      {problem.value && (
        <p class="bad" role="alert">
          {problem.value}
        </p>
      )}
      {done.value && (
        <div role="status">
          <p class="ok">{WORDS.forgotten(done.value.items, done.value.held)}</p>
          {done.value.sent.length > 0 && (
            <>
              <p>{WORDS.forgottenSent}</p>
              <ul>
                {done.value.sent.map((s) => (
                  <li key={s.destination}>
                    {s.link ? (
                      <a href={s.link} target="_blank" rel="noopener noreferrer">
                        {s.label}
                      </a>
                    ) : (
                      s.label
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      <button type="submit" class="danger" disabled={busy.value}>
        {WORDS.forgetButton}
      </button>
    </form>
  );
}

/** An access request's export: the links download from the console's own origin, with the session's cookie. */
function ExportForm() {
  const profile = useSignal('');
  const query = `profile=${encodeURIComponent(profile.value.trim())}`;
  return (
    <section class="panel" aria-labelledby="export-title">
      <h3 id="export-title">{WORDS.exportTitle}</h3>
      <p class="muted">{WORDS.exportHow}</p>
      <TextField label={WORDS.dncProfile} value={profile} type="url" />
      {profile.value.trim() !== '' && (
        <div class="actions">
          <a href={`/admin/api/person.json?${query}`} download>
            {WORDS.exportJson}
          </a>
          <a href={`/admin/api/person.csv?${query}`} download>
            {WORDS.exportCsv}
          </a>
        </div>
      )}
    </section>
  );
}
