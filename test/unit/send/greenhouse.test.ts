import { describe, expect, it } from 'vitest';
import {
  createGreenhouseServer,
  GREENHOUSE_CLIENT_ID,
  GREENHOUSE_CLIENT_SECRET,
} from '../../../sim/destinations/greenhouse';
import { createGreenhouse } from '../../../src/send/destinations/greenhouse';
import { SendError } from '../../../src/send/errors';
import { performSend } from '../../../src/send/outcome';
import { ADA, fetchInto, recordingSleep } from './helpers';

function setup(clientSecret = GREENHOUSE_CLIENT_SECRET) {
  const server = createGreenhouseServer();
  const { waits, sleep } = recordingSleep();
  // A different address per test: tokens are held per credentials and address, in memory only.
  const baseUrl = `https://harvest-${crypto.randomUUID()}.test`;
  const greenhouse = createGreenhouse({
    clientId: GREENHOUSE_CLIENT_ID,
    clientSecret,
    baseUrl,
    fetch: fetchInto(server.app),
    sleep,
  });
  return { server, greenhouse, waits, baseUrl };
}

describe('Greenhouse (Harvest v3)', () => {
  it('fetches a token with the client credentials, then creates the candidate with the reference fields', async () => {
    const { server, greenhouse } = setup();
    expect(await greenhouse.send(ADA)).toEqual({
      status: 'created',
      id: '4001',
      link: 'https://app.greenhouse.io/people/4001',
    });
    expect(server.candidates[0]).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      company: 'Babbage & Co',
      title: 'Analyst',
      email_addresses: [{ value: 'ada@example.com', type: 'work' }],
      phone_numbers: [{ value: '+44 20 7946 0001', type: 'mobile' }],
      social_media_addresses: [{ value: 'https://www.linkedin.com/in/ada-lovelace' }],
      tags: ['Candidate Lens'],
    });
    expect(server.log).toEqual(['POST /token', 'GET /v3/candidates', 'POST /v3/candidates']);
  });

  it('keeps its token between calls, and fetches a new one once when Greenhouse says it expired', async () => {
    const { server, greenhouse } = setup();
    await greenhouse.findByEmail('nobody@example.com');
    await greenhouse.findByEmail('nobody@example.com');
    expect(server.log.filter((line) => line === 'POST /token')).toHaveLength(1);
    server.expireTokens();
    expect(await greenhouse.findByEmail('nobody@example.com')).toBeUndefined();
    expect(server.log.filter((line) => line === 'POST /token')).toHaveLength(2);
  });

  it('links a person Greenhouse already holds (email in any case), looked up once (token held), never created twice', async () => {
    const { server, greenhouse, baseUrl } = setup();
    await greenhouse.send(ADA);
    server.log.length = 0;
    const settings = {
      id: 'greenhouse',
      label: 'Greenhouse',
      kind: 'greenhouse' as const,
      clientId: GREENHOUSE_CLIENT_ID,
      clientSecret: GREENHOUSE_CLIENT_SECRET,
      baseUrl,
    };
    const outcome = await performSend(
      settings,
      { ...ADA, emails: ['ADA@example.com'] },
      null,
      async () => {},
      {},
      { fetch: fetchInto(server.app) },
    );
    expect(outcome).toMatchObject({ status: 'already-there', id: '4001' });
    expect(server.candidates).toHaveLength(1);
    expect(server.log).toEqual(['GET /v3/candidates']);
  });

  it('refuses wrong credentials plainly, never repeating the secret', async () => {
    const { server, greenhouse } = setup('wrong-secret');
    const error = (await greenhouse.check().catch((e: unknown) => e)) as SendError;
    expect(error).toBeInstanceOf(SendError);
    expect(error.kind).toBe('bad-key');
    expect(error.message).not.toContain('wrong-secret');
    expect(error.reason).toContain('Client authentication failed');
    expect(server.log).toEqual(['POST /token']);
  });

  it("carries Greenhouse's own reason when it refuses a candidate", async () => {
    const { greenhouse } = setup();
    const error = (await greenhouse.send({ ...ADA, name: 'Ada' }).catch((e: unknown) => e)) as SendError;
    expect(error).toMatchObject({ kind: 'refused', status: 422 });
    expect(error.message).toContain('last_name');
  });

  it('waits Retry-After on 429, and backs off on its own without it', async () => {
    const { server, greenhouse, waits } = setup();
    server.faults.arm({ status: 429, headers: { 'Retry-After': '2' }, body: { message: 'Rate limit' } });
    server.faults.arm({ status: 429, body: { message: 'Rate limit' } });
    expect((await greenhouse.send(ADA)).status).toBe('created');
    expect(waits[0]).toBe(2000);
    expect(waits).toHaveLength(2);
    expect(waits[1]).toBeGreaterThan(0);
  });
});
