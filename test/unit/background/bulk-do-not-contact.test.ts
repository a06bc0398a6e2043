/**
 * A bulk reveal of people some of whom are on a do-not-contact list: the listed are left out of the quote, skipped
 * with no write-ahead and no lookup, recorded as skipped for that list (never as a failure), and cost nothing; this
 * browser's list and the team's alike, and a person listed after the quote is skipped by the run too.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ITEM_PRICE } from '../../../src/api/pricing';
import { bulkRunEnded, resumeBulkJob, startBulkReveal } from '../../../src/background/jobs/bulk-reveal';
import { addToDoNotContact } from '../../../src/background/privacy/do-not-contact';
import { teamHeldMarked } from '../../../src/background/team-held-marks';
import { type BulkJob, bulkProgress } from '../../../src/bulk/job';
import type { BulkCandidate } from '../../../src/bulk/quote';
import { bulkJobs } from '../../../src/store/database/bulk-jobs-write';
import { chargesOf } from '../../../src/store/database/ledger/ledger';
import { DEFAULT_SETTINGS, settings } from '../../../src/store/items/settings';
import { teamMembership } from '../../../src/store/items/team-membership';
import { A_MEMBERSHIP, freshConnection, type StubContact, stubService } from './service-stub';

const person = (n: number): StubContact => ({
  id: `c${n}`,
  socialUrl: `https://www.linkedin.com/in/person-${n}`,
  name: `Person ${n}`,
  email: `p${n}@example.org`,
});
const [ADA, GRACE, JOSE] = [person(1), person(2), person(3)];
const row = (c: StubContact): BulkCandidate => ({
  target: { socialUrl: c.socialUrl, candidateId: c.id },
  name: c.name,
});
const lookedUp = (service: ReturnType<typeof stubService>) =>
  service.requests.filter((r) => r.path === '/v1/lookup').map((r) => r.body?.social_url);

async function run(candidates: BulkCandidate[]): Promise<{ started: BulkJob; ended: BulkJob }> {
  const started = await startBulkReveal({
    candidates,
    selection: ['email'],
    stopWhenOut: false,
    confirmedMax: 1_000,
  });
  await bulkRunEnded();
  return { started, ended: (await bulkJobs.current())! };
}

describe('a bulk reveal with people on a do-not-contact list', () => {
  beforeEach(freshConnection);
  afterEach(() => vi.unstubAllGlobals());

  it('this browser’s list: left out of the quote, skipped with no write-ahead and no lookup, at no cost', async () => {
    const service = stubService([ADA, GRACE, JOSE], 100);
    await addToDoNotContact({ socialUrl: ADA.socialUrl }, 'objected');
    const { started, ended } = await run([row(ADA), row(GRACE), row(JOSE)]);
    // Quoted for the two others only.
    expect(started.quote).toMatchObject({ contacts: 3, held: 0, toAsk: 2, max: 6 });
    expect(started.items[0]).toMatchObject({
      key: ADA.socialUrl,
      state: 'failed',
      listed: 'local',
      charged: 0,
    });
    // Sent side by side: in either order.
    expect(lookedUp(service).sort()).toEqual([GRACE.socialUrl, JOSE.socialUrl]);
    // Nothing on the ledger for her: two entries, the others'.
    const charges = await chargesOf(ended.id, ended.createdAt);
    expect(charges.map((entry) => entry.subject).sort()).toEqual([GRACE.socialUrl, JOSE.socialUrl]);
    expect(service.state.balance).toBe(100 - 6);
    // Counted as skipped for the list, not as a failure, and charged nothing.
    const progress = bulkProgress(ended, ITEM_PRICE);
    expect(progress.skipped).toEqual({ team: 0, local: 1 });
    expect(progress.counts.failed).toBe(0);
    expect(progress.counts.revealed).toBe(2);
    expect(ended.spend).toMatchObject({ charged: 6, uncertain: 0 });
    expect(ended.items[0]).not.toHaveProperty('asked');
  });

  it('a person listed after the quote is skipped by the run: no write-ahead, no lookup', async () => {
    const service = stubService([ADA, GRACE], 100);
    const createdAt = new Date().toISOString();
    // A job confirmed before Ada was listed, its queue taken over by this worker.
    await bulkJobs.setCurrent({
      id: 'job-listed-later',
      selection: ['email'],
      quote: {
        contacts: 2,
        held: 0,
        toAsk: 2,
        maxByItem: { email: 6, phone: 0, detailed_profile: 0, healthcare_profile: 0 },
        max: 6,
      },
      stopWhenOut: false,
      status: 'running',
      owner: 'a-worker-that-was-stopped',
      createdAt,
      balanceBefore: 100,
      items: [ADA, GRACE].map((c) => ({
        key: c.socialUrl,
        target: row(c).target,
        name: c.name,
        state: 'queued',
      })),
    });
    await addToDoNotContact({ socialUrl: ADA.socialUrl }, 'erasure');
    await resumeBulkJob();
    await bulkRunEnded();
    const ended = (await bulkJobs.current())!;
    expect(ended.items.map((item) => [item.state, item.listed])).toEqual([
      ['failed', 'local'],
      ['revealed', undefined],
    ]);
    expect(lookedUp(service)).toEqual([GRACE.socialUrl]);
    expect((await chargesOf(ended.id, createdAt)).map((entry) => entry.subject)).toEqual([GRACE.socialUrl]);
  });

  describe('the team’s list', () => {
    const GATEWAY = 'https://gateway.example.test';
    beforeEach(async () => {
      await settings.set({ ...DEFAULT_SETTINGS, baseUrl: GATEWAY });
      await teamMembership.set(A_MEMBERSHIP);
    });

    /** The service behind the gateway, whose free `team/held` lists Ada as not to be contacted. */
    function gateway() {
      const service = stubService([ADA, GRACE], 100);
      const upstream = service.fetch.getMockImplementation()!;
      vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
        if (new URL(String(input)).pathname !== '/v1/team/held') return upstream(input, init);
        const asked = JSON.parse(String(init?.body)) as { people: { social_url?: string }[] };
        return new Response(
          JSON.stringify({
            success: true,
            people: asked.people.map((p) => ({
              ...p,
              items: [],
              ...(p.social_url === ADA.socialUrl ? { do_not_contact: true } : {}),
            })),
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        );
      });
      return service;
    }

    it('left out of the quote and skipped for the team’s list, at no cost', async () => {
      const service = gateway();
      const { started, ended } = await run([row(ADA), row(GRACE)]);
      expect(started.quote).toMatchObject({ contacts: 2, toAsk: 1, max: 3 });
      expect(ended.items[0]).toMatchObject({ state: 'failed', listed: 'team', charged: 0 });
      expect(lookedUp(service)).toEqual([GRACE.socialUrl]);
      expect(bulkProgress(ended, ITEM_PRICE).skipped).toEqual({ team: 1, local: 0 });
      expect(service.state.balance).toBe(97);
    });

    it('rows are marked from either list: the team’s, and this browser’s', async () => {
      gateway();
      await addToDoNotContact(
        { socialUrl: JOSE.socialUrl },
        'other',
        async () =>
          // The gateway takes it too; the rows' question below is answered by the stub above.
          new Response(
            JSON.stringify({
              success: true,
              added: true,
              entry: { reason: 'other', added_by: 'Bob Lee', added_at: '2026-12-06T10:00:00.000Z' },
            }),
            {
              status: 200,
              headers: { 'Content-Type': 'application/json' },
            },
          ),
      );
      const marked = await teamHeldMarked([ADA, GRACE, JOSE].map((c) => ({ socialUrl: c.socialUrl })));
      expect(marked.map((p) => [p.doNotContact === true, p.listedHere === true])).toEqual([
        [true, false],
        [false, false],
        [false, true],
      ]);
    });
  });

  it('rows without a team gateway: only this browser’s list marks, and no one listed asks nothing more', async () => {
    stubService([ADA, GRACE], 100);
    expect(await teamHeldMarked([{ socialUrl: ADA.socialUrl }])).toEqual([]);
    await addToDoNotContact({ socialUrl: ADA.socialUrl }, 'objected');
    expect(await teamHeldMarked([{ socialUrl: ADA.socialUrl }, { socialUrl: GRACE.socialUrl }])).toEqual([
      { socialUrl: ADA.socialUrl, candidateId: null, items: [], listedHere: true },
      { socialUrl: GRACE.socialUrl, candidateId: null, items: [] },
    ]);
  });
});
