import { describe, expect, it } from 'vitest';
import { createLeverServer, LEVER_KEY, LEVER_USERS } from '../../../sim/destinations/lever';
import { createLever, leverAddNote, leverUsers } from '../../../src/send/destinations/lever';
import { SendError } from '../../../src/send/errors';
import { ADA, fetchInto, recordingSleep } from './helpers';

const ACTIVE = LEVER_USERS[0]!.id;

function setup(apiKey = LEVER_KEY) {
  const server = createLeverServer();
  const { waits, sleep } = recordingSleep();
  const lever = createLever({
    apiKey,
    performAs: ACTIVE,
    baseUrl: 'https://api.lever.co',
    fetch: fetchInto(server.app),
    sleep,
  });
  return { server, lever, waits };
}

describe('Lever', () => {
  it('lists only active users to act as, and checks the key for free', async () => {
    const { server, lever } = setup();
    const users = await leverUsers({ apiKey: LEVER_KEY, fetch: fetchInto(server.app) });
    expect(users.map((u) => u.name)).toEqual(['Chandler Bing']);
    expect(await lever.check()).toEqual({ account: 'Chandler Bing' });
    expect(server.opportunities).toHaveLength(0);
  });

  it('creates a sourced opportunity with the reference fields', async () => {
    const { server, lever } = setup();
    const outcome = await lever.send(ADA);
    expect(outcome).toEqual({
      status: 'created',
      id: 'opp-1',
      link: 'https://hire.lever.co/candidates/opp-1',
    });
    expect(server.opportunities[0]).toMatchObject({
      name: 'Ada Lovelace',
      emails: ['ada@example.com'],
      links: ['https://www.linkedin.com/in/ada-lovelace'],
      origin: 'sourced',
      sources: ['Candidate Lens'],
    });
  });

  it('says "linked" when Lever adds the opportunity to the contact already holding the email', async () => {
    const { lever } = setup();
    await lever.send(ADA);
    const again = await lever.send(ADA);
    expect(again.status).toBe('linked');
    expect(await lever.findByEmail('ADA@example.com')).toEqual({
      id: 'opp-1',
      link: 'https://hire.lever.co/candidates/opp-1',
      contact: 'contact-1',
    });
  });

  it("carries Lever's own reason when it refuses", async () => {
    const { lever } = setup();
    const error = await lever.send({ ...ADA, name: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SendError);
    expect(error).toMatchObject({ kind: 'refused', status: 400 });
    expect((error as SendError).message).toContain('Opportunity name is required');
  });

  it('waits Retry-After on 429, then succeeds', async () => {
    const { server, lever, waits } = setup();
    server.faults.arm({
      status: 429,
      headers: { 'Retry-After': '3' },
      body: { code: 'TooManyRequests', message: 'slow' },
    });
    expect((await lever.send(ADA)).status).toBe('created');
    expect(waits).toEqual([3000]);
  });

  it('names a bad key plainly and never repeats it', async () => {
    const { lever } = setup('wrong-key');
    const error = (await lever.check().catch((e: unknown) => e)) as SendError;
    expect(error.kind).toBe('bad-key');
    expect(error.message).toContain('did not accept the key');
    expect(error.message).not.toContain('wrong-key');
  });
});

describe('Lever: a job change told as a note', () => {
  it('adds a note to the opportunity as the acting user (Lever updates no headline), and refuses an unknown one', async () => {
    const { server, lever } = setup();
    await lever.send(ADA);
    const options = {
      apiKey: LEVER_KEY,
      performAs: ACTIVE,
      baseUrl: 'https://api.lever.co',
      fetch: fetchInto(server.app),
    };
    const id = await leverAddNote(options, 'opp-1', 'Now Staff Engineer at Nimbus');
    expect(server.opportunities[0]!.notes).toEqual([
      { id, value: 'Now Staff Engineer at Nimbus', user: ACTIVE, createdAt: expect.any(Number) },
    ]);
    // The headline as created: the reference has no call that changes it.
    expect(server.opportunities[0]!.headline).toBe(ADA.headline ?? '');
    await expect(leverAddNote(options, 'opp-404', 'x')).rejects.toBeInstanceOf(SendError);
    expect(server.log.filter((line) => line.includes('/notes'))).toHaveLength(2);
  });
});
