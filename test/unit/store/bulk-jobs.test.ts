/**
 * The current bulk reveal as stored: the job and its contacts in parts, a progress write storing only the parts that
 * changed, readers and watchers seeing the job whole, and a job stored whole (before parts) still read.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { BulkItem, BulkJob } from '../../../src/bulk/job';
import { ITEMS_PART } from '../../../src/store/bulk-jobs';
import { bulkJobs } from '../../../src/store/bulk-jobs-write';

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

describe('the current bulk reveal in storage', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it("a run's progress write stores the job and only the part whose contacts changed, and reads back whole", async () => {
    const running = job(150);
    const write = bulkJobs.runWriter();
    await write(running);
    expect(
      Object.keys(await browser.storage.local.get(null)).filter((k) => k.startsWith('bulk-job-items:')),
    ).toHaveLength(150 / ITEMS_PART);
    running.items[60]!.state = 'revealed';
    running.items[61]!.state = 'running';
    const set = vi.spyOn(browser.storage.local, 'set');
    await write(running);
    expect(set).toHaveBeenCalledOnce();
    const written = set.mock.calls[0]![0] as Record<string, unknown>;
    expect(Object.keys(written).sort()).toEqual([
      'bulk-job',
      `bulk-job-items:${Math.floor(60 / ITEMS_PART)}`,
    ]);
    // A few KB, where the whole job is far more.
    expect(JSON.stringify(written).length * 4).toBeLessThan(JSON.stringify(running).length);
    expect(await bulkJobs.current()).toEqual(running);
  });

  it('a watcher is given the job whole, from the parts a write changed and those it already had', async () => {
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
    expect(await browser.storage.local.get(null)).toEqual({});
  });

  it('a write with nothing known of what is stored writes every part', async () => {
    const running = job(60);
    await bulkJobs.runWriter()(running);
    // Another run (a restarted worker's) knows nothing of what the first wrote.
    await browser.storage.local.remove('bulk-job-items:0');
    await bulkJobs.runWriter()(running);
    expect(await bulkJobs.current()).toEqual(running);
  });

  it('a shorter job after a longer one leaves none of its parts behind', async () => {
    await bulkJobs.setCurrent(job(80, 'long'));
    await bulkJobs.setCurrent(job(10, 'short'));
    const keys = Object.keys(await browser.storage.local.get(null)).filter((k) =>
      k.startsWith('bulk-job-items:'),
    );
    expect(keys).toEqual(['bulk-job-items:0']);
    expect((await bulkJobs.current())?.items).toHaveLength(10);
  });

  it('a part that no longer reads makes the job unreadable (set aside), not a job with contacts missing', async () => {
    await bulkJobs.setCurrent(job(30));
    await browser.storage.local.set({ 'bulk-job-items:1': 'garbage' });
    expect(await bulkJobs.current()).toBeNull();
    await vi.waitFor(async () => {
      expect(await browser.storage.local.get('unreadable:bulk-job')).not.toEqual({});
    });
  });
});
