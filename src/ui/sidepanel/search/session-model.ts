/**
 * The current search as the background stores it (its paid pages, what the service understood), as it is (one
 * whose worker stopped was cut off), and the pages either side of the one shown, each at its cost.
 */
import { computed } from '@preact/signals';
import { searchCost } from '../../../api/pricing';
import { currentSearch, type SearchSession } from '../../../store/database/search';
import { stored } from '../../helpers/use-stored';
import type { WorkerClock } from '../worker-clock';
import { heldProfiles } from './export-csv';

export function createSessionModel(clock: WorkerClock) {
  const storedSession = stored<SearchSession | null>(null, currentSearch.get, currentSearch.watch);
  /** The search as it is: one stored as running whose worker stopped beating was cut off, and says so. */
  const session = computed((): SearchSession | null => {
    const s = storedSession.value.value;
    return s ? clock.asItIs(s, s.worker) : s;
  });
  const running = computed(() => session.value?.status === 'running');
  const currentPage = computed(() => {
    const s = session.value;
    return s?.pages.find((p) => p.start === s.currentStart) ?? null;
  });
  const held = (start: number | null) =>
    start !== null && (session.value?.pages.some((p) => p.start === start) ?? false);
  const nextStart = computed(() => {
    const page = currentPage.value;
    return page?.hasNext && page.nextStart !== null ? page.nextStart : null;
  });
  const prevStart = computed(() => {
    const s = session.value;
    const page = currentPage.value;
    if (!s || !page || page.start <= 1) return null;
    return s.pages.find((p) => p.nextStart === page.start)?.start ?? null;
  });
  /** A later page's cost: free when already paid for; otherwise the frozen body's (never a re-parse). */
  const pageCost = (start: number | null) => (held(start) ? 0 : searchCost(session.value?.frozen ?? {}));
  /** Every row of every page loaded: what Export writes and what the panel reads the vault for. */
  const rows = computed(() => heldProfiles(session.value));
  return {
    session,
    loaded: storedSession.loaded,
    /** Stored as running (whatever its worker): the clock ticks while it is. */
    storedRunning: () => storedSession.value.peek()?.status === 'running',
    running,
    currentPage,
    nextStart,
    prevStart,
    pageCost,
    rows,
    stop: storedSession.stop,
  };
}

export type SessionModel = ReturnType<typeof createSessionModel>;
