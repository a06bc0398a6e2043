/**
 * The way back to the results a new search replaced, shown while that search has brought none of its own (it
 * failed, or the extension stopped during it): those results were paid for and are still stored.
 */

import { countOf, formatNumber } from '../../../format/numbers';
import type { ResultsModel } from './results-model';

export function EarlierResults({ m }: { m: Pick<ResultsModel, 'session' | 'backToEarlier'> }) {
  const s = m.session.value;
  const earlier = s?.earlier;
  if (!s || !earlier || s.pages.length > 0 || s.status === 'running') return null;
  const total = earlier.pages[0]?.total ?? 0;
  const loaded = earlier.pages.reduce((sum, page) => sum + page.profiles.length, 0);
  return (
    <p class="earlier-results">
      <button type="button" onClick={() => void m.backToEarlier()}>
        Back to the earlier results
      </button>{' '}
      <span class="muted">
        {countOf(total, 'candidate')}, {formatNumber(loaded)} loaded · free
      </span>
    </p>
  );
}
