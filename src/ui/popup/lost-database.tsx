import { useMemo } from 'preact/hooks';
import { dismissLostDatabase, lostDatabase, watchLostDatabase } from '../../store/database/db-marker';
import { stored } from '../helpers/use-stored';
import { LOST_DATABASE, LOST_DATABASE_DETAIL } from '../words/lost-database';

/**
 * The extension's database vanished (the browser dropped it: a full disk), said once until read, never taken for a
 * first install.
 */
export function LostDatabase() {
  const lost = useMemo(() => stored(null, lostDatabase, watchLostDatabase), []);
  if (!lost.value.value) return null;
  // One paragraph with its button at the end: the popup has 600 px, and the contact revealed next needs them.
  return (
    <div class="notice" role="alert" data-testid="lost-database">
      <p class="lost-database">
        <strong>{LOST_DATABASE}</strong> {LOST_DATABASE_DETAIL}{' '}
        <button type="button" class="small" onClick={() => void dismissLostDatabase()}>
          Got it
        </button>
      </p>
    </div>
  );
}
