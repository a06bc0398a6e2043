import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { recordAccountBalance } from '../../../src/background/balance-settlement';
import { WORKER_ID, whileBeating } from '../../../src/background/heartbeat';
import { checkCutOffReveal, markCutOffReveals, reveal } from '../../../src/background/reveal';
import { HEARTBEAT_STALE_MS, ownedNow } from '../../../src/domain/worker';
import { chargesOf } from '../../../src/store/database/ledger/ledger';
import { appendEntry } from '../../../src/store/database/ledger/ledger-write';
import { vault } from '../../../src/store/database/vault/vault';
import { account } from '../../../src/store/items/account';
import { type RevealJob, revealJobs } from '../../../src/store/items/reveal-jobs';
import { settings } from '../../../src/store/items/settings';
import { workerBeat } from '../../../src/store/items/worker-beat';
import { CUT_OFF } from '../../../src/store/work-status';
import { cutOffMessage } from '../../../src/ui/words/cut-off';
import { writeRawContact } from '../../support/vault-records';
import { asTeamMember, freshConnection, GRACE, stubService } from './service-stub';

/** A phone reveal of Grace left "running" by a worker that is gone, started `ageMs` ago. */
function cutOffJob(worker = 'a-stopped-worker', ageMs = 60_000): RevealJob {
  return {
    id: 'cut',
    kind: 'reveal',
    vaultKey: GRACE.socialUrl,
    target: { socialUrl: GRACE.socialUrl, candidateId: null },
    requested: ['phone'],
    held: [],
    status: 'running',
    worker,
    startedAt: new Date(Date.now() - ageMs).toISOString(),
  };
}

/**
 * That reveal as the ledger holds it: the balance the account call reported before it (none when null), then its
 * call, written ahead (sent, outcome unknown, up to 6 credits) and never answered.
 */
async function cutOffReveal(balanceBefore: number | null, ageMs = 60_000): Promise<void> {
  const job = cutOffJob('a-stopped-worker', ageMs);
  if (balanceBefore !== null) {
    await recordAccountBalance(balanceBefore, new Date(Date.now() - ageMs - 1_000).toISOString());
  }
  await appendEntry({
    kind: 'charge',
    id: 'cut-call',
    at: job.startedAt,
    action: 'reveal',
    items: [],
    credits: 0,
    maxCredits: 6,
    state: 'uncertain',
    ref: job.id,
    subject: GRACE.socialUrl,
  });
  await revealJobs.put(job);
}

/** Empty storage, a key set, and the warnings a test provokes kept off the output. */
async function freshConnectionQuiet() {
  await freshConnection();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
}

describe('who owns a running job', () => {
  const now = Date.parse('2026-05-01T12:00:00.000Z');
  const beat = (worker: string, ageMs: number) => ({ worker, at: new Date(now - ageMs).toISOString() });

  it.each([
    ['its worker beat just now', 'w1', beat('w1', 500), true],
    ['its worker beat a while ago (stopped)', 'w1', beat('w1', HEARTBEAT_STALE_MS), false],
    ['another worker beats (it was restarted)', 'w1', beat('w2', 0), false],
    ['no worker ever beat', 'w1', null, false],
    ['the job names no worker', undefined, beat('w1', 0), false],
  ])('running only when %s: %s', (_label, owner, last, expected) => {
    expect(ownedNow(owner, last, now)).toBe(expected);
  });

  it('the worker beats while a task runs, before the task starts', async () => {
    fakeBrowser.reset();
    let seen = null as Awaited<ReturnType<typeof workerBeat.get>>;
    await whileBeating(async () => {
      seen = await workerBeat.get();
    });
    expect(seen?.worker).toBe(WORKER_ID);
    expect(ownedNow(WORKER_ID, seen, Date.now())).toBe(true);
  });
});

describe('a reveal cut off by a stopped worker', () => {
  beforeEach(freshConnectionQuiet);

  it('a reveal records its worker, and its call on the ledger under the job', async () => {
    stubService([GRACE], 50);
    const { job } = await reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['email'] });
    expect(job).toMatchObject({ worker: WORKER_ID, status: 'done', charged: 3 });
    expect(await chargesOf(job!.id, job!.startedAt)).toMatchObject([
      { action: 'reveal', state: 'charged', credits: 3, maxCredits: 3, subject: GRACE.socialUrl },
    ]);
  });

  it("is marked cut off when another worker owned it, and this worker's own running job is left alone", async () => {
    await revealJobs.put(cutOffJob());
    await revealJobs.put({ ...cutOffJob(WORKER_ID), id: 'mine', vaultKey: 'other' });
    await markCutOffReveals(new Date());
    const all = await revealJobs.all();
    expect(all.find((j) => j.id === 'cut')?.status).toBe(CUT_OFF);
    expect(all.find((j) => j.id === 'mine')?.status).toBe('running');
  });

  it('asking again for its items is refused until the user chose to, and nothing is sent', async () => {
    const service = stubService([GRACE], 94);
    await revealJobs.put(cutOffJob());
    await expect(
      reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['phone'] }),
    ).rejects.toMatchObject({
      kind: 'invalid-request',
      message: expect.stringContaining('may have been charged'),
    });
    expect(service.requests).toHaveLength(0);
    // Items it did not ask for are not held back.
    await reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['email'] });
    expect(service.requests.map((r) => r.path)).toEqual(['/v1/lookup']);
  });

  it('the check says what it was charged (free account call), once; then the retry is a separate, paid reveal', async () => {
    const service = stubService([GRACE], 94);
    await cutOffReveal(100);
    const checked = await checkCutOffReveal('cut');
    expect(checked).toMatchObject({
      status: CUT_OFF,
      check: { remaining: 94, charged: 6, final: true },
    });
    expect(service.requests.map((r) => r.path)).toEqual(['/v1/account']);
    expect((await account.get())?.remaining).toBe(94);
    // A reveal no longer on record is not a request to fix: it is refused for where things stand.
    await expect(checkCutOffReveal('gone')).rejects.toMatchObject({ kind: 'not-now' });
    // A second look reads the recorded check: no second call.
    expect((await checkCutOffReveal('cut')).check).toEqual(checked.check);
    expect(service.requests).toHaveLength(1);

    const retry = await reveal({
      target: { socialUrl: GRACE.socialUrl },
      selection: ['phone'],
      retryCutOff: true,
    });
    expect(retry.job).toMatchObject({ status: 'done', charged: 6 });
    expect(retry.record?.phone).toMatchObject({ found: true, value: GRACE.phone });
  });

  it('not charged when the balance did not move', async () => {
    stubService([GRACE], 100);
    await cutOffReveal(100);
    expect((await checkCutOffReveal('cut')).check).toMatchObject({ charged: 0, final: true, remaining: 100 });
  });

  it('once its check settles it ("not charged"), its items are revealed like any others, with no retry flag', async () => {
    const service = stubService([GRACE], 100);
    await cutOffReveal(100);
    await expect(
      reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['phone'] }),
    ).rejects.toMatchObject({ kind: 'invalid-request' });
    expect((await checkCutOffReveal('cut')).check).toMatchObject({ charged: 0, final: true });
    const again = await reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['phone'] });
    expect(again.job).toMatchObject({ status: 'done' });
    expect(service.requests.map((r) => r.path)).toEqual(['/v1/account', '/v1/lookup']);
  });

  it('the rule docs/features.md states: refused until settled; settled as charged, a plain Reveal at its price', async () => {
    const service = stubService([GRACE], 94);
    await cutOffReveal(100);
    await expect(
      reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['phone'] }),
    ).rejects.toMatchObject({
      kind: 'invalid-request',
      message: expect.stringContaining('choose Reveal again'),
    });
    expect(service.requests).toHaveLength(0);
    expect((await checkCutOffReveal('cut')).check).toMatchObject({ charged: 6, final: true });
    const again = await reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['phone'] });
    expect(again.job).toMatchObject({ status: 'done', charged: 6 });
    expect(service.requests.map((r) => r.path)).toEqual(['/v1/account', '/v1/lookup']);
  });

  it('cannot tell when no balance was known before it', async () => {
    stubService([GRACE], 100);
    await cutOffReveal(null);
    expect((await checkCutOffReveal('cut')).check).toMatchObject({
      charged: null,
      final: true,
      remaining: 100,
    });
  });

  it('a reveal whose call never reached the ledger was never sent: not charged', async () => {
    const service = stubService([GRACE], 100);
    await revealJobs.put(cutOffJob());
    expect((await checkCutOffReveal('cut')).check).toMatchObject({ charged: 0, final: true });
    expect(service.requests.map((r) => r.path)).toEqual(['/v1/account']);
  });

  it('"not charged" is not final while the service may still be finishing the cut-off call', async () => {
    const service = stubService([GRACE], 100);
    await cutOffReveal(100, 0);
    expect((await checkCutOffReveal('cut')).check).toMatchObject({ charged: 0, final: false });
    // The cut-off call's charge lands at the service; the next check sees it, and that one is final.
    service.state.balance = 94;
    expect((await checkCutOffReveal('cut')).check).toMatchObject({ charged: 6, final: true });
    expect(service.requests.map((r) => r.path)).toEqual(['/v1/account', '/v1/account']);
    await checkCutOffReveal('cut');
    expect(service.requests).toHaveLength(2);
  });

  it('later reveals are not counted as the cut-off call', async () => {
    stubService([GRACE], 100);
    await cutOffReveal(100);
    // The user revealed the email afterwards (3 credits); the phone call (6) was not charged.
    await reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['email'] });
    expect((await checkCutOffReveal('cut')).check).toMatchObject({ charged: 0, remaining: 97 });
  });

  it.each([
    ['its check is not final yet', 100, 0],
    ['its charge cannot be told', null, 60_000],
  ])(
    'a reveal of other items since does not lift the hold on its items (%s)',
    async (_label, balanceBefore, ageMs) => {
      const service = stubService([GRACE], 100);
      await cutOffReveal(balanceBefore, ageMs);
      const { check } = await checkCutOffReveal('cut');
      expect(check?.final && check.charged !== null).toBe(false);
      // The email is revealed (no overlap): it is now the contact's latest reveal.
      await reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['email'] });
      await expect(
        reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['phone'] }),
      ).rejects.toMatchObject({ kind: 'invalid-request', message: expect.stringContaining('no answer') });
      expect(service.requests.filter((r) => r.path === '/v1/lookup')).toHaveLength(1);
      // Chosen knowing: asked again.
      await reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['phone'], retryCutOff: true });
      expect(service.requests.filter((r) => r.path === '/v1/lookup')).toHaveLength(2);
    },
  );

  it('searches made meanwhile are not counted as the cut-off call (the ledger says what they cost)', async () => {
    const service = stubService([GRACE], 100);
    await cutOffReveal(100);
    // A search page (1 credit) and a bulk lookup (9) were charged after the reveal was cut off.
    const charge = (ref: string, action: 'search' | 'bulk-reveal', credits: number) =>
      appendEntry({
        kind: 'charge',
        id: ref,
        at: new Date().toISOString(),
        action,
        items: [],
        credits,
        maxCredits: credits,
        state: 'charged',
        ref,
      });
    await charge('a-search', 'search', 1);
    await charge('a-bulk-job', 'bulk-reveal', 9);
    service.state.balance = 90;
    const check = (await checkCutOffReveal('cut')).check;
    expect(check).toMatchObject({ charged: 0, remaining: 90 });
    expect(check).not.toHaveProperty('unexplained');
  });

  it('a fall larger than the reveal can cost is not put on it: the key was used elsewhere', async () => {
    const service = stubService([GRACE], 100);
    await cutOffReveal(100);
    // Someone else spent 19 credits with the same key; the phone reveal can cost at most 6.
    service.state.balance = 81;
    expect((await checkCutOffReveal('cut')).check).toMatchObject({
      charged: null,
      final: true,
      unexplained: 19,
      remaining: 81,
    });
  });
});

describe('a reveal retried by the client, then cut off', () => {
  beforeEach(freshConnectionQuiet);
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is not called "not charged" until the time a call can take has passed since its retry left', async () => {
    const service = stubService([GRACE], 100);
    const t0 = Date.now();
    vi.useFakeTimers({ now: t0, toFake: ['Date'] });
    await recordAccountBalance(100, new Date().toISOString());
    const upstream = service.fetch.getMockImplementation()!;
    let lookups = 0;
    service.fetch.mockImplementation(async (input, init) => {
      if (new URL(String(input)).pathname !== '/v1/lookup') return upstream(input, init);
      lookups++;
      // The first attempt is told to wait (nothing charged): its retry leaves at +20 s, and its connection drops
      // at +21 s. (Retry-After is 1 s of real time; the clock is moved to where the 20 s would have left it.)
      if (lookups === 1) return new Response('{}', { status: 429, headers: { 'Retry-After': '1' } });
      vi.setSystemTime(t0 + 21_000);
      throw new TypeError('Failed to fetch');
    });
    const revealing = reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['phone'] }).catch(
      (error: unknown) => error,
    );
    await vi.waitFor(() => expect(lookups).toBe(1));
    vi.setSystemTime(t0 + 20_000);
    expect(await revealing).toMatchObject({ outcomeUnknown: true });
    expect(lookups).toBe(2);
    // 22 s after the first attempt, 2 s after the retry left: the balance has not moved (yet).
    vi.setSystemTime(t0 + 22_000);
    const [cut] = await revealJobs.all();
    expect((await checkCutOffReveal(cut!.id)).check).toMatchObject({ charged: 0, final: false });
    expect(await chargesOf(cut!.id, cut!.startedAt)).toMatchObject([{ state: 'uncertain' }]);
    // Past that time from the retry, the same balance settles it.
    vi.setSystemTime(t0 + 36_000);
    expect((await checkCutOffReveal(cut!.id)).check).toMatchObject({ charged: 0, final: true });
  });
});

describe("a team member's reveal that got no answer", () => {
  beforeEach(freshConnectionQuiet);

  it("is never settled from the team's balance: a teammate's spending is not this member's charge", async () => {
    const service = stubService([GRACE], 99);
    await asTeamMember(service);
    // Bob's phone reveal was cut off at a team balance of 100; Alice then spent 1 credit from it.
    await cutOffReveal(100);
    const { check } = await checkCutOffReveal('cut');
    expect(check).toMatchObject({ charged: null, final: true, remaining: 99, team: { most: 6 } });
    // The ledger keeps it uncertain, so the caps count it at its most.
    expect(await chargesOf('cut', cutOffJob().startedAt)).toMatchObject([
      { state: 'uncertain', credits: 0, maxCredits: 6 },
    ]);
    // Said as a call that may have been charged, never as a charge.
    const words = cutOffMessage((await revealJobs.all())[0]!, null).charge;
    expect(words).toContain('may have been charged, up to 6 credits');
    expect(words).toContain("team's balance cannot tell");
    expect(words).not.toMatch(/Paid|was charged \d/);
    // And asking again stays a separate choice: it is not settled.
    await expect(
      reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['phone'] }),
    ).rejects.toMatchObject({ kind: 'invalid-request' });
  });

  it("a later balance of the team settles nothing either, and no call of its member is put on another's", async () => {
    const service = stubService([GRACE], 100);
    await asTeamMember(service);
    await cutOffReveal(100);
    await recordAccountBalance(90, new Date().toISOString());
    await recordAccountBalance(80, new Date().toISOString());
    expect(await chargesOf('cut', cutOffJob().startedAt)).toMatchObject([{ state: 'uncertain', credits: 0 }]);
  });
});

describe('a reveal whose answer could not be read', () => {
  beforeEach(freshConnectionQuiet);

  it('is held back like a cut-off one: checked for free, stays failed, and asked again only when chosen', async () => {
    const service = stubService([GRACE], 100);
    await account.set({ remaining: 100, purchased: 1000, checkedAt: new Date().toISOString() });
    service.state.next = () => new Response('{"success": true, "data": {"contacts": [{"tru', { status: 200 });
    await expect(
      reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['phone'] }),
    ).rejects.toMatchObject({ outcomeUnknown: true });
    const [failed] = await revealJobs.all();
    expect(failed).toMatchObject({ status: 'failed', error: { outcomeUnknown: true } });
    // Its call stays on the ledger as sent, outcome unknown.
    expect(await chargesOf(failed!.id, failed!.startedAt)).toMatchObject([
      { state: 'uncertain', maxCredits: 6 },
    ]);

    await expect(
      reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['phone'] }),
    ).rejects.toMatchObject({ kind: 'invalid-request', message: expect.stringContaining('no answer') });
    expect(service.requests.map((r) => r.path)).toEqual(['/v1/lookup']);

    const checked = await checkCutOffReveal(failed!.id);
    expect(checked).toMatchObject({ status: 'failed', check: { remaining: 100, charged: 0 } });
    const retry = await reveal({
      target: { socialUrl: GRACE.socialUrl },
      selection: ['phone'],
      retryCutOff: true,
    });
    expect(retry.job).toMatchObject({ status: 'done', charged: 6 });
    expect(service.requests.map((r) => r.path)).toEqual(['/v1/lookup', '/v1/account', '/v1/lookup']);
  });

  it('a failure with a known outcome (refused, nothing charged) holds nothing back', async () => {
    const service = stubService([GRACE], 100);
    service.state.next = () =>
      new Response(JSON.stringify({ success: false, message: 'Invalid API key' }), { status: 401 });
    await expect(reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['phone'] })).rejects.toThrow();
    await reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['phone'] });
    expect(service.requests.map((r) => r.path)).toEqual(['/v1/lookup', '/v1/lookup']);
  });
});

describe('a stored contact that cannot be read', () => {
  beforeEach(freshConnectionQuiet);

  it('reads as unreadable (not as missing), and settings say so too', async () => {
    await writeRawContact(GRACE.socialUrl, { v: 1, name: 42 });
    expect(await vault.lookup({ socialUrl: GRACE.socialUrl })).toEqual({ state: 'unreadable' });
    expect(await vault.lookup({ socialUrl: 'https://www.linkedin.com/in/nobody' })).toEqual({
      state: 'missing',
    });
    await browser.storage.local.set({ settings: { baseUrl: 7 } });
    expect(await settings.read()).toMatchObject({ unreadable: true, value: { retentionDays: 365 } });
  });

  it('a reveal over it is refused unless the user chose to ask again', async () => {
    const service = stubService([GRACE], 100);
    await writeRawContact(GRACE.socialUrl, { v: 1, name: 42, email: 'grace@example.org' });
    await expect(
      reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['email'] }),
    ).rejects.toMatchObject({ message: expect.stringContaining('could not be read') });
    expect(service.requests).toHaveLength(0);

    const { record } = await reveal({
      target: { socialUrl: GRACE.socialUrl },
      selection: ['email'],
      replaceUnreadable: true,
    });
    expect(record?.email).toMatchObject({ value: GRACE.email });
    expect(await vault.lookup({ socialUrl: GRACE.socialUrl })).toMatchObject({ state: 'ok' });
  });
});
