/** The search as it is (cut off when its worker stopped), its paging at a known cost, and its rows' records. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { currentSearch } from '../../../../src/store/database/search';
import { vaultWrite } from '../../../../src/store/database/vault/vault-write';
import { workerBeat } from '../../../../src/store/items/worker-beat';
import { CUT_OFF } from '../../../../src/store/work-status';
import { createActivity } from '../../../../src/ui/sidepanel/activity';
import { createResultsModel } from '../../../../src/ui/sidepanel/search/results-model';
import { createSessionModel } from '../../../../src/ui/sidepanel/search/session-model';
import { createVaultModel } from '../../../../src/ui/sidepanel/vault-model';
import { createWorkerClock } from '../../../../src/ui/sidepanel/worker-clock';
import { record, session } from './fixtures';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/ui/rpc', () => ({ call }));

function build() {
  const clock = createWorkerClock(() => true);
  const search = createSessionModel(clock);
  const vaultModel = createVaultModel();
  const activity = createActivity(search.session);
  const results = createResultsModel({ search, vault: vaultModel, activity });
  return {
    search,
    results,
    vaultModel,
    activity,
    stop: () => {
      for (const part of [clock, search, vaultModel, results]) part.stop();
    },
  };
}

describe('the search session and its results', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    call.mockReset();
  });

  it('pages: the previous page is free (paid for), the next costs the frozen search; a single page has neither', async () => {
    await currentSearch.set(session({ pages: 2 }));
    const { search, stop } = build();
    await vi.waitFor(() => expect(search.currentPage.value?.start).toBe(3));
    expect(search.prevStart.value).toBe(1);
    expect(search.pageCost(1)).toBe(0);
    expect(search.nextStart.value).toBe(5);
    expect(search.pageCost(5)).toBe(1);
    await currentSearch.set(session({ pages: 1, hasNext: false }));
    await vi.waitFor(() => expect(search.nextStart.value).toBeNull());
    expect(search.prevStart.value).toBeNull();
    stop();
  });

  it('a search stored as running whose worker stopped beating was cut off', async () => {
    await workerBeat.set({ worker: 'w1', at: new Date(Date.now() - 60_000).toISOString() });
    await currentSearch.set(session({ status: 'running', worker: 'w1' }));
    const { search, stop } = build();
    await vi.waitFor(() => expect(search.session.value?.status).toBe(CUT_OFF));
    await workerBeat.set({ worker: 'w1', at: new Date().toISOString() });
    await vi.waitFor(() => expect(search.session.value?.status).toBe('running'));
    stop();
  });

  it("reads each page's rows from the vault once, and follows a row revealed since", async () => {
    await vaultWrite.put({
      ...record('https://www.linkedin.com/in/person-0-0', { email: 'a@example.com' }),
      candidateId: 'c0-0',
    });
    await currentSearch.set(session());
    const { search, vaultModel, stop } = build();
    await vi.waitFor(() => expect(search.rows.value).toHaveLength(2));
    const [first, second] = search.rows.value;
    await vi.waitFor(() =>
      expect(vaultModel.recordFor(first!)?.email).toMatchObject({ value: 'a@example.com' }),
    );
    expect(vaultModel.recordFor(second!)).toBeNull();
    await vaultWrite.put(record('https://www.linkedin.com/in/person-0-1', { email: 'b@example.com' }));
    await vi.waitFor(() =>
      expect(vaultModel.recordFor(second!)?.email).toMatchObject({ value: 'b@example.com' }),
    );
    stop();
  });

  it('goes to a page through the background, and shows its refusal once (not when the search already says it)', async () => {
    await currentSearch.set(session({ pages: 2 }));
    const { results, activity, stop } = build();
    await vi.waitFor(() => expect(results.nextStart.value).toBe(5));
    const error = { kind: 'invalid-request', message: 'No.' };
    call.mockResolvedValueOnce({ ok: false, error });
    await results.goTo(5);
    expect(call).toHaveBeenCalledWith('goToPage', { start: 5 });
    expect(activity.error.value).toEqual(error);
    expect(activity.busy.value).toBe(false);
    await results.goTo(null);
    expect(call).toHaveBeenCalledTimes(1);
    stop();
  });
});
