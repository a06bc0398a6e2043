/**
 * A list row's send: where a revealed row's Reveal was, a quiet "Send to Lever" (one per destination not sent to yet,
 * folded under "Send to…" when there are several), and once sent, the mark "In Lever · 3 Nov" linking to the record.
 * The marks of every row on screen are read together and follow the sends made anywhere.
 */
import { signal, useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { type SentRecord, sentFor, watchSent } from '../../store/database/sent';
import { destinationHints } from '../../store/items/destination-hints';
import { stored } from '../helpers/use-stored';
import { call } from '../rpc';
import { SentMark } from './sent-mark';
import { sendOutcome } from './sent-words';

/** The panel's destinations and the marks of the rows shown, one reader for all rows (a list holds up to 100). */
const destinations = stored([], destinationHints.get, destinationHints.watch).value;
const marks = signal<ReadonlyMap<string, SentRecord[]>>(new Map());
/** How many rows show each contact (a contact may be in two lists at once). */
const shown = new Map<string, number>();
let pending = new Set<string>();
let scheduled = false;

/** Reads the marks of these contacts; rows mounting together are read in one go. */
function read(keys: readonly string[]) {
  for (const key of keys) pending.add(key);
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(async () => {
    scheduled = false;
    const asked = [...pending];
    pending = new Set();
    if (asked.length === 0) return;
    const found = await sentFor(asked);
    const next = new Map(marks.value);
    for (const key of asked) next.set(key, found.get(key) ?? []);
    marks.value = next;
  });
}

function follow(key: string): () => void {
  shown.set(key, (shown.get(key) ?? 0) + 1);
  read([key]);
  return () => {
    const left = (shown.get(key) ?? 1) - 1;
    if (left > 0) shown.set(key, left);
    else shown.delete(key);
  };
}

watchSent((keys) => read(keys === null ? [...shown.keys()] : keys.filter((key) => shown.has(key))));

/** The send of one revealed row, for the contact `contactKey` named `name`. */
export function RowSend({ contactKey, name }: { contactKey: string; name: string }) {
  useEffect(() => follow(contactKey), [contactKey]);
  const busy = useSignal(false);
  const said = useSignal<{ text: string; failed: boolean } | null>(null);
  const hints = destinations.value;
  if (hints.length === 0) return null;
  const sent = marks.value.get(contactKey) ?? [];
  const unsent = hints.filter((hint) => !sent.some((record) => record.destinationId === hint.id));
  async function send(destinationId: string) {
    busy.value = true;
    const result = await call('sendContact', { contactKey, destinationId });
    busy.value = false;
    said.value = result.ok
      ? { text: sendOutcome(result.value), failed: false }
      : { text: result.error.message, failed: true };
    read([contactKey]);
  }
  const button = (hint: (typeof hints)[number]) => (
    <button
      key={hint.id}
      type="button"
      class="small quiet"
      disabled={busy.value}
      aria-label={`Send to ${hint.label}: ${name}`}
      title="Free: sending costs no credits"
      onClick={() => void send(hint.id)}
    >
      {busy.value ? 'Sending…' : `Send to ${hint.label}`}
    </button>
  );
  return (
    <span class="row-send" data-testid="row-send">
      {sent.map((record) => (
        <SentMark key={record.key} record={record} />
      ))}
      {unsent.length === 1 && button(unsent[0]!)}
      {unsent.length > 1 && (
        <details class="row-send-menu">
          <summary>Send to…</summary>
          <span class="row-send-choices">{unsent.map(button)}</span>
        </details>
      )}
      {said.value && (
        <span
          class={said.value.failed ? 'row-send-problem' : 'visually-hidden'}
          role={said.value.failed ? 'alert' : 'status'}
        >
          {said.value.text}
        </span>
      )}
    </span>
  );
}
