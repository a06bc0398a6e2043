/**
 * Every paid entry point writes its call on the ledger before the request leaves, and a worker that stops before the
 * answer leaves it there: the next worker (a fresh copy of the background's modules over the same storage) finds it
 * and counts it against the caps at its most.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { refreshAccount } from '../../../src/background/connection';
import { bulkRunEnded, startBulkReveal } from '../../../src/background/jobs/bulk-reveal';
import { MENU, onMenuClicked } from '../../../src/background/menus';
import { reveal } from '../../../src/background/reveal';
import { goToPage, startSearch } from '../../../src/background/search/search';
import { type ChargeEntry, dayOf, type LedgerEntry } from '../../../src/ledger/entry';
import { openCharges, readLedgerDays } from '../../../src/store/database/ledger/ledger';
import { DEFAULT_SETTINGS, settings } from '../../../src/store/items/settings';
import { freshConnection, GRACE, stubService } from './service-stub';

/** The ledger's charges as stored right now (read straight from the database). */
async function storedCharges(): Promise<ChargeEntry[]> {
  const day = dayOf(new Date());
  const stored: LedgerEntry[] = (await readLedgerDays([day])).get(day) ?? [];
  return stored.filter((e): e is ChargeEntry => e.kind === 'charge');
}

const SEARCH_PAGE = (start: number) => ({
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
    pagination: { current_page: 1, page_size: 10, start, total: 40, has_next: true, next_start: start + 10 },
  },
  credits: { used: 1, remaining: 99 },
});

/**
 * The service, with paid requests that never answer once `hang` is set (the worker is stopped while they are out).
 * Each hung request records what the ledger held the moment it left.
 */
function service() {
  const stub = stubService([GRACE]);
  const inner = stub.fetch.getMockImplementation()!;
  const hung: Array<{ path: string; ledgerWhenSent: ChargeEntry[]; fail: (e: Error) => void }> = [];
  const control = { hang: false };
  stub.fetch.mockImplementation(async (input, init) => {
    const path = new URL(String(input)).pathname;
    if (control.hang && path !== '/v1/account') {
      const ledgerWhenSent = await storedCharges();
      return new Promise<Response>((_, fail) => hung.push({ path, ledgerWhenSent, fail }));
    }
    if (path === '/v1/search') {
      const body = JSON.parse(String(init?.body));
      return stub.json(200, SEARCH_PAGE(Number(body.start ?? 1)));
    }
    return inner(input, init);
  });
  return { stub, hung, control };
}

type Service = ReturnType<typeof service>;

/** What each entry point sends, and what its ledger entry must say. */
const ENTRY_POINTS: Array<{
  name: string;
  action: ChargeEntry['action'];
  max: number;
  start: (svc: Service) => Promise<unknown>;
  subject?: string;
  /** Credits already charged (settled) before the call. */
  before?: number;
}> = [
  {
    name: 'a single reveal (popup, or a row of the side panel)',
    action: 'reveal',
    max: 9,
    subject: GRACE.socialUrl,
    start: () => reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['email', 'phone'] }),
  },
  {
    name: 'a reveal from the right-click menu',
    action: 'reveal',
    max: 9,
    subject: GRACE.socialUrl,
    start: async () => {
      await settings.set({ ...(await settings.get()), defaultSelection: ['email', 'phone'] });
      onMenuClicked(
        { menuItemId: MENU.revealLink, linkUrl: GRACE.socialUrl, pageUrl: 'https://example.org/' },
        { id: 3, windowId: 1 },
      );
    },
  },
  {
    name: 'a lookup of a bulk reveal',
    action: 'bulk-reveal',
    max: 9,
    subject: GRACE.socialUrl,
    start: () =>
      startBulkReveal({
        candidates: [{ target: { socialUrl: GRACE.socialUrl, candidateId: null }, name: GRACE.name }],
        selection: ['email', 'phone'],
        stopWhenOut: false,
        confirmedMax: 9,
      }),
  },
  {
    name: 'a search page',
    action: 'search',
    max: 1,
    start: () => startSearch({ mode: 'filters', request: { search_criteria: { current_title: ['Nurse'] } } }),
  },
  {
    name: 'a job-description search page',
    action: 'jd-search',
    max: 2,
    start: () => startSearch({ mode: 'jd', request: { jd_search: 'A registered nurse in Boston' } }),
  },
  {
    name: 'the next page of a search',
    action: 'search',
    max: 1,
    before: 1,
    start: async (svc) => {
      svc.control.hang = false;
      await startSearch({ mode: 'filters', request: { search_criteria: { current_title: ['Nurse'] } } });
      svc.control.hang = true;
      return goToPage(11);
    },
  },
];

describe('every paid call is on the ledger before it leaves', () => {
  let svc: Service;
  let running: Array<Promise<unknown>>;
  beforeEach(async () => {
    await freshConnection();
    vi.spyOn(fakeBrowser.sidePanel, 'open').mockImplementation((async () => undefined) as never);
    svc = service();
    running = [];
    // A balance known before any paid call.
    await refreshAccount();
    await settings.set({ ...DEFAULT_SETTINGS, dailyCapCredits: 12 });
  });
  afterEach(async () => {
    // The stopped worker's requests end (to nobody): let the old modules finish before the next test's storage.
    // Any request after this one is answered: a bulk reveal runs on after its start resolved, and a lookup it tries
    // again would otherwise write its write-ahead into the next test's ledger (seen on a loaded machine).
    svc.control.hang = false;
    for (const request of svc.hung) request.fail(new TypeError('Failed to fetch'));
    await Promise.allSettled(running);
    await bulkRunEnded();
    await new Promise((r) => setTimeout(r, 50));
  });

  it.each(ENTRY_POINTS)('$name', async ({ action, max, start, subject, before = 0 }) => {
    svc.control.hang = true;
    running.push(start(svc));
    await expect.poll(() => svc.hung.length).toBe(1);
    const [request] = svc.hung;

    // Durable before the request left: sent, outcome unknown, at its most.
    const mine = request!.ledgerWhenSent.filter((e) => e.action === action && e.state === 'uncertain');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ maxCredits: max, credits: 0, items: [] });
    if (subject) expect(mine[0]!.subject).toBe(subject);
    expect((await openCharges()).map((call) => call.id)).toContain(mine[0]!.id);

    // The worker stops before the answer. The next one (fresh modules, same storage) counts the call at its most.
    vi.resetModules();
    const next = await import('../../../src/background/paid-call-gate');
    const room = 12 - before - max;
    await expect(next.assertWithinCaps(room)).resolves.toBeUndefined();
    await expect(next.assertWithinCaps(room + 1)).rejects.toMatchObject({
      kind: 'over-cap',
      message: expect.stringContaining(`${before + max} of 12 credits are spent or under way today`),
    });
  });
});
