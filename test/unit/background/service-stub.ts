/**
 * A stand-in for the service at the fetch level, for unit tests of the background: answers lookups from a small
 * table with success-based billing, and records every request. (End-to-end and conformance tests use the real
 * simulator; this keeps unit tests fast and offline.)
 */
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { teamMembership } from '../../../src/store/items/team-membership';
import { setApiKey } from '../../../src/store/secrets/api-key';

export interface StubContact {
  id: string;
  socialUrl: string;
  name: string;
  email?: string;
  phone?: string;
  /** The lookup's answer names the profile URL (`socialUrl`, as spelled here), as the service does for most people. */
  namesUrl?: boolean;
}

export interface StubRequest {
  path: string;
  body: Record<string, unknown> | null;
}

/** Empty storage and a key set: where every background test that talks to the service starts. */
export async function freshConnection(): Promise<void> {
  fakeBrowser.reset();
  indexedDB.deleteDatabase('candidate-lens-secrets');
  await setApiKey('test-key-123456');
}

/** The contact most background tests reveal: she has an email and a phone. */
export const GRACE = {
  id: '1002',
  socialUrl: 'https://www.linkedin.com/in/grace-hopper',
  name: 'Grace Hopper',
  email: 'grace@example.org',
  phone: '+1 555 0100',
} satisfies StubContact;

export function stubService(contacts: StubContact[], balance = 100) {
  const requests: StubRequest[] = [];
  const state = { balance, next: null as null | (() => Response) };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
    requests.push({ path: url.pathname, body });
    if (state.next) {
      const answer = state.next();
      state.next = null;
      return answer;
    }
    if (url.pathname === '/v1/account') {
      return json(200, {
        success: true,
        credits_remaining: state.balance,
        credits_purchased: 1000,
        timestamp: new Date().toISOString(),
      });
    }
    const identifier = String(body?.social_url ?? body?.candidate_id);
    const contact = contacts.find((c) => c.socialUrl === body?.social_url || c.id === body?.candidate_id);
    const lookupType = body?.social_url ? 'social_url' : 'id';
    if (!contact) {
      return json(200, {
        success: true,
        data: {
          contacts: [
            {
              lookup_identifier: identifier,
              lookup_type: lookupType,
              success: false,
              error: 'Candidate not found',
              status_code: 404,
            },
          ],
          summary: { total_requested: 1, successful: 0, failed: 1 },
        },
        credits: { used: 0, remaining: state.balance, billing_note: 'Only successful lookups were charged.' },
      });
    }
    const retrieved: string[] = [];
    const profile: Record<string, unknown> = {
      id: contact.id,
      name: contact.name,
      ...(contact.namesUrl ? { social_url: contact.socialUrl } : {}),
      current_title: 'Engineer',
      current_employer: 'Acme',
    };
    let used = 0;
    if (body?.reveal_personal_email && contact.email) {
      profile.personal_email = contact.email;
      retrieved.push('email');
      used += 3;
    }
    if (body?.reveal_phone && contact.phone) {
      profile.phone_number = contact.phone;
      retrieved.push('phone');
      used += 6;
    }
    if (body?.reveal_detailed_person_enrichment) {
      Object.assign(profile, { skills: ['TypeScript'], experience: [], education: [], job_history: [] });
      retrieved.push('detailed_profile');
      used += 1;
    }
    state.balance -= used;
    return json(200, {
      success: true,
      data: {
        contacts: [
          {
            lookup_identifier: identifier,
            lookup_type: lookupType,
            success: true,
            profile,
            contact_data_retrieved: retrieved,
            retrieved_at: new Date().toISOString(),
          },
        ],
        summary: { total_requested: 1, successful: 1, failed: 0 },
      },
      credits: { used, remaining: state.balance, billing_note: 'Only successful lookups were charged.' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  /** The next lookup answers 200 with this contact failed at the service (`status_code`), nothing charged. */
  const failNextContact = (socialUrl: string, statusCode: number, error: string) => {
    state.next = () =>
      json(200, {
        success: true,
        data: {
          contacts: [
            {
              lookup_identifier: socialUrl,
              lookup_type: 'social_url',
              success: false,
              error,
              status_code: statusCode,
            },
          ],
          summary: { total_requested: 1, successful: 0, failed: 1 },
        },
        credits: { used: 0, remaining: state.balance, billing_note: 'Only successful lookups were charged.' },
      });
  };
  return { requests, state, fetch: fetchStub, json, failNextContact };
}

/** Bob, a member of a team gateway with no caps, as the extension stores his membership. */
export const A_MEMBERSHIP = {
  member: 'Bob Lee',
  team: 'Acme Recruiting',
  dailyCap: null,
  monthlyCap: null,
  spentToday: 0,
  spentThisMonth: 0,
  dailyResets: '2026-11-26T00:00:00.000Z',
  monthlyResets: '2026-12-01T00:00:00.000Z',
  checkedAt: '2026-11-25T10:00:00.000Z',
};

/**
 * Makes the stub a team gateway for Bob, a member: his membership stored, and `team/me` answered (free), so the
 * account call's balance (the stub's) is the team's. Other team questions answer as a gateway with nothing to say.
 */
export async function asTeamMember(service: ReturnType<typeof stubService>): Promise<void> {
  const membership = A_MEMBERSHIP;
  await teamMembership.set(membership);
  const upstream = service.fetch.getMockImplementation()!;
  service.fetch.mockImplementation(async (input, init) => {
    const { pathname } = new URL(String(input));
    if (pathname === '/v1/team/me') {
      return service.json(200, {
        success: true,
        member: { name: membership.member },
        team: { name: membership.team },
        caps: { daily: null, monthly: null },
        spent: { today: 0, this_month: 0 },
        resets: { daily: membership.dailyResets, monthly: membership.monthlyResets },
        balance: null,
      });
    }
    if (pathname.startsWith('/v1/team/')) return service.json(404, { success: false, message: 'Not here' });
    return upstream(input, init);
  });
}
