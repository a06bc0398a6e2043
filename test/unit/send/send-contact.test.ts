import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ASHBY_KEY } from '../../../sim/destinations/ashby';
import { HUBSPOT_TOKEN } from '../../../sim/destinations/hubspot';
import { LEVER_KEY, LEVER_USERS } from '../../../sim/destinations/lever';
import { saveDestination } from '../../../src/background/send-to/destinations';
import { sendContact } from '../../../src/background/send-to/send';
import { keepSent, sentFor, sentKey, sentTo } from '../../../src/store/database/sent';
import { vaultWrite } from '../../../src/store/database/vault/vault-write';
import { contactRecord, profileOf } from '../../support/vault-records';
import { ADDRESSES, stubDestinations } from './fakes';

let fakes: ReturnType<typeof stubDestinations>;
let slug = 0;
/** A revealed contact of its own for each test (the database outlives a test). */
async function revealed(extra: object = {}) {
  slug++;
  const record = { ...contactRecord(`person-${slug}`, `c-${slug}`), name: `Person ${slug}`, ...extra };
  await vaultWrite.put(record);
  return record;
}

beforeEach(async () => {
  fakeBrowser.reset();
  vi.unstubAllGlobals();
  fakes = stubDestinations();
  await saveDestination({
    kind: 'lever',
    apiKey: LEVER_KEY,
    performAs: LEVER_USERS[0]?.id ?? '',
    baseUrl: ADDRESSES.lever,
  });
  await saveDestination({ kind: 'ashby', apiKey: ASHBY_KEY, baseUrl: ADDRESSES.ashby });
  await saveDestination({ kind: 'hubspot', token: HUBSPOT_TOKEN, baseUrl: ADDRESSES.hubspot });
  fakes.calls.length = 0;
});

describe('sending a revealed contact', () => {
  it('looks the person up by email, creates them in Lever, and keeps what was sent beside the contact', async () => {
    const contact = await revealed();
    const result = await sendContact({ contactKey: contact.key, destinationId: 'lever' });
    expect(result).toMatchObject({ status: 'created', label: 'Lever' });
    expect(result.link).toMatch(/^https:\/\/hire\.lever\.co\/candidates\/opp-/);
    // Looked up once, before the intent is written; the create is told what the lookup found.
    expect(fakes.calls).toEqual(['GET /v1/opportunities', 'POST /v1/opportunities']);
    expect(fakes.lever.opportunities[0]).toMatchObject({
      name: contact.name,
      emails: [contact.email.value],
      links: [contact.socialUrl],
      origin: 'sourced',
      sources: ['Candidate Lens'],
    });
    const sent = (await sentFor([contact.key])).get(contact.key);
    expect(sent).toMatchObject([{ destinationId: 'lever', status: 'created', link: result.link }]);
  });

  it("looks each person up once a send, in every vendor's own log", async () => {
    const lookups = {
      lever: () => fakes.lever.log.filter((r) => r === 'GET /v1/opportunities').length,
      ashby: () => fakes.ashby.log.filter((r) => r === 'POST /candidate.search').length,
      hubspot: () => fakes.hubspot.log.filter((r) => r === 'POST /crm/v3/objects/contacts/search').length,
    };
    for (const destinationId of ['lever', 'ashby', 'hubspot'] as const) {
      const before = lookups[destinationId]();
      const contact = await revealed();
      expect((await sendContact({ contactKey: contact.key, destinationId })).status).toBe('created');
      expect(lookups[destinationId]() - before).toBe(1);
    }
  });

  it('links a person HubSpot made seconds before, whom its search does not find yet: never refused', async () => {
    const contact = await revealed();
    // Made in HubSpot a moment ago (by a colleague, a form): HubSpot's search lags behind that write.
    await fetch(`${ADDRESSES.hubspot}/crm/v3/objects/contacts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${HUBSPOT_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ properties: { email: contact.email.value.toUpperCase(), firstname: 'Typed' } }),
    });
    const result = await sendContact({ contactKey: contact.key, destinationId: 'hubspot' });
    expect(result).toMatchObject({ status: 'updated', label: 'HubSpot' });
    expect(fakes.hubspot.contacts).toHaveLength(1);
    // What a HubSpot user typed stays; what it lacked is filled.
    expect(fakes.hubspot.contacts[0]?.properties).toMatchObject({
      firstname: 'Typed',
      lastname: expect.any(String),
    });
    expect((await sentTo('hubspot', contact.key))?.status).toBe('updated');
  });

  it('never sends a contact to a destination twice: the second send asks nothing and says already sent', async () => {
    const contact = await revealed();
    for (const destinationId of ['lever', 'ashby', 'hubspot']) {
      const first = await sendContact({ contactKey: contact.key, destinationId });
      fakes.calls.length = 0;
      const again = await sendContact({ contactKey: contact.key, destinationId });
      expect(again).toMatchObject({ status: 'already-sent', link: first.link });
      expect(fakes.calls).toEqual([]);
      expect((await sentTo(destinationId, contact.key))?.status).toBe('created');
    }
    expect(fakes.lever.opportunities).toHaveLength(1);
  });

  it('says when Lever added the person to a candidate it already had', async () => {
    const contact = await revealed();
    fakes.lever.opportunities.push({
      id: 'opp-old',
      name: contact.name,
      contact: 'contact-old',
      emails: [contact.email.value],
      links: [],
      headline: '',
      origin: 'applied',
      sources: [],
      tags: [],
      createdAt: 0,
    });
    const result = await sendContact({ contactKey: contact.key, destinationId: 'lever' });
    expect(result.status).toBe('linked');
  });

  it('after a send cut off before its answer, finds the record by email instead of creating another', async () => {
    const contact = await revealed();
    await sendContact({ contactKey: contact.key, destinationId: 'lever' });
    // As a worker stopped mid-request leaves it: the intent written, the answer never read.
    const kept = await sentTo('lever', contact.key);
    await keepSent({ ...kept!, state: 'sending', foundBefore: false });
    fakes.calls.length = 0;
    const result = await sendContact({ contactKey: contact.key, destinationId: 'lever' });
    // Nobody had this email before the cut-off request: the record found is the one it made.
    expect(result.status).toBe('created');
    expect(fakes.calls).toEqual(['GET /v1/opportunities']);
    expect(fakes.lever.opportunities).toHaveLength(1);
  });

  it('after a cut-off send to someone Lever already had, says so, and makes nothing more', async () => {
    const contact = await revealed();
    await sendContact({ contactKey: contact.key, destinationId: 'lever' });
    const kept = await sentTo('lever', contact.key);
    await keepSent({ ...kept!, state: 'sending', foundBefore: true });
    expect((await sendContact({ contactKey: contact.key, destinationId: 'lever' })).status).toBe('linked');
    expect(fakes.lever.opportunities).toHaveLength(1);
  });

  it('finds a person already in Ashby and links to them rather than creating a duplicate', async () => {
    const contact = await revealed();
    fakes.ashby.candidates.push({
      id: 'cand-old',
      name: contact.name,
      primaryEmailAddress: { value: contact.email.value, type: 'Personal', isPrimary: true },
      phoneNumbers: [],
      socialLinks: [],
    });
    const result = await sendContact({ contactKey: contact.key, destinationId: 'ashby' });
    expect(result.status).toBe('already-there');
    expect(fakes.ashby.candidates).toHaveLength(1);
  });

  it('refuses a contact without a revealed email before anything is sent', async () => {
    const contact = await revealed({ email: { found: false, at: '2026-01-01T00:00:00.000Z' } });
    await expect(sendContact({ contactKey: contact.key, destinationId: 'lever' })).rejects.toMatchObject({
      kind: 'invalid-request',
      message: expect.stringContaining('Reveal the email first'),
    });
    expect(fakes.calls).toEqual([]);
  });

  it("says the destination's own reason when it refuses, in the shape every screen reads", async () => {
    const contact = await revealed();
    fakes.lever.faults.arm(
      { status: 400, body: { code: 'BadRequestError', message: 'Posting is closed' } },
      2,
    );
    await expect(sendContact({ contactKey: contact.key, destinationId: 'lever' })).rejects.toMatchObject({
      name: 'ApiError',
      message: 'Lever refused it. Lever said: "Posting is closed"',
    });
  });
});

describe('erasing a contact', () => {
  it('removes what was sent with it, and clearing the vault removes every send', async () => {
    const [a, b] = [await revealed(), await revealed()];
    await sendContact({ contactKey: a.key, destinationId: 'ashby' });
    await sendContact({ contactKey: b.key, destinationId: 'ashby' });
    await vaultWrite.remove([a.key]);
    expect(await sentTo('ashby', a.key)).toBeNull();
    expect(await sentTo('ashby', b.key)).not.toBeNull();
    await vaultWrite.clear();
    expect(await sentTo('ashby', b.key)).toBeNull();
    expect(sentKey('ashby', profileOf('x'))).toBe('ashby https://www.linkedin.com/in/x');
  });
});
