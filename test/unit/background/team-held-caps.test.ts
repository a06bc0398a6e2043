import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../../src/api/client';
import type { LookupResponse } from '../../../src/api/schema';
import { lookupContact, planLookup } from '../../../src/background/lookup-contact';
import { CapReached } from '../../../src/background/paid-call-gate';
import { teamFreeItems, teamHeldOf } from '../../../src/background/team/team';
import { type ChargeEntry, dayOf } from '../../../src/ledger/entry';
import { readLedgerDays } from '../../../src/store/database/ledger/ledger';
import { DEFAULT_SETTINGS, settings } from '../../../src/store/items/settings';
import { teamMembership } from '../../../src/store/items/team-membership';
import { A_MEMBERSHIP, freshConnection, GRACE } from './service-stub';

const BASE = 'https://gateway.example.test';
const target = { socialUrl: GRACE.socialUrl, candidateId: GRACE.id };
const call = { action: 'reveal' as const, ref: 'job-1', label: 'Grace Hopper' };
const client = () => createClient({ baseUrl: BASE, apiKey: 'clm_member-key-123456' });

const MEMBER = { ...A_MEMBERSHIP, member: 'Bob Jones' };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A team gateway at the fetch level: the team holds Grace's email (a teammate revealed it), so a lookup answers it
 * free; her phone is asked upstream at 6 credits. `held` can be made to fail (the gateway does not say).
 */
function stubGateway() {
  const paths: string[] = [];
  const state = { heldFails: false, emailRevealedAt: '2026-11-24T14:03:00.000Z' };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      paths.push(url.pathname);
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      if (url.pathname === '/v1/team/held') {
        if (state.heldFails) return json(503, { success: false, message: 'Down' });
        const people = body.people as { social_url?: string }[];
        return json(200, {
          success: true,
          people: people.map((person) => ({
            social_url: person.social_url,
            items:
              person.social_url === GRACE.socialUrl
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
      if (url.pathname === '/v1/lookup') {
        const phone = body.reveal_phone === true;
        const used = phone ? 6 : 0;
        return json(200, {
          success: true,
          data: {
            contacts: [
              {
                lookup_identifier: GRACE.socialUrl,
                lookup_type: 'social_url',
                success: true,
                profile: {
                  id: GRACE.id,
                  name: GRACE.name,
                  current_title: 'Engineer',
                  current_employer: 'Acme',
                  personal_email: GRACE.email,
                  ...(phone ? { phone_number: GRACE.phone } : {}),
                },
                contact_data_retrieved: phone ? ['email', 'phone'] : ['email'],
                retrieved_at: new Date().toISOString(),
                // As gateway/server/lookup.ts answers: the items that came from the team's vault, by whom, when.
                team_held: [
                  {
                    item: 'email',
                    found: true,
                    revealed_by: 'Alice Smith',
                    revealed_at: state.emailRevealedAt,
                  },
                ],
              },
            ],
            summary: { total_requested: 1, successful: 1, failed: 0 },
          },
          credits: { used, remaining: 100 - used, billing_note: 'Email held by your team (Alice Smith).' },
        });
      }
      return json(404, { success: false, error: 'Not found' });
    }),
  );
  return { paths, state };
}

async function charges(): Promise<ChargeEntry[]> {
  const day = dayOf(new Date());
  const entries = (await readLedgerDays([day])).get(day) ?? [];
  return entries.filter((e): e is ChargeEntry => e.kind === 'charge');
}

describe('a reveal through a team gateway, under the user’s own caps', () => {
  beforeEach(async () => {
    await freshConnection();
    await settings.set({ ...DEFAULT_SETTINGS, baseUrl: BASE, dailyCapCredits: 2 });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is not refused by a cap for an item the team holds, and reserves nothing for it', async () => {
    await teamMembership.set(MEMBER);
    const gateway = stubGateway();
    const plan = await planLookup(target, ['email'], {});
    const outcome = await lookupContact(client(), call, plan);
    expect(outcome).toMatchObject({ kind: 'answered', retrieved: ['email'] });
    expect(gateway.paths).toEqual(['/v1/team/held', '/v1/lookup']);
    expect(await charges()).toMatchObject([{ state: 'charged', credits: 0, maxCredits: 0 }]);
  });

  it('counts only the items the team does not hold toward the cap', async () => {
    await teamMembership.set(MEMBER);
    await settings.set({ ...(await settings.get()), dailyCapCredits: 6 });
    stubGateway();
    const plan = await planLookup(target, ['email', 'phone'], {});
    // Email (3) + phone (6) would pass a cap of 6; with the email held by the team, the most is 6.
    const outcome = await lookupContact(client(), call, plan);
    expect(outcome).toMatchObject({ kind: 'answered' });
    expect(await charges()).toMatchObject([{ state: 'charged', credits: 6, maxCredits: 6 }]);
  });

  it('tells its sender the most it can be charged, with what the team holds at 0', async () => {
    await teamMembership.set(MEMBER);
    await settings.set({ ...(await settings.get()), dailyCapCredits: 1000 });
    const gateway = stubGateway();
    const told: number[] = [];
    const send = (request: () => Promise<LookupResponse>, most: number) => {
      told.push(most);
      return request();
    };
    // Planned before any answer is kept, as three separate reveals of Grace would be.
    const emailOnly = await planLookup(target, ['email'], {});
    const both = await planLookup(target, ['email', 'phone'], {});
    // Only the email, which the team holds: a bulk reveal with 0 credits left may still send it.
    await lookupContact(client(), call, emailOnly, send);
    // Email and phone: the phone alone is charged.
    await lookupContact(client(), call, both, send);
    expect(told).toEqual([0, 6]);
    gateway.state.heldFails = true;
    // The gateway does not say: the full price.
    await lookupContact(client(), call, both, send);
    expect(told).toEqual([0, 6, 9]);
  });

  it('keeps an item the team held with the date a teammate revealed it, not today', async () => {
    await teamMembership.set(MEMBER);
    await settings.set({ ...(await settings.get()), dailyCapCredits: 1000 });
    const gateway = stubGateway();
    const before = Date.now();
    const plan = await planLookup(target, ['email', 'phone'], {});
    const outcome = await lookupContact(client(), call, plan);
    if (outcome.kind !== 'answered') throw new Error(`answered expected, got ${outcome.kind}`);
    // Alice's copy is as old as her reveal: the date beside it and "Check again" go by it.
    expect(outcome.record.email).toEqual({ found: true, value: GRACE.email, at: '2026-11-24T14:03:00.000Z' });
    // The phone was bought now.
    expect(Date.parse(outcome.record.phone!.at)).toBeGreaterThanOrEqual(before);
    expect(outcome.record.updatedAt).toBe(outcome.record.phone!.at);
    // A date that does not read, or one later than the answer, dates nothing: the answer's own time.
    for (const revealedAt of ['not a date', '2999-01-01T00:00:00.000Z']) {
      gateway.state.emailRevealedAt = revealedAt;
      const again = await lookupContact(client(), call, plan);
      if (again.kind !== 'answered') throw new Error(`answered expected, got ${again.kind}`);
      expect(again.record.email!.at).toBe(again.record.updatedAt);
    }
  });

  it('still refuses, sending nothing, what the team does not hold', async () => {
    await teamMembership.set(MEMBER);
    const gateway = stubGateway();
    const plan = await planLookup(target, ['phone'], {});
    await expect(lookupContact(client(), call, plan)).rejects.toBeInstanceOf(CapReached);
    expect(gateway.paths).not.toContain('/v1/lookup');
  });

  it('prices held items in full when the gateway does not say what the team holds', async () => {
    await teamMembership.set(MEMBER);
    const gateway = stubGateway();
    gateway.state.heldFails = true;
    const plan = await planLookup(target, ['email'], {});
    await expect(lookupContact(client(), call, plan)).rejects.toBeInstanceOf(CapReached);
    expect(gateway.paths).toEqual(['/v1/team/held']);
  });

  it('asks nothing of the team when the connection is the service itself', async () => {
    const gateway = stubGateway();
    expect(await teamFreeItems(target, ['email'])).toEqual([]);
    const plan = await planLookup(target, ['email'], {});
    await expect(lookupContact(client(), call, plan)).rejects.toBeInstanceOf(CapReached);
    expect(gateway.paths).toEqual([]);
  });
});

describe('what the team holds of a bulk selection', () => {
  beforeEach(async () => {
    await freshConnection();
    await settings.set({ ...DEFAULT_SETTINGS, baseUrl: BASE });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks 100 people at a time and answers in the order given, nothing for people without an identifier', async () => {
    await teamMembership.set(MEMBER);
    const gateway = stubGateway();
    const others = Array.from({ length: 150 }, (_, i) => ({
      socialUrl: `https://www.linkedin.com/in/p${i}`,
      candidateId: null,
    }));
    const targets = [
      ...others.slice(0, 120),
      { socialUrl: null, candidateId: null },
      target,
      ...others.slice(120),
    ];
    const held = await teamHeldOf(targets);
    expect(held).toHaveLength(targets.length);
    expect(Object.keys(held[121]!)).toEqual(['email']);
    expect(held.filter((h) => Object.keys(h).length > 0)).toHaveLength(1);
    expect(gateway.paths).toEqual(['/v1/team/held', '/v1/team/held']);
  });

  it('asks nothing when the connection is the service itself', async () => {
    const gateway = stubGateway();
    expect(await teamHeldOf([target])).toEqual([{}]);
    expect(gateway.paths).toEqual([]);
  });
});
