/**
 * What a member is told when the team's destination refuses a send through the gateway, on PGlite: a key the
 * destination no longer accepts is the admin's to fix (said as such, never as the member's key); a destination that
 * holds back says when to try again; either way the person is free for the next send at once, which makes one record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../gateway/cli/commands';
import { LEVER_KEY } from '../../sim/destinations/lever';
import { type RunningDestinations, startDestinations } from '../../sim/destinations/serve';
import { ADA, JOSE, pgliteDatabase, SEALER, secretFile, useTeam } from './harness';

const t = useTeam(pgliteDatabase);
let ats: RunningDestinations;

beforeAll(async () => {
  ats = await startDestinations();
  for (const url of [ADA, JOSE]) {
    await t.team.post('/v1/lookup', t.alice, { social_url: url, reveal_personal_email: true });
  }
  await runCommand(
    t.db,
    [
      'send',
      'set',
      'lever',
      '--key-file',
      secretFile(LEVER_KEY),
      '--url',
      ats.lever.url,
      '--perform-as',
      'chandler@exampleq3.com',
    ],
    new Date(),
    { sealer: SEALER },
  );
});
afterAll(async () => {
  await ats?.close();
});

const send = (key: string, socialUrl: string) =>
  fetch(`${t.team.gateway.url}/v1/team/send`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ destination: 'lever', social_url: socialUrl }),
  });

describe('a send the destination refuses', () => {
  it("with the team's key refused: the admin's to fix, said as such; the next send goes through, once", async () => {
    ats.lever.faults.arm({ status: 401, body: { code: 'UnauthorizedError', message: 'Invalid API key' } });
    const refused = await send(t.alice, ADA);
    expect(refused.status).toBe(502);
    expect((await refused.json()).message).toBe(
      "Lever did not accept the key your team's gateway holds. Ask the gateway's admin to set it again.",
    );
    const again = await send(t.bob, ADA);
    expect(again.status).toBe(200);
    expect(ats.lever.opportunities.filter((o) => o.name.startsWith('Ada'))).toHaveLength(1);
  });

  it('held back (429): says when to try again; the next send goes through, once', async () => {
    ats.lever.faults.arm({
      status: 429,
      headers: { 'Retry-After': '120' },
      body: { message: 'Too many requests' },
    });
    const limited = await send(t.alice, JOSE);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBe(120);
    expect((await limited.json()).message).toMatch(/Lever/);
    const again = await send(t.alice, JOSE);
    expect(again.status).toBe(200);
    expect(ats.lever.opportunities.filter((o) => o.name.startsWith('Jos'))).toHaveLength(1);
  });
});
