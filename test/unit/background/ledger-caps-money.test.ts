/**
 * What the ledger and the caps owe the user when a call is refused or runs beside others: a refusal with nothing
 * charged is off the ledger and off the caps; calls in flight count against the monthly cap as against the daily one.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_AFTER_MS } from '../../../src/background/balance-settlement';
import { refreshAccount } from '../../../src/background/connection';
import { bulkRunEnded, startBulkReveal } from '../../../src/background/jobs/bulk-reveal';
import { callsInFlight } from '../../../src/background/paid-call-gate';
import { reveal } from '../../../src/background/reveal';
import { type ChargeEntry, dayOf, type LedgerEntry } from '../../../src/ledger/entry';
import { bulkJobs } from '../../../src/store/database/bulk-jobs';
import { openCharges, readLedgerDays } from '../../../src/store/database/ledger/ledger';
import { DEFAULT_SETTINGS, type Settings, settings } from '../../../src/store/items/settings';
import { freshConnection, type StubContact, stubService } from './service-stub';

const person = (i: number): StubContact => ({
  id: `c${i}`,
  socialUrl: `https://www.linkedin.com/in/person-${i}`,
  name: `Person ${i}`,
  email: `p${i}@example.org`,
  phone: `+1 555 01${String(i).padStart(2, '0')}`,
});

async function today(): Promise<LedgerEntry[]> {
  return (await readLedgerDays([dayOf(new Date())])).get(dayOf(new Date())) ?? [];
}
const charges = async () => (await today()).filter((e): e is ChargeEntry => e.kind === 'charge');
const lookups = (stub: ReturnType<typeof stubService>) =>
  stub.requests.filter((r) => r.path === '/v1/lookup');

async function caps(change: Partial<Settings>) {
  await settings.set({ ...DEFAULT_SETTINGS, ...change });
}

/** The service's answer when the balance is below the most a lookup can cost (spec, errors: 403). */
function refuseForCredits(stub: ReturnType<typeof stubService>, available: number) {
  stub.state.next = () =>
    stub.json(403, {
      success: false,
      message: 'Insufficient credits',
      credits_info: { required: 9, available, breakdown: '1 contact x 9 credits' },
    });
}

describe('a call the service refused with nothing charged', () => {
  beforeEach(freshConnection);

  it('a lookup refused for lack of credits leaves nothing on the ledger and nothing open', async () => {
    const stub = stubService([person(1)]);
    await refreshAccount();
    refuseForCredits(stub, 5);
    await expect(
      reveal({ target: { socialUrl: person(1).socialUrl }, selection: ['email', 'phone'] }),
    ).rejects.toMatchObject({ kind: 'insufficient-credits' });
    expect(lookups(stub)).toHaveLength(1);
    expect(await charges()).toEqual([]);
    expect(await openCharges()).toEqual([]);
    expect(callsInFlight()).toBe(0);
  });

  it('a refused lookup does not count against the daily cap: the next one of the same size still goes', async () => {
    const stub = stubService([person(1), person(2)]);
    await caps({ dailyCapCredits: 9 });
    refuseForCredits(stub, 5);
    await expect(
      reveal({ target: { socialUrl: person(1).socialUrl }, selection: ['email', 'phone'] }),
    ).rejects.toMatchObject({ kind: 'insufficient-credits' });
    await reveal({ target: { socialUrl: person(2).socialUrl }, selection: ['email', 'phone'] });
    expect(lookups(stub)).toHaveLength(2);
    expect(await charges()).toMatchObject([{ state: 'charged', credits: 9, items: ['email', 'phone'] }]);
  });

  it('a lookup with no answer stays on the ledger, uncertain at its most (unlike a refusal)', async () => {
    const stub = stubService([person(1)]);
    stub.state.next = () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(
      reveal({ target: { socialUrl: person(1).socialUrl }, selection: ['email', 'phone'] }),
    ).rejects.toThrow();
    expect(await charges()).toMatchObject([{ state: 'uncertain', maxCredits: 9, credits: 0 }]);
  });
});

describe('calls in flight count against the monthly cap', () => {
  beforeEach(freshConnection);

  it('a bulk reveal under a monthly cap sends no more lookups than the cap can pay for at their most', async () => {
    const contacts = Array.from({ length: 10 }, (_, i) => person(i));
    const stub = stubService(contacts, 1000);
    await caps({ monthlyCapCredits: 30 });
    await startBulkReveal({
      candidates: contacts.map((c) => ({
        target: { socialUrl: c.socialUrl, candidateId: c.id },
        name: c.name,
      })),
      selection: ['email', 'phone'],
      stopWhenOut: false,
      confirmedMax: 1_000_000,
    });
    await bulkRunEnded();
    const job = (await bulkJobs.history())[0] ?? (await bulkJobs.current())!;
    expect(job.status).toBe('stopped');
    expect(job.stopReason).toMatch(
      /would pass your monthly cap: 27 of 30 credits are spent or under way this month/,
    );
    // The lookups start together; each cap check counts those already under way at 9 credits each.
    expect(lookups(stub)).toHaveLength(3);
    expect(await charges()).toHaveLength(3);
  });
});

describe('a balance taken while a call is in flight', () => {
  beforeEach(freshConnection);
  afterEach(() => {
    vi.useRealTimers();
  });

  it('settles no lost call: the fall may be the call in flight, not the lost one', async () => {
    const stub = stubService([person(1), person(2)]);
    await refreshAccount();
    // A lost lookup the service never charged.
    stub.state.next = () => {
      stub.state.next = null;
      throw new TypeError('Failed to fetch');
    };
    await expect(
      reveal({ target: { socialUrl: person(1).socialUrl }, selection: ['email', 'phone'] }),
    ).rejects.toThrow();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SETTLE_AFTER_MS + 1 });

    // The next lookup is charged at once, and its answer held back.
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const inner = stub.fetch.getMockImplementation()!;
    stub.fetch.mockImplementation(async (input, init) => {
      const response = await inner(input, init);
      if (String(input).endsWith('/v1/lookup')) await held;
      return response;
    });
    const second = reveal({ target: { socialUrl: person(2).socialUrl }, selection: ['email', 'phone'] });
    await vi.waitFor(() => expect(lookups(stub)).toHaveLength(2));
    expect(callsInFlight()).toBe(1);
    // Long enough that neither call is recent any more (retries can keep a call out that long): only the call in
    // flight keeps this balance from settling anything.
    vi.setSystemTime(Date.now() + SETTLE_AFTER_MS + 1);
    await refreshAccount();
    // 9 credits fell: the call in flight's, which its answer has not said yet. The lost call stays unknown.
    expect((await charges()).find((e) => e.subject === person(1).socialUrl)).toMatchObject({
      state: 'uncertain',
    });

    answer();
    await second;
    await refreshAccount();
    expect((await charges()).map((e) => [e.state, e.credits])).toEqual([
      ['not-charged', 0],
      ['charged', 9],
    ]);
  });
});
