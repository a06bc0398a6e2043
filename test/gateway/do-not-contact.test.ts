/**
 * The team's do-not-contact list: kept as salted hashes (the tables name nobody), honoured by the lookup path (no
 * flight, no ledger row, nothing asked of the service), by `team/held` and by `team/send`, managed by members (list,
 * check) and the admin (take off), each change in the audit log without whom; and schema 003 from a team at 002.
 */
import { describe, expect, it } from 'vitest';
import { unlistAudited } from '../../gateway/admin/actions';
import { listAudit } from '../../gateway/audit';
import { MIGRATIONS, migrate } from '../../gateway/db/migrations';
import { dncIdentifiers, entryOf, isListed, listPerson } from '../../gateway/do-not-contact';
import { LookupResponse } from '../../src/api/schema';
import { TeamDncResponse, TeamHeldResponse } from '../../src/api/team-schema';
import { ADA, databaseAtVersion, JOSE, KWAME, pgliteDatabase, useFreshTeam } from './harness';

// Each test starts from a team of its own, and lists first whom it needs listed.
const t = useFreshTeam(pgliteDatabase);

const ADA_EMAIL = 'ada.lovelace@example.com';

/** Alice lists Ada by her profile address as a page may give it and by her email, because Ada objected. */
function aliceListsAda() {
  return t.team.post('/v1/team/do-not-contact', t.alice, {
    social_url: 'https://uk.linkedin.com/in/Ada-Lovelace-Demo/?trk=x',
    emails: [' Ada.Lovelace@Example.com '],
    reason: 'objected',
  });
}

/** Every text value of every row of a table, as one string. */
async function tableText(table: string): Promise<string> {
  const rows = await t.db.query(`select * from ${table}`);
  return JSON.stringify(rows);
}

describe('the do-not-contact list', () => {
  it('is kept as salted hashes: the tables hold no profile address and no email in clear', async () => {
    const listed = await aliceListsAda();
    expect(listed.status).toBe(200);
    const body = TeamDncResponse.parse(listed.body);
    expect(body.added).toBe(true);
    expect(body.entry).toMatchObject({ reason: 'objected', added_by: 'Alice Smith' });

    for (const table of ['do_not_contact', 'do_not_contact_hashes']) {
      const text = (await tableText(table)).toLowerCase();
      // Not 'ada': a hex hash holds those three letters now and then.
      expect(text).not.toContain('lovelace');
      expect(text).not.toContain('linkedin');
      expect(text).not.toContain('@');
      expect(text).not.toContain('example');
    }
    const hashes = await t.db.query<{ hash: string; kind: string }>(
      'select hash, kind from do_not_contact_hashes order by kind',
    );
    expect(hashes.map((h) => h.kind)).toEqual(['email', 'url']);
    for (const { hash } of hashes) expect(hash).toMatch(/^[0-9a-f]{64}$/);
    // Salted: not the bare SHA-256 of the canonical address.
    const bare = await t.db.query<{ h: string }>(
      "select encode(sha256(convert_to($1, 'UTF8')), 'hex') as h",
      [ADA],
    );
    expect(hashes.map((h) => h.hash)).not.toContain(bare[0]!.h);
  });

  it('refuses a lookup of a listed person before anything leaves: no call to the service, no ledger row, no charge', async () => {
    expect((await aliceListsAda()).status).toBe(200);
    const before = await t.db.query<{ n: number }>('select count(*)::int as n from ledger');
    const answer = await t.team.post('/v1/lookup', t.bob, {
      social_url: 'linkedin.com/in/ada-lovelace-demo',
      reveal_personal_email: true,
      reveal_phone: true,
    });
    expect(answer.status).toBe(200);
    const parsed = LookupResponse.parse(answer.body);
    // The service's shape: the request succeeded, its one contact did not.
    expect(parsed.success).toBe(true);
    const contact = parsed.data.contacts[0]!;
    expect(contact.success).toBe(false);
    expect(!contact.success && contact.status_code).toBe(451);
    expect(!contact.success && contact.error).toMatch(/do-not-contact list/);
    // Under the address as the member gave it, as the service answers a profile address.
    expect(contact).toMatchObject({
      lookup_identifier: 'linkedin.com/in/ada-lovelace-demo',
      lookup_type: 'social_url',
    });
    expect(parsed.data.summary).toEqual({ total_requested: 1, successful: 0, failed: 1 });
    expect(parsed.credits.used).toBe(0);
    expect(t.team.upstreamLookups()).toEqual([]);
    expect(await t.db.query('select count(*)::int as n from ledger')).toEqual(before);
    expect(await t.db.query('select count(*)::int as n from flights')).toEqual([{ n: 0 }]);
  });

  it('says so in team/held, holding nothing back but the items', async () => {
    expect((await aliceListsAda()).status).toBe(200);
    const held = await t.team.post('/v1/team/held', t.bob, {
      people: [{ social_url: ADA }, { social_url: JOSE }],
    });
    const people = TeamHeldResponse.parse(held.body).people;
    expect(people[0]).toEqual({ social_url: ADA, items: [], do_not_contact: true });
    expect(people[1]!.do_not_contact).toBeUndefined();
  });

  it('refuses a send of a listed person, whatever destination', async () => {
    expect((await aliceListsAda()).status).toBe(200);
    const sent = await t.team.post('/v1/team/send', t.bob, { destination: 'lever', social_url: ADA });
    expect(sent.status).toBe(422);
    expect(sent.body.message).toMatch(/do-not-contact list/);
  });

  it('finds a person listed by email alone through the email the team vault holds of them', async () => {
    const first = await t.team.post('/v1/lookup', t.alice, { social_url: JOSE, reveal_personal_email: true });
    const revealed = LookupResponse.parse(first.body).data.contacts[0]!;
    expect(revealed.success).toBe(true);
    const email = revealed.success ? revealed.profile.personal_email! : '';
    await t.team.post('/v1/team/do-not-contact', t.bob, {
      emails: [email.toUpperCase()],
      reason: 'client_employee',
    });
    t.team.sim.state.requests.clear();
    const again = await t.team.post('/v1/lookup', t.alice, { social_url: JOSE, reveal_phone: true });
    expect(LookupResponse.parse(again.body).data.contacts[0]!.success).toBe(false);
    expect(t.team.upstreamLookups()).toEqual([]);
    // And by the candidate id the service named for them.
    const byId = revealed.success ? revealed.profile.id : '';
    expect(await isListed(t.db, { candidateId: byId })).toBe(true);
  });

  it('checks any identifier, and says why and who without naming anyone', async () => {
    expect((await aliceListsAda()).status).toBe(200);
    const yes = await t.team.post('/v1/team/do-not-contact/check', t.bob, { emails: [ADA_EMAIL] });
    expect(TeamDncResponse.parse(yes.body).entry).toMatchObject({
      reason: 'objected',
      added_by: 'Alice Smith',
    });
    const no = await t.team.post('/v1/team/do-not-contact/check', t.bob, { social_url: KWAME });
    expect(TeamDncResponse.parse(no.body).entry).toBeNull();
  });

  it('listing a listed person again keeps their entry and adds what it lacked', async () => {
    expect((await aliceListsAda()).status).toBe(200);
    const again = await t.team.post('/v1/team/do-not-contact', t.bob, {
      social_url: ADA,
      candidate_id: 'cand-ada-extra',
      reason: 'other',
    });
    const body = TeamDncResponse.parse(again.body);
    expect(body.added).toBe(false);
    expect(body.entry?.reason).toBe('objected');
    expect(await isListed(t.db, { candidateId: 'cand-ada-extra' })).toBe(true);
  });

  it('refuses what is not a profile address or an email, storing nothing', async () => {
    const before = await tableText('do_not_contact_hashes');
    const bad = await t.team.post('/v1/team/do-not-contact', t.bob, {
      social_url: 'https://example.com/ada',
      reason: 'objected',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/is not a LinkedIn profile address/);
    const noReason = await t.team.post('/v1/team/do-not-contact', t.bob, { social_url: KWAME });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toMatch(/reason/);
    const noEmail = await t.team.post('/v1/team/do-not-contact', t.bob, { emails: ['ada'], reason: 'other' });
    expect(noEmail.body.message).toMatch(/is not an email address/);
    expect(await tableText('do_not_contact_hashes')).toBe(before);
  });

  it('records who listed and who took off, never whom; taken off, the person is looked up again', async () => {
    expect((await aliceListsAda()).status).toBe(200);
    const byBob = await t.team.post('/v1/team/do-not-contact', t.bob, {
      emails: ['jose.alvarez@example.org'],
      reason: 'client_employee',
    });
    expect(byBob.status).toBe(200);
    const entries = await listAudit(t.db, {});
    const listed = entries.filter((e) => e.kind === 'dnc_added');
    expect(listed.map((e) => e.actor).sort()).toEqual(['Alice Smith', 'Bob Lee']);
    for (const entry of listed) {
      expect(entry.person).toBeNull();
      expect(JSON.stringify(entry.detail)).not.toMatch(/ada|linkedin|@/i);
    }
    const entry = await entryOf(t.db, dncIdentifiers({ socialUrl: ADA }));
    expect(await unlistAudited(t.db, 'Dana Reyes', entry!.id)).toBe(true);
    expect(await unlistAudited(t.db, 'Dana Reyes', entry!.id)).toBe(false);
    expect((await listAudit(t.db, { kind: 'dnc_removed' }))[0]).toMatchObject({ actor: 'Dana Reyes' });
    const looked = await t.team.post('/v1/lookup', t.bob, { social_url: ADA, reveal_personal_email: true });
    expect(LookupResponse.parse(looked.body).data.contacts[0]!.success).toBe(true);
  });
});

describe('schema 003 on a team in use at 002', () => {
  it('adds the list and a salt of its own to the team, keeping everything held', async () => {
    const db = await databaseAtVersion(2);
    try {
      await db.exec(`
        insert into members (name, key_hash, key_hint) values ('Alice Smith', 'h1', 'abcd');
        insert into people (social_url, candidate_id, name) values ('${ADA}', 'cand-ada', 'Ada Lovelace');
        insert into held_items (person_id, item, found, value, member_id) values (1, 'email', true, '"${ADA_EMAIL}"', 1);
        insert into ledger (member_id, action, subject, max_credits, credits, status)
          values (1, 'lookup', '${ADA}', 9, 3, 'charged');
        insert into audit_log (kind, actor) values ('sign_in', 'Dana Reyes');
      `);
      expect(await migrate(db, MIGRATIONS, 3)).toEqual([3]);
      expect(await db.query('select count(*)::int as n from held_items')).toEqual([{ n: 1 }]);
      expect(await db.query('select count(*)::int as n from ledger')).toEqual([{ n: 1 }]);
      expect(await db.query('select count(*)::int as n from audit_log')).toEqual([{ n: 1 }]);
      const salt = await db.query<{ dnc_salt: string }>('select dnc_salt from team');
      expect(salt[0]!.dnc_salt).toMatch(/^[0-9a-f]{64}$/);
      // The new statements work beside the old data: listed by email, found through the vault's email.
      await listPerson(db, dncIdentifiers({ emails: [ADA_EMAIL] }), 'erasure', 'command line');
      expect(await isListed(db, { socialUrl: ADA })).toBe(true);
      await expect(
        db.query("insert into audit_log (kind, actor) values ('dnc_added', 'command line')"),
      ).resolves.toEqual([]);
    } finally {
      await db.dispose();
    }
  });

  it('gives two teams different salts, so one list matches nothing in another', async () => {
    const [a, b] = await Promise.all([databaseAtVersion(3), databaseAtVersion(3)]);
    try {
      const [sa, sb] = await Promise.all([
        a.query<{ dnc_salt: string }>('select dnc_salt from team'),
        b.query<{ dnc_salt: string }>('select dnc_salt from team'),
      ]);
      expect(sa[0]!.dnc_salt).not.toBe(sb[0]!.dnc_salt);
    } finally {
      await Promise.all([a.dispose(), b.dispose()]);
    }
  });
});
