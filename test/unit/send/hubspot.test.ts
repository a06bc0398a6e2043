import { describe, expect, it } from 'vitest';
import { createHubSpotServer, HUBSPOT_PORTAL, HUBSPOT_TOKEN } from '../../../sim/destinations/hubspot';
import { createHubSpot, hubSpotAccount, splitName } from '../../../src/send/destinations/hubspot';
import type { SendError } from '../../../src/send/errors';
import { ADA, fetchInto, recordingSleep } from './helpers';

function setup(token = HUBSPOT_TOKEN, linkedInProperty?: string) {
  const server = createHubSpotServer();
  const { waits, sleep } = recordingSleep();
  const options = { token, portalId: HUBSPOT_PORTAL, fetch: fetchInto(server.app), sleep, linkedInProperty };
  return { server, hubspot: createHubSpot(options), waits, options };
}

describe('HubSpot', () => {
  it('checks the token and learns the account id for links', async () => {
    const { options } = setup();
    expect(await hubSpotAccount(options)).toBe(HUBSPOT_PORTAL);
  });

  it('splits a name as most CRMs do', () => {
    expect(splitName('Ada King Lovelace')).toEqual({ firstname: 'Ada King', lastname: 'Lovelace' });
    expect(splitName('Cher')).toEqual({ firstname: 'Cher', lastname: '' });
  });

  it('searches by email, then creates the contact with the LinkedIn URL', async () => {
    const { server, hubspot } = setup();
    expect(await hubspot.send(ADA)).toEqual({
      status: 'created',
      id: '101',
      link: `https://app.hubspot.com/contacts/${HUBSPOT_PORTAL}/record/0-1/101`,
    });
    expect(server.contacts[0]?.properties).toEqual({
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0001',
      jobtitle: 'Analyst',
      company: 'Babbage & Co',
      hs_linkedin_url: 'https://www.linkedin.com/in/ada-lovelace',
    });
  });

  it('updates only what an existing contact lacks, never what a user typed', async () => {
    const { server, hubspot } = setup();
    await hubspot.send({ ...ADA, phones: [], jobTitle: undefined });
    server.contacts[0]!.properties.company = 'Typed by a user';
    expect((await hubspot.send(ADA)).status).toBe('updated');
    expect(server.contacts).toHaveLength(1);
    expect(server.contacts[0]?.properties).toMatchObject({
      phone: '+44 20 7946 0001',
      company: 'Typed by a user',
    });
    expect((await hubspot.send(ADA)).status).toBe('already-there');
  });

  it('links a contact made seconds ago that its lagging search does not find yet: never refused', async () => {
    const { server, hubspot } = setup();
    expect((await hubspot.send({ ...ADA, jobTitle: undefined })).status).toBe('created');
    server.log.length = 0;
    // HubSpot's search has not caught up with that write: the create answers 409 CONFLICT with the existing id.
    const again = await hubspot.send(ADA);
    expect(again).toEqual({
      status: 'updated',
      id: '101',
      link: `https://app.hubspot.com/contacts/${HUBSPOT_PORTAL}/record/0-1/101`,
    });
    expect(server.log).toEqual([
      'POST /crm/v3/objects/contacts/search',
      'POST /crm/v3/objects/contacts',
      'GET /crm/v3/objects/contacts/101',
      'PATCH /crm/v3/objects/contacts/101',
    ]);
    expect(server.contacts).toHaveLength(1);
    expect(server.contacts[0]?.properties.jobtitle).toBe('Analyst');
  });

  it("carries HubSpot's message for a validation error", async () => {
    const error = (await setup(HUBSPOT_TOKEN, 'linkedin_custom')
      .hubspot.send(ADA)
      .catch((e: unknown) => e)) as SendError;
    expect(error).toMatchObject({ kind: 'refused', status: 400 });
    expect(error.message).toBe(
      'HubSpot refused it. HubSpot said: "Property "linkedin_custom" does not exist"',
    );
  });

  it('waits Retry-After on 429, then succeeds', async () => {
    const { server, hubspot, waits } = setup();
    server.faults.arm({
      status: 429,
      headers: { 'Retry-After': '1' },
      body: { status: 'error', message: 'limit', category: 'RATE_LIMITS' },
    });
    expect((await hubspot.send(ADA)).status).toBe('created');
    expect(waits).toEqual([1000]);
  });

  it('names a bad token and never repeats it', async () => {
    const error = (await setup('pat-wrong')
      .hubspot.check()
      .catch((e: unknown) => e)) as SendError;
    expect(error.kind).toBe('bad-key');
    expect(error.message).not.toContain('pat-wrong');
  });
});
