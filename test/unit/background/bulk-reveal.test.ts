import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { maxLookupCost } from '../../../src/api/pricing';
import { refreshAccount } from '../../../src/background/connection';
import {
  bulkRunEnded,
  controlBulk,
  resumeBulkJob,
  startBulkReveal,
} from '../../../src/background/jobs/bulk-reveal';
import { reveal } from '../../../src/background/reveal';
import type { BulkJob } from '../../../src/bulk/job';
import type { BulkCandidate } from '../../../src/bulk/quote';
import { dayOf, type LedgerEntry } from '../../../src/ledger/entry';
import { bulkJobs } from '../../../src/store/database/bulk-jobs-write';
import { onChange } from '../../../src/store/database/changes';
import { db } from '../../../src/store/database/db';
import { chargesOf, openCharges, readLedgerDays } from '../../../src/store/database/ledger/ledger';
import { appendEntry } from '../../../src/store/database/ledger/ledger-write';
import { vault } from '../../../src/store/database/vault/vault';
import { vaultWrite } from '../../../src/store/database/vault/vault-write';
import { account } from '../../../src/store/items/account';
import { settings } from '../../../src/store/items/settings';
import { writeRawContact } from '../../support/vault-records';
import { jobOf } from './jobs/bulk-helpers';
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
 * A job a stopped worker left: email asked of every contact, the first `running` of them taken ("running"), the
 * rest queued, owned by a worker that is gone.
 */
function cutOffJob(id: string, contacts: StubContact[], running: number, createdAt: string): BulkJob {
  const states = contacts.map((_, i): BulkJob['items'][number]['state'] =>
    i < running ? 'running' : 'queued',
  );
  return { ...jobOf(id, contacts, states, 'running', createdAt), balanceBefore: 100 };
}

/**
 * The ledger's entry of a bulk lookup sent and not answered (up to 3 credits): handed to the network at `handedAt`,
 * written ahead and never handed over (null), or written before hand-overs were recorded (absent).
 */
const sentEntry = (c: StubContact, ref: string, at: string, handedAt?: string | null) =>
  appendEntry({
    ...(handedAt !== undefined ? { handedAt } : {}),
    kind: 'charge',
    id: `sent-${c.id}`,
    at,
    action: 'bulk-reveal',
    items: [],
    credits: 0,
    maxCredits: 3,
    state: 'uncertain',
    ref,
    subject: c.socialUrl,
  });

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
    // The database's steps run on real tasks, a few to a transaction.
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
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
    // Answers slow enough that 15 lookups are out at once even when each write-ahead waits on a loaded machine.
    const s = service(contacts, 10_000, 250);
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

  it('the receipt counts every answer as charged even when the balance after cannot be read (the last settles are stored first)', async () => {
    const contacts = people(20);
    service(contacts);
    await account.set({ remaining: 10_000, purchased: null, checkedAt: new Date().toISOString() });
    // The service answers every lookup; the balance call after the job is refused at once (not retried).
    const answering = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/v1/account')
        ? Promise.resolve(
            new Response(JSON.stringify({ success: false, message: 'Bad request' }), { status: 400 }),
          )
        : answering(input, init),
    );
    const { ended } = await start(rows(contacts), ['email']);
    expect(ended.status).toBe('done');
    expect(ended.balanceAfter).toBeNull();
    // 20 emails at 3 credits, each settled on the ledger before the receipt read it.
    expect(ended.spend).toMatchObject({ charged: 60, uncertain: 0 });
    expect(await openCharges()).toEqual([]);
  });

  it('reads the caps once for the whole job, and a cap set while it runs stops it before the next lookup', async () => {
    const contacts = people(150);
    // Answers slow enough that few lookups come back while the cap is being written, on a busy machine too.
    const s = service(contacts, 10_000, 60);
    await account.set({ remaining: 10_000, purchased: null, checkedAt: new Date().toISOString() });
    const get = vi.spyOn(browser.storage.local, 'get');
    const settingsReads = () =>
      get.mock.calls.filter(([keys]) => (Array.isArray(keys) ? keys : [keys]).includes('settings')).length;
    await startBulkReveal({
      candidates: rows(contacts),
      selection: ['email'],
      stopWhenOut: false,
      confirmedMax: 1e6,
    });
    const before = settingsReads();
    // Once 100 lookups went out, the user sets a daily cap of what is already under way or spent.
    while (s.lookups.length < 100) await new Promise((resolve) => setTimeout(resolve, 1));
    const sentWhenCapped = s.lookups.length;
    const current = await settings.get();
    await settings.set({ ...current, dailyCapCredits: 3 * sentWhenCapped });
    await bulkRunEnded();
    const ended = (await bulkJobs.current())!;
    // At most the lookups already past their cap check when the cap was set (a place each) went out after it.
    expect(s.lookups.length).toBeLessThanOrEqual(sentWhenCapped + 15);
    expect(s.lookups.length).toBeLessThan(contacts.length);
    expect(ended.status).toBe('stopped');
    expect(ended.items.filter((item) => item.state === 'queued').length).toBeGreaterThan(0);
    // Read once for the run and once after the change was reported (and by the connection and the cap's own
    // write): not once per group of lookups (17 reads in this job when every group read them).
    expect(settingsReads() - before).toBeLessThanOrEqual(4);
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
    const stub = stubService(contacts, 20);
    const charge = stub.fetch.getMockImplementation()!;
    const asked: string[] = [];
    let refused!: () => void;
    const firstRefusal = new Promise<void>((resolve) => {
      refused = resolve;
    });
    // The service charges lookups as they arrive while the balance lasts (six emails of 20 credits) and refuses the
    // rest at once; it answers the charged ones only after its first refusal, with the balance as it is then (2), so
    // no answer can tell the job of a balance the next contact could use, however the lookups interleave.
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).endsWith('/v1/lookup')) return charge(input, init);
      asked.push(JSON.parse(String(init?.body)).social_url as string);
      if (stub.state.balance < 3) {
        refused();
        return stub.json(403, {
          success: false,
          message: 'Insufficient credits',
          credits_info: { required: 3, available: stub.state.balance, breakdown: '1 contact x 3 credits' },
        });
      }
      const answer = await (await charge(input, init)).json();
      await firstRefusal;
      return stub.json(200, { ...answer, credits: { ...answer.credits, remaining: stub.state.balance } });
    });
    await account.set({ remaining: 20, purchased: null, checkedAt: new Date().toISOString() });
    const { ended } = await start(rows(contacts), ['email'], true);
    // 20 credits pay six emails (18); the lookups then in flight are refused with nothing charged.
    const revealed = ended.items.filter((item) => item.state === 'revealed');
    expect(revealed).toHaveLength(6);
    expect(ended.status).toBe('stopped');
    expect(ended.stopReason).toBe('The balance ran out.');
    // Nothing new started: only contacts of the fifteen sent together were asked (a connection frees only once the
    // balance is known to be out), each once.
    const firstFifteen = contacts.slice(0, 15).map((c) => c.socialUrl);
    expect(asked.every((url) => firstFifteen.includes(url))).toBe(true);
    expect(new Set(asked).size).toBe(asked.length);
    expect(ended.items.filter((item) => item.state === 'queued')).toHaveLength(24);
    expect(ended.balanceAfter).toBe(2);
    for (const item of revealed) expect((await vault.get(item.key))?.email).toMatchObject({ found: true });
  });

  it('a refusal for too few credits, before any answer told the balance, sends nothing more', async () => {
    const contacts = people(16);
    // Every lookup is refused: the first refusal frees a connection for the sixteenth contact, which is not sent.
    const s = service(contacts, 0);
    // Storage as slow as a loaded browser's: the refused contact's outcome is stored well after its connection is
    // free, so the balance the refusal told must hold the next contact back by itself.
    const set = browser.storage.local.set.bind(browser.storage.local);
    vi.spyOn(browser.storage.local, 'set').mockImplementation(async (items) => {
      await new Promise((resolve) => setTimeout(resolve, 40));
      return set(items);
    });
    const { ended } = await start(rows(contacts), ['email'], true);
    // At most the fifteen that left together (one whose entry was still being stored when the refusal came is held
    // back by it), never the sixteenth.
    expect(s.lookups.length).toBeGreaterThanOrEqual(1);
    expect(s.lookups.length).toBeLessThanOrEqual(15);
    expect(s.lookups.map((body) => body.social_url)).not.toContain(contacts[15]!.socialUrl);
    expect(s.sentAfterRefusal()).toBeLessThanOrEqual(14);
    expect(ended.status).toBe('stopped');
    expect(ended.stopReason).toBe('The balance ran out.');
    expect(ended.items.filter((item) => item.state === 'queued')).toHaveLength(16);
  });

  it("a team gateway's allowance refusing a lookup stops the job in its words, and the balance stays the team's", async () => {
    const contacts = people(20);
    const s = service(contacts, 10_000, 20);
    await account.set({ remaining: 9_000, purchased: null, checkedAt: new Date().toISOString() });
    // Every lookup is refused as gateway/server/caps-answer.ts answers it: its `credits_info` is the
    // room left under the member's allowance (2), not the team's balance.
    const refused = () =>
      s.stub.json(403, {
        success: false,
        message: 'Not sent: this lookup may cost up to 3 credits, which would pass your daily allowance.',
        credits_info: { required: 3, available: 2 },
        cap: { period: 'day', credits: 50, spent: 48, resets_at: '2026-12-08T00:00:00.000Z' },
      });
    s.scripted.push(...Array.from({ length: 20 }, () => refused));
    const { ended } = await start(rows(contacts), ['email'], true);
    expect(ended.status).toBe('stopped');
    expect(ended.stopReason).toMatch(
      /^This reveal may cost up to 3 credits, which would pass your daily allowance of 50 credits/,
    );
    expect(ended.items.filter((item) => item.state === 'revealed')).toHaveLength(0);
    expect(s.lookups.length).toBeLessThanOrEqual(15);
    expect((await account.get())?.remaining).not.toBe(2);
  });

  it('a lookup the latest balance cannot pay for is not sent: the job stops as the service would have it', async () => {
    const contacts = people(16);
    // The first answer takes 9 of 12 credits; the sixteenth contact, ready for the connection it frees, could
    // cost up to 9 and is not sent.
    const s = service(contacts, 12);
    await account.set({ remaining: 12, purchased: null, checkedAt: new Date().toISOString() });
    const { ended } = await start(rows(contacts), ['email', 'phone'], true);
    expect(s.lookups.length).toBeLessThanOrEqual(15);
    expect(s.lookups.map((body) => body.social_url)).not.toContain(contacts[15]!.socialUrl);
    expect(ended.status).toBe('stopped');
    expect(ended.stopReason).toBe('The balance ran out.');
    expect(ended.items.filter((item) => item.state === 'revealed')).toHaveLength(1);
    expect(ended.items.filter((item) => item.state === 'queued')).toHaveLength(15);
    // Nothing is left on the ledger as sent and unanswered.
    expect(await openCharges()).toEqual([]);
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

  it('a lookup with no answer: the receipt follows the ledger as the balance settles it, with no click', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const contacts = people(3);
    const s = service(contacts);
    // The balance the lost lookup settles against.
    await refreshAccount();
    s.scripted.push(() => Promise.reject(new TypeError('Failed to fetch')));
    await startBulkReveal({
      candidates: rows(contacts),
      selection: ['email'],
      stopWhenOut: false,
      confirmedMax: 9,
    });
    await advance(200);
    await bulkRunEnded();
    // Ended at once: the service may still be finishing the lost lookup, so its cost is not known yet.
    const ended = (await bulkJobs.current())!;
    expect(ended.spend).toMatchObject({
      charged: 6,
      uncertain: 1,
      uncertainMax: 3,
      lost: { calls: 1, credits: 0 },
    });
    // Past the time a lookup can take, the balance is checked again by itself (free): nothing more fell.
    const accountCalls = () => s.stub.requests.filter((r) => r.path === '/v1/account').length;
    const before = accountCalls();
    await advance(17_000);
    await vi.waitFor(async () =>
      expect((await bulkJobs.current())!.spend).toMatchObject({ charged: 6, uncertain: 0, uncertainMax: 0 }),
    );
    expect(accountCalls()).toBe(before + 1);
    expect((await bulkJobs.history())[0]!.spend).toMatchObject({
      uncertain: 0,
      lost: { calls: 1, credits: 0 },
    });
  });

  it('a balance read anywhere in the background settles the receipt of an ended job', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const contacts = people(3);
    const s = service(contacts);
    await refreshAccount();
    s.scripted.push(() => Promise.reject(new TypeError('Failed to fetch')));
    await startBulkReveal({
      candidates: rows(contacts),
      selection: ['email'],
      stopWhenOut: false,
      confirmedMax: 9,
    });
    await advance(200);
    await bulkRunEnded();
    expect((await bulkJobs.current())!.spend).toMatchObject({ uncertain: 1 });
    // Past the time a lookup can take (the receipt's own check not yet due), a balance read for any other reason.
    vi.setSystemTime(Date.now() + 16_000);
    await refreshAccount();
    await vi.waitFor(async () =>
      expect((await bulkJobs.current())!.spend).toMatchObject({
        charged: 6,
        uncertain: 0,
        lost: { calls: 1, credits: 0 },
      }),
    );
  });

  it('a lookup charged whose answer never came: the receipt says what the lost answer cost', async () => {
    const contacts = people(3);
    const s = service(contacts);
    await refreshAccount();
    s.scripted.push(() => {
      s.stub.state.balance -= 3;
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    const { ended } = await start(rows(contacts), ['email']);
    // The balance fell by all the lost lookup could cost: settled at once.
    expect(ended.spend).toMatchObject({ charged: 9, uncertain: 0, lost: { calls: 1, credits: 3 } });
  });

  it('every lookup goes out only once the ledger holds it as sent, lookups ready together sharing one write', async () => {
    const contacts = people(40);
    const s = service(contacts);
    let ledgerWrites = 0;
    const stop = onChange((change) => {
      if (change.store === 'ledger') ledgerWrites++;
    });
    const spy = { mockRestore: stop };
    const unsent: string[] = [];
    const fetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/v1/lookup')) {
        const url = JSON.parse(String(init?.body)).social_url as string;
        // What the database holds as the request leaves: its entry, sent (or already settled by a retry).
        const today = dayOf(new Date());
        const held = ((await readLedgerDays([today])).get(today) ?? []) as LedgerEntry[];
        const handed = (entry: LedgerEntry) =>
          entry.kind === 'charge' && entry.subject === url && typeof entry.handedAt === 'string';
        if (!held.some(handed)) unsent.push(url);
      }
      return fetch(input, init);
    });
    try {
      const { ended } = await start(rows(contacts), ['email']);
      expect(s.lookups).toHaveLength(40);
      expect(unsent).toEqual([]);
      expect(ended.items.every((item) => item.state === 'revealed')).toBe(true);
      // Each lookup is written ahead, handed over and settled after its answer: fewer writes than half those 120
      // changes, as lookups that get ready (or answer) together share a write.
      expect(ledgerWrites).toBeLessThan(80);
      expect(await openCharges()).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });

  it.each([
    [
      'a full disk',
      new DOMException('The current transaction exceeded its quota limitations.', 'QuotaExceededError'),
      /^Your disk is almost full: free some space, then try again\. Nothing was sent\.$/,
    ],
    [
      'any other failure',
      new Error('boom'),
      /^The extension could not save its record of a paid call before sending it, so it sent nothing/,
    ],
  ])(
    'when the ledger cannot be written (%s), no lookup is sent and the job stops with the rest queued',
    async (_, failure, reason) => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const contacts = people(20);
      const s = service(contacts);
      const database = await db();
      const transaction = database.transaction.bind(database);
      const spy = vi.spyOn(database, 'transaction').mockImplementation(((stores: string[], mode?: string) => {
        if ([stores].flat().includes('ledger') && mode === 'readwrite') throw failure;
        return transaction(stores as never, mode as never);
      }) as never);
      try {
        const { ended } = await start(rows(contacts), ['email']);
        expect(s.lookups).toHaveLength(0);
        expect(ended.status).toBe('stopped');
        expect(ended.stopReason).toMatch(reason);
        expect(ended.items.every((item) => item.state === 'queued')).toBe(true);
      } finally {
        spy.mockRestore();
      }
    },
  );

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
    // Answers slow enough that the counts between pause, resume and cancel are read before the next lookups leave,
    // even when the machine is busy.
    const s = service(contacts, 10_000, 400);
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

  it('a resume handled while its pause is still being saved, then a pause: the resumed run pauses and sends no more', async () => {
    const contacts = people(60);
    const s = service(contacts, 10_000, 400);
    // The paused run's save of its pause is held until the job is resumed (a second panel still showing "Resume"
    // from the pause before can send it then).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const saving = vi.fn();
    const title = vi.spyOn(browser.action, 'setTitle');
    const writer = bulkJobs.runWriter;
    vi.spyOn(bulkJobs, 'runWriter').mockImplementation(() => {
      const write = writer();
      return async (job) => {
        if (job.status === 'paused' && saving.mock.calls.length === 0) {
          saving();
          await held;
        }
        return write(job);
      };
    });
    await startBulkReveal({
      candidates: rows(contacts),
      selection: ['email'],
      stopWhenOut: false,
      confirmedMax: 180,
    });
    await expect.poll(() => s.lookups.length, { interval: 5 }).toBe(15);
    await controlBulk('pause');
    await vi.waitFor(() => expect(saving).toHaveBeenCalled());
    await controlBulk('resume');
    await expect.poll(() => s.lookups.length, { interval: 5 }).toBeGreaterThanOrEqual(30);
    release();
    // The paused run has ended: its last step, the badge, said paused.
    await vi.waitFor(() =>
      expect(title.mock.calls.some(([details]) => /paused/.test(details.title ?? ''))).toBe(true),
    );
    const sent = s.lookups.length;
    await controlBulk('pause');
    await bulkRunEnded();
    expect((await bulkJobs.current())!.status).toBe('paused');
    expect(s.lookups).toHaveLength(sent);
    expect(
      (await bulkJobs.current())!.items.filter((item) => item.state === 'queued').length,
    ).toBeGreaterThan(0);
  });

  it('after a restart, contacts that were in flight are "may have charged" and never re-sent; the queue resumes', async () => {
    const contacts = people(5);
    const s = service(contacts);
    const now = new Date().toISOString();
    const cutOff = cutOffJob('job-1', contacts, 2, now);
    await bulkJobs.setCurrent(cutOff);
    // The ledger holds contacts 1 and 3 as sent: the job was last written with contact 3 still queued, but its
    // lookup had gone out. Contact 2 was taken ("running") but never written ahead: it never left.
    for (const c of [contacts[0]!, contacts[2]!]) await sentEntry(c, 'job-1', now);
    await resumeBulkJob();
    await bulkRunEnded();
    const ended = (await bulkJobs.current())!;
    expect(ended.items.map((item) => item.state)).toEqual([
      'may-have-charged',
      'revealed',
      'may-have-charged',
      'revealed',
      'revealed',
    ]);
    expect(s.lookups.map((body) => body.social_url)).toEqual(
      [contacts[1]!, contacts[3]!, contacts[4]!].map((c) => c.socialUrl),
    );
    // The receipt's total reads the ledger: three charged, two with no answer yet (up to 3 each).
    expect(ended.spend).toMatchObject({ charged: 9, uncertain: 2, uncertainMax: 6 });
    expect(ended.status).toBe('done');
  });

  it('after a restart, a lookup written ahead and never handed to the network is asked again, and charged once', async () => {
    const contacts = people(4);
    const s = service(contacts);
    const now = new Date().toISOString();
    await bulkJobs.setCurrent(cutOffJob('job-h', contacts, 3, now));
    // Contact 1 was handed to the network; contact 2 was written ahead and the worker stopped before its hand-over;
    // contact 3's entry is from before hand-overs were recorded, so it cannot tell.
    await sentEntry(contacts[0]!, 'job-h', now, now);
    await sentEntry(contacts[1]!, 'job-h', now, null);
    await sentEntry(contacts[2]!, 'job-h', now);
    await resumeBulkJob();
    await bulkRunEnded();
    const ended = (await bulkJobs.current())!;
    expect(ended.items.map((item) => item.state)).toEqual([
      'may-have-charged',
      'revealed',
      'may-have-charged',
      'revealed',
    ]);
    expect(s.lookups.map((body) => body.social_url)).toEqual([
      contacts[1]!.socialUrl,
      contacts[3]!.socialUrl,
    ]);
    // The entry that never left is off the ledger: contact 2 is on it once, charged by its answer.
    const ledger = await chargesOf('job-h', now);
    expect(ledger.filter((e) => e.subject === contacts[1]!.socialUrl)).toMatchObject([{ state: 'charged' }]);
    expect(ended.spend).toMatchObject({ charged: 6, uncertain: 2, uncertainMax: 6 });
  });

  it('after a restart, a contact whose answer was kept before its entry was settled is not "no answer"', async () => {
    const contacts = people(3);
    const s = service(contacts);
    const sentAt = new Date(Date.now() - 1_000).toISOString();
    const record = (c: StubContact, at: string) => ({
      v: 1 as const,
      key: c.socialUrl,
      socialUrl: c.socialUrl,
      candidateId: c.id,
      name: c.name,
      currentTitle: null,
      currentEmployer: null,
      email: { found: true as const, value: c.email!, at },
      updatedAt: at,
    });
    // Contact 1's answer reached the vault after its lookup left; contact 2's email was looked for on another day,
    // before its lookup left, so that lookup's answer was not kept.
    await vaultWrite.put(record(contacts[0]!, new Date().toISOString()));
    await vaultWrite.put({
      ...record(contacts[1]!, '2025-01-01T00:00:00.000Z'),
      email: { found: false, at: '2025-01-01T00:00:00.000Z' },
    });
    await bulkJobs.setCurrent(cutOffJob('job-2', contacts, 2, sentAt));
    for (const c of [contacts[0]!, contacts[1]!]) await sentEntry(c, 'job-2', sentAt);
    await resumeBulkJob();
    await bulkRunEnded();
    const ended = (await bulkJobs.current())!;
    expect(ended.items.map((item) => item.state)).toEqual(['revealed', 'may-have-charged', 'revealed']);
    expect(ended.items[0]).toMatchObject({ retrieved: ['email'] });
    expect(ended.items[0]!.problem).toBeUndefined();
    // Neither of the two sent before the stop is sent again.
    expect(s.lookups.map((body) => body.social_url)).toEqual([contacts[2]!.socialUrl]);
    // What contact 1 charged is still for the balance to settle: both entries stay open on the receipt.
    expect(ended.spend).toMatchObject({ charged: 3, uncertain: 2, uncertainMax: 6 });
  });

  it('after a restart, contacts whose cut-off calls a balance already settled are not sent again', async () => {
    const contacts = people(3);
    const s = service(contacts);
    const sentAt = new Date(Date.now() - 60_000).toISOString();
    await bulkJobs.setCurrent(cutOffJob('job-3', contacts, 2, sentAt));
    // Both lookups left; a balance read as the browser started settled them (3 credits, then none) before the job
    // was taken up again, so neither is among the open calls any more.
    for (const [c, credits] of [
      [contacts[0]!, 3],
      [contacts[1]!, 0],
    ] as const) {
      await appendEntry({
        kind: 'charge',
        id: `sent-${c.id}`,
        at: sentAt,
        action: 'bulk-reveal',
        items: [],
        credits,
        maxCredits: 3,
        state: credits > 0 ? 'confirmed' : 'not-charged',
        ref: 'job-3',
        subject: c.socialUrl,
      });
    }
    expect(await openCharges()).toEqual([]);
    await resumeBulkJob();
    await bulkRunEnded();
    const ended = (await bulkJobs.current())!;
    expect(ended.items.map((item) => item.state)).toEqual([
      'may-have-charged',
      'may-have-charged',
      'revealed',
    ]);
    expect(s.lookups.map((body) => body.social_url)).toEqual([contacts[2]!.socialUrl]);
    expect(ended.spend).toMatchObject({ charged: 6, uncertain: 0 });
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
    await writeRawContact(contacts[0]!.socialUrl, { v: 1, garbled: true });
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
