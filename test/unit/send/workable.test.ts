import { describe, expect, it } from 'vitest';
import { createWorkableServer, WORKABLE_TOKEN } from '../../../sim/destinations/workable';
import { createWorkable } from '../../../src/send/destinations/workable';
import { SendError } from '../../../src/send/errors';
import { ADA, fetchInto, recordingSleep } from './helpers';

function setup(options: { token?: string; shortcode?: string } = {}) {
  const server = createWorkableServer();
  const { waits, sleep } = recordingSleep();
  const workable = createWorkable({
    token: options.token ?? WORKABLE_TOKEN,
    subdomain: 'acme',
    ...(options.shortcode ? { shortcode: options.shortcode } : {}),
    fetch: fetchInto(server.app),
    sleep,
  });
  return { server, workable, waits };
}

describe('Workable', () => {
  it("creates a sourced candidate in the job chosen, at the account's own address", async () => {
    const { server, workable } = setup({ shortcode: 'GROOV005' });
    expect(await workable.send(ADA)).toEqual({
      status: 'created',
      id: 'w1',
      link: 'https://acme.workable.com/backend/candidates/w1',
    });
    expect(server.candidates[0]).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0001',
      social_profiles: [{ type: 'linkedin', url: 'https://www.linkedin.com/in/ada-lovelace' }],
      sourced: true,
      job: 'GROOV005',
    });
    expect(server.log).toEqual(['GET /spi/v3/candidates', 'POST /spi/v3/jobs/GROOV005/candidates']);
  });

  it('adds to the talent pool when no job is chosen', async () => {
    const { server, workable } = setup();
    await workable.send(ADA);
    expect(server.candidates[0]).toMatchObject({ job: null, sourced: true });
  });

  it('never makes a second candidate for an email Workable holds (any case), though Workable would take one', async () => {
    const { server, workable } = setup();
    await workable.send(ADA);
    server.log.length = 0;
    const found = await workable.findByEmail('ADA@example.com');
    const again = await workable.send(ADA, { found: found ?? null });
    expect(again).toMatchObject({ status: 'already-there', id: 'w1' });
    expect(server.candidates).toHaveLength(1);
    expect(server.log).toEqual(['GET /spi/v3/candidates']);
  });

  it('names a wrong token plainly, an unknown job with its reason, and never repeats the token', async () => {
    const bad = setup({ token: 'wrong-token' });
    const error = (await bad.workable.check().catch((e: unknown) => e)) as SendError;
    expect(error).toBeInstanceOf(SendError);
    expect(error.kind).toBe('bad-key');
    expect(error.message).not.toContain('wrong-token');
    const { workable } = setup({ shortcode: 'NOPE1' });
    const missing = (await workable.send(ADA).catch((e: unknown) => e)) as SendError;
    expect(missing.status).toBe(404);
  });

  it('waits Retry-After on 429, and backs off on its own without it', async () => {
    const { server, workable, waits } = setup();
    server.faults.arm({ status: 429, headers: { 'Retry-After': '4' }, body: { error: 'Too many requests' } });
    server.faults.arm({ status: 429, body: { error: 'Too many requests' } });
    expect((await workable.send(ADA)).status).toBe('created');
    expect(waits[0]).toBe(4000);
    expect(waits).toHaveLength(2);
  });
});
