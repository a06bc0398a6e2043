/**
 * A lookup checks its member in its own first statement, so an instance that has read a member key
 * once takes it from memory for the next lookups, without a round trip of its own; on PGlite and on PostgreSQL. A
 * revoked member is still refused 401, by that statement when no notification told the instance, and before a
 * bad body is judged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../gateway/db/database';
import { ADA, DATABASES, JOSE, KWAME, startTeam, type Team, type TestDatabase } from './harness';

/** `db`, counting the statements that read a member by key (the key's own round trip). */
function countingKeyReads(db: TestDatabase): { db: TestDatabase; keyReads: () => number } {
  let reads = 0;
  const counted: TestDatabase = Object.create(db);
  counted.query = ((text: string, params?: readonly unknown[]) => {
    if (/from members where key_hash = \$1/.test(text)) reads++;
    return db.query(text, params);
  }) as Database['query'];
  return { db: counted, keyReads: () => reads };
}

describe.each(DATABASES)('a member key a lookup takes from memory (%s)', (_name, open, skip) => {
  let db: TestDatabase;
  let team: Team;
  let keyReads: () => number;
  beforeAll(async () => {
    if (skip) return;
    const opened = (await open())!;
    ({ db, keyReads } = countingKeyReads(opened));
    // The memory's time is 1 ms, so every reading of a key is past its time by the next request.
    team = await startTeam(db, undefined, { settings: { authCacheMs: 1 } });
  });
  afterAll(async () => {
    await team?.close();
    await db?.dispose();
  });

  it.skipIf(skip)('reads a key once, then lets each lookup check it in its own statement', async () => {
    const { alice } = { alice: team.keys['Alice Smith']! };
    const first = await team.post('/v1/lookup', alice, { social_url: ADA, reveal_personal_email: true });
    expect(first.status).toBe(200);
    const after = keyReads();
    // A paid lookup and a team-held answer: neither reads the key again.
    const paid = await team.post('/v1/lookup', alice, { social_url: JOSE, reveal_personal_email: true });
    const held = await team.post('/v1/lookup', alice, { social_url: ADA, reveal_personal_email: true });
    expect([paid.status, held.status]).toEqual([200, 200]);
    expect(paid.body.credits.used).toBeGreaterThan(0);
    expect(held.body.credits.used).toBe(0);
    expect(keyReads()).toBe(after);
    // Any other request reads it as before.
    expect((await team.get('/v1/team/me', alice)).status).toBe(200);
    expect(keyReads()).toBe(after + 1);
  });

  it.skipIf(skip)(
    'refuses a revoked member 401 though no notification came, before any body is judged',
    async () => {
      const bob = team.keys['Bob Lee']!;
      expect(
        (await team.post('/v1/lookup', bob, { social_url: ADA, reveal_personal_email: true })).status,
      ).toBe(200);
      // Revoked without the notification `member revoke` sends: this instance still remembers Bob's key.
      await db.query("update members set revoked_at = now() where name = 'Bob Lee'");
      team.sim.state.requests.clear();
      // Held by the team, or to be asked of the service: refused by the lookup's first statement, nothing sent.
      for (const social_url of [ADA, KWAME]) {
        const refused = await team.post('/v1/lookup', bob, { social_url, reveal_personal_email: true });
        expect(refused.status).toBe(401);
        expect(refused.body.message).toMatch(/Invalid or inactive API key/);
      }
      expect(team.upstreamLookups()).toHaveLength(0);
      // A bad body from a remembered key: the key is read again first, so the answer is 401, not 400.
      const bad = await team.post('/v1/lookup', bob, { social_url: ADA });
      expect(bad.status).toBe(401);
      const ledger = await db.query<{ n: number }>(
        "select count(*)::int as n from ledger l join members m on m.id = l.member_id where m.name = 'Bob Lee' and l.status = 'pending'",
      );
      expect(ledger[0]!.n).toBe(0);
    },
  );

  it.skipIf(skip)('answers a bad body 400 to an active member whose key it remembers', async () => {
    const alice = team.keys['Alice Smith']!;
    const bad = await team.post('/v1/lookup', alice, { social_url: ADA });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/at least one enrichment/i);
  });
});
