/**
 * The results of the current search: the stored search and its pages (see session-model), paging at a known cost,
 * the way back to results a failed search replaced, and the export of every row loaded with what the vault holds.
 * Each page's rows have their vault records read once, when the page arrives.
 */
import { call } from '../../rpc';
import type { Activity } from '../activity';
import { rowTarget, type VaultModel } from '../vault-model';
import { candidatesCsv, csvFileName, downloadText } from './export-csv';
import type { SessionModel } from './session-model';

export interface ResultsDeps {
  search: SessionModel;
  vault: Pick<VaultModel, 'want' | 'recordFor'>;
  activity: Activity;
}

export function createResultsModel({ search, vault, activity }: ResultsDeps) {
  /** Rows whose records were asked for. */
  const rowsRead = new Set<string>();
  const stopReading = search.rows.subscribe((profiles) => {
    const fresh = profiles.filter((p) => !rowsRead.has(p.id));
    for (const p of fresh) rowsRead.add(p.id);
    void vault.want(fresh.map(rowTarget));
  });

  async function goTo(start: number | null) {
    if (start === null) return;
    await activity.run(() => call('goToPage', { start }));
  }
  /** Back to the results a failed new search replaced (free: they are stored). */
  async function backToEarlier() {
    await activity.run(() => call('backToEarlierSearch'));
  }
  /**
   * Sends the failed search step again: its first page (the same search, kept as it was asked), or the next page
   * after the last one held. Offered once what the failed step cost is known.
   */
  async function retry() {
    const s = search.session.peek();
    if (!s) return;
    if (s.pages.length === 0) {
      const request = s.first;
      await activity.run(() => call('startSearch', { mode: s.mode, request }));
    } else await goTo(s.pages.at(-1)?.nextStart ?? null);
  }
  function exportCsv() {
    downloadText(csvFileName(), candidatesCsv(search.rows.value, vault.recordFor));
  }

  return {
    session: search.session,
    currentPage: search.currentPage,
    nextStart: search.nextStart,
    prevStart: search.prevStart,
    pageCost: search.pageCost,
    rows: search.rows,
    busy: activity.busy,
    goTo,
    backToEarlier,
    retry,
    exportCsv,
    stop: stopReading,
  };
}

export type ResultsModel = ReturnType<typeof createResultsModel>;
