/**
 * The ledger's stored data from version 1, as that version wrote it, upgraded at the background's start: nothing
 * a user has is lost, and what a cut-off bulk reveal had sent is still known as sent.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { bulkRunEnded, resumeBulkJob } from '../../../../src/background/jobs/bulk-reveal';
import { bulkJobs } from '../../../../src/store/bulk-jobs-write';
import { openCharges, readLedgerDays, readMeta, spendingNow } from '../../../../src/store/ledger';
import { migrateLedger } from '../../../../src/store/migrations/run';
import { freshConnection, stubService } from '../../background/service-stub';
import { at, day, person, TODAY, v1BulkJob, v1Ledger } from './v1-fixtures';

describe('ledger version 1 -> 2', () => {
  beforeEach(() => fakeBrowser.reset());

  it('keeps every entry, and gives the open call what version 2 keeps of it', async () => {
    await browser.storage.local.set(v1Ledger());
    await migrateLedger();
    const stored = (await browser.storage.local.get('ledger:meta'))['ledger:meta'];
    expect(stored).toMatchObject({
      v: 3, // written in the version read today (a day is one part)
      parts: {},
      days: [day(TODAY)],
      anchor: { id: 'b0' },
      // Where the entry is; the entry says the rest.
      open: [{ day: day(TODAY), id: 'u1' }],
    });
    expect(await openCharges()).toMatchObject([{ id: 'u1', at: at(10), ref: 'reveal-2', maxCredits: 9 }]);
    const entries = (await readLedgerDays([day(TODAY)])).get(day(TODAY))!;
    expect(entries.map((e) => e.id)).toEqual(['b0', 'r1', 'u1']);
    // Spending reads the same: 3 charged, 9 at most for the call not known.
    expect((await spendingNow()).today).toBe(12);
    // Running it again changes nothing.
    await migrateLedger();
    expect((await browser.storage.local.get('ledger:meta'))['ledger:meta']).toEqual(stored);
  });

  it('reads version 1 bookkeeping before the upgrade is written (a page open during the update)', async () => {
    await browser.storage.local.set(v1Ledger());
    expect(await readMeta()).toMatchObject({ v: 3, open: [{ id: 'u1' }] });
    expect(await openCharges()).toMatchObject([{ id: 'u1', maxCredits: 9 }]);
  });

  it('drops an open call whose entry is gone, and an anchor with nothing open', async () => {
    const ledger = v1Ledger();
    const key = `ledger:day:${day(TODAY)}`;
    await browser.storage.local.set({ ...ledger, [key]: (ledger[key] as unknown[]).slice(0, 2) });
    expect(await readMeta()).toMatchObject({ v: 3, open: [], anchor: null, lastBalance: { id: 'b0' } });
  });

  it("a cut-off bulk reveal's own sent list becomes its calls on the ledger: never sent again, counted, resumed", async () => {
    await freshConnection();
    const service = stubService([person(0), person(1), person(2)], 97);
    await browser.storage.local.set({
      ...v1Ledger(),
      'bulk-in-flight': { jobId: 'job-1', keys: [person(0).socialUrl] },
    });
    await bulkJobs.setCurrent(v1BulkJob());

    await migrateLedger();
    expect(await browser.storage.local.get('bulk-in-flight')).toEqual({});
    expect((await openCharges()).filter((call) => call.ref === 'job-1')).toMatchObject([
      { subject: person(0).socialUrl, maxCredits: 3 },
    ]);
    // Counted against the caps at its most, as any call not known.
    expect((await spendingNow()).today).toBe(3 + 9 + 3);

    await resumeBulkJob();
    await bulkRunEnded();
    const ended = (await bulkJobs.current())!;
    expect(ended.items.map((item) => item.state)).toEqual(['may-have-charged', 'revealed', 'revealed']);
    expect(service.requests.filter((r) => r.path === '/v1/lookup').map((r) => r.body?.social_url)).toEqual([
      person(1).socialUrl,
      person(2).socialUrl,
    ]);
  });

  it('a sent list of a job that is no longer current is dropped', async () => {
    await browser.storage.local.set({ 'bulk-in-flight': { jobId: 'old-job', keys: ['x'] } });
    await migrateLedger();
    expect(await browser.storage.local.get('bulk-in-flight')).toEqual({});
    expect((await readMeta()).open).toEqual([]);
  });
});
