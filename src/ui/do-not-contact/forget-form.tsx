/**
 * "Forget this person" on a contact card: folded, says what it does, asks once more, then tells what was erased and
 * names where the person had been sent, with each record's link, in a dialog of its own: the card itself goes away
 * with the contact, and the dialog stays until closed.
 */
import { useSignal } from '@preact/signals';
import { render } from 'preact';
import type { ApiErrorJSON } from '../../api/errors';
import type { ForgetOutcome } from '../../protocol/shapes';
import type { ContactRecord } from '../../store/database/vault/vault-record';
import { ErrorView } from '../components/error-view';
import { call } from '../rpc';
import { FORGET_WORDS } from './forget-words';
import './forget.css';

export function ForgetForm({ record }: { record: ContactRecord }) {
  const error = useSignal<ApiErrorJSON | null>(null);
  const busy = useSignal(false);
  const forget = async () => {
    busy.value = true;
    error.value = null;
    const answer = await call('forgetContact', { key: record.key });
    busy.value = false;
    if (answer.ok) showForgotten(answer.value);
    else error.value = answer.error;
  };
  return (
    <details class="flag-form forget">
      <summary>{FORGET_WORDS.summary}</summary>
      <p class="muted">{FORGET_WORDS.how}</p>
      <button type="button" class="danger" disabled={busy.value} onClick={() => void forget()}>
        {FORGET_WORDS.button}
      </button>
      {error.value && <ErrorView error={error.value} />}
    </details>
  );
}

/** Shows what forgetting did, in a modal dialog outside the card (which leaves with the contact). */
function showForgotten(outcome: ForgetOutcome) {
  const host = document.createElement('div');
  document.body.append(host);
  const close = () => {
    render(null, host);
    host.remove();
  };
  render(<Forgotten outcome={outcome} onClose={close} />, host);
  host.querySelector('dialog')?.showModal();
}

function Forgotten({ outcome, onClose }: { outcome: ForgetOutcome; onClose: () => void }) {
  return (
    <dialog class="forgotten" aria-labelledby="forgotten-title" onClose={onClose}>
      <h2 id="forgotten-title">{FORGET_WORDS.title(outcome.name)}</h2>
      <p>{FORGET_WORDS.here(outcome.items)}</p>
      {outcome.team && <p>{FORGET_WORDS.team(outcome.team.items)}</p>}
      <p>{FORGET_WORDS.listed}</p>
      {outcome.sent.length > 0 && (
        <section aria-labelledby="forgotten-sent">
          <h3 id="forgotten-sent">{FORGET_WORDS.sentTitle}</h3>
          <p class="muted">{FORGET_WORDS.sentHow}</p>
          <ul>
            {outcome.sent.map((mark) => (
              <li key={mark.label}>
                {mark.link ? (
                  <a href={mark.link} target="_blank" rel="noopener noreferrer">
                    {mark.label}
                  </a>
                ) : (
                  mark.label
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      <form method="dialog">
        <button type="submit" class="primary">
          {FORGET_WORDS.close}
        </button>
      </form>
    </dialog>
  );
}
