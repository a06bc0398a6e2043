/**
 * One paid call through the ledger (`paidLookup`, `paidSearch`), driven directly: what each way a call can end leaves
 * on the ledger and says to the user. A call whose request may have left stays "may have been charged"; one refused
 * before it left, or by the service with nothing charged, is off the ledger; an answer that cannot be stored is said
 * with its charge; an entry that cannot be written ahead means nothing is sent.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { ApiError } from '../../../src/api/errors';
import type { LookupResponse, SearchResponse } from '../../../src/api/schema';
import { recordAccountBalance } from '../../../src/background/balance-settlement';
import { type PaidCall, paidLookup, paidSearch } from '../../../src/background/paid-call-gate';
import { HEARTBEAT_MS } from '../../../src/domain/worker';
import { type ChargeEntry, dayOf } from '../../../src/ledger/entry';
import { db } from '../../../src/store/database/db';
import { readLedgerDays } from '../../../src/store/database/ledger/ledger';
import { freshConnection } from './service-stub';

const CALL: PaidCall = { action: 'reveal', ref: 'job-1', label: 'Ada Lovelace', subject: 'ada' };

function lookupAnswer(retrieved: string[], used: number): LookupResponse {
  return {
    success: true,
    data: {
      contacts: [
        {
          lookup_identifier: 'ada',
          lookup_type: 'social_url',
          success: true,
          profile: { name: 'Ada Lovelace' },
          contact_data_retrieved: retrieved,
          retrieved_at: new Date().toISOString(),
        },
      ],
      summary: { total_requested: 1, successful: 1, failed: 0 },
    },
    credits: { used, remaining: 100 - used },
  } as never;
}

const searchAnswer = (): SearchResponse =>
  ({
    success: true,
    data: { profiles: [], pagination: {} },
    credits: { used: 1, remaining: 99 },
  }) as never;

async function charges(): Promise<ChargeEntry[]> {
  const today = dayOf(new Date());
  return ((await readLedgerDays([today])).get(today) ?? []).filter(
    (e): e is ChargeEntry => e.kind === 'charge',
  );
}

const keepNothing = async () => undefined;

/** Makes the `nth` write of the ledger fail as a full disk does; the others go through. Restore the returned spy. */
async function failLedgerWrite(nth: number) {
  const database = await db();
  const transaction = database.transaction.bind(database);
  let writes = 0;
  return vi.spyOn(database, 'transaction').mockImplementation(((stores: string[], mode?: string) => {
    if ([stores].flat().includes('ledger') && mode === 'readwrite' && ++writes === nth) {
      throw new DOMException('The current transaction exceeded its quota limitations.', 'QuotaExceededError');
    }
    return transaction(stores as never, mode as never);
  }) as never);
}

beforeEach(async () => {
  await freshConnection();
  // Each failure is also logged for the developer; the tests read what the user is told.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a paid call that failed', () => {
  it('refused before its request left: nothing on the ledger, the refusal as it was', async () => {
    const refusal = new TypeError('no connection to wait for');
    await expect(paidLookup(CALL, ['email'], async () => Promise.reject(refusal), keepNothing)).rejects.toBe(
      refusal,
    );
    expect(await charges()).toEqual([]);
  });

  it('with no answer: keeps its own kind and stays on the ledger, may have been charged', async () => {
    const lost = new ApiError({ kind: 'network', message: 'dropped', outcomeUnknown: true });
    await expect(
      paidLookup(
        CALL,
        ['email', 'phone'],
        async (ahead) => {
          await ahead();
          throw lost;
        },
        keepNothing,
      ),
    ).rejects.toBe(lost);
    expect(await charges()).toMatchObject([{ state: 'uncertain', maxCredits: 9, label: 'Ada Lovelace' }]);
  });

  it('written ahead and refused by its last check before the hand-over: off the ledger, the refusal as it was', async () => {
    const halted = new Error('paused');
    await expect(
      paidLookup(
        CALL,
        ['email'],
        async (ahead) => {
          await ahead(() => {
            throw halted;
          });
          throw new Error('not reached');
        },
        keepNothing,
      ),
    ).rejects.toBe(halted);
    expect(await charges()).toEqual([]);
  });

  it('the hand-over is on the ledger before the request is given to the network, and the answer keeps it', async () => {
    let seen: ChargeEntry[] = [];
    await paidLookup(
      CALL,
      ['email'],
      async (ahead) => {
        await ahead();
        seen = await charges();
        return lookupAnswer(['email'], 3);
      },
      keepNothing,
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]!.handedAt).toEqual(expect.any(String));
    expect(seen[0]!.handedAt! >= seen[0]!.at).toBe(true);
    expect(await charges()).toMatchObject([{ state: 'charged', handedAt: seen[0]!.handedAt }]);
  });

  it('a hand-over that cannot be recorded sends nothing: said as not recorded, and the entry taken off', async () => {
    // The write ahead goes through; the hand-over's write fails.
    const spy = await failLedgerWrite(2);
    const sent = vi.fn();
    try {
      const error = await paidLookup(
        CALL,
        ['email'],
        async (ahead) => {
          await ahead();
          sent();
          return lookupAnswer(['email'], 3);
        },
        keepNothing,
      ).catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'storage-full', message: 'Nothing was sent.' });
    } finally {
      spy.mockRestore();
    }
    expect(sent).not.toHaveBeenCalled();
    expect(await charges()).toEqual([]);
  });

  it("the extension's own failure after the request left: said as may have been charged, never as a refusal", async () => {
    const error = await paidLookup(
      CALL,
      ['email'],
      async (ahead) => {
        await ahead();
        throw new TypeError('cannot read properties of undefined');
      },
      keepNothing,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'unexpected',
      message: 'The answer could not be handled.',
      outcomeUnknown: true,
      operation: 'lookup',
    });
    expect(await charges()).toMatchObject([{ state: 'uncertain' }]);
  });

  it("a bulk reveal's lookup is a lookup too, lost or not kept", async () => {
    const bulk: PaidCall = { action: 'bulk-reveal', ref: 'bulk-1', subject: 'ada' };
    const lost = await paidLookup(
      bulk,
      ['email'],
      async (ahead) => {
        await ahead();
        throw new TypeError('broken');
      },
      keepNothing,
    ).catch((e: unknown) => e);
    expect(lost).toMatchObject({ kind: 'unexpected', operation: 'lookup' });
    const notKept = await paidLookup(
      bulk,
      ['email'],
      async (ahead) => ahead().then(() => lookupAnswer(['email'], 3)),
      async () => Promise.reject(new Error('bug')),
    ).catch((e: unknown) => e);
    expect(notKept).toMatchObject({
      message: 'Charged 3 credits, but the contact could not be saved: the extension failed to store it.',
    });
  });

  it('the same for a search page, which is not a lookup', async () => {
    const error = await paidSearch(
      { ref: 's1', label: 'page 2' },
      { free_text_search: 'nurses' },
      async () => {
        throw new TypeError('broken');
      },
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unexpected', outcomeUnknown: true });
    expect((error as ApiError).toJSON()).not.toHaveProperty('operation');
    expect(await charges()).toMatchObject([{ action: 'search', state: 'uncertain', label: 'page 2' }]);
  });
});

describe('a paid call retried by the client', () => {
  it('a search page retried, then lost, is not called "not charged" until the time a call can take has passed since its retry left', async () => {
    const t0 = Date.now();
    vi.useFakeTimers({ now: t0, toFake: ['Date'] });
    await recordAccountBalance(100, new Date().toISOString());
    const lost = new ApiError({ kind: 'network', message: 'dropped', outcomeUnknown: true });
    await expect(
      paidSearch({ ref: 's1', label: 'page 1' }, { free_text_search: 'nurses' }, async (again) => {
        // The first attempt was told to wait (nothing charged); its retry leaves at +20 s, and its connection drops.
        vi.setSystemTime(t0 + 20_000);
        await again();
        throw lost;
      }),
    ).rejects.toBe(lost);
    expect(await charges()).toMatchObject([
      { state: 'uncertain', handedAt: new Date(t0 + 20_000).toISOString() },
    ]);
    // 2 s after the retry left, a balance that has not moved (yet) cannot say it was not charged.
    await recordAccountBalance(100, new Date(t0 + 22_000).toISOString());
    expect(await charges()).toMatchObject([{ state: 'uncertain' }]);
    // Past that time from the retry, the same balance does.
    await recordAccountBalance(100, new Date(t0 + 36_000).toISOString());
    expect(await charges()).toMatchObject([{ state: 'not-charged', credits: 0 }]);
  });

  it('a retry whose hand-over cannot be recorded is not sent: said as nothing sent, and off the ledger', async () => {
    // The write ahead and the first hand-over go through; the retry's hand-over fails.
    const spy = await failLedgerWrite(3);
    const sent = vi.fn();
    try {
      const error = await paidLookup(
        CALL,
        ['email'],
        async (ahead) => {
          await ahead();
          sent('first');
          // The first attempt was told to wait, with nothing charged: the client retries.
          await ahead();
          sent('retry');
          return lookupAnswer(['email'], 3);
        },
        keepNothing,
      ).catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'storage-full', message: 'Nothing was sent.' });
    } finally {
      spy.mockRestore();
    }
    expect(sent.mock.calls).toEqual([['first']]);
    expect(await charges()).toEqual([]);
  });
});

describe('a paid call that was answered', () => {
  it('writes its entry ahead once, however often the sender asks (the time it first left)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 4, 4, 10, 0, 0) });
    const first = new Date().toISOString();
    await paidLookup(
      CALL,
      ['email'],
      async (ahead) => {
        await ahead();
        vi.setSystemTime(new Date(2026, 4, 4, 10, 0, 5));
        await ahead();
        return lookupAnswer(['email'], 3);
      },
      keepNothing,
    );
    expect(await charges()).toMatchObject([{ at: first, state: 'charged', credits: 3 }]);
  });

  it('records only the items asked for, as the service charged them', async () => {
    await paidLookup(
      CALL,
      ['email'],
      async (ahead) => ahead().then(() => lookupAnswer(['email', 'phone'], 3)),
      keepNothing,
    );
    expect(await charges()).toMatchObject([
      { items: ['email'], credits: 3, state: 'charged', remaining: 97 },
    ]);
  });

  it('an answer with no contact in it records no items', async () => {
    const empty = { ...lookupAnswer([], 0), data: { contacts: [], summary: {} } } as never;
    await paidLookup(CALL, ['email'], async (ahead) => ahead().then(() => empty), keepNothing);
    expect(await charges()).toMatchObject([{ items: [], credits: 0, state: 'charged' }]);
  });
});

describe('an answer that was charged but could not be stored', () => {
  const failingKeep = (error: unknown) => async () => Promise.reject(error);

  it.each([
    ['a full disk', new DOMException('quota', 'QuotaExceededError'), 'storage-full', 'the disk is full.'],
    [
      'a browser that could not save',
      new DOMException('io', 'UnknownError'),
      'storage-failed',
      "the browser could not save the extension's data.",
    ],
    ['any other failure', new Error('bug'), 'unexpected', 'the extension failed to store it.'],
  ])('on %s says the charge, what was lost and why', async (_, cause, kind, why) => {
    const error = await paidLookup(
      CALL,
      ['email', 'phone'],
      async (ahead) => ahead().then(() => lookupAnswer(['email', 'phone'], 9)),
      failingKeep(cause),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind,
      message: `Charged 9 credits, but the contact could not be saved: ${why}`,
      credits: 9,
    });
    expect(await charges()).toMatchObject([{ state: 'charged', credits: 9 }]);
  });

  it('says nothing was charged when nothing was, and names the results of a search', async () => {
    const lookup = await paidLookup(
      CALL,
      ['email'],
      async (ahead) => ahead().then(() => lookupAnswer([], 0)),
      failingKeep(new Error('bug')),
    ).catch((e: unknown) => e);
    expect(lookup).toMatchObject({
      message: 'Nothing was charged, but the contact could not be saved: the extension failed to store it.',
    });
    const search = await paidSearch(
      { ref: 's1' },
      { free_text_search: 'nurses' },
      async () => searchAnswer(),
      failingKeep(new Error('bug')),
    ).catch((e: unknown) => e);
    expect(search).toMatchObject({
      message: 'Charged 1 credit, but the results could not be saved: the extension failed to store it.',
    });
  });
});

describe('an entry that cannot be written ahead', () => {
  async function failLedgerWrites(error: unknown) {
    const database = await db();
    const real = database.transaction.bind(database);
    vi.spyOn(database, 'transaction').mockImplementation(((
      names: string | string[],
      mode?: string,
      options?: object,
    ) => {
      if (mode === 'readwrite' && [names].flat().includes('ledger')) throw error;
      return real(names as never, mode as never, options as never);
    }) as never);
  }

  it.each([
    ['a full disk', new DOMException('quota', 'QuotaExceededError'), 'storage-full', 'Nothing was sent.'],
    [
      'a browser that could not save',
      new DOMException('io', 'UnknownError'),
      'storage-failed',
      'The extension could not save its record of a paid call before sending it, so it sent nothing: nothing was charged. Try again.',
    ],
    [
      'any other failure',
      new Error('bug'),
      'unexpected',
      'The extension could not save its record of a paid call before sending it, so it sent nothing: nothing was charged. Try again.',
    ],
  ])('on %s: nothing is sent, and it says so', async (_, cause, kind, message) => {
    await failLedgerWrites(cause);
    const sent = vi.fn(async () => lookupAnswer(['email'], 3));
    const error = await paidLookup(CALL, ['email'], async (ahead) => ahead().then(sent), keepNothing).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ kind, message });
    expect(sent).not.toHaveBeenCalled();
  });
});

describe('a paid call in flight', () => {
  it('keeps its worker awake: an extension API call at every beat (well within 30 s) until its answer is settled, none after', async () => {
    // Only the interval and the clock are faked: the fake database runs on real tasks.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const set = vi.spyOn(browser.storage.session, 'set');
    let answer!: (response: LookupResponse) => void;
    let sent!: () => void;
    const leaving = new Promise<void>((resolve) => {
      sent = resolve;
    });
    const call = paidLookup(
      CALL,
      ['email'],
      async (ahead) => {
        await ahead();
        sent();
        return new Promise<LookupResponse>((resolve) => {
          answer = resolve;
        });
      },
      keepNothing,
    );
    await leaving;
    const before = set.mock.calls.length;
    // A minute of waiting for the answer: the worker is kept awake throughout.
    for (let second = 0; second < 60; second++) await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(set.mock.calls.length - before).toBeGreaterThanOrEqual(60);
    expect(HEARTBEAT_MS).toBeLessThan(30_000);
    answer(lookupAnswer(['email'], 3));
    await call;
    const after = set.mock.calls.length;
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS * 40);
    expect(set.mock.calls.length).toBe(after);
  });
});
