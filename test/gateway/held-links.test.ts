/**
 * The free "what does the team hold" question finds a person as a lookup would, on PGlite and on a real PostgreSQL
 * server: by the identifier asked, or by the other one a search through the gateway named with it.
 */
import { describe, expect, it } from 'vitest';
import { keepSearchLinks } from '../../gateway/vault';
import { TeamHeldResponse } from '../../src/api/team-schema';
import { ADA, DATABASES, GRACE, JOSE, KWAME, useTeam } from './harness';

describe.each(DATABASES)('what the team holds, through search links, on %s', (_kind, open, skip) => {
  const t = useTeam(open);

  /** The items (sorted, with who revealed them) the team holds of each person asked. */
  async function heldItems(key: string, people: object[]): Promise<string[][]> {
    const answer = await t.team.post('/v1/team/held', key, { people });
    expect(answer.status).toBe(200);
    return TeamHeldResponse.parse(answer.body).people.map((person) =>
      person.items.map((i) => `${i.item} by ${i.revealed_by}`).sort(),
    );
  }

  it.skipIf(skip)(
    'answers by profile URL for someone revealed by candidate id, once a search named both',
    async () => {
      // Alice reveals Ada by her candidate id: the service's answer never gives the profile URL.
      const lookup = await t.team.post('/v1/lookup', t.alice, {
        candidate_id: 'demo-ada-lovelace',
        reveal_personal_email: true,
      });
      expect(lookup.status).toBe(200);
      expect(lookup.body.credits.used).toBe(3);
      expect(await heldItems(t.bob, [{ social_url: ADA }])).toEqual([[]]);

      // Bob's search names Ada by both.
      const search = await t.team.post('/v1/search', t.bob, {
        search_criteria: { current_title: ['Principal Software Engineer'] },
        page_size: 5,
      });
      expect(search.status).toBe(200);
      expect(search.body.data.profiles.map((p: { id: string }) => p.id)).toContain('demo-ada-lovelace');

      t.team.sim.state.requests.clear();
      expect(
        await heldItems(t.bob, [
          { social_url: 'https://uk.linkedin.com/in/ada-lovelace-demo/?trk=public_profile' },
          { candidate_id: 'demo-ada-lovelace' },
        ]),
      ).toEqual([['email by Alice Smith'], ['email by Alice Smith']]);
      // Free, as it says: nothing reached the service.
      expect(t.team.sim.state.requests.list()).toHaveLength(0);

      // And a lookup by that URL agrees: answered from the vault, at no charge.
      const again = await t.team.post('/v1/lookup', t.bob, { social_url: ADA, reveal_personal_email: true });
      expect(again.body.credits.used).toBe(0);
      expect(t.team.upstreamLookups()).toHaveLength(0);
    },
  );

  it.skipIf(skip)('reads two rows a link names as one person, as a lookup would merge them', async () => {
    // Kwame asked about by URL when the service had nothing for him, and by candidate id when it had his phone:
    // two rows, each naming him by one identifier only.
    await t.db.query("insert into people (social_url, not_found_at) values ($1, now() - interval '1 hour')", [
      KWAME,
    ]);
    const [member] = await t.db.query<{ id: number }>("select id from members where name = 'Alice Smith'");
    await t.db.query(
      `with p as (insert into people (candidate_id) values ('demo-kwame-mensah') returning id)
       insert into held_items (person_id, item, found, value, member_id)
       select p.id, 'phone', true, '"+233 20 000 0000"', $1 from p`,
      [member!.id],
    );
    expect(await heldItems(t.bob, [{ social_url: KWAME }])).toEqual([[]]);
    await keepSearchLinks(t.db, [{ id: 'demo-kwame-mensah', social_url: `${KWAME}/` }]);
    expect(await heldItems(t.bob, [{ social_url: KWAME }, { candidate_id: 'demo-kwame-mensah' }])).toEqual([
      ['phone by Alice Smith'],
      ['phone by Alice Smith'],
    ]);
    // A lookup merges them and answers the phone free.
    const lookup = await t.team.post('/v1/lookup', t.bob, { social_url: KWAME, reveal_phone: true });
    expect(lookup.body.credits.used).toBe(0);
    expect(t.team.upstreamLookups()).toHaveLength(0);
  });

  it.skipIf(skip)('never mixes two people when a link names someone each row already names', async () => {
    await t.team.post('/v1/lookup', t.alice, { social_url: JOSE, reveal_personal_email: true });
    await t.team.post('/v1/lookup', t.alice, { social_url: GRACE, reveal_phone: true });
    // A link pairing Jose's URL with Grace's candidate id (as a search answer could, were the service's data to
    // change): each row already names its own person by both.
    await keepSearchLinks(t.db, [{ id: 'demo-grace-okafor', social_url: JOSE }]);
    expect(await heldItems(t.bob, [{ social_url: JOSE }, { candidate_id: 'demo-grace-okafor' }])).toEqual([
      ['email by Alice Smith'],
      ['phone by Alice Smith'],
    ]);
  });
});
