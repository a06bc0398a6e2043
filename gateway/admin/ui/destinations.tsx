/**
 * Destinations: where members send revealed contacts through the gateway, listed without keys; set one (its key
 * checked by a free call first, exactly as `send set` does: the server runs the same code) or remove one.
 */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { WORDS } from '../words';
import { get, post } from './api';
import { utcTime } from './format';
import { TextField } from './members';
import { Notice } from './notice';

interface Destination {
  kind: string;
  label: string;
  account: string | null;
  set_at: string;
}

export function DestinationsScreen() {
  const list = useSignal<{ destinations: Destination[]; kinds: { kind: string; label: string }[] } | null>(
    null,
  );
  const notice = useSignal<{ text: string; bad?: boolean } | null>(null);
  const removing = useSignal<string | null>(null);
  const load = () =>
    get<{ destinations: Destination[]; kinds: { kind: string; label: string }[] }>('/destinations')
      .then((answer) => {
        list.value = answer;
      })
      .catch((error: Error) => {
        notice.value = { text: error.message, bad: true };
      });
  useEffect(() => {
    load();
  }, []);
  const remove = async (d: Destination) => {
    try {
      await post(`/destinations/${d.kind}/remove`);
      notice.value = { text: WORDS.destinationRemoved(d.label) };
      removing.value = null;
      load();
    } catch (error) {
      notice.value = { text: (error as Error).message, bad: true };
    }
  };
  return (
    <section aria-labelledby="destinations-title">
      <h2 id="destinations-title">{WORDS.destinationsTitle}</h2>
      <Notice notice={notice} />
      {list.value === null ? (
        <p role="status">{WORDS.loading}</p>
      ) : list.value.destinations.length === 0 ? (
        <p>{WORDS.destinationsEmpty}</p>
      ) : (
        <ul class="cards" aria-label={WORDS.destinationsTitle}>
          {list.value.destinations.map((d) => (
            <li key={d.kind} class="card" data-testid="destination">
              <div class="card-head">
                <h3>{d.label}</h3>
                <span class="muted">
                  {d.account ? `${WORDS.account}: ${d.account} · ` : ''}
                  {WORDS.setAt} {utcTime(d.set_at)}
                </span>
              </div>
              {removing.value === d.kind ? (
                <div>
                  <p>{WORDS.removeConfirm(d.label)}</p>
                  <div class="actions">
                    <button type="button" class="danger-fill" onClick={() => remove(d)}>
                      {WORDS.removeYes(d.label)}
                    </button>
                    <button type="button" class="quiet" onClick={() => (removing.value = null)}>
                      {WORDS.cancel}
                    </button>
                  </div>
                </div>
              ) : (
                <div class="actions">
                  <button
                    type="button"
                    class="danger"
                    onClick={() => (removing.value = d.kind)}
                    aria-label={`${WORDS.remove}: ${d.label}`}
                  >
                    {WORDS.remove}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {list.value && (
        <SetForm
          kinds={list.value.kinds}
          onSet={(text) => {
            notice.value = { text };
            load();
          }}
        />
      )}
    </section>
  );
}

function SetForm({
  kinds,
  onSet,
}: {
  kinds: { kind: string; label: string }[];
  onSet: (text: string) => void;
}) {
  const kind = useSignal(kinds[0]?.kind ?? 'lever');
  const key = useSignal('');
  const performAs = useSignal('');
  const posting = useSignal('');
  const url = useSignal('');
  const secret = useSignal('');
  const problem = useSignal<string | null>(null);
  const shownSecret = useSignal<string | null>(null);
  const busy = useSignal(false);
  const webhook = kind.value === 'webhook';

  const submit = async (event: Event) => {
    event.preventDefault();
    if (webhook ? url.value.trim() === '' : key.value.trim() === '') {
      problem.value = webhook ? WORDS.webhookUrlMissing : WORDS.keyMissing;
      return;
    }
    problem.value = null;
    busy.value = true;
    try {
      const answer = await post<{ destination: { label: string; account?: string }; secret?: string }>(
        '/destinations',
        {
          kind: kind.value,
          key: key.value,
          perform_as: performAs.value,
          posting: posting.value,
          url: url.value,
          secret: secret.value,
        },
      );
      shownSecret.value = answer.secret ?? null;
      key.value = '';
      secret.value = '';
      onSet(WORDS.destinationSet(answer.destination.label, answer.destination.account));
    } catch (error) {
      problem.value = (error as Error).message;
    } finally {
      busy.value = false;
    }
  };

  return (
    <form class="panel" onSubmit={submit} aria-labelledby="set-destination-title" noValidate>
      <h3 id="set-destination-title">{WORDS.setDestination}</h3>
      <label class="field">
        <span>{WORDS.kind}</span>
        <select
          value={kind.value}
          onChange={(e) => {
            kind.value = (e.currentTarget as HTMLSelectElement).value;
            problem.value = null;
          }}
        >
          {kinds.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </select>
      </label>
      {webhook ? (
        <>
          <TextField label={WORDS.webhookUrl} value={url} type="url" />
          <TextField label={WORDS.webhookSecret} value={secret} type="password" />
        </>
      ) : (
        <>
          <TextField label={WORDS.key} value={key} type="password" />
          {kind.value === 'lever' && (
            <>
              <TextField label={WORDS.performAs} value={performAs} />
              <TextField label={WORDS.posting} value={posting} />
            </>
          )}
          <TextField label={WORDS.apiUrl} value={url} type="url" />
        </>
      )}
      {problem.value && (
        <p class="bad pre" role="alert">
          {problem.value}
        </p>
      )}
      {shownSecret.value && (
        <div>
          <p id="secret-help">{WORDS.webhookSecretOnce}</p>
          <textarea
            class="secret"
            readOnly
            rows={2}
            aria-describedby="secret-help"
            aria-label={WORDS.webhookSecret}
            value={shownSecret.value}
          />
        </div>
      )}
      <button type="submit" class="primary" disabled={busy.value}>
        {WORDS.checkAndSet}
      </button>
    </form>
  );
}
