import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { LEVER_KEY, LEVER_USERS } from '../../../sim/destinations/lever';
import { controlBulkSend, resumeBulkSend, startBulkSend } from '../../../src/background/jobs/bulk-send';
import { saveDestination } from '../../../src/background/send-to/destinations';
import { type BulkSendJob, bulkSendSummary } from '../../../src/store/database/bulk-send';
import { bulkSend } from '../../../src/store/database/bulk-send-write';
import { keepSent, sentKey } from '../../../src/store/database/sent';
import { vaultWrite } from '../../../src/store/database/vault/vault-write';
import { contactRecord } from '../../support/vault-records';
import { ADDRESSES, stubDestinations } from './fakes';

let fakes: ReturnType<typeof stubDestinations>;
let run = 0;

/** Fifteen revealed contacts of this test's own; the 2nd already in Lever, the 3rd with an address Lever refuses. */
async function fifteen() {
  run++;
  const records = Array.from({ length: 15 }, (_, i) => ({
    ...contactRecord(`bulk-${run}-${i}`, `b-${run}-${i}`),
    name: `Person ${i}`,
  }));
  const [, present, refused] = records;
  refused!.email = { found: true, value: 'no-at-sign', at: refused!.updatedAt };
  await vaultWrite.putMany(records);
  fakes.lever.opportunities.push({
    id: 'opp-old',
    name: present!.name,
    contact: 'contact-old',
    emails: [present!.email.value],
    links: [],
    headline: '',
    origin: 'applied',
    sources: [],
    tags: [],
    createdAt: 0,
  });
  return records;
}

const finished = () =>
  vi.waitFor(
    async () => {
      const job = await bulkSend.get();
      if (job?.state !== 'done') throw new Error(`still ${job?.state}`);
      return job as BulkSendJob;
    },
    { timeout: 5_000 },
  );

beforeEach(async () => {
  fakeBrowser.reset();
  vi.unstubAllGlobals();
  fakes = stubDestinations();
  await saveDestination({
    kind: 'lever',
    apiKey: LEVER_KEY,
    performAs: LEVER_USERS[0]?.id ?? '',
    baseUrl: ADDRESSES.lever,
  });
});

describe('a bulk send', () => {
  it('sends each contact once: created, added to a candidate already there, or failed with the reason', async () => {
    const records = await fifteen();
    await startBulkSend({ destinationId: 'lever', keys: records.map((r) => r.key) });
    const job = await finished();
    expect(bulkSendSummary(job)).toEqual({ created: 13, linked: 1, failed: 1, left: 0 });
    expect(job.items[2]?.reason).toBe('Lever refused it. Lever said: "Invalid email address: no-at-sign"');
    // 14 new opportunities beside the one that was there.
    expect(fakes.lever.opportunities).toHaveLength(15);
  });

  it('waits as long as the destination asks when it says to slow down, then goes on', async () => {
    const records = (await fifteen()).slice(3, 5);
    const sleeps: number[] = [];
    const realSetTimeout = globalThis.setTimeout;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      if (ms && ms >= 1_000) sleeps.push(ms);
      return realSetTimeout(fn, 0);
    }) as typeof setTimeout);
    fakes.lever.faults.arm(
      { status: 429, headers: { 'Retry-After': '7' }, body: { message: 'Too many' } },
      1,
    );
    await startBulkSend({ destinationId: 'lever', keys: records.map((r) => r.key) });
    const job = await finished();
    expect(bulkSendSummary(job)).toMatchObject({ created: 2, failed: 0 });
    expect(sleeps).toContain(7_000);
  });

  it('resumes after a stopped worker without a second record for the contact it was sending', async () => {
    const records = (await fifteen()).slice(3, 6);
    const [first] = records;
    // As a stopped worker leaves it: the first contact's request went out (Lever made the record), no answer kept.
    fakes.lever.opportunities.push({
      id: 'opp-cut',
      name: first!.name,
      contact: 'contact-cut',
      emails: [first!.email.value],
      links: [],
      headline: '',
      origin: 'sourced',
      sources: ['Candidate Lens'],
      tags: [],
      createdAt: 0,
    });
    const now = new Date().toISOString();
    await keepSent({
      key: sentKey('lever', first!.key),
      contactKey: first!.key,
      destinationId: 'lever',
      label: 'Lever',
      state: 'sending',
      foundBefore: false,
      sentAt: now,
      updatedAt: now,
    });
    await bulkSend.set({
      id: 'j',
      destinationId: 'lever',
      label: 'Lever',
      state: 'running',
      items: records.map((r) => ({ key: r.key, name: r.name })),
      startedAt: now,
      updatedAt: now,
    });
    await resumeBulkSend();
    const job = await finished();
    expect(bulkSendSummary(job)).toEqual({ created: 3, linked: 0, failed: 0, left: 0 });
    expect(fakes.lever.opportunities.filter((o) => o.emails.includes(first!.email.value))).toHaveLength(1);
  });

  it('pauses, resumes and cancels; one bulk send at a time', async () => {
    const records = await fifteen();
    fakes.lever.faults.arm({ status: 429, headers: { 'Retry-After': '60' }, body: {} }, 3);
    await startBulkSend({ destinationId: 'lever', keys: records.map((r) => r.key) });
    await expect(startBulkSend({ destinationId: 'lever', keys: [records[0]!.key] })).rejects.toMatchObject({
      kind: 'not-now',
    });
    expect((await controlBulkSend('pause'))?.state).toBe('paused');
    expect((await controlBulkSend('cancel'))?.state).toBe('cancelled');
    expect(await controlBulkSend('dismiss')).toBeNull();
  });
});
