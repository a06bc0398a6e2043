/**
 * What a paid answer owes the user when the ledger cannot be written after it came: the contact it brought is shown
 * and kept (it was paid for), and the call stays "may have been charged" until the next balance settles it.
 * Written for a mutant of `src/background/paid-call-gate.ts` no test reached (settling with the answer failing).
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LookupResponse } from '../../../src/api/schema';
import { afterSettling, recordAccountBalance } from '../../../src/background/balance-settlement';
import { refreshAccount } from '../../../src/background/connection';
import { callsInFlight, paidLookup } from '../../../src/background/paid-call-gate';
import { reveal } from '../../../src/background/reveal';
import { type ChargeEntry, dayOf } from '../../../src/ledger/entry';
import { db } from '../../../src/store/database/db';
import { readLedgerDays } from '../../../src/store/database/ledger/ledger';
import { vault } from '../../../src/store/database/vault/vault';
import { freshConnection, GRACE, stubService } from './service-stub';

async function charges(): Promise<ChargeEntry[]> {
  const today = dayOf(new Date());
  return ((await readLedgerDays([today])).get(today) ?? []).filter(
    (e): e is ChargeEntry => e.kind === 'charge',
  );
}

/** Every write to the ledger fails while `failing.on`, as on a disk that filled between the request and its answer. */
async function ledgerWritesFailWhile(failing: { on: boolean }) {
  const database = await db();
  const real = database.transaction.bind(database);
  vi.spyOn(database, 'transaction').mockImplementation(((
    names: string | string[],
    mode?: string,
    options?: object,
  ) => {
    if (failing.on && mode === 'readwrite' && [names].flat().includes('ledger')) {
      throw new DOMException('quota', 'QuotaExceededError');
    }
    return real(names as never, mode as never, options as never);
  }) as never);
}

beforeEach(async () => {
  await freshConnection();
  // The failed write is logged for the developer; the test reads what the user is given.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('a paid answer whose charge cannot be written to the ledger', () => {
  it('still gives and keeps the contact, and stays "may have been charged" until the balance settles it', async () => {
    const stub = stubService([GRACE]);
    await refreshAccount();
    const failing = { on: false };
    await ledgerWritesFailWhile(failing);
    const answer = stub.fetch.getMockImplementation()!;
    stub.fetch.mockImplementation(async (input, init) => {
      // The entry was written ahead before this request left; from here on the ledger cannot be written.
      if (String(input).endsWith('/v1/lookup')) failing.on = true;
      return answer(input, init);
    });

    const result = await reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['email', 'phone'] });

    expect(JSON.stringify(result)).toContain(GRACE.email);
    expect((await vault.get(GRACE.socialUrl))?.email).toMatchObject({ found: true, value: GRACE.email });
    expect(await charges()).toMatchObject([{ state: 'uncertain', maxCredits: 9, credits: 0 }]);

    failing.on = false;
    await refreshAccount();
    expect(await charges()).toMatchObject([{ state: 'confirmed', credits: 9 }]);
  });
});

describe('who follows the ledger as balances settle it (a bulk receipt)', () => {
  const answer = {
    success: true,
    data: {
      contacts: [
        {
          lookup_identifier: 'ada',
          lookup_type: 'social_url',
          success: true,
          profile: { name: 'Ada Lovelace' },
          contact_data_retrieved: ['email'],
          retrieved_at: new Date().toISOString(),
        },
      ],
      summary: { total_requested: 1, successful: 1, failed: 0 },
    },
    credits: { used: 3, remaining: 97 },
  } as unknown as LookupResponse;

  it('hears each balance that can settle, none taken while a call is in flight, and nothing once it stops', async () => {
    const heard = vi.fn();
    const stop = afterSettling(heard);
    await recordAccountBalance(100, new Date().toISOString());
    expect(heard).toHaveBeenCalledTimes(1);

    let answerNow: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      answerNow = resolve;
    });
    const call = paidLookup(
      { action: 'reveal', ref: 'job-1', subject: 'ada' },
      ['email'],
      async (ahead) => {
        await ahead();
        await held;
        return answer;
      },
      async () => undefined,
    );
    await vi.waitFor(() => expect(callsInFlight()).toBe(1));
    // The balance may or may not hold the call in flight: it settles nothing, so nobody is told.
    await recordAccountBalance(97, new Date().toISOString());
    expect(heard).toHaveBeenCalledTimes(1);
    answerNow();
    await call;

    stop();
    await recordAccountBalance(97, new Date().toISOString());
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
