/**
 * "Forget this person": the contact leaves this browser's vault with its send marks, goes on the do-not-contact list
 * (so the next reveal is refused at no cost), and the answer names where it had been sent, with the record's link; on
 * a team gateway the gateway forgets them too, and when it cannot be reached nothing here is erased yet.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetContact } from '../../../src/background/privacy/forget';
import { reveal } from '../../../src/background/reveal';
import { keepSent, sentFor } from '../../../src/store/database/sent';
import { vault } from '../../../src/store/database/vault/vault';
import { vaultWrite } from '../../../src/store/database/vault/vault-write';
import { DEFAULT_SETTINGS, settings } from '../../../src/store/items/settings';
import { teamMembership } from '../../../src/store/items/team-membership';
import { A_MEMBERSHIP, freshConnection, GRACE, stubService } from './service-stub';

const RECORD = {
  v: 1 as const,
  key: GRACE.socialUrl,
  socialUrl: GRACE.socialUrl,
  candidateId: GRACE.id,
  name: GRACE.name,
  currentTitle: null,
  currentEmployer: null,
  email: { found: true as const, value: GRACE.email, at: '2026-12-01T10:00:00.000Z' },
  phone: { found: true as const, value: GRACE.phone, at: '2026-12-01T10:00:00.000Z' },
  updatedAt: '2026-12-01T10:00:00.000Z',
};
const LEVER_LINK = 'https://hire.lever.co/candidates/opp-7';

async function held() {
  await vaultWrite.putMany([RECORD]);
  await keepSent({
    key: `lever ${GRACE.socialUrl}`,
    contactKey: GRACE.socialUrl,
    destinationId: 'lever',
    label: 'Lever',
    state: 'sent',
    status: 'created',
    link: LEVER_LINK,
    sentAt: '2026-12-01T10:05:00.000Z',
    updatedAt: '2026-12-01T10:05:00.000Z',
  });
}

describe('forgetting a contact in this browser', () => {
  beforeEach(freshConnection);

  it('erases it with its send marks, lists it, and names where it was sent', async () => {
    await held();
    const outcome = await forgetContact(GRACE.socialUrl);
    expect(outcome).toEqual({
      name: 'Grace Hopper',
      items: 2,
      team: null,
      sent: [{ label: 'Lever', link: LEVER_LINK }],
    });
    expect((await vault.read(GRACE.socialUrl)).state).toBe('missing');
    expect((await sentFor([GRACE.socialUrl])).size).toBe(0);
    const service = stubService([GRACE], 50);
    await expect(
      reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['email'] }),
    ).rejects.toMatchObject({
      message: expect.stringMatching(/^On your do-not-contact list/),
    });
    expect(service.requests).toEqual([]);
  });
});

describe('forgetting a contact on a team gateway', () => {
  beforeEach(async () => {
    await freshConnection();
    await settings.set({ ...DEFAULT_SETTINGS, baseUrl: 'https://gateway.example.test' });
    await teamMembership.set({ ...A_MEMBERSHIP, member: 'Alice Smith' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks the gateway to forget them with the email held, and says what the team erased', async () => {
    await held();
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        expect(new URL(String(input)).pathname).toBe('/v1/team/forget');
        bodies.push(JSON.parse(String(init?.body)));
        return new Response(
          JSON.stringify({
            success: true,
            held: true,
            items: 3,
            sent: [{ destination: 'ashby', label: 'Ashby', link: null }],
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        );
      }),
    );
    const outcome = await forgetContact(GRACE.socialUrl);
    expect(bodies).toEqual([{ social_url: GRACE.socialUrl, emails: [GRACE.email] }]);
    expect(outcome.team).toEqual({ items: 3 });
    expect(outcome.sent).toEqual([
      { label: 'Lever', link: LEVER_LINK },
      { label: 'Ashby', link: null },
    ]);
  });

  it('erases nothing here while the gateway cannot be reached, and says so', async () => {
    await held();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('down', { status: 503 })),
    );
    await expect(forgetContact(GRACE.socialUrl)).rejects.toMatchObject({
      message: expect.stringMatching(/still in the team’s contacts/),
    });
    expect((await vault.read(GRACE.socialUrl)).state).toBe('ok');
  });
});
