import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { forgetKey, refreshAccount, saveConnection } from '../../../../src/background/connection';
import { refreshMembership, teamHeld } from '../../../../src/background/team/team';
import { teamMembership } from '../../../../src/store/items/team-membership';
import { setApiKey } from '../../../../src/store/secrets/api-key';

const ME = {
  success: true,
  member: { name: 'Alice Smith' },
  team: { name: 'Acme Recruiting' },
  caps: { daily: 200, monthly: null },
  spent: { today: 13, this_month: 140 },
  resets: { daily: '2026-11-26T00:00:00.000Z', monthly: '2026-12-01T00:00:00.000Z' },
  balance: { credits_remaining: 9987, credits_purchased: 10000, as_of: '2026-11-25T10:02:11.000Z' },
};

const ADA = 'https://www.linkedin.com/in/ada-lovelace-demo';

/**
 * A server at the fetch level: the service itself (no `team/me`: 404) or a team gateway (answers both team
 * endpoints), with every request recorded.
 */
function stubServer(kind: 'service' | 'gateway') {
  const requests: {
    path: string;
    key: string | null;
    body: unknown;
    redirect: RequestRedirect | undefined;
    credentials: RequestCredentials | undefined;
  }[] = [];
  const answers: Record<string, () => Response> = {};
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const headers = new Headers(init?.headers);
      requests.push({
        path: url.pathname,
        key: headers.get('x-api-key'),
        body: init?.body ? JSON.parse(String(init.body)) : null,
        redirect: init?.redirect,
        credentials: init?.credentials,
      });
      const override = answers[url.pathname];
      if (override) return override();
      if (url.pathname === '/v1/account') {
        return json(200, {
          success: true,
          credits_remaining: 9987,
          credits_purchased: 10000,
          timestamp: new Date().toISOString(),
        });
      }
      if (kind === 'gateway' && url.pathname === '/v1/team/me') return json(200, ME);
      if (kind === 'gateway' && url.pathname === '/v1/team/held') {
        return json(200, {
          success: true,
          people: [
            {
              social_url: ADA,
              items: [
                {
                  item: 'email',
                  found: true,
                  revealed_by: 'Alice Smith',
                  revealed_at: '2026-11-24T14:03:00.000Z',
                },
                {
                  item: 'phone',
                  found: false,
                  revealed_by: 'Alice Smith',
                  revealed_at: '2026-11-24T14:03:00.000Z',
                },
              ],
            },
          ],
        });
      }
      return json(404, { success: false, error: 'Not found' });
    }),
  );
  return { requests, answers, json };
}

describe('a team gateway as the connection', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    indexedDB.deleteDatabase('candidate-lens-secrets');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('saving a gateway address and member key stores who the member is, from the free team/me', async () => {
    const server = stubServer('gateway');
    await saveConnection({ baseUrl: 'http://127.0.0.1:8788', apiKey: 'member-key-alice' });
    expect(await teamMembership.get()).toMatchObject({
      member: 'Alice Smith',
      team: 'Acme Recruiting',
      dailyCap: 200,
      monthlyCap: null,
      spentToday: 13,
      spentThisMonth: 140,
      dailyResets: '2026-11-26T00:00:00.000Z',
    });
    expect(server.requests.map((r) => r.path)).toEqual(['/v1/account', '/v1/team/me']);
    expect(server.requests.every((r) => r.key === 'member-key-alice')).toBe(true);
  });

  it('against the service itself (team/me is a 404) the connection is no team, and a membership before is gone', async () => {
    await teamMembership.set({
      member: 'Old',
      team: 'Old team',
      dailyCap: null,
      monthlyCap: null,
      spentToday: 0,
      spentThisMonth: 0,
      dailyResets: '2026-11-26T00:00:00.000Z',
      monthlyResets: '2026-12-01T00:00:00.000Z',
      checkedAt: '2026-11-25T00:00:00.000Z',
    });
    stubServer('service');
    const snapshot = await saveConnection({ baseUrl: 'http://127.0.0.1:8787', apiKey: 'demo-key' });
    expect(snapshot.remaining).toBe(9987);
    expect(await teamMembership.get()).toBeNull();
  });

  it('never follows a redirect with the member key, nor sends a cookie: a redirected team/me is no membership', async () => {
    const server = stubServer('gateway');
    // As Node's fetch answers with redirect: 'manual' (a browser gives an opaque answer of status 0).
    server.answers['/v1/team/me'] = () =>
      new Response(null, { status: 302, headers: { Location: 'https://elsewhere.example/v1/team/me' } });
    await saveConnection({ baseUrl: 'http://127.0.0.1:8788', apiKey: 'member-key-alice' });
    expect(await teamMembership.get()).toBeNull();
    const teamCalls = server.requests.filter((r) => r.path.startsWith('/v1/team/'));
    expect(teamCalls).toHaveLength(1);
    expect(teamCalls.every((r) => r.redirect === 'manual' && r.credentials === 'omit')).toBe(true);
  });

  it('an answer to team/me not in the gateway shape is no membership', async () => {
    const server = stubServer('gateway');
    server.answers['/v1/team/me'] = () => server.json(200, { success: true, member: 'Alice' });
    await saveConnection({ baseUrl: 'http://127.0.0.1:8788', apiKey: 'member-key-alice' });
    expect(await teamMembership.get()).toBeNull();
  });

  it('a gateway that cannot answer team/me for a moment keeps the membership of the same connection', async () => {
    const server = stubServer('gateway');
    await saveConnection({ baseUrl: 'http://127.0.0.1:8788', apiKey: 'member-key-alice' });
    server.answers['/v1/team/me'] = () => server.json(503, { success: false, error: 'busy' });
    await saveConnection({ baseUrl: 'http://127.0.0.1:8788' });
    expect((await teamMembership.get())?.member).toBe('Alice Smith');
    // A new key is another member: what was known of the old one is not kept.
    await saveConnection({ baseUrl: 'http://127.0.0.1:8788', apiKey: 'member-key-bob' });
    expect(await teamMembership.get()).toBeNull();
  });

  it('refreshing the balance reads the member spend again; removing the key forgets the membership', async () => {
    const server = stubServer('gateway');
    await saveConnection({ baseUrl: 'http://127.0.0.1:8788', apiKey: 'member-key-alice' });
    server.answers['/v1/team/me'] = () => server.json(200, { ...ME, spent: { today: 22, this_month: 149 } });
    await refreshAccount();
    expect(await teamMembership.get()).toMatchObject({ spentToday: 22, spentThisMonth: 149 });
    await forgetKey();
    expect(await teamMembership.get()).toBeNull();
  });

  it('asks team/me again only for a member', async () => {
    const server = stubServer('service');
    await saveConnection({ baseUrl: 'http://127.0.0.1:8787', apiKey: 'demo-key' });
    const before = server.requests.length;
    expect(await refreshMembership()).toBeNull();
    expect(server.requests.length).toBe(before);
  });

  it('a stored membership that no longer reads is no membership, and is set aside', async () => {
    await fakeBrowser.storage.local.set({ 'team-membership': { member: 42 } });
    expect(await teamMembership.get()).toBeNull();
    await vi.waitFor(async () => {
      const aside = await fakeBrowser.storage.local.get('unreadable:team-membership');
      expect(aside['unreadable:team-membership']).toMatchObject({ value: { member: 42 } });
    });
  });
});

describe('items the team holds', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    indexedDB.deleteDatabase('candidate-lens-secrets');
    await setApiKey('member-key-bob');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks nothing when the connection is not a team gateway', async () => {
    const server = stubServer('service');
    expect(await teamHeld([{ socialUrl: ADA }])).toEqual([]);
    expect(server.requests).toEqual([]);
  });

  it('lookups that ask together share one read of the membership', async () => {
    stubServer('service');
    const reads = vi.spyOn(browser.storage.local, 'get');
    const answers = await Promise.all(Array.from({ length: 15 }, () => teamHeld([{ socialUrl: ADA }])));
    expect(answers).toEqual(Array.from({ length: 15 }, () => []));
    const ofMembership = reads.mock.calls.filter(([keys]) =>
      JSON.stringify(keys).includes('team-membership'),
    );
    expect(ofMembership).toHaveLength(1);
    // A later call reads it again: nothing is kept past the read.
    await teamHeld([{ socialUrl: ADA }]);
    expect(
      reads.mock.calls.filter(([keys]) => JSON.stringify(keys).includes('team-membership')),
    ).toHaveLength(2);
  });

  it('asks the gateway for a member, and answers each item with who revealed it', async () => {
    const server = stubServer('gateway');
    await saveConnection({ baseUrl: 'http://127.0.0.1:8788', apiKey: 'member-key-bob' });
    const held = await teamHeld([{ socialUrl: ADA }]);
    expect(server.requests.at(-1)).toEqual({
      path: '/v1/team/held',
      key: 'member-key-bob',
      body: { people: [{ social_url: ADA }] },
      redirect: 'manual',
      credentials: 'omit',
    });
    expect(held).toEqual([
      {
        socialUrl: ADA,
        candidateId: null,
        items: [
          { item: 'email', found: true, revealedBy: 'Alice Smith', revealedAt: '2026-11-24T14:03:00.000Z' },
          { item: 'phone', found: false, revealedBy: 'Alice Smith', revealedAt: '2026-11-24T14:03:00.000Z' },
        ],
      },
    ]);
  });

  it('says plainly when the gateway does not answer in its shape', async () => {
    const server = stubServer('gateway');
    await saveConnection({ baseUrl: 'http://127.0.0.1:8788', apiKey: 'member-key-bob' });
    server.answers['/v1/team/held'] = () => server.json(200, { success: true, people: 'none' });
    await expect(teamHeld([{ socialUrl: ADA }])).rejects.toThrow(/did not say which items your team holds/);
  });

  it('refuses more people than a page holds before asking', async () => {
    const server = stubServer('gateway');
    await saveConnection({ baseUrl: 'http://127.0.0.1:8788', apiKey: 'member-key-bob' });
    const before = server.requests.length;
    const many = Array.from({ length: 101 }, (_, i) => ({ socialUrl: `${ADA}-${i}` }));
    await expect(teamHeld(many)).rejects.toThrow(/at most 100 people/);
    expect(server.requests.length).toBe(before);
  });
});
