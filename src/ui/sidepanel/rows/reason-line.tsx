import { NO_KEY, NO_KEY_NEXT } from '../../helpers/reveal-price';
import { openOptions } from '../open-options';

/**
 * Why a paid button of the panel waits, on its own line under it (its `aria-describedby` names `id`); without a key,
 * with the way to Options beside the words.
 */
export function ReasonLine({ id, reason }: { id: string; reason: string }) {
  return (
    <p id={id} class="muted">
      {reason}
      {reason === NO_KEY && <NoKeyNext />}
    </p>
  );
}

/** The way to Options after words that say there is no key yet. */
export function NoKeyNext() {
  return (
    <>
      {' '}
      <button type="button" class="link" onClick={openOptions}>
        {NO_KEY_NEXT}
      </button>
    </>
  );
}
