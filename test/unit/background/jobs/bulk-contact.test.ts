/**
 * What each contact of a bulk reveal comes to, in the words its receipt shows and with what it cost: an answer without
 * a result may have been charged; a contact the service could not look up, a request it refused and a failure before
 * anything left cost nothing, and the job goes on; an answer charged but not kept says its charge; a key refused
 * stops the job with the contact back in the queue; a contact held since the quote, or held back by a single reveal
 * that got no answer, is not asked at all. And, after a restart, which answers the vault kept (`answerKept`).
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../../src/api/client';
import { ApiError } from '../../../../src/api/errors';
import type { LookupRequest, LookupResponse } from '../../../../src/api/schema';
import { answerKept, lookupOne, type RunShared } from '../../../../src/background/jobs/bulk-contact';
import { bulkRunEnded, resumeBulkJob, startBulkReveal } from '../../../../src/background/jobs/bulk-reveal';
import type { RunStore } from '../../../../src/background/jobs/bulk-run-store';
import type { BulkItem, BulkJob } from '../../../../src/bulk/job';
import type { BulkCandidate } from '../../../../src/bulk/quote';
import { bulkJobs } from '../../../../src/store/database/bulk-jobs-write';
import { db } from '../../../../src/store/database/db';
import { openCharges } from '../../../../src/store/database/ledger/ledger';
import { vault } from '../../../../src/store/database/vault/vault';
import type { ContactRecord } from '../../../../src/store/database/vault/vault-record';
import { vaultWrite } from '../../../../src/store/database/vault/vault-write';
import { account } from '../../../../src/store/items/account';
import { revealJobs } from '../../../../src/store/items/reveal-jobs';
import { STORAGE_FAILED } from '../../../../src/store/storage-problem';
import { contactRecord, profileOf } from '../../../support/vault-records';
import { freshConnection, stubService } from '../service-stub';
import { jobOf, people, revealCutOff, rows } from './bulk-helpers';

let service: ReturnType<typeof stubService>;
const lookups = () => service.requests.filter((r) => r.path === '/v1/lookup');

beforeEach(async () => {
  await bulkRunEnded();
  await freshConnection();
  await bulkJobs.setCurrent(null);
  service = stubService(people(3), 10_000);
  await account.set({ remaining: 10_000, purchased: null, checkedAt: new Date().toISOString() });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Runs a bulk reveal of email for `candidates` to its end. */
async function run(candidates: BulkCandidate[]): Promise<BulkJob> {
  await startBulkReveal({ candidates, selection: ['email'], stopWhenOut: false, confirmedMax: 1e6 });
  await bulkRunEnded();
  return (await bulkJobs.current())!;
}

/** Takes up a stored job of `contacts`, every one queued, as a restarted worker does, and runs it to its end. */
async function resumed(contacts: ReturnType<typeof people>): Promise<BulkJob> {
  await bulkJobs.setCurrent(
    jobOf(
      'job-resumed',
      contacts,
      contacts.map(() => 'queued'),
      'running',
    ),
  );
  await resumeBulkJob();
  await bulkRunEnded();
  return (await bulkJobs.current())!;
}

/** The next lookup answers as the service's JSON `body`, with HTTP `status`. */
const answerNext = (status: number, body: unknown) => {
  service.state.next = () => service.json(status, body);
};

/** Makes every transaction over `store` (in `mode`) fail with `failure`, `times` times (forever when omitted). */
async function failTransactions(
  store: string,
  mode: 'readonly' | 'readwrite',
  failure: unknown,
  times = Infinity,
) {
  const database = await db();
  const transaction = database.transaction.bind(database);
  let left = times;
  vi.spyOn(database, 'transaction').mockImplementation(((stores: string[], asked?: string) => {
    if ([stores].flat().includes(store) && (asked ?? 'readonly') === mode && left > 0) {
      left--;
      throw failure;
    }
    return transaction(stores as never, asked as never);
  }) as never);
}

describe('what each contact of a bulk reveal comes to', () => {
  it('an answer without a result may have been charged, says so, and is not asked again; the others go on', async () => {
    const [ada, bo] = people(2);
    answerNext(200, {
      success: true,
      data: { contacts: [], summary: { total_requested: 1, successful: 0, failed: 0 } },
      credits: { used: 0, remaining: 10_000, billing_note: 'Only successful lookups were charged.' },
    });
    const ended = await run(rows([ada!]));
    expect(ended.items[0]).toMatchObject({
      state: 'may-have-charged',
      problem: 'The service answered without a result for this contact; it may have been charged.',
    });
    expect(lookups()).toHaveLength(1);
    // The next job is not held back by it, and pays for its own contact.
    const next = await run(rows([bo!]));
    expect(next.items[0]).toMatchObject({ state: 'revealed', charged: 3 });
  });

  it('a contact the service could not look up (not "not found") failed with its reason, at no charge; the job goes on', async () => {
    const [ada, bo] = people(2);
    service.failNextContact(ada!.socialUrl, 422, 'The profile URL is not valid');
    // One at a time, so the scripted answer is Ada's.
    const first = await run(rows([ada!]));
    expect(first.items[0]).toEqual(
      expect.objectContaining({
        state: 'failed',
        problem: 'The service could not look up this contact: The profile URL is not valid',
      }),
    );
    expect(first.items[0]!.charged ?? 0).toBe(0);
    expect(first.status).toBe('done');
    expect(await openCharges()).toEqual([]);
    expect((await run(rows([bo!]))).items[0]).toMatchObject({ state: 'revealed', charged: 3 });
  });

  it('a lookup the service refuses (a bad request) failed with its words, nothing charged; the next contact is asked', async () => {
    const [ada, bo] = people(2);
    answerNext(400, { success: false, message: 'Provide either social_url or candidate_id.' });
    const ended = await run(rows([ada!]));
    expect(ended.items[0]!.state).toBe('failed');
    expect(ended.items[0]!.problem).toBe(
      'The service refused this lookup as malformed. Nothing was charged for it.',
    );
    expect(ended.status).toBe('done');
    expect(await openCharges()).toEqual([]);
    expect((await run(rows([bo!]))).items[0]!.state).toBe('revealed');
  });

  it("a team gateway's answer that a teammate's lookup of them got nowhere (409): failed in its words, nothing charged", async () => {
    const [ada, bo] = people(2);
    const message =
      "A teammate's lookup of this person got no readable answer from the candidate service. Nothing was charged to you; try again in a minute.";
    answerNext(409, { success: false, message });
    const ended = await run(rows([ada!]));
    expect(ended.items[0]).toMatchObject({ state: 'failed', problem: message });
    expect(ended.items[0]!.charged ?? 0).toBe(0);
    expect(ended.status).toBe('done');
    expect(lookups()).toHaveLength(1);
    expect(await openCharges()).toEqual([]);
    expect((await run(rows([bo!]))).items[0]!.state).toBe('revealed');
  });

  it('a lookup with no answer may have been charged, is said so, and is not sent again', async () => {
    const [ada] = people(1);
    service.state.next = () => {
      throw new TypeError('Failed to fetch');
    };
    const ended = await run(rows([ada!]));
    expect(ended.items[0]).toMatchObject({
      state: 'may-have-charged',
      problem: 'No answer came back for this lookup, so it may have been charged. It was not sent again.',
    });
    expect(lookups()).toHaveLength(1);
  });

  it('a person unknown to the service is kept under the name, title, employer and place their row showed', async () => {
    const candidate: BulkCandidate = {
      target: { socialUrl: profileOf('nobody-known'), candidateId: null },
      name: 'Nobody Known',
      title: 'Head of Data',
      employer: 'Initech',
      location: 'Lisbon',
    };
    const ended = await run([candidate]);
    expect(ended.items[0]!.state).toBe('not-found');
    expect(await vault.get(profileOf('nobody-known'))).toMatchObject({
      name: 'Nobody Known',
      currentTitle: 'Head of Data',
      currentEmployer: 'Initech',
      location: 'Lisbon',
    });
  });
});

describe('a contact whose answer was charged but could not be kept', () => {
  it('on a full disk: said with its charge, and the job stops there (every later answer would be lost too)', async () => {
    const [ada] = people(1);
    await failTransactions(
      'contacts',
      'readwrite',
      new DOMException('The current transaction exceeded its quota limitations.', 'QuotaExceededError'),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const ended = await run(rows([ada!]));
    expect(ended.items[0]).toMatchObject({
      state: 'failed',
      charged: 3,
      problem: 'Charged 3 credits, but the contact could not be saved: the disk is full.',
    });
    expect(ended.status).toBe('stopped');
    expect(ended.stopReason).toBe('Charged 3 credits, but the contact could not be saved: the disk is full.');
  });

  it('on any other failure: said with its charge, and the job goes on', async () => {
    const [ada, bo] = people(2);
    await failTransactions('contacts', 'readwrite', new Error('boom'), 1);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = await run(rows([ada!]));
    expect(first.items[0]).toMatchObject({
      state: 'failed',
      charged: 3,
      problem: 'Charged 3 credits, but the contact could not be saved: the extension failed to store it.',
    });
    expect(first.status).toBe('done');
    expect((await run(rows([bo!]))).items[0]!.state).toBe('revealed');
  });
});

describe('a contact that fails before anything is sent costs nothing, and the job goes on', () => {
  it('when the do-not-contact list cannot be read: the browser could not read it', async () => {
    const [ada, bo] = people(2);
    // The list has an entry, so the run reads it.
    const database = await db();
    await database.put('doNotContact', { hash: 'h', entry: 'e' } as never).catch(() => undefined);
    await failTransactions('doNotContact', 'readonly', new DOMException('The read failed.', 'UnknownError'));
    const ended = await resumed([ada!, bo!]);
    expect(ended.items.map((item) => item.state)).toEqual(['failed', 'failed']);
    expect(ended.items[0]!.problem).toBe(`${STORAGE_FAILED} Nothing was charged for it.`);
    expect(ended.status).toBe('done');
    expect(lookups()).toHaveLength(0);
    expect(await openCharges()).toEqual([]);
  });

  it('on an error of its own: said as unexpected, nothing charged', async () => {
    const [ada] = people(1);
    const database = await db();
    await database.put('doNotContact', { hash: 'h', entry: 'e' } as never).catch(() => undefined);
    await failTransactions('doNotContact', 'readonly', new RangeError('not a storage problem'));
    const ended = await resumed([ada!]);
    expect(ended.items[0]).toMatchObject({
      state: 'failed',
      problem: 'The lookup failed on an unexpected error. Nothing was charged for it.',
    });
    expect(lookups()).toHaveLength(0);
  });
});

describe('a contact not asked at all', () => {
  it('held in full since the quote: settled as held, nothing sent, nothing on the ledger', async () => {
    const [ada, bo] = people(2);
    await vaultWrite.putMany([{ ...contactRecord('person-0', ada!.id) } as ContactRecord]);
    const ended = await resumed([ada!, bo!]);
    expect(ended.items.map((item) => item.state)).toEqual(['held', 'revealed']);
    expect(lookups().map((r) => r.body?.social_url)).toEqual([bo!.socialUrl]);
  });

  it('held back by a single reveal of theirs that got no answer since the quote: left out at no cost', async () => {
    const [ada, bo] = people(2);
    await revealJobs.put(revealCutOff(ada!.socialUrl));
    const ended = await resumed([ada!, bo!]);
    expect(ended.items[0]).toMatchObject({ state: 'failed', heldBack: true, charged: 0 });
    expect(ended.items[1]!.state).toBe('revealed');
    expect(lookups().map((r) => r.body?.social_url)).toEqual([bo!.socialUrl]);
  });
});

describe('a key the service refuses during a bulk reveal', () => {
  it('stops the job in the service’s words, the contact back in the queue, nothing charged', async () => {
    const contacts = people(3);
    service.fetch.mockImplementation(async () =>
      service.json(401, { success: false, message: 'Invalid API key' }),
    );
    const ended = await resumed(contacts);
    expect(ended.status).toBe('stopped');
    expect(ended.stopReason).toMatch(/key/i);
    expect(ended.items.map((item) => item.state)).toEqual(['queued', 'queued', 'queued']);
    expect(await openCharges()).toEqual([]);
  });
});

describe('the balance the lookups of one run share', () => {
  /** Ada's email, as the service answers it, with `remaining` left. */
  const answer = (remaining: number): LookupResponse =>
    ({
      success: true,
      data: {
        contacts: [
          {
            lookup_identifier: people(1)[0]!.socialUrl,
            lookup_type: 'social_url',
            success: true,
            profile: {
              id: 'c0',
              name: 'Person 0',
              current_title: 'Engineer',
              current_employer: 'Acme',
              personal_email: 'p0@example.org',
            },
            contact_data_retrieved: ['email'],
            retrieved_at: new Date().toISOString(),
          },
        ],
        summary: { total_requested: 1, successful: 1, failed: 0 },
      },
      credits: { used: 3, remaining, billing_note: 'Only successful lookups were charged.' },
    }) as LookupResponse;
  /** A run of Ada then Bo whose service answers with `lookup`; each contact's connection is free at once. */
  function runOf(lookup: (body: LookupRequest) => Promise<LookupResponse>, remaining: number | null) {
    const contacts = people(2);
    const job = jobOf('job-shared', contacts, ['queued', 'queued'], 'running');
    const store = {
      answered: () => undefined,
      progress: () => undefined,
      now: async () => undefined,
    } as RunStore;
    const client = { lookup: vi.fn(lookup) } as unknown as ApiClient & { lookup: ReturnType<typeof vi.fn> };
    const shared: RunShared = { job, store, client, remaining };
    const one = (i: number) => lookupOne(shared, job.items[i]!, (request) => request(() => undefined));
    return { job, client, shared, one };
  }

  it('a lookup the service refused for too few credits keeps the next one from leaving: it stays queued', async () => {
    const run = runOf(async () => {
      throw new ApiError({
        kind: 'insufficient-credits',
        operation: 'lookup',
        message: 'Insufficient credits',
        creditsInfo: { required: 3, available: 1 },
      });
    }, null);
    expect(await run.one(0)).toEqual({ kind: 'stop', reason: 'The balance ran out.' });
    expect(run.shared.remaining).toBe(1);
    // The next contact, whose entry was being written as the refusal came, does not leave.
    expect(await run.one(1)).toEqual({ kind: 'stop', reason: 'The balance ran out.' });
    expect(run.client.lookup).toHaveBeenCalledTimes(1);
    expect(run.job.items.map((item) => item.state)).toEqual(['queued', 'queued']);
    expect(await openCharges()).toEqual([]);
  });

  it('a lookup the latest balance pays for exactly leaves; one it cannot pay for does not', async () => {
    const exactly = runOf(async () => answer(0), 3);
    expect(await exactly.one(0)).toEqual({ kind: 'done' });
    expect(exactly.job.items[0]).toMatchObject({ state: 'revealed', charged: 3 });
    expect(exactly.shared.remaining).toBe(0);
    expect(await exactly.one(1)).toEqual({ kind: 'stop', reason: 'The balance ran out.' });
    expect(exactly.job.items[1]!.state).toBe('queued');
    expect(exactly.client.lookup).toHaveBeenCalledTimes(1);
    expect(await openCharges()).toEqual([]);
  });
});

describe('after a restart, which answers the vault kept (answerKept)', () => {
  const SENT = '2026-12-01T10:00:00.000Z';
  const BEFORE = '2026-12-01T09:59:59.999Z';
  const item = (asked: BulkItem['asked']): BulkItem => ({
    key: profileOf('ada'),
    target: { socialUrl: profileOf('ada'), candidateId: 'c1' },
    name: 'Ada',
    state: 'may-have-charged',
    problem: 'The extension stopped while this lookup was under way, so it may have been charged.',
    ...(asked ? { asked } : {}),
  });
  const record = (change: Partial<ContactRecord>): ContactRecord =>
    ({ ...contactRecord('ada', 'c1'), email: undefined, ...change }) as ContactRecord;

  it('none when the vault holds no record', () => {
    expect(answerKept(item(['email']), null, SENT)).toBeNull();
  });

  it('"not found" when the service said so at or after the lookup left, its problem gone', () => {
    expect(answerKept(item(['email']), record({ unknownAt: SENT }), SENT)).toEqual({
      key: profileOf('ada'),
      target: { socialUrl: profileOf('ada'), candidateId: 'c1' },
      name: 'Ada',
      asked: ['email'],
      state: 'not-found',
    });
  });

  it('none when the service said "not found" before the lookup left', () => {
    expect(answerKept(item(['email']), record({ unknownAt: BEFORE }), SENT)).toBeNull();
  });

  it('revealed, with what was found, for items stored at or after the lookup left', () => {
    const kept = answerKept(
      item(['email', 'phone']),
      record({
        email: { found: true, value: 'ada@example.org', at: SENT },
        phone: { found: false, at: SENT },
      }),
      SENT,
    );
    expect(kept).toMatchObject({ state: 'revealed', retrieved: ['email'] });
    expect(kept).not.toHaveProperty('problem');
  });

  it('nothing found when the items stored after it were all missing', () => {
    expect(
      answerKept(item(['email']), record({ email: { found: false, at: '2026-12-01T10:00:01.000Z' } }), SENT),
    ).toMatchObject({ state: 'nothing-found', retrieved: [] });
  });

  it('none for items stored before the lookup left, or not asked by it, or when it asked nothing', () => {
    const held = record({
      email: { found: true, value: 'ada@example.org', at: BEFORE },
      phone: { found: true, value: '+1 555 0100', at: SENT },
    });
    expect(answerKept(item(['email']), held, SENT)).toBeNull();
    expect(answerKept(item(undefined), held, SENT)).toBeNull();
  });
});
