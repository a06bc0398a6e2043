import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_AFTER_MS } from '../../../src/background/balance-settlement';
import { refreshAccount } from '../../../src/background/connection';
import { bulkRunEnded, startBulkReveal } from '../../../src/background/jobs/bulk-reveal';
import { reveal } from '../../../src/background/reveal';
import { goToPage, startSearch } from '../../../src/background/search/search';
import { type ChargeEntry, dayOf, type LedgerEntry } from '../../../src/ledger/entry';
import { bulkJobs } from '../../../src/store/database/bulk-jobs';
import { readLedgerDays } from '../../../src/store/database/ledger/ledger';
import { currentSearch } from '../../../src/store/database/search';
import { vault } from '../../../src/store/database/vault/vault';
import { revealJobs } from '../../../src/store/items/reveal-jobs';
import { DEFAULT_SETTINGS, type Settings, settings } from '../../../src/store/items/settings';
import { freshConnection, type StubContact, stubService } from './service-stub';

const person = (i: number): StubContact => ({
  id: `c${i}`,
  socialUrl: `https://www.linkedin.com/in/person-${i}`,
  name: `Person ${i}`,
  email: `p${i}@example.org`,
  phone: `+1 555 01${String(i).padStart(2, '0')}`,
});

/** Today's ledger. */
async function today(): Promise<LedgerEntry[]> {
  return (await readLedgerDays([dayOf(new Date())])).get(dayOf(new Date())) ?? [];
}
/** Today's charges. */
const charges = async () => {
  return (await today()).filter((e): e is ChargeEntry => e.kind === 'charge');
};

/** The stub service, answering searches too: 10 profiles a page, 1 credit (2 for a job description). */
function service(contacts: StubContact[], balance = 100) {
  const stub = stubService(contacts, balance);
  const inner = stub.fetch.getMockImplementation()!;
  stub.fetch.mockImplementation(async (input, init) => {
    if (!String(input).endsWith('/v1/search')) return inner(input, init);
    const body = JSON.parse(String(init?.body));
    stub.requests.push({ path: '/v1/search', body });
    const start = Number(body.start ?? 1);
    const used = body.jd_search ? 2 : 1;
    stub.state.balance -= used;
    return stub.json(200, {
      success: true,
      data: {
        profiles: Array.from({ length: 10 }, (_, i) => ({
          id: start + i,
          name: `Candidate ${start + i}`,
          current_title: 'Nurse',
          current_employer: 'Arbor',
          location: 'Boston, MA',
          social_url: `https://www.linkedin.com/in/candidate-${start + i}`,
        })),
        pagination: {
          current_page: 1,
          page_size: 10,
          start,
          total: 40,
          has_next: true,
          next_start: start + 10,
        },
      },
      credits: { used, remaining: stub.state.balance },
    });
  });
  return stub;
}

const paidRequests = (stub: ReturnType<typeof stubService>) =>
  stub.requests.filter((r) => r.path !== '/v1/account');

async function caps(change: Partial<Settings>) {
  await settings.set({ ...DEFAULT_SETTINGS, ...change });
}

const search = () =>
  startSearch({ mode: 'filters', request: { search_criteria: { current_title: ['Nurse'] }, page_size: 10 } });

async function bulk(contacts: StubContact[]) {
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
  return (await bulkJobs.history())[0] ?? (await bulkJobs.current())!;
}

describe('ledger: one entry per paid call', () => {
  beforeEach(freshConnection);
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a single reveal writes one entry with its items, credits, job and the balance reported', async () => {
    service([person(1)]);
    const { job } = await reveal({
      target: { socialUrl: person(1).socialUrl },
      selection: ['email', 'phone'],
    });
    const entries = await charges();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'reveal',
      items: ['email', 'phone'],
      credits: 9,
      maxCredits: 9,
      state: 'charged',
      ref: job!.id,
      remaining: 91,
    });
  });

  it('a reveal of items already held sends nothing and writes nothing', async () => {
    service([person(1)]);
    await reveal({ target: { socialUrl: person(1).socialUrl }, selection: ['email'] });
    await reveal({ target: { socialUrl: person(1).socialUrl }, selection: ['email'] });
    expect(await charges()).toHaveLength(1);
  });

  it('a lookup of someone unknown writes one entry at 0 credits', async () => {
    service([]);
    await reveal({ target: { socialUrl: person(9).socialUrl }, selection: ['email'] });
    expect(await charges()).toMatchObject([{ action: 'reveal', credits: 0, items: [], state: 'charged' }]);
  });

  it('each search page writes one entry; a page already held writes none', async () => {
    service([]);
    const first = await search();
    await goToPage(11);
    await goToPage(1);
    const entries = await charges();
    expect(entries.map((e) => [e.action, e.credits, e.ref])).toEqual([
      ['search', 1, first.id],
      ['search', 1, first.id],
    ]);
    await startSearch({ mode: 'jd', request: { jd_search: 'A nurse in Boston' } });
    expect((await charges()).at(-1)).toMatchObject({ action: 'jd-search', credits: 2, maxCredits: 2 });
  });

  it('each lookup of a bulk reveal writes one entry under the job', async () => {
    service([person(1), person(2), person(3)]);
    const job = await bulk([person(1), person(2), person(3)]);
    const entries = await charges();
    expect(entries).toHaveLength(3);
    expect(entries.every((e) => e.action === 'bulk-reveal' && e.ref === job.id && e.credits === 9)).toBe(
      true,
    );
  });

  it('a call with no answer is one uncertain entry; the next account balance settles it', async () => {
    const stub = service([person(1)]);
    await refreshAccount();
    stub.state.next = () => {
      // The service charged, and the answer was lost.
      stub.state.next = null;
      stub.state.balance -= 9;
      throw new TypeError('Failed to fetch');
    };
    await expect(
      reveal({ target: { socialUrl: person(1).socialUrl }, selection: ['email', 'phone'] }),
    ).rejects.toThrow();
    expect(await charges()).toMatchObject([{ state: 'uncertain', maxCredits: 9, credits: 0 }]);
    // Another paid call meanwhile is known, and is not mistaken for the lost one.
    await search();
    await refreshAccount();
    expect((await charges()).map((e) => [e.state, e.credits])).toEqual([
      ['confirmed', 9],
      ['charged', 1],
    ]);
  });

  it('an uncertain call the service did not charge is settled as not charged', async () => {
    const stub = service([person(1)]);
    await refreshAccount();
    stub.state.next = () => {
      stub.state.next = null;
      throw new TypeError('Failed to fetch');
    };
    await expect(
      reveal({ target: { socialUrl: person(1).socialUrl }, selection: ['email'] }),
    ).rejects.toThrow();
    // At once, the service may still be finishing the call: "not charged" cannot be said yet.
    await refreshAccount();
    expect(await charges()).toMatchObject([{ state: 'uncertain', credits: 0 }]);
    // Once the call's time limit has passed, it can.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SETTLE_AFTER_MS + 1 });
    await refreshAccount();
    expect(await charges()).toMatchObject([{ state: 'not-charged', credits: 0 }]);
    expect((await today()).filter((e) => e.kind === 'balance')).toHaveLength(3);
  });
});

describe('spending caps', () => {
  beforeEach(freshConnection);
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a reveal that could pass the daily cap, sends nothing, and says how to change it', async () => {
    const stub = service([person(1), person(2)]);
    await caps({ dailyCapCredits: 12 });
    await reveal({ target: { socialUrl: person(1).socialUrl }, selection: ['email', 'phone'] });
    const refused = reveal({ target: { socialUrl: person(2).socialUrl }, selection: ['email', 'phone'] });
    await expect(refused).rejects.toMatchObject({
      kind: 'over-cap',
      message:
        'This may cost up to 9 credits, which would pass your daily cap: 9 of 12 credits are spent or under way today. To go ahead, raise the cap in Options (Spending caps).',
    });
    expect(paidRequests(stub)).toHaveLength(1);
    // The refusal is on record; nothing stored is lost.
    expect((await revealJobs.all()).map((j) => j.status).sort()).toEqual(['done', 'failed']);
    expect((await vault.get(person(1).socialUrl))?.email).toMatchObject({ found: true });
    // What fits under the cap still goes.
    await reveal({ target: { socialUrl: person(2).socialUrl }, selection: ['email'] });
    expect(paidRequests(stub)).toHaveLength(2);
  });

  it('counts the most a call can cost, not what it will likely cost', async () => {
    const stub = service([{ ...person(1), phone: undefined } as StubContact]);
    await caps({ monthlyCapCredits: 8 });
    await expect(
      reveal({ target: { socialUrl: person(1).socialUrl }, selection: ['email', 'phone'] }),
    ).rejects.toThrow(/would pass your monthly cap: 0 of 8 credits are spent or under way this month/);
    expect(paidRequests(stub)).toHaveLength(0);
  });

  it('refuses a search page at the cap and keeps the search on screen', async () => {
    const stub = service([]);
    await caps({ dailyCapCredits: 1 });
    const first = await search();
    await expect(goToPage(11)).rejects.toMatchObject({ kind: 'over-cap' });
    await expect(search()).rejects.toThrow(/would pass your daily cap/);
    expect(paidRequests(stub)).toHaveLength(1);
    expect(await currentSearch.get()).toEqual(first);
  });

  it('stops a bulk reveal at the cap: no lookup beyond it is sent, the rest stays queued', async () => {
    const contacts = Array.from({ length: 10 }, (_, i) => person(i));
    const stub = service(contacts, 1000);
    await caps({ dailyCapCredits: 30 });
    const job = await bulk(contacts);
    expect(job.status).toBe('stopped');
    expect(job.stopReason).toMatch(/would pass your daily cap: 27 of 30 credits/);
    // 3 lookups of up to 9 credits fit under 30; a 4th could pass it.
    expect(paidRequests(stub)).toHaveLength(3);
    expect(job.items.filter((i) => i.state === 'revealed')).toHaveLength(3);
    expect(job.items.filter((i) => i.state === 'queued')).toHaveLength(7);
    expect(await charges()).toHaveLength(3);
  });

  it('an uncertain charge counts at its maximum against the cap until it is settled', async () => {
    const stub = service([person(1), person(2)]);
    await refreshAccount();
    await caps({ dailyCapCredits: 10 });
    stub.state.next = () => {
      stub.state.next = null;
      throw new TypeError('Failed to fetch');
    };
    await expect(
      reveal({ target: { socialUrl: person(1).socialUrl }, selection: ['email'] }),
    ).rejects.toThrow();
    await expect(
      reveal({ target: { socialUrl: person(2).socialUrl }, selection: ['email', 'phone'] }),
    ).rejects.toThrow(/daily cap: 3 of 10 credits are spent or under way today/);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SETTLE_AFTER_MS + 1 });
    await refreshAccount();
    await reveal({ target: { socialUrl: person(2).socialUrl }, selection: ['email', 'phone'] });
    expect(paidRequests(stub).filter((r) => r.path === '/v1/lookup')).toHaveLength(2);
  });
});
