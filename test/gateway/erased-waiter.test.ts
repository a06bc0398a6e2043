/**
 * A member waiting for a teammate's lookup of someone who is erased meanwhile, on PGlite and on a real PostgreSQL
 * server. The teammate's lookup keeps nothing, so the vault cannot answer the one waiting: that member gets a lookup
 * of their own, charged to them once and under their caps, and the team keeps nothing of it either (they asked
 * before the erasure).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { erasePerson, personKeyOf } from '../../gateway/vault';
import { LookupResponse } from '../../src/api/schema';
import { ADA, DATABASES, GRACE, JOSE, useFreshTeam } from './harness';

const contactOf = (body: unknown) => LookupResponse.parse(body).data.contacts[0]!;

describe.each(DATABASES)('a lookup waiting through an erasure, on %s', (_kind, open, skip) => {
  // Each test starts from a team of its own (Carol's cap counts only what she spent in that test).
  const t = useFreshTeam(open, {
    'Alice Smith': { dailyCap: null, monthlyCap: null },
    'Bob Lee': { dailyCap: null, monthlyCap: null },
    // Room for one email (3 credits), not two.
    'Carol Diaz': { dailyCap: 5, monthlyCap: null },
  });
  beforeEach(() => {
    if (skip) return;
    // Long enough that the waiter surely meets the lookup under way, even on a loaded machine.
    t.team.sim.state.faults.setLatency(1_500, '/v1/lookup');
  });

  /** Resolves once a lookup is under way (`waited`: and someone waits for it). */
  async function underWay(waited = false): Promise<void> {
    for (let i = 0; i < 1_000; i++) {
      const rows = await t.db.query<{ n: number }>(
        `select count(*)::int as n from flights where ended_at is null${waited ? ' and waited' : ''}`,
      );
      if (rows[0]!.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(waited ? 'nobody waited for the lookup under way' : 'no lookup got under way');
  }

  /** Ledger rows of lookups, per member name: credits charged and whether the row still names someone. */
  async function lookupsCharged(): Promise<{ name: string; credits: number; named: boolean }[]> {
    return t.db.query(
      `select m.name, l.credits, l.subject is not null as named from ledger l join members m on m.id = l.member_id
       where l.action = 'lookup' order by m.name, l.id`,
    );
  }

  it.skipIf(skip)(
    'gives the waiting member a lookup of their own, charged once, and keeps nothing of it',
    async () => {
      const first = t.team.post('/v1/lookup', t.alice, { social_url: JOSE, reveal_personal_email: true });
      await underWay();
      // Bob clicks while Alice's lookup is under way: he waits for it rather than paying for a second.
      const second = t.team.post('/v1/lookup', t.bob, { social_url: JOSE, reveal_personal_email: true });
      await underWay(true);
      expect((await erasePerson(t.db, personKeyOf({ social_url: JOSE }))).erased).toBe(true);
      const [one, two] = await Promise.all([first, second]);

      // Both have the email they asked for; each paid once for their own click.
      for (const answer of [one, two]) {
        expect(answer.status).toBe(200);
        expect(answer.body.credits.used).toBe(3);
        const contact = contactOf(answer.body);
        expect(contact.success && contact.profile.personal_email).toMatch(/@/);
      }
      expect(t.team.upstreamLookups()).toHaveLength(2);
      expect(await lookupsCharged()).toEqual([
        { name: 'Alice Smith', credits: 3, named: false },
        { name: 'Bob Lee', credits: 3, named: false },
      ]);
      // The team keeps nothing of the person: no row, nothing held.
      const rows = await t.db.query<{ n: number }>(
        "select count(*)::int as n from people where social_url = $1 or candidate_id like 'demo-jose%'",
        [JOSE],
      );
      expect(rows[0]!.n).toBe(0);
      const held = await t.team.post('/v1/team/held', t.alice, { people: [{ social_url: JOSE }] });
      expect(held.body.people[0].items).toEqual([]);
    },
  );

  it.skipIf(skip)(
    'a lookup by candidate id of someone the service does not know, erased while under way: the team keeps nothing of them',
    async () => {
      const id = 'demo-erased-while-unknown';
      const first = t.team.post('/v1/lookup', t.alice, { candidate_id: id, reveal_personal_email: true });
      await underWay();
      expect((await erasePerson(t.db, personKeyOf({ candidate_id: id }))).erased).toBe(true);
      const answer = await first;
      // Alice has the service's answer: not found, nothing charged.
      expect(answer.status).toBe(200);
      const contact = contactOf(answer.body);
      expect(!contact.success && contact.status_code).toBe(404);
      // The erasure is found by the id she asked with (the answer names no one): the ledger row names no one, and
      // no "not found" mark of the person is kept to answer the next lookup with.
      expect(await lookupsCharged()).toEqual([{ name: 'Alice Smith', credits: 0, named: false }]);
      const rows = await t.db.query<{ n: number }>(
        'select count(*)::int as n from people where candidate_id = $1',
        [id],
      );
      expect(rows[0]!.n).toBe(0);
    },
  );

  it.skipIf(skip)('holds the waiting member to their cap', async () => {
    const carol = t.team.keys['Carol Diaz']!;
    // Carol has used 3 of her 5 credits today: an email more would pass her cap.
    const spent = await t.team.post('/v1/lookup', carol, { social_url: ADA, reveal_personal_email: true });
    expect(spent.body.credits.used).toBe(3);
    t.team.sim.state.requests.clear();

    const first = t.team.post('/v1/lookup', t.alice, { social_url: GRACE, reveal_personal_email: true });
    // Carol could not lead this lookup (it would pass her cap): she waits for Alice's.
    await underWay();
    const waiting = t.team.post('/v1/lookup', carol, { social_url: GRACE, reveal_personal_email: true });
    await underWay(true);
    await erasePerson(t.db, personKeyOf({ social_url: GRACE }));
    const [one, two] = await Promise.all([first, waiting]);

    expect(one.body.credits.used).toBe(3);
    // Carol's own lookup would pass her cap: refused before it leaves, nothing charged.
    expect(two.status).toBe(403);
    expect(two.body.cap).toMatchObject({ period: 'day', credits: 5 });
    expect(t.team.upstreamLookups()).toHaveLength(1);
    expect((await lookupsCharged()).filter((row) => row.name === 'Carol Diaz')).toEqual([
      { name: 'Carol Diaz', credits: 3, named: true },
    ]);
  });
});
