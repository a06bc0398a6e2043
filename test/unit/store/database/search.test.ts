/** The current search in the database: written whole, read back checked, heard by a page in the order written. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/store/database/db';
import { currentSearch, type SearchSession } from '../../../../src/store/database/search';

const session = (id: string, pages: number): SearchSession => ({
  id,
  mode: 'filters',
  first: { search_criteria: { current_title: ['Nurse'] }, page_size: 20 },
  frozen: null,
  understood: {},
  pageSize: 20,
  pages: Array.from({ length: pages }, (_, n) => ({
    start: 1 + 20 * n,
    profiles: [
      { id: `p${n}`, name: 'Ada', current_title: 'Nurse', current_employer: 'Arbor', location: 'Boston' },
    ],
    total: 100,
    hasNext: true,
    nextStart: 21 + 20 * n,
    charged: 1,
    at: '2026-05-04T10:00:00.000Z',
  })),
  currentStart: 1,
  status: 'done',
  startedAt: '2026-05-04T10:00:00.000Z',
});

describe('the current search in the database', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('is read back as written, and nothing once cleared', async () => {
    expect(await currentSearch.get()).toBeNull();
    await currentSearch.set(session('s1', 3));
    expect(await currentSearch.get()).toEqual(session('s1', 3));
    await currentSearch.set(null);
    expect(await currentSearch.get()).toBeNull();
  });

  it('a page hears each write and is left with the last one written', async () => {
    const seen: Array<SearchSession | null> = [];
    const stop = currentSearch.watch((value) => seen.push(value));
    for (let pages = 1; pages <= 5; pages++) await currentSearch.set(session('s1', pages));
    await vi.waitFor(() => expect(seen.at(-1)?.pages).toHaveLength(5));
    stop();
  });

  it('one that no longer reads is none, said in a warning, never a search with pages missing', async () => {
    await (await db()).put('searches', { ...session('s1', 1), pages: 'garbage' }, 'current');
    expect(await currentSearch.get()).toBeNull();
    expect(console.warn).toHaveBeenCalledWith(expect.stringMatching(/stored search is not readable/));
  });
});
