import { describe, expect, it } from 'vitest';
import { ASHBY_KEY, createAshbyServer } from '../../../sim/destinations/ashby';
import { createAshby } from '../../../src/send/destinations/ashby';
import type { SendError } from '../../../src/send/errors';
import { ADA, fetchInto, recordingSleep } from './helpers';

function setup(apiKey = ASHBY_KEY) {
  const server = createAshbyServer();
  const { waits, sleep } = recordingSleep();
  const ashby = createAshby({ apiKey, sourceId: 'src-lens', fetch: fetchInto(server.app), sleep });
  return { server, ashby, waits };
}

describe('Ashby', () => {
  it('checks the key with apiKey.info', async () => {
    expect(await setup().ashby.check()).toEqual({ account: 'Candidate Lens' });
  });

  it('searches by email, then creates the candidate', async () => {
    const { server, ashby } = setup();
    expect(await ashby.send(ADA)).toEqual({
      status: 'created',
      id: 'cand-1',
      link: 'https://app.ashbyhq.com/candidates/cand-1',
    });
    expect(server.candidates[0]).toMatchObject({
      name: 'Ada Lovelace',
      primaryEmailAddress: { value: 'ada@example.com' },
      phoneNumbers: [{ value: '+44 20 7946 0001' }],
      socialLinks: [{ url: 'https://www.linkedin.com/in/ada-lovelace' }],
      source: { id: 'src-lens' },
    });
  });

  it('finds the candidate already there and creates nothing', async () => {
    const { server, ashby } = setup();
    await ashby.send(ADA);
    expect(await ashby.send(ADA)).toMatchObject({ status: 'already-there', id: 'cand-1' });
    expect(server.candidates).toHaveLength(1);
  });

  it("carries Ashby's reason from a success:false answer", async () => {
    const error = (await setup()
      .ashby.send({ ...ADA, profileUrl: 'not a url' })
      .catch((e: unknown) => e)) as SendError;
    expect(error.kind).toBe('refused');
    expect(error.message).toBe('Ashby refused it. Ashby said: "linkedInUrl must be a valid URL"');
  });

  it('waits Retry-After on 429, then succeeds', async () => {
    const { server, ashby, waits } = setup();
    server.faults.arm({ status: 429, headers: { 'Retry-After': '2' } });
    expect((await ashby.send(ADA)).status).toBe('created');
    expect(waits).toEqual([2000]);
  });

  it('fails with rate-limited and the wait when Ashby asks for longer than we wait', async () => {
    const { server, ashby, waits } = setup();
    server.faults.arm({ status: 429, headers: { 'Retry-After': '120' } });
    const error = (await ashby.send(ADA).catch((e: unknown) => e)) as SendError;
    expect(error).toMatchObject({ kind: 'rate-limited', retryAfterMs: 120_000 });
    expect(error.message).toContain('120 seconds');
    expect(waits).toEqual([]);
  });

  it('names a bad key', async () => {
    const error = (await setup('nope')
      .ashby.check()
      .catch((e: unknown) => e)) as SendError;
    expect(error.kind).toBe('bad-key');
  });
});
