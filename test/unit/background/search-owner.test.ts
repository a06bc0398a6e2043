import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { WORKER_ID } from '../../../src/background/heartbeat';
import { markCutOffSearch } from '../../../src/background/search/search';
import { currentSearch, type SearchSession } from '../../../src/store/database/search';
import { CUT_OFF } from '../../../src/store/work-status';

const running = (worker?: string): SearchSession => ({
  id: 's1',
  mode: 'filters',
  first: { search_criteria: { current_title: ['Nurse'] } },
  frozen: null,
  understood: {},
  pageSize: 50,
  pages: [],
  currentStart: 1,
  status: 'running',
  pendingStart: 1,
  pendingAt: new Date().toISOString(),
  startedAt: new Date().toISOString(),
  ...(worker ? { worker } : {}),
});

describe('a search page being fetched names its worker', () => {
  beforeEach(() => fakeBrowser.reset());

  it('one fetched by a stopped worker is marked cut off at start-up, whenever it began', async () => {
    await currentSearch.set(running('a-stopped-worker'));
    await markCutOffSearch(new Date(Date.now() - 60_000));
    const session = await currentSearch.get();
    expect(session?.status).toBe(CUT_OFF);
    expect(session).not.toHaveProperty('worker');
    expect(session).not.toHaveProperty('pendingStart');
  });

  it("this worker's own fetch is left running", async () => {
    await currentSearch.set(running(WORKER_ID));
    await markCutOffSearch(new Date(Date.now() + 60_000));
    expect((await currentSearch.get())?.status).toBe('running');
  });
});
