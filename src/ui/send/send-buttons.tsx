import { signal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import { type SentRecord, sentFor, watchSent } from '../../store/database/sent';
import { destinationHints } from '../../store/items/destination-hints';
import { stored } from '../helpers/use-stored';
import { call } from '../rpc';
import { SentMark } from './sent-mark';
import { sendOutcome } from './sent-words';

function createSendModel(contactKey: string) {
  const destinations = stored([], destinationHints.get, destinationHints.watch);
  const sent = signal<SentRecord[]>([]);
  const busy = signal<string | null>(null);
  const said = signal<{ text: string; failed: boolean } | null>(null);
  const read = () =>
    void sentFor([contactKey]).then((found) => {
      sent.value = found.get(contactKey) ?? [];
    });
  async function send(destinationId: string) {
    busy.value = destinationId;
    said.value = null;
    const result = await call('sendContact', { contactKey, destinationId });
    busy.value = null;
    said.value = result.ok
      ? { text: sendOutcome(result.value), failed: false }
      : { text: result.error.message, failed: true };
    read();
  }
  const watch = () => {
    read();
    const stop = watchSent((keys) => {
      if (keys === null || keys.includes(contactKey)) read();
    });
    return () => {
      stop();
      destinations.stop();
    };
  };
  return { destinations: destinations.value, sent, busy, said, send, watch };
}

/**
 * A revealed contact's destinations: "Send to Lever" for each saved destination it has not been sent to (free, and
 * said so), and "In Lever · 3 Nov", linking to the record, for each it has. Nothing shows until a destination is
 * saved in Options.
 */
export function SendButtons({ contactKey }: { contactKey: string }) {
  const m = useMemo(() => createSendModel(contactKey), [contactKey]);
  useEffect(() => m.watch(), [m]);
  const destinations = m.destinations.value;
  if (destinations.length === 0) return null;
  const unsent = destinations.filter((hint) => !m.sent.value.some((s) => s.destinationId === hint.id));
  return (
    <div class="send-to" data-testid="send-to">
      {m.sent.value.length > 0 && (
        <p class="row sent-marks">
          {m.sent.value.map((record) => (
            <SentMark key={record.key} record={record} />
          ))}
        </p>
      )}
      {unsent.length > 0 && (
        <p class="row">
          {unsent.map((hint) => (
            <button
              key={hint.id}
              type="button"
              class="small"
              disabled={m.busy.value !== null}
              onClick={() => void m.send(hint.id)}
            >
              {m.busy.value === hint.id ? 'Sending…' : `Send to ${hint.label}`}
            </button>
          ))}
          <span class="muted">Free: no credits.</span>
        </p>
      )}
      {m.said.value && (
        <p class={m.said.value.failed ? 'error' : 'success'} role={m.said.value.failed ? 'alert' : 'status'}>
          {m.said.value.text}
        </p>
      )}
    </div>
  );
}
