import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ASHBY_KEY } from '../../../sim/destinations/ashby';
import { HUBSPOT_PORTAL, HUBSPOT_TOKEN } from '../../../sim/destinations/hubspot';
import { LEVER_KEY, LEVER_USERS } from '../../../sim/destinations/lever';
import { startWebhookReceiver } from '../../../sim/destinations/webhook-receiver';
import {
  checkDestination,
  listAshbySources,
  listLeverUsers,
  removeDestination,
  saveDestination,
} from '../../../src/background/send-to/destinations';
import { sendContact } from '../../../src/background/send-to/send';
import { savedDestination, savedDestinations } from '../../../src/send/saved';
import { vaultWrite } from '../../../src/store/database/vault/vault-write';
import { destinationHints } from '../../../src/store/items/destination-hints';
import { contactRecord } from '../../support/vault-records';
import { ADDRESSES, stubDestinations } from './fakes';
import { httpsFetch } from './helpers';

const CHANDLER = LEVER_USERS[0]?.id ?? '';

beforeEach(async () => {
  fakeBrowser.reset();
  vi.unstubAllGlobals();
  await new Promise((resolve) => {
    const request = indexedDB.deleteDatabase('candidate-lens-secrets');
    request.onsuccess = request.onerror = resolve;
  });
});

describe('saving a destination', () => {
  it("lists Lever's active users for a key, leaving out the deactivated", async () => {
    stubDestinations();
    const users = await listLeverUsers({ apiKey: LEVER_KEY, baseUrl: ADDRESSES.lever });
    expect(users.map((user) => user.name)).toEqual(['Chandler Bing']);
  });

  it('keeps Lever after a free check, its key out of what the pages read', async () => {
    const { calls } = stubDestinations();
    const { destination } = await saveDestination({
      kind: 'lever',
      apiKey: LEVER_KEY,
      performAs: CHANDLER,
      baseUrl: ADDRESSES.lever,
    });
    expect(calls).toEqual(['GET /v1/users']);
    expect(destination).toMatchObject({ id: 'lever', label: 'Lever', account: 'Chandler Bing' });
    expect(await savedDestination('lever')).toMatchObject({ apiKey: LEVER_KEY, performAs: CHANDLER });
    const hints = await destinationHints.get();
    expect(hints.map((hint) => hint.id)).toEqual(['lever']);
    expect(JSON.stringify(hints)).not.toContain(LEVER_KEY);
  });

  it("lists Ashby's active sources, and remembers the one chosen for the candidates it creates", async () => {
    const fakes = stubDestinations();
    expect(await listAshbySources({ apiKey: ASHBY_KEY, baseUrl: ADDRESSES.ashby })).toEqual([
      { id: 'src-linkedin', title: 'LinkedIn' },
      { id: 'src-lens', title: 'Candidate Lens' },
    ]);
    await saveDestination({
      kind: 'ashby',
      apiKey: ASHBY_KEY,
      sourceId: 'src-lens',
      baseUrl: ADDRESSES.ashby,
    });
    expect(await savedDestination('ashby')).toMatchObject({ sourceId: 'src-lens' });
    const contact = { ...contactRecord('sourced', 'c-sourced'), name: 'Sourced Person' };
    await vaultWrite.put(contact);
    await sendContact({ contactKey: contact.key, destinationId: 'ashby' });
    expect(fakes.ashby.candidates[0]?.source).toEqual({ id: 'src-lens' });
  });

  it("says which permission Ashby's sources need when the key lacks it", async () => {
    const fakes = stubDestinations();
    fakes.ashby.denied.add('hiringProcessMetadataRead');
    await expect(listAshbySources({ apiKey: ASHBY_KEY, baseUrl: ADDRESSES.ashby })).rejects.toMatchObject({
      message: expect.stringContaining('read the sources (Hiring Process: Read)'),
    });
  });

  it('keeps nothing when the check fails, and says why in plain words', async () => {
    stubDestinations();
    await expect(
      saveDestination({ kind: 'ashby', apiKey: 'wrong-key', baseUrl: ADDRESSES.ashby }),
    ).rejects.toMatchObject({
      name: 'ApiError',
      message: expect.stringContaining('The key was not accepted'),
    });
    expect(await savedDestinations()).toEqual([]);
    expect(await destinationHints.get()).toEqual([]);
  });

  it("keeps HubSpot's account number for the record links", async () => {
    stubDestinations();
    await saveDestination({ kind: 'hubspot', token: HUBSPOT_TOKEN, baseUrl: ADDRESSES.hubspot });
    expect(await savedDestination('hubspot')).toMatchObject({ portalId: HUBSPOT_PORTAL });
  });

  it('refuses an address that is not https before anything is sent', async () => {
    const { calls } = stubDestinations();
    await expect(
      saveDestination({ kind: 'ashby', apiKey: ASHBY_KEY, baseUrl: 'http://ashby.example.com' }),
    ).rejects.toMatchObject({ kind: 'invalid-request' });
    expect(calls).toEqual([]);
  });

  it('replaces the destination of the same kind, and forgets it with its key', async () => {
    stubDestinations();
    await saveDestination({ kind: 'ashby', apiKey: ASHBY_KEY, baseUrl: ADDRESSES.ashby });
    await saveDestination({ kind: 'ashby', apiKey: ASHBY_KEY, baseUrl: ADDRESSES.ashby });
    expect((await savedDestinations()).length).toBe(1);
    expect(await checkDestination('ashby')).toMatchObject({ id: 'ashby' });
    await removeDestination('ashby');
    expect(await savedDestinations()).toEqual([]);
    expect(await destinationHints.get()).toEqual([]);
  });

  it('keeps a webhook whose receiver answers, even while it refuses the test for want of the secret shown once', async () => {
    const receiver = await startWebhookReceiver('the secret the receiver will be given');
    vi.stubGlobal('fetch', httpsFetch(receiver.cert));
    try {
      const { destination, secret } = await saveDestination({ kind: 'webhook', url: receiver.url });
      expect(secret).toMatch(/^whsec_/);
      // The address is a secret: the pages see its host and last characters only.
      expect(destination).toMatchObject({
        id: 'webhook',
        masked: `${new URL(receiver.url).host} …${receiver.url.slice(-4)}`,
      });
      expect(receiver.refused).toEqual(['bad signature']);
      // An address where nothing answers is not kept.
      await expect(
        saveDestination({ kind: 'webhook', url: 'https://127.0.0.1:1/hook' }),
      ).rejects.toMatchObject({ name: 'ApiError' });
      expect((await savedDestinations()).map((c) => c.id)).toEqual(['webhook']);
    } finally {
      await receiver.close();
    }
  });
});
