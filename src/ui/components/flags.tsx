/**
 * Flagging a contact's data wrong from its card (popup, side panel, library): the note under a flagged item (who,
 * when, the user's words, and taking it back), and the small form that flags. The flag is kept by the background on
 * the contact's record; the card shows it from the vault's change like any other write.
 */
import { useSignal } from '@preact/signals';
import type { ApiErrorJSON } from '../../api/errors';
import { standingFlag } from '../../domain/flags';
import { FLAG_TARGETS, type FlagTarget } from '../../store/database/vault/vault-flags';
import type { ContactRecord } from '../../store/database/vault/vault-record';
import { call } from '../rpc';
import { exactTime } from '../words/age';
import { ErrorView } from './error-view';
import './flags.css';
import {
  FLAG_BUTTON,
  FLAG_CHOICE,
  FLAG_NOTE_LABEL,
  FLAG_SUMMARY,
  FLAG_WHAT,
  flaggedLine,
  LEFT_OUT,
  UNFLAG_BUTTON,
  unflaggedLine,
} from '../words/trust';

/** Asks the background to flag or unflag; answers the error to show, if any. */
async function setFlag(
  record: ContactRecord,
  target: FlagTarget,
  wrong: boolean,
  note?: string,
): Promise<ApiErrorJSON | null> {
  const result = await call('flagContact', { key: record.key, target, wrong, ...(note ? { note } : {}) });
  return result.ok ? null : result.error;
}

/**
 * Under an item (or the contact, for "Wrong person"): "Flagged wrong by Alice, 3 Dec", the note, and the control to
 * take it back; or, once taken back, who did and when. Nothing when the item was never flagged.
 */
export function FlagNote({ record, target }: { record: ContactRecord; target: FlagTarget }) {
  const error = useSignal<ApiErrorJSON | null>(null);
  const flag = record.flags?.[target];
  if (!flag) return null;
  const standing = standingFlag(record, target);
  if (!standing) {
    // Taken back, or a flag on a value since replaced: only a taking back is said.
    return flag.unflagged ? (
      <p class="flag-note muted" data-flag={target} title={exactTime(flag.unflagged.at)}>
        {unflaggedLine(flag.unflagged)}
      </p>
    ) : null;
  }
  return (
    <div class="flag-note" data-flag={target} data-flagged="">
      <p>
        <span title={exactTime(standing.at)}>{flaggedLine(target, standing)}</span>
        {standing.note && <span class="muted"> · “{standing.note}”</span>}
        <span class="muted"> · {LEFT_OUT}</span>{' '}
        <button
          type="button"
          class="link"
          onClick={async () => (error.value = await setFlag(record, target, false))}
        >
          {UNFLAG_BUTTON}
        </button>
      </p>
      {error.value && <ErrorView error={error.value} />}
    </div>
  );
}

/** What can be flagged now: a found email or phone, or the person, not already flagged. */
function choices(record: ContactRecord): FlagTarget[] {
  return FLAG_TARGETS.filter(
    (target) => !standingFlag(record, target) && (target === 'person' || record[target]?.found === true),
  );
}

/** "Something wrong?": folded, so the card stays short; choose what is wrong, add a note, flag it. */
export function FlagForm({ record }: { record: ContactRecord }) {
  const open = useSignal(false);
  const note = useSignal('');
  const error = useSignal<ApiErrorJSON | null>(null);
  const busy = useSignal(false);
  const offered = choices(record);
  const picked = useSignal<FlagTarget | null>(null);
  if (offered.length === 0) return null;
  const target = picked.value && offered.includes(picked.value) ? picked.value : offered[0]!;
  const name = `flag-${record.key}`;
  return (
    <details
      class="flag-form"
      open={open.value}
      onToggle={(e) => (open.value = (e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>{FLAG_SUMMARY}</summary>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          busy.value = true;
          error.value = await setFlag(record, target, true, note.value.trim());
          busy.value = false;
          if (!error.value) {
            note.value = '';
            open.value = false;
          }
        }}
      >
        <fieldset>
          <legend class="visually-hidden">{FLAG_WHAT}</legend>
          {offered.map((choice) => (
            <label key={choice}>
              <input
                type="radio"
                name={name}
                value={choice}
                checked={choice === target}
                onChange={() => (picked.value = choice)}
              />
              {FLAG_CHOICE[choice]}
            </label>
          ))}
        </fieldset>
        <label class="field">
          {FLAG_NOTE_LABEL}
          <input
            type="text"
            maxLength={500}
            value={note.value}
            onInput={(e) => (note.value = e.currentTarget.value)}
          />
        </label>
        <button type="submit" class="small" disabled={busy.value}>
          {FLAG_BUTTON}: {FLAG_CHOICE[target].toLowerCase()}
        </button>
      </form>
      {error.value && <ErrorView error={error.value} />}
    </details>
  );
}
