/**
 * A paid call whose write-ahead fails: the user is told why that write failed (a full disk is said as one, with
 * freeing space as the next step), and the call goes no further: its last check never runs and nothing is sent.
 * The failure here is the write-ahead's alone (space comes back a moment later), so what the user reads cannot come
 * from a later write of the same call.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LookupResponse } from '../../../src/api/schema';
import { type PaidCall, paidLookup } from '../../../src/background/paid-call-gate';
import { type ChargeEntry, dayOf } from '../../../src/ledger/entry';
import { db } from '../../../src/store/database/db';
import { readLedgerDays } from '../../../src/store/database/ledger/ledger';
import { freshConnection } from './service-stub';

const CALL: PaidCall = { action: 'bulk-reveal', ref: 'job-1', label: 'Ada Lovelace', subject: 'ada' };

async function charges(): Promise<ChargeEntry[]> {
  const today = dayOf(new Date());
  return ((await readLedgerDays([today])).get(today) ?? []).filter(
    (e): e is ChargeEntry => e.kind === 'charge',
  );
}

/** The next write to the ledger fails with `error`; the ones after it are stored. */
async function nextLedgerWriteFails(error: unknown) {
  const database = await db();
  const real = database.transaction.bind(database);
  let failed = false;
  vi.spyOn(database, 'transaction').mockImplementation(((
    names: string | string[],
    mode?: string,
    options?: object,
  ) => {
    if (!failed && mode === 'readwrite' && [names].flat().includes('ledger')) {
      failed = true;
      throw error;
    }
    return real(names as never, mode as never, options as never);
  }) as never);
}

beforeEach(async () => {
  await freshConnection();
  vi.restoreAllMocks();
  // The failed write is logged for the developer; the test reads what the user is told.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('a paid call whose write-ahead fails', () => {
  it('on a full disk says the disk is full, runs no last check and sends nothing, even once space is back', async () => {
    await nextLedgerWriteFails(new DOMException('quota', 'QuotaExceededError'));
    const lastCheck = vi.fn();
    const sent = vi.fn(async (): Promise<LookupResponse> => {
      throw new Error('a lookup left without its write-ahead');
    });

    const error = await paidLookup(
      CALL,
      ['email'],
      (ahead) => ahead(lastCheck).then(sent),
      async () => undefined,
    ).catch((e: unknown) => e);

    // "Nothing was sent." with the disk named (the screen adds freeing space as the next step), not a generic
    // "could not save, try again" that would send the user straight back into a full disk.
    expect(error).toMatchObject({ kind: 'storage-full', message: 'Nothing was sent.' });
    // The last check (a bulk reveal's "is the balance still enough", and the connection taken for the request) is
    // for a call about to leave: a call with no entry never gets that far.
    expect(lastCheck).not.toHaveBeenCalled();
    expect(sent).not.toHaveBeenCalled();
    expect(await charges()).toEqual([]);
  });
});
