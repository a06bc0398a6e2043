/**
 * The store's migrations run once each, in order, and record it; one cut off halfway (the browser stopped the
 * worker) is not recorded, and running it again from what it had written ends as one clean run would.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { bulkJobs } from '../../../../src/store/bulk-jobs-write';
import { openCharges, readLedgerDays, readMeta } from '../../../../src/store/ledger';
import { migrationsDone, runStoreMigrations, STORE_MIGRATIONS } from '../../../../src/store/migrations/run';
import { day, person, TODAY, v1BulkJob, v1Ledger } from './v1-fixtures';

/** Makes the `n`th call of `method` from now on throw, as a worker stopped at that point would leave things. */
function stopWorkerAt(method: 'set' | 'remove', n: number) {
  const real = browser.storage.local[method].bind(browser.storage.local) as (
    ...args: unknown[]
  ) => Promise<void>;
  let calls = 0;
  return vi.spyOn(browser.storage.local, method).mockImplementation(async (...args: unknown[]) => {
    calls++;
    if (calls === n) throw new Error('The worker was stopped');
    return real(...args);
  });
}

describe('running the store migrations', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('runs each once, in order, and records each as it ends', async () => {
    const ran: number[] = [];
    const list = [1, 2, 3].map((n) => [n, async () => void ran.push(n)] as const);
    await runStoreMigrations(() => undefined, list);
    expect(ran).toEqual([1, 2, 3]);
    expect(await migrationsDone()).toEqual([1, 2, 3]);
    await runStoreMigrations(() => undefined, list);
    expect(ran).toEqual([1, 2, 3]);
  });

  it('a migration that fails is reported and left unrecorded; the next still runs; the next start runs it again', async () => {
    const ran: number[] = [];
    let fails = true;
    const list = [
      [1, async () => void ran.push(1)],
      [
        2,
        async () => {
          ran.push(2);
          if (fails) throw new Error('no room left');
        },
      ],
      [3, async () => void ran.push(3)],
    ] as const;
    const report = vi.fn();
    await runStoreMigrations(report, list);
    expect(report).toHaveBeenCalledOnce();
    expect(String(report.mock.calls[0]![0])).toMatch(/Store migration 2 failed/);
    expect(await migrationsDone()).toEqual([1, 3]);

    fails = false;
    await runStoreMigrations(report, list);
    expect(ran).toEqual([1, 2, 3, 2]);
    expect(await migrationsDone()).toEqual([1, 3, 2]);
    expect(report).toHaveBeenCalledOnce();
  });

  it("every numbered migration is listed once, in order (3 is the items' own, run by WXT)", () => {
    const numbers = STORE_MIGRATIONS.map(([n]) => n);
    expect(numbers).toEqual([2, 4, 5, 7]);
  });

  it("migration 2 cut off after one of a bulk reveal's sent lookups went on the ledger: run again, each is there once", async () => {
    const sent = [person(0).socialUrl, person(1).socialUrl];
    await browser.storage.local.set({ ...v1Ledger(), 'bulk-in-flight': { jobId: 'job-1', keys: sent } });
    await bulkJobs.setCurrent(v1BulkJob());
    // Writes: the bookkeeping in version 2's shape, the first lookup's entry, then the second's (stopped there).
    const stop = stopWorkerAt('set', 3);
    const report = vi.fn();
    await runStoreMigrations(report);
    stop.mockRestore();
    expect(report).toHaveBeenCalledOnce();
    expect(await migrationsDone()).toEqual([4, 5, 7]);
    const halfway = (await openCharges()).filter((call) => call.ref === 'job-1');
    expect(halfway.map((call) => call.subject)).toEqual([sent[0]]);
    expect(await browser.storage.local.get('bulk-in-flight')).not.toEqual({});

    await runStoreMigrations(report);
    expect(report).toHaveBeenCalledOnce();
    expect(await migrationsDone()).toEqual([4, 5, 7, 2]);
    expect(await browser.storage.local.get('bulk-in-flight')).toEqual({});
    const open = (await openCharges()).filter((call) => call.ref === 'job-1');
    expect(open.map((call) => call.subject)).toEqual(sent);
    const onLedger = [...(await readLedgerDays((await readMeta()).days)).values()]
      .flat()
      .filter((entry) => entry.kind === 'charge' && entry.ref === 'job-1');
    expect(onLedger).toHaveLength(2);
    // The version 1 entries are all still there.
    const today = (await readLedgerDays([day(TODAY)])).get(day(TODAY))!;
    expect(today.map((entry) => entry.id).slice(0, 3)).toEqual(['b0', 'r1', 'u1']);
  });
});
