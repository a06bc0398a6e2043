/**
 * A bulk reveal a stopped worker left, and what the next worker does with it: a paused job stays paused and sends
 * nothing, an ended job's receipt stays as it was, and a pause or cancel asked before the new worker took the job up is
 * kept: the job is taken up halted and sends nothing.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bulkRunEnded, controlBulk, resumeBulkJob } from '../../../../src/background/jobs/bulk-reveal';
import { bulkJobs } from '../../../../src/store/database/bulk-jobs-write';
import { freshConnection, stubService } from '../service-stub';
import { jobOf, ledgerCall, people } from './bulk-helpers';

let lookups: () => number;

beforeEach(async () => {
  await bulkRunEnded();
  await freshConnection();
  const service = stubService(people(3), 10_000);
  vi.stubGlobal('fetch', service.fetch);
  lookups = () => service.requests.filter((r) => r.path === '/v1/lookup').length;
});
afterEach(() => vi.unstubAllGlobals());

describe('a restarted worker and the bulk reveal it finds', () => {
  it('a paused job stays paused, and sends nothing, also once the worker has nothing else to do', async () => {
    const contacts = people(3);
    const at = new Date().toISOString();
    await ledgerCall(contacts[0]!, 'job-paused', at, 'charged');
    await bulkJobs.setCurrent(jobOf('job-paused', contacts, ['revealed', 'queued', 'queued'], 'paused', at));
    await resumeBulkJob();
    await bulkRunEnded();
    const after = (await bulkJobs.current())!;
    expect(after.status).toBe('paused');
    expect(after.items.map((item) => item.state)).toEqual(['revealed', 'queued', 'queued']);
    expect(lookups()).toBe(0);
  });

  it('an ended job (stopped, the rest queued) keeps its receipt as it was', async () => {
    const contacts = people(3);
    const at = new Date().toISOString();
    await ledgerCall(contacts[0]!, 'job-stopped', at, 'charged');
    const stopped = {
      ...jobOf('job-stopped', contacts, ['revealed', 'queued', 'queued'], 'stopped', at),
      stopReason: 'The balance ran out.',
      finishedAt: at,
    };
    await bulkJobs.setCurrent(stopped);
    await resumeBulkJob();
    await bulkRunEnded();
    expect(await bulkJobs.current()).toEqual(stopped);
    expect(lookups()).toBe(0);
  });

  it('a pause asked before the new worker took up a running job is kept: the job is taken up paused and sends nothing', async () => {
    const contacts = people(2);
    await bulkJobs.setCurrent(jobOf('job-running', contacts, ['queued', 'queued'], 'running'));
    // The click that woke the stopped worker arrives while its start takes the job up.
    await Promise.all([resumeBulkJob(), controlBulk('pause')]);
    await bulkRunEnded();
    const after = (await bulkJobs.current())!;
    expect(after.status).toBe('paused');
    expect(after.items.map((item) => item.state)).toEqual(['queued', 'queued']);
    expect(lookups()).toBe(0);
  });

  it('a cancel asked before the new worker took up a running job ends it, and sends nothing', async () => {
    const contacts = people(2);
    await bulkJobs.setCurrent(jobOf('job-running', contacts, ['queued', 'queued'], 'running'));
    await Promise.all([controlBulk('cancel'), resumeBulkJob()]);
    await bulkRunEnded();
    expect((await bulkJobs.current())!.status).toBe('cancelled');
    expect(lookups()).toBe(0);
  });
});
