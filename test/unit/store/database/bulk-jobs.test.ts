/**
 * Bulk reveals in the database: the job and its contacts one record each, a progress write storing only the contacts
 * that changed, readers and watchers seeing the job whole, receipts filed and kept to the newest.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BulkItem, BulkJob } from '../../../../src/bulk/job';
import { bulkJobs } from '../../../../src/store/database/bulk-jobs-write';
import { db } from '../../../../src/store/database/db';

const item = (i: number): BulkItem => ({
  key: `https://www.linkedin.com/in/person-${i}`,
  target: { socialUrl: `https://www.linkedin.com/in/person-${i}`, candidateId: null },
  name: `Person ${i}`,
  state: 'queued',
});
const job = (contacts: number, id = 'job-1'): BulkJob => ({
  id,
  selection: ['email'],
  quote: {
    contacts,
    held: 0,
    toAsk: contacts,
    maxByItem: { email: 3 * contacts, phone: 0, detailed_profile: 0, healthcare_profile: 0 },
    max: 3 * contacts,
  },
  stopWhenOut: false,
  status: 'running',
  owner: 'worker-1',
  createdAt: '2026-05-04T10:00:00.000Z',
  balanceBefore: 1000,
  items: Array.from({ length: contacts }, (_, i) => item(i)),
});

/** Every contact record stored, as `<job> <place>`. */
const storedItems = async () =>
  (await (await db()).getAllKeys('jobItems')).map((key) => (key as [string, number]).join(' '));

describe('bulk reveals in the database', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it("a run's progress write stores the job and only the contacts that changed, and reads back whole", async () => {
    const running = job(150);
    const write = bulkJobs.runWriter();
    await write(running);
    expect(await storedItems()).toHaveLength(150);
    running.items[60]!.state = 'revealed';
    running.items[61]!.state = 'running';
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    await write(running);
    const written = put.mock.contexts.map((store) => (store as IDBObjectStore).name);
    expect(written.sort()).toEqual(['jobItems', 'jobItems', 'jobs']);
    expect(await bulkJobs.current()).toEqual(running);
  });

  it('a watcher is given the job whole after each write, and nothing once it is dismissed', async () => {
    const running = job(60);
    const write = bulkJobs.runWriter();
    await write(running);
    const seen: Array<BulkJob | null> = [];
    const stop = bulkJobs.watchCurrent((value) => seen.push(value));
    running.items[59]!.state = 'revealed';
    await write(running);
    await vi.waitFor(() => expect(seen.at(-1)).toEqual(running));
    running.items[0]!.state = 'failed';
    running.status = 'done';
    await write(running);
    await vi.waitFor(() => expect(seen.at(-1)).toEqual(running));
    await bulkJobs.setCurrent(null);
    await vi.waitFor(() => expect(seen.at(-1)).toBeNull());
    stop();
    // Never filed: nothing of it is kept.
    expect(await storedItems()).toEqual([]);
    expect(await (await db()).getAll('jobs')).toEqual([]);
  });

  it('a shorter job after a longer one leaves none of its contacts behind', async () => {
    await bulkJobs.setCurrent(job(80, 'long'));
    await bulkJobs.setCurrent(job(10, 'short'));
    expect(await storedItems()).toHaveLength(10);
    expect((await bulkJobs.current())?.items).toHaveLength(10);
  });

  it('a receipt outlives its dismissal, newest first, the newest 20 kept', async () => {
    for (let n = 0; n < 22; n++) {
      const ended = { ...job(3, `job-${n}`), status: 'done' as const };
      await bulkJobs.setCurrent(ended);
      await bulkJobs.file(ended);
      // Filing times are told apart to the millisecond.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await bulkJobs.setCurrent(null);
    expect(await bulkJobs.current()).toBeNull();
    const history = await bulkJobs.history();
    expect(history.map((j) => j.id)).toEqual(Array.from({ length: 20 }, (_, i) => `job-${21 - i}`));
    expect(history[0]?.items).toHaveLength(3);
    expect(await storedItems()).toHaveLength(60);
  });

  it('a contact that no longer reads makes the job unreadable, not a job with contacts missing', async () => {
    await bulkJobs.setCurrent(job(30));
    await (await db()).put('jobItems', { job: 'job-1', n: 7, item: 'garbage' });
    expect(await bulkJobs.current()).toBeNull();
    expect(console.warn).toHaveBeenCalledWith(expect.stringMatching(/bulk-reveal is not readable/));
  });

  it('jobs with wrong types in every indexed field are kept through filing and pruning, and skipped by the reads', async () => {
    const damaged = [
      { ...job(1, 'current-number'), kind: 'bulk-reveal', current: 5 },
      { ...job(1, 'filed-number'), kind: 'bulk-reveal', filedAt: 20260504 },
      { ...job(1, 'filed-date'), kind: 'bulk-reveal', filedAt: new Date('2026-05-04') },
      { ...job(1, 'kind-number'), kind: 7, filedAt: '2026-05-04T10:00:00.000Z' },
      { ...job(1, 'old-broken'), kind: 'bulk-reveal', filedAt: '2000-01-01T00:00:00.000Z', status: 'lost' },
    ];
    const database = await db();
    for (const { items: _items, ...row } of damaged) await database.put('jobs', row as never);
    // Filing more receipts than are kept prunes the oldest readable ones; a record that does not read stays.
    for (let i = 0; i < 21; i++) await bulkJobs.file({ ...job(1, `filed-${i}`), status: 'done' });
    const ids = (await bulkJobs.history()).map((filed) => filed.id);
    expect(ids).toHaveLength(20);
    expect(ids.some((id) => damaged.some((d) => d.id === id))).toBe(false);
    expect(await bulkJobs.current()).toBeNull();
    const kept = (await database.getAllKeys('jobs')) as string[];
    for (const { id } of damaged) expect(kept).toContain(id);
  });
});
