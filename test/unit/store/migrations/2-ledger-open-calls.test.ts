/**
 * The ledger's stored data from version 1, as that version wrote it, upgraded at the background's start: nothing
 * a user has is lost, and what a cut-off bulk reveal had sent is still known as sent.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { bulkRunEnded, resumeBulkJob } from '../../../../src/background/jobs/bulk-reveal';
import type { BulkJob } from '../../../../src/bulk/job';
import { bulkJobs } from '../../../../src/store/bulk-jobs';
import { readLedgerDays, readMeta, spendingNow } from '../../../../src/store/ledger';
import { migrateLedger } from '../../../../src/store/migrations/run';
import { freshConnection, stubService } from '../../background/service-stub';

const TODAY = new Date();
const day = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const at = (minutesAgo: number) => new Date(TODAY.getTime() - minutesAgo * 60_000).toISOString();

/** Version 1's stored ledger: a balance, a charged reveal, and a lookup left uncertain (its worker saw no answer). */
function v1Ledger() {
  const balance = { kind: 'balance', id: 'b0', at: at(30), remaining: 100 };
  const reveal = {
    kind: 'charge',
    id: 'r1',
    at: at(20),
    action: 'reveal',
    items: ['email'],
    credits: 3,
    maxCredits: 3,
    state: 'charged',
    ref: 'reveal-1',
    label: 'Ada',
    remaining: 97,
  };
  const lost = {
    kind: 'charge',
    id: 'u1',
    at: at(10),
    action: 'reveal',
    items: [],
    credits: 0,
    maxCredits: 9,
    state: 'uncertain',
    ref: 'reveal-2',
  };
  return {
    [`ledger:day:${day(TODAY)}`]: [balance, reveal, lost],
    'ledger:meta': {
      v: 1,
      days: [day(TODAY)],
      lastBalance: balance,
      anchor: balance,
      open: [{ day: day(TODAY), id: 'u1' }],
    },
  };
}

const person = (i: number) => ({
  id: `c${i}`,
  socialUrl: `https://www.linkedin.com/in/person-${i}`,
  name: `Person ${i}`,
  email: `p${i}@example.org`,
});

/** Version 1's bulk reveal cut off by a stopped worker: contact 0 sent (in its own "sent" list), 1 and 2 queued. */
function v1BulkJob(): BulkJob {
  return {
    v: 1,
    id: 'job-1',
    selection: ['email'],
    quote: {
      contacts: 3,
      held: 0,
      toAsk: 3,
      maxByItem: { email: 9, phone: 0, detailed_profile: 0, healthcare_profile: 0 },
      max: 9,
    },
    stopWhenOut: false,
    status: 'running',
    owner: 'a-worker-that-was-stopped',
    createdAt: at(5),
    balanceBefore: 97,
    items: [0, 1, 2].map((i) => ({
      key: person(i).socialUrl,
      target: { socialUrl: person(i).socialUrl, candidateId: null },
      name: person(i).name,
      state: i === 0 ? 'running' : 'queued',
      ...(i === 0 ? { asked: ['email' as const] } : {}),
    })),
  };
}

describe('ledger version 1 -> 2', () => {
  beforeEach(() => fakeBrowser.reset());

  it('keeps every entry, and gives the open call what version 2 keeps of it', async () => {
    await browser.storage.local.set(v1Ledger());
    await migrateLedger();
    const stored = (await browser.storage.local.get('ledger:meta'))['ledger:meta'];
    expect(stored).toMatchObject({
      v: 2,
      days: [day(TODAY)],
      anchor: { id: 'b0' },
      open: [{ day: day(TODAY), id: 'u1', at: at(10), ref: 'reveal-2', max: 9 }],
    });
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
    expect(await readMeta()).toMatchObject({ v: 2, open: [{ id: 'u1', max: 9 }] });
  });

  it('drops an open call whose entry is gone, and an anchor with nothing open', async () => {
    const ledger = v1Ledger();
    const key = `ledger:day:${day(TODAY)}`;
    await browser.storage.local.set({ ...ledger, [key]: (ledger[key] as unknown[]).slice(0, 2) });
    expect(await readMeta()).toMatchObject({ v: 2, open: [], anchor: null, lastBalance: { id: 'b0' } });
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
    const meta = await readMeta();
    expect(meta.open.filter((call) => call.ref === 'job-1')).toMatchObject([
      { subject: person(0).socialUrl, max: 3 },
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
