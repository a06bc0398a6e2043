/**
 * The extension's side of sending through a team gateway: a destination the gateway holds is sent to through the
 * gateway with the member key (never to the ATS, no ATS key here), and what teammates sent is marked beside the
 * contacts ("In Lever, sent by Alice").
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { LEVER_KEY, LEVER_USERS } from '../../../sim/destinations/lever';
import { HELD_MAX_PEOPLE, type TeamSendInfo } from '../../../src/api/team-schema';
import { startBulkSend } from '../../../src/background/jobs/bulk-send';
import { removeDestination, saveDestination } from '../../../src/background/send-to/destinations';
import { sendContact } from '../../../src/background/send-to/send';
import { markRecentTeamSends, markTeamSends } from '../../../src/background/team/team-send';
import { savedDestination } from '../../../src/send/saved';
import { bulkSend } from '../../../src/store/database/bulk-send-write';
import { sentFor } from '../../../src/store/database/sent';
import { vaultWrite } from '../../../src/store/database/vault/vault-write';
import { destinationHints } from '../../../src/store/items/destination-hints';
import { settings } from '../../../src/store/items/settings';
import { type TeamMembership, teamMembership } from '../../../src/store/items/team-membership';
import { setApiKey } from '../../../src/store/secrets/api-key';
import { sentMark } from '../../../src/ui/send/sent-words';
import { contactRecord } from '../../support/vault-records';
import { ADDRESSES, stubDestinations } from './fakes';

const GATEWAY = 'http://127.0.0.1:7200';
const MEMBER_KEY = 'clm_alice-member-key';

const membership = (destinations: TeamMembership['destinations']): TeamMembership => ({
  member: 'Alice Smith',
  team: 'Acme Recruiting',
  dailyCap: null,
  monthlyCap: null,
  spentToday: 0,
  spentThisMonth: 0,
  dailyResets: '2026-11-29T00:00:00.000Z',
  monthlyResets: '2026-12-01T00:00:00.000Z',
  checkedAt: '2026-11-28T10:00:00.000Z',
  destinations,
});

const info = (sentBy: string, status: TeamSendInfo['status'] = 'created'): TeamSendInfo => ({
  destination: 'lever',
  label: 'Lever',
  status,
  record_id: 'opp-7',
  link: 'https://hire.lever.co/candidates/opp-7',
  sent_by: sentBy,
  sent_at: '2026-11-03T09:00:00.000Z',
  updated_at: '2026-11-03T09:00:00.000Z',
});

let slug = 0;
async function revealed() {
  slug++;
  const record = { ...contactRecord(`team-${slug}`, `t-${slug}`), name: `Person ${slug}` };
  await vaultWrite.put(record);
  return record;
}

/** The ATS fakes, and a gateway answering its send endpoints with `answer`; every request is recorded. */
function stubGateway(answer: {
  send?: TeamSendInfo;
  /** What the team sent, by profile address (every person asked about when a list, as one). */
  sent?: TeamSendInfo[] | Record<string, TeamSendInfo[]>;
  asOf?: string;
  /** What this send did, as a gateway that says so answers. */
  thisSend?: TeamSendInfo['status'];
  /** Run while the send is under way, before the gateway answers it. */
  during?: () => Promise<unknown>;
}) {
  const fakes = stubDestinations();
  const atsFetch = globalThis.fetch;
  const requests: { path: string; key: string | null; body: Record<string, unknown> }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    if (url.origin !== GATEWAY) return atsFetch(input, init);
    const body = (init?.body ? JSON.parse(String(init.body)) : {}) as Record<string, unknown>;
    requests.push({
      path: url.pathname + url.search,
      key: new Headers(init?.headers).get('x-api-key'),
      body,
    });
    const sendsOf = (p: { social_url?: string }) =>
      Array.isArray(answer.sent) ? answer.sent : (answer.sent?.[p.social_url ?? ''] ?? []);
    if (url.pathname === '/v1/team/send') await answer.during?.();
    const json =
      url.pathname === '/v1/team/send'
        ? { success: true, sent: answer.send, ...(answer.thisSend ? { this_send: answer.thisSend } : {}) }
        : {
            success: true,
            as_of: answer.asOf ?? '2026-11-28T10:00:00.000Z',
            people: (body.people as { social_url?: string }[]).map((p) => ({ ...p, sends: sendsOf(p) })),
          };
    return new Response(JSON.stringify(json), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { fakes, requests };
}

beforeEach(async () => {
  fakeBrowser.reset();
  vi.unstubAllGlobals();
  await setApiKey(MEMBER_KEY);
  await settings.set({ ...(await settings.get()), baseUrl: GATEWAY });
});

describe('a destination the team gateway holds', () => {
  it('takes the place of the one saved here, and goes when the connection is no longer a gateway', async () => {
    stubDestinations();
    await saveDestination({
      kind: 'lever',
      apiKey: LEVER_KEY,
      performAs: LEVER_USERS[0]?.id ?? '',
      baseUrl: ADDRESSES.lever,
    });
    const own = (await destinationHints.get())[0];
    await teamMembership.set(membership([{ kind: 'lever', label: 'Lever', account: 'Chandler Bing' }]));
    // One "Send to Lever", the team's, with the one saved here riding on it, unused but still the user's.
    expect(await destinationHints.get()).toEqual([
      expect.objectContaining({
        id: 'lever',
        team: 'Acme Recruiting',
        masked: '',
        account: 'Chandler Bing',
        kept: expect.objectContaining({ label: 'Lever', masked: own?.masked }),
      }),
    ]);
    // The gateway saying the same again (every team/me) keeps it.
    await teamMembership.set(membership([{ kind: 'lever', label: 'Lever', account: 'Chandler Bing' }]));
    expect((await destinationHints.get())[0]?.kept?.masked).toBe(own?.masked);
    // Leaving the team shows the one saved here again, as it was, and it sends directly.
    await teamMembership.set(null);
    expect(await destinationHints.get()).toEqual([
      {
        id: 'lever',
        kind: 'lever',
        label: 'Lever',
        account: own?.account,
        masked: own?.masked,
        checkedAt: own?.checkedAt,
      },
    ]);
    expect(await savedDestination('lever')).toEqual(expect.objectContaining({ apiKey: LEVER_KEY }));
  });

  it('lets the one saved here be removed while the team sends to its kind, key and all', async () => {
    stubDestinations();
    await saveDestination({
      kind: 'lever',
      apiKey: LEVER_KEY,
      performAs: LEVER_USERS[0]?.id ?? '',
      baseUrl: ADDRESSES.lever,
    });
    await teamMembership.set(membership([{ kind: 'lever', label: 'Lever', account: 'Chandler Bing' }]));
    await removeDestination('lever');
    // The team's destination stays, without the local one under it; the key is gone from this computer.
    const hints = await destinationHints.get();
    expect(hints).toEqual([expect.objectContaining({ id: 'lever', team: 'Acme Recruiting' })]);
    expect(hints[0]?.kept).toBeUndefined();
    expect(await savedDestination('lever')).toBeUndefined();
    // Leaving the team then leaves no destination at all.
    await teamMembership.set(null);
    expect(await destinationHints.get()).toEqual([]);
  });

  it('is sent to through the gateway with the member key, never to the ATS', async () => {
    const { fakes, requests } = stubGateway({ send: info('Alice Smith') });
    await teamMembership.set(membership([{ kind: 'lever', label: 'Lever' }]));
    const contact = await revealed();
    const result = await sendContact({ contactKey: contact.key, destinationId: 'lever' });
    expect(result).toMatchObject({ status: 'created', label: 'Lever', link: info('').link });
    expect(fakes.calls).toEqual([]);
    expect(requests).toEqual([
      {
        path: '/v1/team/send',
        key: MEMBER_KEY,
        // Who, by one identifier, and nothing of their details: the gateway sends what the team holds.
        body: { destination: 'lever', social_url: contact.socialUrl },
      },
    ]);
    const [record] = (await sentFor([contact.key])).get(contact.key) ?? [];
    expect(record).toMatchObject({ destinationId: 'lever', recordId: 'opp-7' });
    expect(record?.sentBy).toBeUndefined();
  });

  it('takes a bulk send, each contact sent through the gateway', async () => {
    const { fakes, requests } = stubGateway({ send: info('Alice Smith') });
    await teamMembership.set(membership([{ kind: 'lever', label: 'Lever' }]));
    const contacts = [await revealed(), await revealed()];
    const job = await startBulkSend({ destinationId: 'lever', keys: contacts.map((c) => c.key) });
    expect(job).toMatchObject({ destinationId: 'lever', label: 'Lever', state: 'running' });
    await vi.waitFor(async () => expect((await bulkSend.get())?.state).toBe('done'));
    expect(requests.map((r) => r.path)).toEqual(['/v1/team/send', '/v1/team/send']);
    expect(fakes.calls).toEqual([]);
  });

  it('says "Added" when a round of team marks records the send while it is under way', async () => {
    // The gateway has settled the send and a round of marks hears of it before the send's own answer arrives.
    const { requests } = stubGateway({
      send: info('Alice Smith'),
      sent: [info('Alice Smith')],
      thisSend: 'created',
      during: async () => {
        await markTeamSends([contact.key]);
      },
    });
    await teamMembership.set(membership([{ kind: 'lever', label: 'Lever' }]));
    const contact = await revealed();
    const result = await sendContact({ contactKey: contact.key, destinationId: 'lever' });
    expect(requests.map((r) => r.path)).toEqual(['/v1/team/send', '/v1/team/sent']);
    expect(result.status).toBe('created');
  });

  it("without the gateway's word on this send, judges by the marks held before it was asked", async () => {
    stubGateway({
      send: info('Alice Smith'),
      sent: [info('Alice Smith')],
      during: async () => {
        await markTeamSends([contact.key]);
      },
    });
    await teamMembership.set(membership([{ kind: 'lever', label: 'Lever' }]));
    const contact = await revealed();
    const result = await sendContact({ contactKey: contact.key, destinationId: 'lever' });
    expect(result.status).toBe('created');
  });

  it('says "Already in" when the gateway says this send found the person there', async () => {
    stubGateway({ send: info('Alice Smith'), thisSend: 'already-there' });
    await teamMembership.set(membership([{ kind: 'lever', label: 'Lever' }]));
    const contact = await revealed();
    const result = await sendContact({ contactKey: contact.key, destinationId: 'lever' });
    expect(result.status).toBe('already-there');
  });

  it("says a teammate's earlier send, and marks it with their name", async () => {
    stubGateway({ send: info('Bob Lee') });
    await teamMembership.set(membership([{ kind: 'lever', label: 'Lever' }]));
    const contact = await revealed();
    const result = await sendContact({ contactKey: contact.key, destinationId: 'lever' });
    expect(result.status).toBe('already-there');
    const [record] = (await sentFor([contact.key])).get(contact.key) ?? [];
    expect(sentMark(record!)).toBe('In Lever, sent by Bob Lee');
  });

  it('marks what teammates sent of the contacts held here, asking the gateway by profile', async () => {
    const { requests } = stubGateway({ sent: [info('Bob Lee')] });
    await teamMembership.set(membership([{ kind: 'lever', label: 'Lever' }]));
    const contact = await revealed();
    await markTeamSends([contact.key]);
    expect(requests).toEqual([
      { path: '/v1/team/sent', key: MEMBER_KEY, body: { people: [{ social_url: contact.socialUrl }] } },
    ]);
    const [record] = (await sentFor([contact.key])).get(contact.key) ?? [];
    expect(sentMark(record!)).toBe('In Lever, sent by Bob Lee');
  });

  it("names the teammate on a webhook's mark once", () => {
    const mark = { label: 'Webhook', destinationId: 'webhook', updatedAt: '2026-11-03T09:00:00.000Z' };
    expect(sentMark({ ...mark, sentBy: 'Bob Lee' })).toBe('Sent to the webhook by Bob Lee');
    expect(sentMark(mark)).toBe('Sent to the webhook · 3 Nov');
  });

  it('asks nothing when the gateway holds no destination', async () => {
    const { requests } = stubGateway({ sent: [info('Bob Lee')] });
    await teamMembership.set(membership([]));
    const contact = await revealed();
    await markTeamSends([contact.key]);
    expect(requests).toEqual([]);
    expect((await sentFor([contact.key])).get(contact.key)).toBeUndefined();
  });

  it('asks what the team sent of the contacts held here only, newest first, then only since the gateway last said', async () => {
    const older = await revealed();
    const contact = await revealed();
    const { requests } = stubGateway({
      sent: { [contact.socialUrl!]: [info('Bob Lee')] },
      asOf: '2026-11-28T10:00:00.000Z',
    });
    await teamMembership.set(membership([{ kind: 'lever', label: 'Lever' }]));
    await markRecentTeamSends();
    const [record] = (await sentFor([contact.key])).get(contact.key) ?? [];
    expect(sentMark(record!)).toBe('In Lever, sent by Bob Lee');
    expect((await sentFor([older.key])).get(older.key)).toBeUndefined();
    expect((await teamMembership.get())?.sendsSeen).toBe('2026-11-28T10:00:00.000Z');
    // The question names the contacts held here, newest first, and nobody else; never the team's whole history.
    expect(requests).toHaveLength(1);
    const asked = requests[0]!;
    expect(asked.path).toBe('/v1/team/sent');
    const people = asked.body.people as { social_url: string }[];
    expect(people.slice(0, 2)).toEqual([{ social_url: contact.socialUrl }, { social_url: older.socialUrl }]);
    expect(people.length).toBeLessThanOrEqual(HELD_MAX_PEOPLE);
    expect(asked.body.since).toBeUndefined();
    // A membership read again keeps how far it got; the next question starts there.
    await teamMembership.set(membership([{ kind: 'lever', label: 'Lever' }]));
    await markRecentTeamSends();
    expect(requests[1]?.body.since).toBe('2026-11-28T10:00:00.000Z');
  });

  it('asks about many contacts in questions of at most a hundred people', async () => {
    for (let i = 0; i < HELD_MAX_PEOPLE + 1; i++) await revealed();
    const { requests } = stubGateway({ sent: [] });
    await teamMembership.set(membership([{ kind: 'lever', label: 'Lever' }]));
    await markRecentTeamSends();
    expect(requests.length).toBeGreaterThanOrEqual(2);
    for (const r of requests) expect((r.body.people as object[]).length).toBeLessThanOrEqual(HELD_MAX_PEOPLE);
    expect(requests.every((r) => r.path === '/v1/team/sent')).toBe(true);
  });
});
