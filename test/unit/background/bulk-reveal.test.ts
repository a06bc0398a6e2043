import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { maxLookupCost } from '../../../src/api/pricing';
import {
  bulkRunEnded,
  controlBulk,
  resumeBulkJob,
  startBulkReveal,
} from '../../../src/background/jobs/bulk-reveal';
import { reveal } from '../../../src/background/reveal';
import { type BulkJob, bulkJobs } from '../../../src/bulk/job';
import type { BulkCandidate } from '../../../src/bulk/quote';
import { account, vault } from '../../../src/storage';
import { freshConnection, type StubContact, stubService } from './service-stub';

const people = (n: number, from = 0): StubContact[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `c${from + i}`,
    socialUrl: `https://www.linkedin.com/in/person-${from + i}`,
    name: `Person ${from + i}`,
    email: `p${from + i}@example.org`,
    ...((from + i) % 2 === 0 ? { phone: `+1 555 01${String(i % 100).padStart(2, '0')}` } : {}),
  }));

const rows = (contacts: StubContact[]): BulkCandidate[] =>
  contacts.map((c) => ({ target: { socialUrl: c.socialUrl, candidateId: c.id }, name: c.name }));

/**
 * The stub service behind a fetch that answers after `delayMs`, counts lookups in flight, and can answer the next
 * lookups with a scripted response instead (429, timeout…).
 */
function service(contacts: StubContact[], balance = 10_000, delayMs = 5) {
  const stub = stubService(contacts, balance);
  const inner = stub.fetch.getMockImplementation()!;
  const scripted: Array<() => Response | Promise<Response>> = [];
  let inFlight = 0;
  let most = 0;
  /** How many lookups had been sent when the first was refused for lack of credits. */
  let refusedAt: number | null = null;
  const lookups: Array<Record<string, unknown>> = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).endsWith('/v1/lookup')) {
      const body = JSON.parse(String(init?.body));
      lookups.push(body);
      inFlight++;
      most = Math.max(most, inFlight);
      try {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        const next = scripted.shift();
        if (next) return await next();
        // The service checks the balance against the most the lookup can cost, as the spec says.
        const required = maxLookupCost(body);
        if (stub.state.balance < required) {
          refusedAt ??= lookups.length;
          return stub.json(403, {
            success: false,
            message: 'Insufficient credits',
            credits_info: {
              required,
              available: stub.state.balance,
              breakdown: `1 contact x ${required} credits`,
            },
          });
        }
        return await inner(input, init);
      } finally {
        inFlight--;
      }
    }
    return inner(input, init);
  });
  return {
    stub,
    scripted,
    lookups,
    most: () => most,
    sentAfterRefusal: () => (refusedAt === null ? 0 : lookups.length - refusedAt),
  };
}

/**
 * Moves fake time on in small steps, letting the real macrotasks of the fake IndexedDB (which holds the key) run
 * between them.
 */
async function advance(ms: number) {
  for (let t = 0; t < ms; t += 10) {
    await vi.advanceTimersByTimeAsync(10);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function start(candidates: BulkCandidate[], selection: BulkJob['selection'], stopWhenOut = false) {
  const job = await startBulkReveal({ candidates, selection, stopWhenOut, confirmedMax: 1_000_000 });
  await bulkRunEnded();
  return { started: job, ended: (await bulkJobs.current())! };
}

describe('bulk reveal', () => {
  beforeEach(freshConnection);
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reveals 40 contacts with never more than 15 lookups in flight, and writes a receipt', async () => {
    const contacts = people(40);
    const s = service(contacts);
    await account.set({ remaining: 10_000, purchased: null, checkedAt: new Date().toISOString() });
    const { started, ended } = await start(rows(contacts), ['email', 'phone']);
    expect(started.quote).toMatchObject({ contacts: 40, held: 0, toAsk: 40, max: 360 });
    expect(s.lookups).toHaveLength(40);
    expect(s.most()).toBe(15);
    expect(ended.status).toBe('done');
    expect(ended.items.every((item) => item.state === 'revealed')).toBe(true);
    // 40 emails (3) + 20 phones (6) = 240, as the service charged it.
    expect(ended.items.reduce((sum, item) => sum + (item.charged ?? 0), 0)).toBe(240);
    expect(ended.balanceBefore).toBe(10_000);
    expect(ended.balanceAfter).toBe(10_000 - 240);
    expect((await bulkJobs.history())[0]?.id).toBe(ended.id);
    // Every paid result is in the vault.
    expect((await vault.get(contacts[1]!.socialUrl))?.email).toMatchObject({ found: true });
  });

  it('merges rows that are the same person and pays for them once', async () => {
    const [ada] = people(1);
    const s = service([ada!]);
    const { ended } = await start(
      [
        { target: { socialUrl: ada!.socialUrl, candidateId: null }, name: 'Ada' },
        { target: { socialUrl: 'https://uk.linkedin.com/in/PERSON-0/', candidateId: ada!.id }, name: 'Ada' },
        { target: { socialUrl: null, candidateId: ada!.id }, name: 'Ada' },
      ],
      ['email'],
    );
    expect(ended.items).toHaveLength(1);
    expect(s.lookups).toHaveLength(1);
  });

  it('asks each contact only for what the vault lacks, and settles fully held contacts for free', async () => {
    const contacts = people(3);
    const s = service(contacts);
    await reveal({ target: { socialUrl: contacts[0]!.socialUrl }, selection: ['email', 'phone'] });
    await reveal({ target: { socialUrl: contacts[1]!.socialUrl }, selection: ['email'] });
    s.lookups.length = 0;
    const { started, ended } = await start(rows(contacts), ['email', 'phone']);
    expect(started.quote).toMatchObject({ held: 1, toAsk: 2, max: 6 + 9 });
    expect(ended.items[0]).toMatchObject({ state: 'held' });
    expect(s.lookups).toEqual([
      { social_url: contacts[1]!.socialUrl, reveal_phone: true },
      { social_url: contacts[2]!.socialUrl, reveal_personal_email: true, reveal_phone: true },
    ]);
  });

  it('a single reveal of a contact the job is looking up joins it: one request, one charge', async () => {
    const contacts = people(2);
    const s = service(contacts, 10_000, 30);
    await startBulkReveal({
      candidates: rows(contacts),
      selection: ['email'],
      stopWhenOut: false,
      confirmedMax: 6,
    });
    await expect.poll(() => s.lookups.length).toBe(2);
    const single = await reveal({ target: { socialUrl: contacts[0]!.socialUrl }, selection: ['email'] });
    await bulkRunEnded();
    expect(single.job).toMatchObject({ requested: [], charged: 0 });
    expect(s.lookups).toHaveLength(2);
  });

  it('refuses a quote that grew since the user confirmed it, before any request', async () => {
    const contacts = people(2);
    const s = service(contacts);
    await expect(
      startBulkReveal({
        candidates: rows(contacts),
        selection: ['email'],
        stopWhenOut: false,
        confirmedMax: 3,
      }),
    ).rejects.toThrow(/up to 6 credits now, not 3/);
    expect(s.lookups).toHaveLength(0);
    expect(await bulkJobs.current()).toBeNull();
  });

  it('refuses a maximum above the known balance unless the user chose to stop when it runs out', async () => {
    const contacts = people(4);
    const s = service(contacts, 10);
    await account.set({ remaining: 10, purchased: null, checkedAt: new Date().toISOString() });
    await expect(
      startBulkReveal({
        candidates: rows(contacts),
        selection: ['email'],
        stopWhenOut: false,
        confirmedMax: 12,
      }),
    ).rejects.toThrow(/stop when the balance runs out/);
    expect(s.lookups).toHaveLength(0);
  });

  it('out of credits: starts nothing new, keeps what was paid, leaves the rest queued', async () => {
    const contacts = people(30);
    const s = service(contacts, 20);
    await account.set({ remaining: 20, purchased: null, checkedAt: new Date().toISOString() });
    const { ended } = await start(rows(contacts), ['email'], true);
    // 20 credits pay six emails (18); the lookups then in flight are refused with nothing charged.
    const revealed = ended.items.filter((item) => item.state === 'revealed');
    expect(revealed).toHaveLength(6);
    expect(ended.status).toBe('stopped');
    expect(ended.stopReason).toBe('The balance ran out.');
    expect(s.sentAfterRefusal()).toBe(0);
    expect(s.lookups.length).toBeLessThan(30);
    expect(ended.items.filter((item) => item.state === 'queued')).toHaveLength(24);
    expect(ended.balanceAfter).toBe(2);
    for (const item of revealed) expect((await vault.get(item.key))?.email).toMatchObject({ found: true });
  });

  it('a lookup the latest balance cannot pay for is not sent: the job stops as the service would have it', async () => {
    const contacts = people(16);
    // The first answer takes 9 of 12 credits; the sixteenth contact, ready for the connection it frees, could
    // cost up to 9 and is not sent.
    const s = service(contacts, 12);
    await account.set({ remaining: 12, purchased: null, checkedAt: new Date().toISOString() });
    const { ended } = await start(rows(contacts), ['email', 'phone'], true);
    expect(s.lookups).toHaveLength(15);
    expect(ended.status).toBe('stopped');
    expect(ended.stopReason).toBe('The balance ran out.');
    expect(ended.items.filter((item) => item.state === 'revealed')).toHaveLength(1);
    expect(ended.items.filter((item) => item.state === 'queued')).toHaveLength(15);
    expect(await bulkJobs.inFlight()).toMatchObject({ keys: [] });
  });

  it('a 429 holds back the whole job for Retry-After, then every contact is asked once more and charged once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const contacts = people(20);
    const s = service(contacts);
    const limited = () =>
      new Response(JSON.stringify({ success: false, message: 'Too many requests' }), {
        status: 429,
        headers: { 'Retry-After': '3' },
      });
    s.scripted.push(limited, limited, limited);
    await startBulkReveal({
      candidates: rows(contacts),
      selection: ['email'],
      stopWhenOut: false,
      confirmedMax: 60,
    });
    await advance(100);
    const waiting = (await bulkJobs.current())!;
    expect(waiting.waitUntil).toBeDefined();
    const sentBeforeWait = s.lookups.length;
    await advance(2_500);
    expect(s.lookups.length).toBe(sentBeforeWait);
    await advance(2_000);
    await bulkRunEnded();
    const ended = (await bulkJobs.current())!;
    expect(ended.status).toBe('done');
    expect(ended.items.every((item) => item.state === 'revealed')).toBe(true);
    expect(s.lookups).toHaveLength(23);
    expect(ended.items.reduce((sum, item) => sum + (item.charged ?? 0), 0)).toBe(60);
  });

  it('a lookup with no answer is "may have charged" and never sent again', async () => {
    const contacts = people(3);
    const s = service(contacts);
    s.scripted.push(() => Promise.reject(new TypeError('Failed to fetch')));
    const { ended } = await start(rows(contacts), ['email']);
    expect(s.lookups).toHaveLength(3);
    expect(ended.items.filter((item) => item.state === 'may-have-charged')).toHaveLength(1);
    expect(ended.items.filter((item) => item.state === 'revealed')).toHaveLength(2);
    expect(ended.status).toBe('done');
  });

  it('every lookup goes out only once its "sent" record is stored, lookups ready together sharing one write', async () => {
    const contacts = people(40);
    const s = service(contacts);
    const stored = new Set<string>();
    const writes: string[][] = [];
    const setInFlight = bulkJobs.setInFlight;
    const spy = vi.spyOn(bulkJobs, 'setInFlight').mockImplementation(async (value) => {
      await setInFlight(value);
      writes.push(value.keys);
      for (const key of value.keys) stored.add(key);
    });
    const unsent: string[] = [];
    const fetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/v1/lookup')) {
        const url = JSON.parse(String(init?.body)).social_url as string;
        if (!stored.has(url)) unsent.push(url);
      }
      return fetch(input, init);
    });
    try {
      const { ended } = await start(rows(contacts), ['email']);
      expect(s.lookups).toHaveLength(40);
      expect(unsent).toEqual([]);
      expect(ended.items.every((item) => item.state === 'revealed')).toBe(true);
      // Fewer writes than lookups: the fifteen of the first round do not wait for fifteen writes in turn.
      expect(writes.length).toBeLessThan(40);
      expect(await bulkJobs.inFlight()).toMatchObject({ keys: [] });
    } finally {
      spy.mockRestore();
    }
  });

  it('when the "sent" record cannot be stored, none of its lookups is sent and the job stops with the rest queued', async () => {
    const contacts = people(20);
    const s = service(contacts);
    const spy = vi.spyOn(bulkJobs, 'setInFlight').mockRejectedValue(new Error('QUOTA_BYTES quota exceeded'));
    try {
      const { ended } = await start(rows(contacts), ['email']);
      expect(s.lookups).toHaveLength(0);
      expect(ended.status).toBe('stopped');
      expect(ended.stopReason).toMatch(
        /could not save its record of a lookup before sending it, so it sent nothing more/,
      );
      expect(ended.items.every((item) => item.state === 'queued')).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  it('a contact unknown to the service and one with nothing to find cost nothing', async () => {
    const [known] = people(1);
    const s = service([{ ...known!, email: undefined, phone: undefined } as StubContact]);
    const { ended } = await start(
      [
        ...rows([known!]),
        { target: { socialUrl: 'https://www.linkedin.com/in/nobody', candidateId: null }, name: 'X' },
      ],
      ['email', 'phone'],
    );
    expect(ended.items.map((item) => item.state)).toEqual(['nothing-found', 'not-found']);
    expect(ended.items.every((item) => (item.charged ?? 0) === 0)).toBe(true);
    expect(s.lookups).toHaveLength(2);
  });

  it('pause lets lookups in flight finish, resume goes on, cancel ends with the rest not started', async () => {
    const contacts = people(40);
    const s = service(contacts, 10_000, 20);
    await startBulkReveal({
      candidates: rows(contacts),
      selection: ['email'],
      stopWhenOut: false,
      confirmedMax: 120,
    });
    await expect.poll(() => s.lookups.length, { interval: 5 }).toBe(15);
    await controlBulk('pause');
    await bulkRunEnded();
    const paused = (await bulkJobs.current())!;
    expect(paused.status).toBe('paused');
    expect(s.lookups).toHaveLength(15);
    expect(paused.items.filter((item) => item.state === 'revealed')).toHaveLength(15);

    await controlBulk('resume');
    await expect.poll(() => s.lookups.length, { interval: 5 }).toBe(30);
    await controlBulk('cancel');
    await bulkRunEnded();
    const cancelled = (await bulkJobs.current())!;
    expect(cancelled.status).toBe('cancelled');
    expect(s.lookups).toHaveLength(30);
    expect(cancelled.items.filter((item) => item.state === 'queued')).toHaveLength(10);
    expect((await bulkJobs.history())[0]?.status).toBe('cancelled');
    await controlBulk('dismiss');
    expect(await bulkJobs.current()).toBeNull();
  });

  it('after a restart, contacts that were in flight are "may have charged" and never re-sent; the queue resumes', async () => {
    const contacts = people(5);
    const s = service(contacts);
    const now = new Date().toISOString();
    const cutOff: BulkJob = {
      v: 1,
      id: 'job-1',
      selection: ['email'],
      quote: {
        contacts: 5,
        held: 0,
        toAsk: 5,
        maxByItem: { email: 15, phone: 0, detailed_profile: 0, healthcare_profile: 0 },
        max: 15,
      },
      stopWhenOut: false,
      status: 'running',
      owner: 'a-worker-that-was-stopped',
      createdAt: now,
      balanceBefore: 100,
      items: contacts.map((c, i) => ({
        key: c.socialUrl,
        target: { socialUrl: c.socialUrl, candidateId: c.id },
        name: c.name,
        state: i < 2 ? 'running' : 'queued',
        ...(i < 2 ? { asked: ['email' as const] } : {}),
      })),
    };
    await bulkJobs.setCurrent(cutOff);
    // The job was last written with contact 3 still queued, but its lookup had gone out.
    await bulkJobs.setInFlight({ jobId: 'job-1', keys: [contacts[0]!.socialUrl, contacts[2]!.socialUrl] });
    await resumeBulkJob();
    await bulkRunEnded();
    const ended = (await bulkJobs.current())!;
    expect(ended.items.map((item) => item.state)).toEqual([
      'may-have-charged',
      'may-have-charged',
      'may-have-charged',
      'revealed',
      'revealed',
    ]);
    expect(s.lookups.map((body) => body.social_url)).toEqual(contacts.slice(3).map((c) => c.socialUrl));
    expect(ended.status).toBe('done');
  });

  it('a paused job stays paused after a restart', async () => {
    service(people(1));
    const job = (await startBulkReveal({
      candidates: rows(people(1)),
      selection: ['email'],
      stopWhenOut: false,
      confirmedMax: 3,
    }))!;
    await bulkRunEnded();
    await bulkJobs.setCurrent({ ...job, status: 'paused', owner: 'old', items: job.items });
    await resumeBulkJob();
    expect((await bulkJobs.current())?.status).toBe('paused');
  });

  it('a wake while this worker runs the job settles nothing and sends nothing twice', async () => {
    const contacts = people(20);
    const s = service(contacts, 10_000, 20);
    await startBulkReveal({
      candidates: rows(contacts),
      selection: ['email'],
      stopWhenOut: false,
      confirmedMax: 60,
    });
    await vi.waitFor(() => expect(s.lookups.length).toBeGreaterThan(0));
    await controlBulk('wake');
    await bulkRunEnded();
    const ended = (await bulkJobs.current())!;
    expect(ended.items.every((item) => item.state === 'revealed')).toBe(true);
    expect(s.lookups).toHaveLength(20);
  });

  it('does not buy again a held contact whose stored record cannot be read', async () => {
    const contacts = people(2);
    const s = service(contacts);
    await fakeBrowser.storage.local.set({ [`contact:${contacts[0]!.socialUrl}`]: { v: 1, garbled: true } });
    const { ended } = await start(rows(contacts), ['email']);
    expect(ended.items[0]).toMatchObject({
      state: 'failed',
      problem: expect.stringMatching(/could not be read/),
    });
    expect(s.lookups.map((body) => body.social_url)).toEqual([contacts[1]!.socialUrl]);
  });

  it('two confirmations at once start one job', async () => {
    const contacts = people(3);
    const s = service(contacts);
    const input = {
      candidates: rows(contacts),
      selection: ['email' as const],
      stopWhenOut: false,
      confirmedMax: 9,
    };
    const results = await Promise.allSettled([startBulkReveal(input), startBulkReveal(input)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    await bulkRunEnded();
    expect(s.lookups).toHaveLength(3);
  });

  it('refuses a second job while one is under way', async () => {
    const contacts = people(3);
    service(contacts, 10_000, 20);
    await startBulkReveal({
      candidates: rows(contacts),
      selection: ['email'],
      stopWhenOut: false,
      confirmedMax: 9,
    });
    await expect(
      startBulkReveal({
        candidates: rows(contacts),
        selection: ['phone'],
        stopWhenOut: false,
        confirmedMax: 99,
      }),
    ).rejects.toThrow(/already under way/);
    await bulkRunEnded();
  });
});
