/**
 * Two races a team meets, on PGlite and on a real PostgreSQL server: a lookup by profile URL and one by candidate
 * id for the same person at the same moment (one upstream lookup once a search named both), and an erasure while a
 * lookup of that person is under way (the answer reaches the member who paid, and the vault keeps nothing of it).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { erasePerson, personKeyOf } from '../../gateway/vault';
import { LookupResponse } from '../../src/api/schema';
import { ADA, DATABASES, GRACE, JOSE, useTeam } from './harness';

const contactOf = (body: unknown) => LookupResponse.parse(body).data.contacts[0]!;

describe.each(DATABASES)('races on %s', (_kind, open, skip) => {
  const t = useTeam(open);
  beforeEach(() => {
    if (skip) return;
    t.team.sim.state.faults.setLatency(0, '/v1/lookup');
  });

  /** Resolves once a lookup of someone is under way (its flight claimed), so a second request meets it mid-air. */
  async function flightUnderWay(): Promise<void> {
    for (let i = 0; i < 400; i++) {
      const rows = await t.db.query<{ n: number }>(
        'select count(*)::int as n from flights where ended_at is null',
      );
      if (rows[0]!.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error('no lookup got under way');
  }

  it.skipIf(skip)(
    'looks up once when one member asks by profile URL and another by candidate id at the same moment',
    async () => {
      // The members' search names Ada by both her profile URL and her candidate id.
      const search = await t.team.post('/v1/search', t.alice, {
        search_criteria: { current_title: ['Principal Software Engineer'] },
        page_size: 5,
      });
      expect(search.status).toBe(200);
      expect(search.body.data.profiles.map((p: { id: string }) => p.id)).toContain('demo-ada-lovelace');

      // Long enough that the second request surely meets the first under way, even on a loaded machine.
      t.team.sim.state.faults.setLatency(2_000, '/v1/lookup');
      const byUrl = t.team.post('/v1/lookup', t.alice, {
        social_url: 'https://uk.linkedin.com/in/ada-lovelace-demo/?trk=public_profile',
        reveal_personal_email: true,
      });
      await flightUnderWay();
      const byId = t.team.post('/v1/lookup', t.bob, {
        candidate_id: 'demo-ada-lovelace',
        reveal_personal_email: true,
      });
      const [one, two] = await Promise.all([byUrl, byId]);

      expect(t.team.upstreamLookups()).toHaveLength(1);
      for (const answer of [one, two]) {
        expect(answer.status).toBe(200);
        const contact = contactOf(answer.body);
        expect(contact.success && contact.profile.personal_email).toBe('ada.lovelace@example.com');
      }
      expect(one.body.credits.used + two.body.credits.used).toBe(3);
      const people = await t.db.query<{ social_url: string; candidate_id: string }>(
        "select social_url, candidate_id from people where social_url = $1 or candidate_id = 'demo-ada-lovelace'",
        [ADA],
      );
      expect(people).toEqual([{ social_url: ADA, candidate_id: 'demo-ada-lovelace' }]);
    },
  );

  it.skipIf(skip)('keeps nothing of a lookup under way when its person is erased meanwhile', async () => {
    t.team.sim.state.faults.setLatency(1_000, '/v1/lookup');
    const asked = t.team.post('/v1/lookup', t.alice, { social_url: JOSE, reveal_personal_email: true });
    await flightUnderWay();
    expect(await erasePerson(t.db, personKeyOf({ social_url: JOSE }))).toEqual({ erased: true, items: 0 });
    const answer = await asked;

    // The member who paid has the answer...
    expect(answer.status).toBe(200);
    expect(answer.body.credits.used).toBe(3);
    const contact = contactOf(answer.body);
    expect(contact.success && contact.profile.personal_email).toMatch(/@/);
    // ...and the team vault keeps nothing of the person: no row, nothing held, the ledger names nobody.
    const rows = await t.db.query<{ n: number }>(
      "select count(*)::int as n from people where social_url = $1 or candidate_id like 'demo-jose%'",
      [JOSE],
    );
    expect(rows[0]!.n).toBe(0);
    const held = await t.team.post('/v1/team/held', t.bob, { people: [{ social_url: JOSE }] });
    expect(held.body.people[0].items).toEqual([]);
    const named = await t.db.query<{ n: number; charged: number }>(
      "select count(*)::int as n, coalesce(sum(credits), 0)::int as charged from ledger where subject like '%jose%'",
    );
    expect(named[0]).toEqual({ n: 0, charged: 0 });
    const settled = await t.db.query<{ status: string; credits: number }>(
      "select status, credits from ledger where action = 'lookup' order by id desc limit 1",
    );
    expect(settled[0]).toEqual({ status: 'charged', credits: 3 });

    // A lookup after the erasure is a new one, kept as usual.
    t.team.sim.state.faults.setLatency(0, '/v1/lookup');
    const again = await t.team.post('/v1/lookup', t.bob, { social_url: JOSE, reveal_personal_email: true });
    expect(again.body.credits.used).toBe(3);
    const kept = await t.team.post('/v1/team/held', t.alice, { people: [{ social_url: JOSE }] });
    expect(kept.body.people[0].items.map((i: { item: string }) => i.item)).toEqual(['email']);
  });

  it.skipIf(skip)('an erasure before a lookup begins does not stop that lookup being kept', async () => {
    await t.team.post('/v1/lookup', t.alice, { social_url: GRACE, reveal_personal_email: true });
    expect((await erasePerson(t.db, personKeyOf({ social_url: GRACE }))).erased).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await t.team.post('/v1/lookup', t.bob, { social_url: GRACE, reveal_personal_email: true });
    expect(again.status).toBe(200);
    const held = await t.team.post('/v1/team/held', t.alice, { people: [{ social_url: GRACE }] });
    expect(held.body.people[0].items.map((i: { item: string }) => i.item)).toEqual(['email']);
  });
});
