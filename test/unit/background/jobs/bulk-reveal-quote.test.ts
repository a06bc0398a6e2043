/**
 * The quote a bulk reveal checks against the one the user confirmed is priced as the panel's was: what a team gateway
 * already holds is free, and a person on this browser's do-not-contact list by the email the vault holds of them is
 * left out; so a job the user confirmed at that price starts.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ITEM_PRICE } from '../../../../src/api/pricing';
import { bulkRunEnded, startBulkReveal } from '../../../../src/background/jobs/bulk-reveal';
import { addToDoNotContact } from '../../../../src/background/privacy/do-not-contact';
import { reveal } from '../../../../src/background/reveal';
import { bulkProgress } from '../../../../src/bulk/job';
import { bulkJobs } from '../../../../src/store/database/bulk-jobs-write';
import { revealJobs } from '../../../../src/store/items/reveal-jobs';
import { DEFAULT_SETTINGS, settings } from '../../../../src/store/items/settings';
import { teamMembership } from '../../../../src/store/items/team-membership';
import { CUT_OFF } from '../../../../src/store/work-status';
import { skippedHeldBack } from '../../../../src/ui/words/bulk-held-back';
import { A_MEMBERSHIP, freshConnection, stubService } from '../service-stub';
import { people, revealCutOff, rows } from './bulk-helpers';

const GATEWAY = 'https://gateway.example.test';
const [ADA, GRACE] = people(2);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The gateway: its free `team/held` says a teammate revealed Ada's email, and its lookup answers her email from the
 * team's copy at no charge; Grace is looked up upstream (the stub service) at the service's price.
 */
function gateway() {
  const service = stubService([ADA!, GRACE!], 100);
  const upstream = service.fetch.getMockImplementation()!;
  const paths: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const { pathname } = new URL(String(input));
    paths.push(pathname);
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (pathname === '/v1/team/held') {
      const asked = body.people as { social_url?: string }[];
      return json(200, {
        success: true,
        people: asked.map((p) => ({
          ...p,
          items:
            p.social_url === ADA!.socialUrl
              ? [
                  {
                    item: 'email',
                    found: true,
                    revealed_by: 'Alice Smith',
                    revealed_at: '2026-11-24T14:03:00.000Z',
                  },
                ]
              : [],
        })),
      });
    }
    if (pathname === '/v1/lookup' && body.social_url === ADA!.socialUrl) {
      return json(200, {
        success: true,
        data: {
          contacts: [
            {
              lookup_identifier: ADA!.socialUrl,
              lookup_type: 'social_url',
              success: true,
              profile: {
                id: ADA!.id,
                name: ADA!.name,
                current_title: 'Engineer',
                current_employer: 'Acme',
                personal_email: ADA!.email,
              },
              contact_data_retrieved: ['email'],
              retrieved_at: new Date().toISOString(),
            },
          ],
          summary: { total_requested: 1, successful: 1, failed: 0 },
        },
        credits: {
          used: 0,
          remaining: service.state.balance,
          billing_note: 'Email held by your team (Alice Smith).',
        },
      });
    }
    return upstream(input, init);
  });
  return { service, paths };
}

describe('a bulk reveal through a team gateway', () => {
  beforeEach(async () => {
    await bulkRunEnded();
    await freshConnection();
    await settings.set({ ...DEFAULT_SETTINGS, baseUrl: GATEWAY });
    await teamMembership.set(A_MEMBERSHIP);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('quotes what the team holds as free, so the price the user confirmed with it free starts the job', async () => {
    const { service } = gateway();
    // The panel quoted Ada's email free (the team holds it): 3 credits in all, for Grace's.
    const started = await startBulkReveal({
      candidates: rows([ADA!, GRACE!]),
      selection: ['email'],
      stopWhenOut: false,
      confirmedMax: 3,
    });
    expect(started.quote).toMatchObject({ contacts: 2, toAsk: 2, max: 3 });
    await bulkRunEnded();
    const ended = (await bulkJobs.current())!;
    expect(ended.items.map((item) => [item.state, item.charged])).toEqual([
      ['revealed', 0],
      ['revealed', 3],
    ]);
    expect(service.state.balance).toBe(97);
  });
});

describe('a bulk reveal of a person listed here by the email the vault holds of them', () => {
  beforeEach(async () => {
    await bulkRunEnded();
    await freshConnection();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('leaves them out of the quote and skips them at no cost, though their row names only their profile', async () => {
    const service = stubService([{ ...ADA!, phone: '+1 555 0101' }, GRACE!], 100);
    vi.stubGlobal('fetch', service.fetch);
    // Ada's email was revealed before; she then asked not to be contacted, and was listed by that email.
    await reveal({ target: { socialUrl: ADA!.socialUrl }, selection: ['email'] });
    await addToDoNotContact({ emails: [ADA!.email!] }, 'objected');
    const lookups = () => service.requests.filter((r) => r.path === '/v1/lookup').length;
    const before = lookups();
    // Her phone would cost 6: the panel left her out, so the user confirmed Grace's email and phone (9).
    const started = await startBulkReveal({
      candidates: rows([ADA!, GRACE!]),
      selection: ['email', 'phone'],
      stopWhenOut: false,
      confirmedMax: 9,
    });
    expect(started.quote).toMatchObject({ contacts: 2, max: 9 });
    expect(started.items[0]).toMatchObject({ state: 'failed', listed: 'local', charged: 0 });
    await bulkRunEnded();
    expect(lookups() - before).toBe(1);
  });
});

describe('a bulk reveal of a person whose own reveal got no answer', () => {
  beforeEach(async () => {
    await bulkRunEnded();
    await freshConnection();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('leaves them out of the quote and the run until its charge is settled, at no cost', async () => {
    const service = stubService([ADA!, GRACE!], 100);
    vi.stubGlobal('fetch', service.fetch);
    // Ada's email reveal was cut off (its worker stopped mid-call); what it cost is not settled yet.
    await revealJobs.put(revealCutOff(ADA!.socialUrl, { status: CUT_OFF }));
    // The panel left her out: the user confirmed Grace's email (3).
    const started = await startBulkReveal({
      candidates: rows([ADA!, GRACE!]),
      selection: ['email'],
      stopWhenOut: false,
      confirmedMax: 3,
    });
    expect(started.quote).toMatchObject({ contacts: 2, toAsk: 1, max: 3 });
    expect(started.items[0]).toMatchObject({ state: 'failed', heldBack: true, charged: 0 });
    await bulkRunEnded();
    expect(service.requests.filter((r) => r.path === '/v1/lookup').map((r) => r.body?.social_url)).toEqual([
      GRACE!.socialUrl,
    ]);
    const ended = (await bulkJobs.current())!;
    expect(bulkProgress(ended, ITEM_PRICE)).toMatchObject({
      heldBack: 1,
      counts: { failed: 0, revealed: 1 },
    });
    expect(skippedHeldBack(1)).toBe(
      'Skipped 1: its last reveal got no answer and may have been charged; see what it cost next to the contact (no charge)',
    );
  });

  it('a reveal of other items it did not ask (phone) is not held back', async () => {
    const service = stubService([{ ...ADA!, phone: '+1 555 0101' }], 100);
    vi.stubGlobal('fetch', service.fetch);
    await revealJobs.put(revealCutOff(ADA!.socialUrl, { status: CUT_OFF }));
    const started = await startBulkReveal({
      candidates: rows([ADA!]),
      selection: ['phone'],
      stopWhenOut: false,
      confirmedMax: 6,
    });
    expect(started.items[0]).toMatchObject({ state: 'queued' });
    expect(started.items[0]).not.toHaveProperty('heldBack');
  });
});
