/**
 * Bulk reveals and the search from version 1, as that version stored them (each record with its own `v: 1`),
 * upgraded by the items themselves on their first read: every fact kept, only the record's own version gone.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  bulkHistoryToV2,
  bulkJobToV2,
  searchToV2,
} from '../../../../src/store/migrations/3-item-records-unversioned';
import { v1BulkJob, v1Search } from './v1-fixtures';

/** The stored items, loaded afresh (as a worker starting after the update does) over what storage holds now. */
async function freshStores() {
  vi.resetModules();
  const [{ bulkJobs }, { currentSearch }] = await Promise.all([
    import('../../../../src/store/bulk-jobs'),
    import('../../../../src/store/search'),
  ]);
  return { bulkJobs, currentSearch };
}

/** `value` without its own `v`, every other field as it was. */
function withoutV<T extends { v?: unknown }>(value: T): Omit<T, 'v'> {
  const { v: _v, ...rest } = value;
  return rest;
}

const finished = (id: string) => ({ ...v1BulkJob(), id, status: 'done', finishedAt: v1BulkJob().createdAt });

describe('bulk reveals and the search, version 1 -> 2', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('a stored bulk reveal, its history and the search (with the one it replaced) lose only their own v', async () => {
    const history = [finished('job-0'), finished('job-00')];
    await browser.storage.local.set({ 'bulk-job': v1BulkJob(), 'bulk-history': history, search: v1Search() });

    const { bulkJobs, currentSearch } = await freshStores();
    expect(await bulkJobs.current()).toEqual(withoutV(v1BulkJob()));
    expect(await bulkJobs.history()).toEqual(history.map(withoutV));
    const search = v1Search();
    expect(await currentSearch.get()).toEqual({ ...withoutV(search), earlier: withoutV(search.earlier) });

    // Written back as version 2, with the version beside each item, and nothing set aside.
    const stored = await browser.storage.local.get(null);
    expect(stored['bulk-job']).toEqual(withoutV(v1BulkJob()));
    expect(stored['bulk-history']).toEqual(history.map(withoutV));
    expect(stored.search).toEqual({ ...withoutV(search), earlier: withoutV(search.earlier) });
    expect(stored['bulk-job$']).toEqual({ v: 2 });
    expect(stored['bulk-history$']).toEqual({ v: 2 });
    expect(stored.search$).toEqual({ v: 2 });
    expect(Object.keys(stored).filter((key) => key.startsWith('unreadable:'))).toEqual([]);
  });

  it('a value already in version 2 (no v) is left as it is, and is not migrated again', async () => {
    const job = withoutV(v1BulkJob());
    const search = { ...withoutV(v1Search()), earlier: withoutV(v1Search().earlier) };
    // Steps given a version 2 value return it unchanged.
    expect(bulkJobToV2(job)).toBe(job);
    expect(bulkHistoryToV2([job])).toEqual([job]);
    expect(searchToV2(search)).toEqual(search);
    expect((searchToV2(search) as { earlier: unknown }).earlier).toBe(search.earlier);

    await browser.storage.local.set({ 'bulk-job': job, 'bulk-job$': { v: 2 }, search, search$: { v: 2 } });
    const { bulkJobs, currentSearch } = await freshStores();
    expect(await bulkJobs.current()).toEqual(job);
    expect(await currentSearch.get()).toEqual(search);
    expect(await browser.storage.local.get(['bulk-job', 'search'])).toEqual({ 'bulk-job': job, search });
  });

  it('a search that replaced none, and an empty history, migrate as they are', async () => {
    const { earlier: _earlier, ...alone } = v1Search();
    await browser.storage.local.set({ search: alone, 'bulk-history': [] });
    const { bulkJobs, currentSearch } = await freshStores();
    expect(await currentSearch.get()).toEqual(withoutV(alone));
    expect(await bulkJobs.history()).toEqual([]);
    expect((await browser.storage.local.get('search')).search).toEqual(withoutV(alone));
  });

  it('an unreadable stored value is set aside with every field it had (but its v), not lost, and reads as none', async () => {
    const damaged = { v: 1, id: 'job-1', status: 'running', items: 'not a list' };
    await browser.storage.local.set({ 'bulk-job': damaged, search: 'garbage' });
    const { bulkJobs, currentSearch } = await freshStores();
    expect(await bulkJobs.current()).toBeNull();
    expect(await currentSearch.get()).toBeNull();
    await vi.waitFor(async () => {
      const aside = await browser.storage.local.get(['unreadable:bulk-job', 'unreadable:search']);
      expect(aside['unreadable:bulk-job']).toMatchObject({ value: { id: 'job-1', items: 'not a list' } });
      expect(aside['unreadable:search']).toMatchObject({ value: 'garbage' });
    });
  });
});
