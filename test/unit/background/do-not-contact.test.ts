/**
 * A person on a do-not-contact list is never looked up: this browser's list (by profile address, or by the email
 * the vault holds of them) and the team's (the gateway's `team/held` says so) are checked before the ledger's entry
 * is written, so nothing is asked of the service, nothing is on the ledger and nothing is charged; a single reveal
 * says why, a bulk reveal skips the contact at no cost and says why. Adding from Options refuses bad input first.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../../src/api/client';
import { lookupContact, planLookup } from '../../../src/background/lookup-contact';
import { addToDoNotContact, doNotContactList } from '../../../src/background/privacy/do-not-contact';
import { reveal } from '../../../src/background/reveal';
import { dayOf } from '../../../src/ledger/entry';
import { localEntries } from '../../../src/store/database/do-not-contact';
import { readLedgerDays } from '../../../src/store/database/ledger/ledger';
import { vaultWrite } from '../../../src/store/database/vault/vault-write';
import { DEFAULT_SETTINGS, settings } from '../../../src/store/items/settings';
import { teamMembership } from '../../../src/store/items/team-membership';
import { A_MEMBERSHIP, freshConnection, GRACE, stubService } from './service-stub';

const BASE = 'https://gateway.example.test';
const call = { action: 'reveal' as const, ref: 'job-1', label: 'Grace Hopper' };

const MEMBER = { ...A_MEMBERSHIP, member: 'Bob Jones' };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function ledgerToday() {
  const day = dayOf(new Date());
  return (await readLedgerDays([day])).get(day) ?? [];
}

describe('this browser’s do-not-contact list', () => {
  beforeEach(freshConnection);

  it('stops a reveal before its ledger entry: nothing asked, nothing charged, and says why', async () => {
    const service = stubService([GRACE], 50);
    await addToDoNotContact({ socialUrl: 'https://uk.linkedin.com/in/Grace-Hopper/' }, 'objected');
    const refused = await reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['email'] }).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({
      message:
        'On your do-not-contact list: not revealed, no credits spent. Take them off it in Options to reveal them.',
    });
    expect(service.requests).toEqual([]);
    expect(await ledgerToday()).toEqual([]);
  });

  it('knows a person listed by email through the email the vault holds of them', async () => {
    const service = stubService([GRACE], 50);
    await vaultWrite.putMany([
      {
        v: 1,
        key: GRACE.socialUrl,
        socialUrl: GRACE.socialUrl,
        candidateId: GRACE.id,
        name: GRACE.name,
        currentTitle: null,
        currentEmployer: null,
        email: { found: true, value: GRACE.email, at: '2026-12-01T10:00:00.000Z' },
        updatedAt: '2026-12-01T10:00:00.000Z',
      },
    ]);
    await addToDoNotContact({ emails: [GRACE.email.toUpperCase()] }, 'client_employee');
    const plan = await planLookup({ socialUrl: GRACE.socialUrl, candidateId: null }, ['phone'], {});
    const outcome = await lookupContact(
      createClient({ baseUrl: 'https://api.example.test', apiKey: 'k' }),
      call,
      plan,
    );
    expect(outcome).toEqual({ kind: 'do-not-contact', scope: 'local' });
    expect(service.requests).toEqual([]);
  });

  it('refuses what is not a profile address or an email, storing nothing', async () => {
    await expect(
      addToDoNotContact({ socialUrl: 'https://example.com/grace' }, 'other'),
    ).rejects.toMatchObject({
      message: expect.stringMatching(/is not a LinkedIn profile address/),
    });
    await expect(addToDoNotContact({ emails: ['grace'] }, 'other')).rejects.toMatchObject({
      message: '"grace" is not an email address.',
    });
    expect(await localEntries()).toEqual([]);
  });
});

describe('the team’s do-not-contact list', () => {
  beforeEach(async () => {
    await freshConnection();
    await settings.set({ ...DEFAULT_SETTINGS, baseUrl: BASE });
    await teamMembership.set(MEMBER);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('stops a lookup the gateway’s team/held marks listed: only the free question goes out', async () => {
    const paths: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input));
        paths.push(url.pathname);
        const body = JSON.parse(String(init?.body ?? '{}')) as { people?: { social_url?: string }[] };
        if (url.pathname === '/v1/team/held') {
          return json(200, {
            success: true,
            people: (body.people ?? []).map((p) => ({ ...p, items: [], do_not_contact: true })),
          });
        }
        return json(500, { success: false, message: 'not expected' });
      }),
    );
    const plan = await planLookup({ socialUrl: GRACE.socialUrl, candidateId: null }, ['email'], {});
    const outcome = await lookupContact(
      createClient({ baseUrl: BASE, apiKey: 'clm_member-key-123456' }),
      call,
      plan,
    );
    expect(outcome).toEqual({ kind: 'do-not-contact', scope: 'team' });
    expect(paths).toEqual(['/v1/team/held']);
    expect(await ledgerToday()).toEqual([]);
  });

  it('says the team’s list when the gateway refuses the lookup itself (its team/held did not answer first)', async () => {
    const paths: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input));
        paths.push(url.pathname);
        if (url.pathname === '/v1/team/held') return json(500, { success: false, message: 'Down' });
        if (url.pathname === '/v1/lookup') {
          // The gateway's own refusal of a listed person: a failed contact result, 451, nothing charged.
          const said =
            "Not looked up: this person is on your team's do-not-contact list. Nothing was charged.";
          return json(200, {
            success: true,
            data: {
              contacts: [
                {
                  lookup_identifier: GRACE.socialUrl,
                  lookup_type: 'social_url',
                  success: false,
                  error: said,
                  status_code: 451,
                },
              ],
              summary: { total_requested: 1, successful: 0, failed: 1 },
            },
            credits: { used: 0, remaining: 40, billing_note: said },
          });
        }
        return json(500, { success: false, message: 'not expected' });
      }),
    );
    const refused = await reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['email'] }).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({
      message:
        'On your team’s do-not-contact list: not revealed, no credits spent. Your team’s admin can take them off the list.',
    });
    expect(paths.filter((path) => path === '/v1/lookup')).toHaveLength(1);
    // The call was written ahead and is settled as the answer says: nothing charged.
    expect(await ledgerToday()).toMatchObject([{ state: 'charged', credits: 0 }]);
  });

  it('lists a person on the gateway and here, and says it when the gateway does not take it', async () => {
    const sent: unknown[] = [];
    const ok = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      return json(200, {
        success: true,
        entry: { reason: 'objected', added_by: 'Bob Jones', added_at: '2026-12-06T10:00:00.000Z' },
        added: true,
      });
    });
    expect(
      await addToDoNotContact(
        { socialUrl: 'linkedin.com/in/grace-hopper', emails: ['Grace@Example.org'] },
        'objected',
        ok,
      ),
    ).toEqual({ added: true, team: true });
    expect(sent).toEqual([
      { social_url: GRACE.socialUrl, emails: ['grace@example.org'], reason: 'objected' },
    ]);
    expect((await doNotContactList()).team).toBe('Acme Recruiting');
    const down = vi.fn(async () => json(503, { success: false, message: 'Down' }));
    await expect(addToDoNotContact({ emails: ['x@example.org'] }, 'other', down)).rejects.toMatchObject({
      message: expect.stringMatching(/gateway did not take it/),
    });
    // Kept here all the same: this browser refuses them.
    expect(await localEntries()).toHaveLength(2);
  });
});
