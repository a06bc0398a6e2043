/**
 * "Update in Lever" (free) under a job change LinkedIn showed: for each Lever this computer sent the contact to, the
 * change told as a note on its record (Lever's reference allows no update of the headline, title or employer:
 * `src/background/send-to/job-change-note.ts`), then "Lever updated · 6 Dec". Loaded with the card's flags
 * (`flags-later.ts`).
 */
import { signal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import type { ApiErrorJSON } from '../../api/errors';
import { type SentRecord, sentFor, watchSent } from '../../store/database/sent';
import type { ContactRecord } from '../../store/database/vault/vault-record';
import { destinationHints } from '../../store/items/destination-hints';
import { stored } from '../helpers/use-stored';
import { call } from '../rpc';
import { exactTime } from '../words/age';
import { UPDATE_FREE, updatedIn, updateIn } from '../words/trust';
import { ErrorView } from './error-view';

function createModel(contactKey: string) {
  const destinations = stored([], destinationHints.get, destinationHints.watch);
  const sent = signal<SentRecord[]>([]);
  const busy = signal(false);
  const error = signal<ApiErrorJSON | null>(null);
  const read = () =>
    void sentFor([contactKey]).then((found) => {
      sent.value = found.get(contactKey) ?? [];
    });
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
  async function update(destinationId: string) {
    busy.value = true;
    error.value = null;
    const result = await call('noteJobChange', { key: contactKey, destinationId });
    busy.value = false;
    if (!result.ok) error.value = result.error;
  }
  return { destinations: destinations.value, sent, busy, error, update, watch };
}

export function UpdateInDestination({ record }: { record: ContactRecord }) {
  const m = useMemo(() => createModel(record.key), [record.key]);
  useEffect(() => m.watch(), [m]);
  const observed = record.observed;
  // A Lever of this computer's own (a team's is sent to by the gateway) the contact is in.
  const levers = m.destinations.value.filter(
    (hint) =>
      hint.kind === 'lever' &&
      hint.team === undefined &&
      m.sent.value.some((s) => s.destinationId === hint.id && s.state === 'sent'),
  );
  if (!observed || levers.length === 0) return null;
  return (
    <div class="job-update" data-testid="job-update">
      {levers.map((hint) => {
        const noted = observed.noted?.find((told) => told.destination === hint.id)?.at;
        return noted ? (
          <p key={hint.id} class="muted" title={exactTime(noted)}>
            {updatedIn(hint.label, noted)}
          </p>
        ) : (
          <p key={hint.id} class="row">
            <button type="button" class="small" disabled={m.busy.value} onClick={() => m.update(hint.id)}>
              {updateIn(hint.label)}
            </button>{' '}
            <span class="muted">{UPDATE_FREE}</span>
          </p>
        );
      })}
      {m.error.value && <ErrorView error={m.error.value} />}
    </div>
  );
}
