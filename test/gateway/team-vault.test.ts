/**
 * The team vault on PGlite, through a gateway in process and the simulator: what is asked upstream, what is
 * answered free, the billing note, canonical URLs and ids, people and items the service does not have, single
 * flight within an instance, erasure.
 */
import { describe, expect, it } from 'vitest';
import { erasePerson, personKeyOf } from '../../gateway/vault';
import { LookupResponse } from '../../src/api/schema';
import { TeamHeldResponse } from '../../src/api/team-schema';
import { ADA, GRACE, JOSE, KWAME, pgliteDatabase, UNKNOWN, useFreshTeam } from './harness';

// Each test starts from a team of its own and reveals first what it needs the team to hold.
const t = useFreshTeam(pgliteDatabase);

const contactOf = (body: unknown) => {
  const parsed = LookupResponse.parse(body);
  return { contact: parsed.data.contacts[0]!, credits: parsed.credits };
};

/** Alice reveals Ada's email by her profile address (3 credits); what the service was asked is then forgotten. */
async function aliceRevealsAdasEmail(): Promise<void> {
  const paid = await t.team.post('/v1/lookup', t.alice, { social_url: ADA, reveal_personal_email: true });
  expect(contactOf(paid.body).credits.used).toBe(3);
  t.team.sim.state.requests.clear();
}

/** Bob reveals Ada's detailed profile (1 credit), once Alice holds her email; the service's log is then forgotten. */
async function bobRevealsAdasProfile(): Promise<void> {
  const paid = await t.team.post('/v1/lookup', t.bob, {
    social_url: ADA,
    reveal_detailed_person_enrichment: true,
  });
  expect(contactOf(paid.body).credits.used).toBe(1);
  t.team.sim.state.requests.clear();
}

describe('a teammate pays only for what the team does not hold', () => {
  it('asks upstream only for the items nobody holds, and names who revealed the rest', async () => {
    const first = await t.team.post('/v1/lookup', t.alice, {
      social_url: 'https://linkedin.com/in/ada-lovelace-demo/',
      reveal_personal_email: true,
    });
    expect(first.status).toBe(200);
    expect(contactOf(first.body).credits.used).toBe(3);

    const second = await t.team.post('/v1/lookup', t.bob, {
      social_url: 'https://www.linkedin.com/in/ada-lovelace-demo',
      reveal_personal_email: true,
      reveal_detailed_person_enrichment: true,
    });
    expect(second.status).toBe(200);
    const { contact, credits } = contactOf(second.body);
    expect(credits.used).toBe(1);
    expect(credits.billing_note).toMatch(
      /Already held by your team, no charge: email \(revealed by Alice Smith on /,
    );
    expect(contact.success && contact.profile.personal_email).toBe('ada.lovelace@example.com');
    expect(contact.success && contact.profile.skills?.length).toBeGreaterThan(0);
    expect(contact.success && [...contact.contact_data_retrieved].sort()).toEqual([
      'detailed_profile',
      'email',
    ]);
    expect(contact.lookup_identifier).toBe('https://www.linkedin.com/in/ada-lovelace-demo');

    const upstream = t.team.upstreamLookups();
    expect(upstream).toHaveLength(2);
    expect(upstream[1]!.body).toEqual({ social_url: ADA, reveal_detailed_person_enrichment: true });
  });

  it('answers a lookup of held items from the vault, with nothing sent upstream and 0 charged', async () => {
    await aliceRevealsAdasEmail();
    const again = await t.team.post('/v1/lookup', t.bob, {
      social_url: 'uk.linkedin.com/in/Ada-Lovelace-Demo?trk=x',
      reveal_personal_email: true,
    });
    expect(again.status).toBe(200);
    const { contact, credits } = contactOf(again.body);
    expect(credits.used).toBe(0);
    expect(credits.billing_note).toMatch(
      /^No credits charged\. Already held by your team, no charge: email \(revealed by Alice Smith/,
    );
    expect(contact.success && contact.profile.personal_email).toBe('ada.lovelace@example.com');
    expect(t.team.upstreamLookups()).toHaveLength(0);
  });

  it('links the candidate id to the profile URL: a lookup by id finds what a lookup by URL revealed', async () => {
    await aliceRevealsAdasEmail();
    const byId = await t.team.post('/v1/lookup', t.alice, {
      candidate_id: 'demo-ada-lovelace',
      reveal_personal_email: true,
    });
    expect(contactOf(byId.body).credits.used).toBe(0);
    expect(contactOf(byId.body).contact.lookup_type).toBe('id');
    expect(t.team.upstreamLookups()).toHaveLength(0);
  });

  it('merges a person first looked up by id with the same person looked up by URL', async () => {
    const byId = await t.team.post('/v1/lookup', t.alice, {
      candidate_id: 'demo-jose-alvarez',
      reveal_personal_email: true,
    });
    expect(contactOf(byId.body).credits.used).toBe(3);
    // The URL is not yet known to be Jose's: the service is asked (for the phone too), and its answer names the id.
    const byUrl = await t.team.post('/v1/lookup', t.bob, { social_url: JOSE, reveal_phone: true });
    expect(byUrl.status).toBe(200);
    const both = await t.team.post('/v1/lookup', t.bob, {
      social_url: JOSE,
      reveal_personal_email: true,
      reveal_phone: true,
    });
    const { credits } = contactOf(both.body);
    expect(credits.used).toBe(0);
    expect(credits.billing_note).toMatch(/email \(revealed by Alice Smith/);
    expect(credits.billing_note).toMatch(/phone \(asked by Bob Lee/);
    expect(t.team.upstreamLookups()).toHaveLength(2);
  });

  it('remembers an item the service does not have, and does not ask again for a while', async () => {
    const first = await t.team.post('/v1/lookup', t.alice, {
      social_url: KWAME,
      reveal_personal_email: true,
    });
    expect(contactOf(first.body).credits.used).toBe(0);
    const { contact } = contactOf(first.body);
    expect(contact.success && contact.contact_data_retrieved).toEqual([]);
    const second = await t.team.post('/v1/lookup', t.bob, { social_url: KWAME, reveal_personal_email: true });
    expect(contactOf(second.body).credits.billing_note).toMatch(/The service had none, known to your team/);
    expect(t.team.upstreamLookups()).toHaveLength(1);
  });

  it('remembers a person the service does not know', async () => {
    const first = await t.team.post('/v1/lookup', t.alice, {
      social_url: UNKNOWN,
      reveal_personal_email: true,
    });
    const second = await t.team.post('/v1/lookup', t.bob, { social_url: UNKNOWN, reveal_phone: true });
    for (const answer of [first, second]) {
      const { contact, credits } = contactOf(answer.body);
      expect(contact.success).toBe(false);
      expect(!contact.success && contact.status_code).toBe(404);
      expect(credits.used).toBe(0);
    }
    expect(contactOf(second.body).credits.billing_note).toMatch(
      /did not find this candidate when your team asked/,
    );
    expect(t.team.upstreamLookups()).toHaveLength(1);
  });

  it('sends one upstream lookup for 12 concurrent requests of one person from two members', async () => {
    t.team.sim.state.faults.setLatency(150, null);
    try {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          t.team.post('/v1/lookup', i % 2 ? t.alice : t.bob, {
            social_url: i % 3 ? GRACE : `${GRACE}/`,
            reveal_personal_email: true,
            reveal_healthcare_enrichment: true,
          }),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        const { contact } = contactOf(answer.body);
        expect(contact.success && contact.profile.npi_data?.npi_number).toBeTruthy();
      }
      expect(t.team.upstreamLookups()).toHaveLength(1);
      expect(answers.reduce((sum, a) => sum + contactOf(a.body).credits.used, 0)).toBe(4);
    } finally {
      t.team.sim.state.faults.setLatency(0, null);
    }
  });
});

describe('what the extension asks first, free', () => {
  it('says which items the team holds for a list of people, in the order asked', async () => {
    await aliceRevealsAdasEmail();
    await bobRevealsAdasProfile();
    const jose = await t.team.post('/v1/lookup', t.alice, {
      candidate_id: 'demo-jose-alvarez',
      reveal_personal_email: true,
      reveal_phone: true,
    });
    expect(jose.status).toBe(200);
    t.team.sim.state.requests.clear();
    const answer = await t.team.post('/v1/team/held', t.bob, {
      people: [
        { social_url: 'linkedin.com/in/ADA-LOVELACE-DEMO' },
        { candidate_id: 'demo-jose-alvarez' },
        { social_url: 'https://www.linkedin.com/in/nobody-asked-yet' },
      ],
    });
    expect(answer.status).toBe(200);
    const held = TeamHeldResponse.parse(answer.body);
    expect(held.people[0]!.social_url).toBe('linkedin.com/in/ADA-LOVELACE-DEMO');
    expect(held.people[0]!.items.map((i) => [i.item, i.found, i.revealed_by]).sort()).toEqual([
      ['detailed_profile', true, 'Bob Lee'],
      ['email', true, 'Alice Smith'],
    ]);
    expect(held.people[1]!.items.map((i) => i.item).sort()).toEqual(['email', 'phone']);
    expect(held.people[2]!.items).toEqual([]);
    expect(t.team.sim.state.requests.list()).toHaveLength(0);
  });

  it('refuses a malformed question with a clear message', async () => {
    const both = await t.team.post('/v1/team/held', t.bob, {
      people: [{ social_url: ADA, candidate_id: 'x' }],
    });
    expect(both.status).toBe(400);
    expect(both.body.message).toMatch(/exactly one of social_url or candidate_id/);
    const tooMany = await t.team.post('/v1/team/held', t.bob, {
      people: Array.from({ length: 101 }, (_, i) => ({ candidate_id: String(i) })),
    });
    expect(tooMany.status).toBe(400);
    expect((await t.team.post('/v1/team/held', t.bob, { people: [] })).status).toBe(400);
  });

  it('tells a member who they are, the team, their caps and spend, and the balance', async () => {
    await aliceRevealsAdasEmail();
    // Bob's spend is his own: it is not Alice's.
    await bobRevealsAdasProfile();
    const me = await t.team.get('/v1/team/me', t.alice);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      success: true,
      member: { name: 'Alice Smith' },
      team: { name: 'Your team' },
      caps: { daily: null, monthly: null },
    });
    expect(me.body.spent).toEqual({ today: 3, this_month: 3 });
    expect(me.body.balance.credits_remaining).toBe(
      t.team.sim.state.key('svc-team-secret-4f9c2e71b8a3d605')!.remaining,
    );
  });
});

describe('erasure', () => {
  it('erases a person: nothing held any more, the ledger no longer names them, a new lookup is paid', async () => {
    await aliceRevealsAdasEmail();
    await bobRevealsAdasProfile();
    const naming = "select count(*)::int as n from ledger where subject like '%ada-lovelace%'";
    expect(await t.db.query(naming)).toEqual([{ n: 2 }]);
    const result = await erasePerson(
      t.db,
      personKeyOf({ social_url: 'https://linkedin.com/in/ada-lovelace-demo/' }),
    );
    expect(result).toEqual({ erased: true, items: 2 });
    const held = await t.team.post('/v1/team/held', t.bob, {
      people: [{ social_url: ADA }, { candidate_id: 'demo-ada-lovelace' }],
    });
    expect(held.body.people.map((p: { items: unknown[] }) => p.items)).toEqual([[], []]);
    expect(await t.db.query(naming)).toEqual([{ n: 0 }]);
    const again = await t.team.post('/v1/lookup', t.bob, { social_url: ADA, reveal_personal_email: true });
    expect(contactOf(again.body).credits.used).toBe(3);
  });

  it("keeps an erasure's marker for a day: a later erasure drops the markers older than that, and only those", async () => {
    await aliceRevealsAdasEmail();
    await erasePerson(t.db, personKeyOf({ social_url: ADA }));
    const markers = async (url: string) => {
      const rows = await t.db.query<{ n: number }>(
        'select count(*)::int as n from erasures where key_hash = gateway_key_hash($1)',
        [url],
      );
      return rows[0]!.n;
    };
    const age = (url: string, hours: number) =>
      t.db.query(
        `update erasures set erased_at = now() - $2 * interval '1 hour' where key_hash = gateway_key_hash($1)`,
        [url, hours],
      );
    expect(await markers(ADA)).toBe(1);
    // 23 hours old: still kept when someone else is erased.
    await age(ADA, 23);
    await erasePerson(t.db, personKeyOf({ social_url: JOSE }));
    expect([await markers(ADA), await markers(JOSE)]).toEqual([1, 1]);
    // 25 hours old: dropped by the next erasure; the younger one stays.
    await age(ADA, 25);
    await erasePerson(t.db, personKeyOf({ social_url: KWAME }));
    expect([await markers(ADA), await markers(JOSE), await markers(KWAME)]).toEqual([0, 1, 1]);
  });
});
