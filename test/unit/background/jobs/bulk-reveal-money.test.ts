/**
 * What a bulk reveal owes the user before it spends anything, and when it is asked to change: a selection it cannot
 * run is refused with its reason and the next step before any request is sent or any job is stored; a change asked
 * of a job in the wrong state is refused and changes nothing.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshAccount } from '../../../../src/background/connection';
import {
  bulkRunEnded,
  controlBulk,
  resumeBulkJob,
  startBulkReveal,
} from '../../../../src/background/jobs/bulk-reveal';
import type { BulkJob } from '../../../../src/bulk/job';
import { bulkJobs } from '../../../../src/store/database/bulk-jobs-write';
import { account } from '../../../../src/store/items/account';
import { removeApiKey } from '../../../../src/store/secrets/api-key';
import { freshConnection, type StubContact, stubService } from '../service-stub';
import { ledgerCall, people, rows } from './bulk-helpers';

/** A stored job, as a page finds it: `status`, one contact already revealed. */
function storedJob(status: BulkJob['status']): BulkJob {
  const [ada] = people(1);
  return {
    id: `job-${status}`,
    selection: ['email'],
    quote: {
      contacts: 1,
      held: 0,
      toAsk: 1,
      maxByItem: { email: 3, phone: 0, detailed_profile: 0, healthcare_profile: 0 },
      max: 3,
    },
    stopWhenOut: false,
    status,
    owner: 'another-worker',
    createdAt: new Date().toISOString(),
    balanceBefore: 100,
    items: [
      {
        key: ada!.socialUrl,
        target: { socialUrl: ada!.socialUrl, candidateId: ada!.id },
        name: ada!.name,
        state: 'revealed',
        retrieved: ['email'],
        charged: 3,
      },
    ],
  };
}

let lookups: () => number;

beforeEach(async () => {
  await bulkRunEnded();
  await freshConnection();
  await bulkJobs.setCurrent(null);
  const stub = stubService(people(3), 10_000);
  vi.stubGlobal('fetch', stub.fetch);
  lookups = () => stub.requests.filter((r) => r.path === '/v1/lookup').length;
  await account.set({ remaining: 10_000, purchased: null, checkedAt: new Date().toISOString() });
});

describe('a bulk reveal the extension cannot run is refused before anything is asked or stored', () => {
  const tooMany = rows(people(1001));
  it.each([
    ['no item chosen', rows(people(2)), [], 'Choose at least one item to reveal.'],
    ['no contact selected', [], ['email'], 'Select at least one contact to reveal.'],
    [
      'more contacts than one job takes',
      tooMany,
      ['email'],
      'One bulk reveal takes up to 1,000 contacts; 1,001 are selected. Select fewer and reveal the rest next.',
    ],
    [
      'a row whose address is not a profile',
      [{ target: { socialUrl: ' https://www.linkedin.com/company/acme ', candidateId: 'c1' }, name: 'Acme' }],
      ['email'],
      '"https://www.linkedin.com/company/acme" is not a LinkedIn profile URL.',
    ],
    [
      'a row with neither a profile address nor an id',
      [{ target: { socialUrl: '  ', candidateId: '  ' }, name: 'Nobody Known' }],
      ['email'],
      'Nobody Known has neither a profile URL nor an id.',
    ],
  ] as const)(
    '%s: said with the next step, nothing sent, no job stored',
    async (_, candidates, selection, message) => {
      await expect(
        startBulkReveal({
          candidates: [...candidates],
          selection: [...selection],
          stopWhenOut: false,
          confirmedMax: 1e6,
        }),
      ).rejects.toMatchObject({ kind: 'invalid-request', message });
      expect(lookups()).toBe(0);
      expect(await bulkJobs.current()).toBeNull();
    },
  );

  it('takes a selection of exactly 1,000 contacts as far as its quote', async () => {
    // A quote the user confirmed 1 credit short of: the refusal is the quote's, so the size was accepted.
    await expect(
      startBulkReveal({
        candidates: rows(people(1000)),
        selection: ['email'],
        stopWhenOut: false,
        confirmedMax: 2999,
      }),
    ).rejects.toMatchObject({
      kind: 'invalid-request',
      message:
        'The cost has changed since the quote: up to 3000 credits now, not 2999. Review the selection and confirm again.',
    });
    expect(lookups()).toBe(0);
    expect(await bulkJobs.current()).toBeNull();
  });

  it('a row known by its id alone is looked up by that id, its spaces trimmed', async () => {
    const job = await startBulkReveal({
      candidates: [{ target: { socialUrl: null, candidateId: '  c1  ' }, name: 'Person 1' }],
      selection: ['email'],
      stopWhenOut: false,
      confirmedMax: 3,
    });
    expect(job.items.map((item) => item.target)).toEqual([{ socialUrl: null, candidateId: 'c1' }]);
    await controlBulk('cancel');
    await bulkRunEnded();
  });
});

describe('a change asked of a bulk reveal in the wrong state is refused and changes nothing', () => {
  it('with no job at all', async () => {
    for (const action of ['pause', 'resume', 'cancel', 'recheck', 'dismiss'] as const) {
      await expect(controlBulk(action)).rejects.toMatchObject({
        kind: 'not-now',
        message: 'There is no bulk reveal to change.',
      });
    }
  });

  it.each([
    ['pause', 'done', 'The bulk reveal is not running.'],
    ['pause', 'paused', 'The bulk reveal is not running.'],
    ['cancel', 'done', 'The bulk reveal has already ended.'],
    ['cancel', 'cancelled', 'The bulk reveal has already ended.'],
    ['resume', 'done', 'The bulk reveal is not paused.'],
    ['recheck', 'paused', 'The bulk reveal is still under way: its balance is checked when it ends.'],
    ['dismiss', 'paused', 'The bulk reveal is still under way: pause or cancel it first.'],
  ] as const)('%s of a job that is %s: "%s"', async (action, status, message) => {
    const job = storedJob(status);
    await bulkJobs.setCurrent(job);
    await expect(controlBulk(action)).rejects.toMatchObject({ kind: 'not-now', message });
    expect(await bulkJobs.current()).toEqual(job);
    expect(lookups()).toBe(0);
  });
});

/**
 * Moves fake time on in small steps, letting the real macrotasks of the fake IndexedDB run between them (as the
 * bulk reveal's own tests do).
 */
async function advance(ms: number) {
  for (let t = 0; t < ms; t += 10) {
    await vi.advanceTimersByTimeAsync(10);
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The stub service, its lookups answered after `delayMs`, or by `scripted` answers first. */
function slowService(contacts: StubContact[], delayMs: number) {
  const stub = stubService(contacts, 10_000);
  const scripted: Array<() => Response> = [];
  const sentAt: number[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).endsWith('/v1/lookup')) {
      sentAt.push(Date.now());
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      const next = scripted.shift();
      if (next) return next();
    }
    return stub.fetch(input, init);
  });
  const count = (path: string) => stub.requests.filter((r) => r.path === path).length;
  return { stub, scripted, sentAt, lookups: () => sentAt.length, accountCalls: () => count('/v1/account') };
}

describe('a paused bulk reveal waits for the user', () => {
  it('files no receipt and checks no balance while paused: it has not ended', async () => {
    const contacts = people(40);
    const s = slowService(contacts, 300);
    await startBulkReveal({
      candidates: rows(contacts),
      selection: ['email'],
      stopWhenOut: false,
      confirmedMax: 120,
    });
    await expect.poll(() => s.lookups(), { interval: 5 }).toBe(15);
    const balanceChecks = s.accountCalls();
    await controlBulk('pause');
    await bulkRunEnded();
    const paused = (await bulkJobs.current())!;
    expect(paused.status).toBe('paused');
    expect(paused.finishedAt).toBeUndefined();
    expect(paused.spend).toBeUndefined();
    expect(await bulkJobs.history()).toEqual([]);
    expect(s.accountCalls()).toBe(balanceChecks);
    await controlBulk('cancel');
  });

  it('a pause asked as a resumed job is still connecting is kept: nothing is sent', async () => {
    const contacts = people(3);
    const s = slowService(contacts, 5);
    await bulkJobs.setCurrent({
      ...storedJob('paused'),
      items: storedJob('paused').items.map((i) => ({
        ...i,
        state: 'queued' as const,
        retrieved: undefined,
        charged: undefined,
      })),
    });
    await controlBulk('resume');
    // The resumed run reads its connection first; the pause comes before it can send.
    await controlBulk('pause');
    await bulkRunEnded();
    expect((await bulkJobs.current())!.status).toBe('paused');
    expect(s.lookups()).toBe(0);
  });
});

describe('a bulk reveal the service holds back (429) without saying for how long', () => {
  it('waits 1 s, then 2 s, before asking again, and charges the contact once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const contacts = people(1);
      const s = slowService(contacts, 5);
      const limited = () => s.stub.json(429, { success: false, message: 'Too many requests' });
      s.scripted.push(limited, limited);
      await startBulkReveal({
        candidates: rows(contacts),
        selection: ['email'],
        stopWhenOut: false,
        confirmedMax: 3,
      });
      await advance(5_000);
      await bulkRunEnded();
      const ended = (await bulkJobs.current())!;
      expect(ended.items.map((item) => [item.state, item.charged])).toEqual([['revealed', 3]]);
      const gaps = s.sentAt.slice(1).map((at, i) => at - s.sentAt[i]!);
      expect(gaps).toHaveLength(2);
      expect(gaps[0]).toBeGreaterThanOrEqual(1_000);
      expect(gaps[0]).toBeLessThan(1_500);
      expect(gaps[1]).toBeGreaterThanOrEqual(2_000);
      expect(gaps[1]).toBeLessThan(2_500);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits as long as the service asks when it says so (Retry-After), not the shorter wait of its own', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const contacts = people(1);
      const s = slowService(contacts, 5);
      s.scripted.push(
        () =>
          new Response(JSON.stringify({ success: false, message: 'Too many requests' }), {
            status: 429,
            headers: { 'Content-Type': 'application/json', 'Retry-After': '4' },
          }),
      );
      await startBulkReveal({
        candidates: rows(contacts),
        selection: ['email'],
        stopWhenOut: false,
        confirmedMax: 3,
      });
      await advance(6_000);
      await bulkRunEnded();
      expect((await bulkJobs.current())!.items.map((item) => item.state)).toEqual(['revealed']);
      const [first, second] = s.sentAt;
      expect(second! - first!).toBeGreaterThanOrEqual(4_000);
      expect(second! - first!).toBeLessThan(4_500);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the receipt of a bulk reveal whose lost answer may have been charged', () => {
  /**
   * Three contacts, the first lookup's answer lost (after the service charged it when `charged`): the job ends
   * with that lookup not known. Under fake timers, `advanceBy` moves the clock while the job runs.
   */
  async function endedWithALostAnswer(charged: boolean, advanceBy = 0) {
    const contacts = people(3);
    const s = slowService(contacts, 5);
    await refreshAccount();
    let lost = false;
    const answering = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/v1/lookup') && !lost) {
        lost = true;
        // The service ran the lookup and charged it, or never got it; no answer came back either way.
        if (charged) await answering(input, init);
        throw new TypeError('Failed to fetch');
      }
      return answering(input, init);
    });
    await startBulkReveal({
      candidates: rows(contacts),
      selection: ['email'],
      stopWhenOut: false,
      confirmedMax: 9,
    });
    if (advanceBy > 0) await advance(advanceBy);
    await bulkRunEnded();
    return s;
  }

  it('"Check the balance again" settles it on the receipt, from a free balance call, and files it', async () => {
    const s = await endedWithALostAnswer(true);
    const ended = (await bulkJobs.current())!;
    expect(ended.status).toBe('done');
    const checks = s.accountCalls();

    const rechecked = await controlBulk('recheck');

    expect(s.accountCalls()).toBe(checks + 1);
    expect(s.lookups()).toBe(3);
    expect(rechecked).toMatchObject({
      id: ended.id,
      status: 'done',
      balanceAfter: s.stub.state.balance,
      spend: { charged: 9, uncertain: 0, lost: { calls: 1, credits: 3 } },
    });
    expect(await bulkJobs.current()).toEqual(rechecked);
    expect((await bulkJobs.history())[0]).toEqual(rechecked);
  });

  it('a paused job does not follow the ledger: no receipt until it ends', async () => {
    await bulkJobs.setCurrent({ ...storedJob('paused'), spend: undefined });
    await refreshAccount();
    // The follower runs after the balance is recorded; give it the turns a write takes.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await bulkJobs.current())!.spend).toBeUndefined();
    expect(await bulkJobs.history()).toEqual([]);
  });

  it('two wakes of an ended job set one balance check, not two', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const s = await endedWithALostAnswer(false, 200);
      expect((await bulkJobs.current())!.spend).toMatchObject({ uncertain: 1 });
      await controlBulk('wake');
      await controlBulk('wake');
      const checks = s.accountCalls();
      await advance(17_000);
      await vi.waitFor(async () => expect((await bulkJobs.current())!.spend).toMatchObject({ uncertain: 0 }));
      expect(s.accountCalls()).toBe(checks + 1);
    } finally {
      vi.useRealTimers();
    }
  });
});

/** A stored job of `contacts`, email asked, in `states`, owned by a worker that is gone. */
function jobOf(
  id: string,
  contacts: StubContact[],
  states: BulkJob['items'][number]['state'][],
  status: BulkJob['status'],
): BulkJob {
  return {
    ...storedJob(status),
    id,
    quote: { ...storedJob(status).quote, contacts: contacts.length, toAsk: contacts.length },
    items: contacts.map((c, i) => ({
      key: c.socialUrl,
      target: { socialUrl: c.socialUrl, candidateId: c.id },
      name: c.name,
      state: states[i]!,
      ...(states[i] === 'revealed' ? { retrieved: ['email' as const], charged: 3 } : {}),
      ...(states[i] === 'running' ? { asked: ['email' as const] } : {}),
    })),
  };
}

describe('a bulk reveal the user stops, or that cannot go on', () => {
  it('a paused job cancelled with no run under way ends cancelled, with its receipt filed', async () => {
    const contacts = people(3);
    const s = slowService(contacts, 5);
    await bulkJobs.setCurrent(jobOf('job-p', contacts, ['revealed', 'queued', 'queued'], 'paused'));
    await controlBulk('cancel');
    const cancelled = (await bulkJobs.current())!;
    expect(cancelled).toMatchObject({ status: 'cancelled', balanceAfter: 10_000 });
    expect(cancelled.items.map((item) => item.state)).toEqual(['revealed', 'queued', 'queued']);
    expect((await bulkJobs.history())[0]).toMatchObject({ id: 'job-p', status: 'cancelled' });
    expect(s.lookups()).toBe(0);
  });

  it('a cancel asked as a resumed job is still connecting is kept: nothing is sent', async () => {
    const contacts = people(3);
    const s = slowService(contacts, 5);
    await bulkJobs.setCurrent(jobOf('job-c', contacts, ['queued', 'queued', 'queued'], 'paused'));
    await controlBulk('resume');
    await controlBulk('cancel');
    await bulkRunEnded();
    expect((await bulkJobs.current())!.status).toBe('cancelled');
    expect(s.lookups()).toBe(0);
  });

  it('a job resumed after its service key was removed stops and says why, sending nothing', async () => {
    const contacts = people(2);
    const s = slowService(contacts, 5);
    await bulkJobs.setCurrent(jobOf('job-k', contacts, ['queued', 'queued'], 'paused'));
    await removeApiKey();
    await controlBulk('resume');
    await bulkRunEnded();
    const stopped = (await bulkJobs.current())!;
    expect(stopped.status).toBe('stopped');
    expect(stopped.stopReason).toMatch(/key/i);
    expect(s.lookups()).toBe(0);
  });

  it('a maximum equal to the known balance starts without asking to stop when it runs out', async () => {
    slowService(people(1), 5);
    await account.set({ remaining: 3, purchased: null, checkedAt: new Date().toISOString() });
    const job = await startBulkReveal({
      candidates: rows(people(1)),
      selection: ['email'],
      stopWhenOut: false,
      confirmedMax: 3,
    });
    expect(job.quote.max).toBe(3);
    await bulkRunEnded();
  });
});

describe('a restarted worker and the bulk reveal it finds', () => {
  it('with no job at all: nothing to do', async () => {
    await expect(controlBulk('wake')).resolves.toBeNull();
  });

  it('keeps a contact already revealed as it was, and says why a cut-off one may have been charged', async () => {
    const contacts = people(3);
    const s = slowService(contacts, 5);
    const now = new Date().toISOString();
    await bulkJobs.setCurrent({
      ...jobOf('job-r', contacts, ['revealed', 'running', 'queued'], 'running'),
      createdAt: now,
    });
    await ledgerCall(contacts[0]!, 'job-r', now, 'charged');
    await ledgerCall(contacts[1]!, 'job-r', now);
    await resumeBulkJob();
    await bulkRunEnded();
    const ended = (await bulkJobs.current())!;
    expect(ended.items.map((item) => item.state)).toEqual(['revealed', 'may-have-charged', 'revealed']);
    expect(ended.items[1]!.problem).toBe(
      'The extension stopped while this lookup was under way, so it may have been charged. It was not sent again.',
    );
    expect(s.lookups()).toBe(1);
  });

  it('sets the balance check of an ended job whose lost call is still open, once the service can no longer charge it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const contacts = people(2);
      const s = slowService(contacts, 5);
      const now = new Date().toISOString();
      const ended: BulkJob = {
        ...jobOf('job-w', contacts, ['revealed', 'may-have-charged'], 'done'),
        createdAt: now,
        finishedAt: now,
        spend: { charged: 3, uncertain: 1, uncertainMax: 3, shared: false, lost: { calls: 1, credits: 0 } },
      };
      // The balance the lost call settles against.
      await refreshAccount();
      const checks = s.accountCalls();
      await bulkJobs.setCurrent(ended);
      await ledgerCall(contacts[1]!, 'job-w', now);
      await resumeBulkJob();
      // Too soon: the service may still be finishing the lost lookup, and a balance now could not tell.
      await advance(10_000);
      expect(s.accountCalls()).toBe(checks);
      await advance(7_000);
      await vi.waitFor(async () => expect((await bulkJobs.current())!.spend).toMatchObject({ uncertain: 0 }));
      expect(s.accountCalls()).toBe(checks + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sets none for an ended job whose lost calls are closed, whatever other calls are open', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const contacts = people(2);
      const s = slowService(contacts, 5);
      const now = new Date().toISOString();
      await bulkJobs.setCurrent({
        ...jobOf('job-x', contacts, ['revealed', 'may-have-charged'], 'done'),
        createdAt: now,
        finishedAt: now,
        // A balance closed its lost call as it was (it could not tell): not known, and nothing left to settle.
        spend: { charged: 3, uncertain: 1, uncertainMax: 3, shared: false, lost: { calls: 1, credits: 0 } },
      });
      // Another job's call still open is not this receipt's to wait for.
      await ledgerCall(contacts[1]!, 'another-job', now);
      await resumeBulkJob();
      await advance(17_000);
      expect(s.accountCalls()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
