/**
 * A bulk reveal's receipt after the job: it follows the ledger as balances settle its lookups with no answer, also
 * once "Ask again" (a new job) has taken its place on screen, and a balance check (the user's click, or the
 * background's own) changes what it says of the balance and the charge, never when the job ended.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshAccount } from '../../../src/background/connection';
import { bulkRunEnded, controlBulk, startBulkReveal } from '../../../src/background/jobs/bulk-reveal';
import type { BulkJob } from '../../../src/bulk/job';
import type { BulkCandidate } from '../../../src/bulk/quote';
import { bulkJobs } from '../../../src/store/database/bulk-jobs-write';
import { freshConnection, type StubContact, stubService } from './service-stub';

const person = (n: number): StubContact => ({
  id: `c${n}`,
  socialUrl: `https://www.linkedin.com/in/person-${n}`,
  name: `Person ${n}`,
  email: `p${n}@example.org`,
});
const row = (c: StubContact): BulkCandidate => ({
  target: { socialUrl: c.socialUrl, candidateId: c.id },
  name: c.name,
});

/** The stub service, whose next lookups can be answered by a script instead (a dropped connection…). */
function service(contacts: StubContact[]) {
  const stub = stubService(contacts, 1_000);
  const inner = stub.fetch.getMockImplementation()!;
  const scripted: Array<() => Promise<Response>> = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const next = String(input).endsWith('/v1/lookup') ? scripted.shift() : undefined;
    return next ? next() : inner(input, init);
  });
  return { stub, scripted };
}

/** Moves fake time on in small steps, letting the fake IndexedDB's real macrotasks run between them. */
async function advance(ms: number) {
  for (let t = 0; t < ms; t += 10) {
    await vi.advanceTimersByTimeAsync(10);
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
  }
}

async function run(contacts: StubContact[]): Promise<BulkJob> {
  await startBulkReveal({
    candidates: contacts.map(row),
    selection: ['email'],
    stopWhenOut: false,
    confirmedMax: 3 * contacts.length,
  });
  await advance(200);
  await bulkRunEnded();
  return (await bulkJobs.current())!;
}

const filed = async (id: string) => (await bulkJobs.history()).find((job) => job.id === id)!;

describe('a bulk receipt after its job', () => {
  beforeEach(async () => {
    await freshConnection();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('a balance checked again changes the balance and the charge it says, not when the job ended', async () => {
    const contacts = [person(1), person(2)];
    const s = service(contacts);
    await refreshAccount();
    s.scripted.push(() => Promise.reject(new TypeError('Failed to fetch')));
    const ended = await run(contacts);
    expect(ended.spend).toMatchObject({ uncertain: 1 });
    await advance(5_000);
    // The service charged the lost lookup meanwhile.
    s.stub.state.balance -= 3;
    await controlBulk('recheck');
    const checked = (await bulkJobs.current())!;
    expect(checked.balanceAfter).toBe(1_000 - 6);
    expect(checked.finishedAt).toBe(ended.finishedAt);
    expect((await filed(ended.id)).finishedAt).toBe(ended.finishedAt);
  });

  it('once a new job ("Ask again") is shown, the earlier receipt still follows the ledger as a balance settles it', async () => {
    const contacts = [person(1), person(2), person(3)];
    const s = service(contacts);
    await refreshAccount();
    s.scripted.push(() => Promise.reject(new TypeError('Failed to fetch')));
    const first = await run(contacts);
    expect(first.spend).toMatchObject({ uncertain: 1, lost: { calls: 1, credits: 0 } });
    // Asking again for the lost one: a new job takes the screen at once.
    const lost = first.items.filter((item) => item.state === 'may-have-charged').map((item) => item.target);
    const again = await run(contacts.filter((c) => lost.some((t) => t.socialUrl === c.socialUrl)));
    expect(again.id).not.toBe(first.id);
    // Past the time a lookup can take, a balance read for any reason settles the first job's lost lookup.
    vi.setSystemTime(Date.now() + 16_000);
    await refreshAccount();
    await vi.waitFor(async () =>
      expect((await filed(first.id)).spend).toMatchObject({ uncertain: 0, lost: { calls: 1, credits: 0 } }),
    );
    expect((await bulkJobs.current())!.id).toBe(again.id);
  });

  it("the earlier receipt's own balance check, due after the new job took the screen, settles it", async () => {
    const contacts = [person(1), person(2)];
    const s = service(contacts);
    await refreshAccount();
    s.scripted.push(() => Promise.reject(new TypeError('Failed to fetch')));
    const first = await run(contacts);
    expect(first.spend).toMatchObject({ uncertain: 1 });
    const again = await run([person(2)]);
    const accountCalls = () => s.stub.requests.filter((r) => r.path === '/v1/account').length;
    const before = accountCalls();
    // No balance read elsewhere: the check the first job set for itself runs, and its receipt settles.
    await advance(17_000);
    await vi.waitFor(async () => expect((await filed(first.id)).spend).toMatchObject({ uncertain: 0 }));
    expect(accountCalls()).toBeGreaterThan(before);
    expect((await filed(first.id)).finishedAt).toBe(first.finishedAt);
    expect((await bulkJobs.current())!.id).toBe(again.id);
  });
});
