import { useMemo } from 'preact/hooks';
import { dismissLostDatabase, lostDatabase, watchLostDatabase } from '../../store/db-marker';
import { stored } from '../use-stored';
import { LOST_DATABASE, LOST_DATABASE_DETAIL } from '../words/lost-database';

/**
 * The extension's database vanished (the browser dropped it: a full disk), said once until read, never taken for a
 * first install.
 */
export function LostDatabase() {
  const lost = useMemo(() => stored(null, lostDatabase, watchLostDatabase), []);
  if (!lost.value.value) return null;
  return (
    <div class="notice" role="alert" data-testid="lost-database">
      <strong>{LOST_DATABASE}</strong>
      <p>{LOST_DATABASE_DETAIL}</p>
      <p class="row">
        <button type="button" class="small" onClick={() => void dismissLostDatabase()}>
          Got it
        </button>
      </p>
    </div>
  );
}
