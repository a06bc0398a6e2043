/**
 * What a member is told when the team's destination refuses a send through the gateway, on PGlite: a key the
 * destination no longer accepts is the admin's to fix (said as such, never as the member's key); a destination that
 * holds back says when to try again; either way the person is free for the next send at once, which makes one record.
 * A send that cannot start says why and sends nothing: a teammate sending the same person (named, or "a teammate"
 * when another instance claimed them a moment after this one read), no email or phone held, data flagged wrong. A
 * destination that is down is its failure (502), one too slow a 504, a fault of the gateway a 500; a send cut off
 * after finding the person already there is told as linked when made again.
 *
 * The team and its people are set once; each test starts with nothing sent and a new, empty Lever set as the team's,
 * so it passes alone and in any order (mutation testing runs a test alone).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCommand } from '../../gateway/cli/commands';
import type { Database } from '../../gateway/db/database';
import type { Member } from '../../gateway/members';
import { TeamSendRefusal, teamSend } from '../../gateway/sends';
import { LEVER_KEY } from '../../sim/destinations/lever';
import { type RunningDestinations, startDestinations } from '../../sim/destinations/serve';
import { ADA, GRACE, JOSE, KWAME, pgliteDatabase, SEALER, secretFile, useTeam } from './harness';

const t = useTeam(pgliteDatabase);
let ats: RunningDestinations;

beforeAll(async () => {
  for (const url of [ADA, JOSE, GRACE, ...others(5)]) {
    await t.team.post('/v1/lookup', t.alice, { social_url: url, reveal_personal_email: true });
  }
  // Known to the team by a detailed profile alone: no email or phone to send.
  await t.team.post('/v1/lookup', t.alice, { social_url: KWAME, reveal_detailed_person_enrichment: true });
});
// A Lever of its own for each test: a request an earlier test left waiting there (a send it gave up on) cannot take
// a fault this test arms.
beforeEach(async () => {
  await t.db.query('delete from sends');
  ats = await startDestinations();
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
afterEach(async () => {
  await ats?.close();
});

/** Simulated candidates with an email, past the ones other files use (revealed by Alice before the tests). */
function others(count: number): string[] {
  return t.team.sim.state.dataset.profiles
    .filter((p) => p.personal_email !== null && p.social_url)
    .slice(80, 80 + count)
    .map((p) => p.social_url as string);
}

/** A member as the routes give one to `teamSend`. */
async function member(name: string): Promise<Member> {
  const [row] = await t.db.query<{ id: number }>('select id from members where name = $1', [name]);
  return { id: row!.id, name } as Member;
}

/** A send made by calling the gateway's `teamSend` (as its route does), the refusal it throws caught. */
async function sendDirect(
  db: Database,
  socialUrl: string,
  transport: Parameters<typeof teamSend>[4] = {},
): Promise<Awaited<ReturnType<typeof teamSend>> | TeamSendRefusal> {
  try {
    return await teamSend(
      { db, sealer: SEALER },
      await member('Alice Smith'),
      'lever',
      { socialUrl },
      transport,
    );
  } catch (error) {
    if (error instanceof TeamSendRefusal) return error;
    throw error;
  }
}

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

describe('a send that cannot start', () => {
  it('while a teammate sends the same person: refused with their name, nothing sent twice', async () => {
    const [url] = others(1);
    ats.lever.faults.latencyMs = 400;
    try {
      const first = send(t.alice, url!);
      // Alice's send holds the person from its claim to its end.
      for (let i = 0; i < 400; i++) {
        const rows = await t.db.query<{ n: number }>(
          'select count(*)::int as n from sends where busy_until > now()',
        );
        if (rows[0]!.n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const second = await send(t.bob, url!);
      expect(second.status).toBe(409);
      expect((await second.json()).message).toBe(
        'Alice Smith is sending this person to Lever right now. Try again in a moment.',
      );
      expect((await first).status).toBe(200);
    } finally {
      ats.lever.faults.latencyMs = 0;
    }
    const email = t.team.sim.state.dataset.profiles.find((p) => p.social_url === url)!.personal_email!;
    expect(ats.lever.opportunities.filter((o) => o.emails.includes(email))).toHaveLength(1);
  });

  it('while a teammate makes again a send that failed: refused with the name on the send, one record', async () => {
    ats.lever.faults.arm({ status: 400, body: { code: 'BadRequestError', message: 'Try again later' } });
    expect((await send(t.alice, GRACE)).status).toBe(422);
    ats.lever.faults.latencyMs = 300;
    let both: Response[];
    try {
      both = await Promise.all([send(t.alice, GRACE), send(t.bob, GRACE)]);
    } finally {
      ats.lever.faults.latencyMs = 0;
    }
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await both.find((answer) => answer.status === 409)!.json()).message).toBe(
      'Alice Smith is sending this person to Lever right now. Try again in a moment.',
    );
    expect(ats.lever.opportunities.filter((o) => o.name.startsWith('Grace'))).toHaveLength(1);
  });

  it('claimed by a teammate on another instance between our read and our claim: refused, nothing sent', async () => {
    const [, url] = others(2);
    const person = await t.db.query<{ id: number }>('select id from people where social_url = $1', [url]);
    const bob = await member('Bob Lee');
    // Bob's instance claims the person the moment after ours read that nobody had.
    const racing: Database = {
      ...t.db,
      transaction: (fn) =>
        t.db.transaction(async (tx) =>
          fn({
            ...tx,
            query: async (text: string, params?: readonly unknown[]) => {
              if (/for update of s/.test(text)) {
                await tx.query(
                  `insert into sends (person_id, destination, member_id, state, busy_until)
                   values ($1, 'lever', $2, 'sending', now() + interval '1 minute')`,
                  [person[0]!.id, bob.id],
                );
                return [];
              }
              return tx.query(text, params as unknown[]);
            },
          } as typeof tx),
        ),
    };
    const before = ats.lever.log.length;
    const refused = await sendDirect(racing, url!);
    expect(refused).toBeInstanceOf(TeamSendRefusal);
    expect(refused).toMatchObject({
      status: 409,
      message: 'A teammate is sending this person to Lever right now. Try again in a moment.',
    });
    expect(ats.lever.log.length).toBe(before);
  });

  it('of a person the team holds no email or phone of: refused, nothing sent', async () => {
    const before = ats.lever.log.length;
    const refused = await send(t.alice, KWAME);
    expect(refused.status).toBe(404);
    expect((await refused.json()).message).toBe(
      "Your team's gateway holds no email or phone for this person, so nothing was sent to Lever. Reveal them with the team's account first.",
    );
    expect(ats.lever.log.length).toBe(before);
  });

  it('of a person whose data the team flagged wrong: refused until the flag is taken back', async () => {
    const [, , url] = others(3);
    // Its detailed profile held too (nothing to send), its email flagged: said as flagged, not as nothing held.
    await t.team.post('/v1/lookup', t.bob, { social_url: url, reveal_detailed_person_enrichment: true });
    const flag = (wrong: boolean) =>
      t.team.post('/v1/team/flag', t.bob, { social_url: url, target: 'email', wrong });
    expect((await flag(true)).status).toBe(200);
    const before = ats.lever.log.length;
    const refused = await send(t.alice, url!);
    expect(refused.status).toBe(422);
    expect((await refused.json()).message).toBe(
      "This person's data is flagged wrong by your team, and flagged data is not sent: nothing was sent to Lever. Take the flag back to send it.",
    );
    expect(ats.lever.log.length).toBe(before);
    expect((await flag(false)).status).toBe(200);
    expect((await send(t.alice, url!)).status).toBe(200);
  });
});

describe('a send that fails at the destination', () => {
  it('forbidden or not set up there: the admin is asked to set the key again', async () => {
    for (const status of [403]) {
      ats.lever.faults.arm({ status, body: { code: 'Forbidden', message: 'No access' } });
      const refused = await send(t.alice, GRACE);
      expect(refused.status).toBe(502);
      expect((await refused.json()).message).toBe(
        "Lever did not accept the key your team's gateway holds. Ask the gateway's admin to set it again.",
      );
    }
  });

  it("down: said as the destination's failure (502), and too slow: a 504; the person is free for the next send", async () => {
    ats.lever.faults.arm({ status: 503, body: { message: 'Service Unavailable' } }, 3);
    const down = await send(t.alice, GRACE);
    expect(down.status).toBe(502);
    expect((await down.json()).message).toMatch(/^Lever /);
    ats.lever.faults.arm({ status: 200, body: {} });
    ats.lever.faults.latencyMs = 1_000;
    try {
      const slow = await sendDirect(t.db, GRACE, { timeoutMs: 200, retries: 0 });
      expect(slow).toBeInstanceOf(TeamSendRefusal);
      expect((slow as TeamSendRefusal).status).toBe(504);
    } finally {
      ats.lever.faults.latencyMs = 0;
      ats.lever.faults.queue.length = 0;
    }
    expect((await send(t.bob, GRACE)).status).toBe(200);
  });

  it('a fault in the gateway while sending is a fault of the gateway (500), not said as the destination', async () => {
    const [, , , url] = others(4);
    await t.db.exec(`
      create function test_refuse_intent() returns trigger language plpgsql as $$
      begin raise exception 'no room for the intent'; end $$;
      create trigger test_refuse_intent before update on sends for each row
        when (new.found_before is not null and old.found_before is null) execute function test_refuse_intent();
    `);
    try {
      const answer = await send(t.alice, url!);
      expect(answer.status).toBe(500);
      expect((await answer.json()).message).toMatch(/^Internal server error occurred in the team gateway/);
    } finally {
      await t.db.exec('drop trigger test_refuse_intent on sends; drop function test_refuse_intent();');
    }
    // Freed: the next send goes through.
    expect((await send(t.bob, url!)).status).toBe(200);
  });

  it('cut off after finding the person already there: the next send says linked, as the first would have', async () => {
    const [url] = others(5).slice(4);
    const email = (
      await t.db.query<{ value: string }>(
        `select h.value #>> '{}' as value from held_items h join people p on p.id = h.person_id
       where p.social_url = $1 and h.item = 'email'`,
        [url],
      )
    )[0]!.value;
    // In Lever already, made by hand (not by the team).
    ats.lever.opportunities.push({
      id: 'opp-by-hand',
      name: 'Made By Hand',
      contact: 'contact-by-hand',
      emails: [email],
      links: [],
      headline: '',
      origin: 'sourced',
      sources: [],
      tags: [],
      createdAt: Date.now(),
    });
    let cut = false;
    const cutOff = await sendDirect(t.db, url!, {
      fetch: (input, init) => {
        if (init?.method === 'POST' && !cut) {
          cut = true;
          return Promise.reject(new TypeError('fetch failed'));
        }
        return fetch(input, init);
      },
      retries: 0,
    });
    expect(cut).toBe(true);
    expect(cutOff).toBeInstanceOf(TeamSendRefusal);
    const again = await send(t.bob, url!);
    expect(again.status).toBe(200);
    const body = await again.json();
    expect(body.this_send).toBe('linked');
    expect(body.sent).toMatchObject({ status: 'linked', record_id: 'opp-by-hand' });
  });
});
