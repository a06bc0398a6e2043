/**
 * The audit log, on PGlite and on PostgreSQL: every reveal (who, whom, items, credits), send (who, whom, where),
 * member and destination changes and erasures through the admin commands are recorded with their time; the database refuses
 * any change or early deletion of an entry; filters, CSV and the retention the admin sets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appendAudit,
  auditCsvRows,
  auditRetentionDays,
  listAudit,
  pruneAudit,
  setAuditRetention,
} from '../../gateway/audit';
import { runCommand } from '../../gateway/cli/commands';
import { MIGRATIONS, migrate } from '../../gateway/db/migrations';
import { findActiveMember } from '../../gateway/members';
import { ASHBY_KEY } from '../../sim/destinations/ashby';
import { type RunningDestinations, startDestinations } from '../../sim/destinations/serve';
import {
  ADA,
  DATABASES,
  databaseAtVersion,
  JOSE,
  SEALER,
  secretFile,
  useFreshTeam,
  useTeam,
} from './harness';

describe.each(DATABASES)('the audit log on %s', (_kind, open, skip) => {
  // The team put back before each test (an empty log, the retention a new team has): each test makes the entries it
  // reads, so it passes alone and in any order.
  const t = useFreshTeam(open);
  /** Alice reveals Ada's email (paid), then Bob asks for it (held by the team: nothing charged); Alice's answer. */
  const aliceRevealsAdaAndBobAsks = async () => {
    const paid = await t.team.post('/v1/lookup', t.alice, { social_url: ADA, reveal_personal_email: true });
    expect(paid.status).toBe(200);
    expect(paid.body.credits.used).toBeGreaterThan(0);
    const held = await t.team.post('/v1/lookup', t.bob, { social_url: ADA, reveal_personal_email: true });
    expect(held.body.credits.used).toBe(0);
    return paid;
  };

  it.skipIf(skip)('records each reveal: who, whom, the items new and held, the credits', async () => {
    const paid = await aliceRevealsAdaAndBobAsks();

    const reveals = await listAudit(t.db, { kind: 'reveal', person: 'ada-lovelace' });
    expect(reveals.map((e) => [e.actor, e.member, e.person, e.personName])).toEqual([
      ['Bob Lee', 'Bob Lee', ADA, 'Ada Lovelace'],
      ['Alice Smith', 'Alice Smith', ADA, 'Ada Lovelace'],
    ]);
    expect(reveals[1]!.detail).toEqual({ items: ['email'], held: [], credits: paid.body.credits.used });
    expect(reveals[0]!.detail).toEqual({ items: [], held: ['email'], credits: 0 });
    expect(Date.now() - reveals[0]!.at.getTime()).toBeLessThan(60_000);

    const bob = await findActiveMember(t.db, 'Bob Lee');
    expect((await listAudit(t.db, { memberId: bob!.id })).map((e) => e.kind)).toEqual(['reveal']);
    expect(await listAudit(t.db, { person: 'Lovelace' })).toHaveLength(2);
    expect(await listAudit(t.db, { person: '%' })).toEqual([]);
    // A lookup refused (a bad body) reveals nobody.
    await t.team.post('/v1/lookup', t.alice, { social_url: 'nope' });
    expect(await listAudit(t.db, { kind: 'reveal' })).toHaveLength(2);
  });

  it.skipIf(skip)(
    'records member changes and erasures made by the admin commands; an erasure unnames its entries',
    async () => {
      await runCommand(t.db, ['member', 'add', 'Carol Diaz', '--daily-cap', '40']);
      await runCommand(t.db, ['member', 'caps', 'Carol Diaz', '--daily-cap', '50']);
      await runCommand(t.db, ['member', 'revoke', 'Carol Diaz']);
      const changes = await listAudit(t.db, { since: new Date(Date.now() - 60_000) });
      expect(changes.slice(0, 3).map((e) => [e.kind, e.actor, e.member, e.detail])).toEqual([
        ['member_revoked', 'command line', 'Carol Diaz', {}],
        ['member_caps', 'command line', 'Carol Diaz', { daily: 50, monthly: null }],
        ['member_added', 'command line', 'Carol Diaz', { name: 'Carol Diaz', daily: 40, monthly: null }],
      ]);

      await t.team.post('/v1/lookup', t.alice, { social_url: JOSE, reveal_personal_email: true });
      expect(await listAudit(t.db, { person: 'jose-alvarez' })).toHaveLength(1);
      // Erased by candidate id, though revealed by profile URL: the log names them by neither afterwards.
      const [{ candidate_id }] = (await t.db.query<{ candidate_id: string }>(
        'select candidate_id from people where social_url = $1',
        [JOSE],
      )) as [{ candidate_id: string }];
      await runCommand(t.db, ['erase', candidate_id]);
      expect(await listAudit(t.db, { person: 'jose-alvarez' })).toEqual([]);
      expect(await listAudit(t.db, { person: candidate_id })).toEqual([]);
      const [erase, reveal] = await listAudit(t.db, { limit: 2 });
      expect(erase!.kind).toBe('erase');
      expect(erase!.detail).toMatchObject({ items: 1, entries_anonymised: 1 });
      expect(reveal).toMatchObject({
        kind: 'reveal',
        actor: 'Alice Smith',
        person: null,
        personName: null,
        erased: true,
      });
      expect(JSON.stringify(await t.db.query('select * from audit_people'))).not.toContain('jose');
    },
  );

  it.skipIf(skip)(
    'refuses any change, an early deletion or an emptying of the log, for any client',
    async () => {
      // A person named in the log (audit_people) and an entry of each kind a client might try to change.
      await aliceRevealsAdaAndBobAsks();
      await appendAudit(t.db, { kind: 'sign_in', actor: 'Dana Admin' });
      await expect(t.db.query("update audit_log set actor = 'someone else'")).rejects.toThrow(/append-only/);
      await expect(t.db.query('delete from audit_log')).rejects.toThrow(/append-only/);
      await expect(t.db.query('truncate audit_log')).rejects.toThrow(/append-only/);
      await expect(t.db.query("update audit_people set name = 'Someone Else'")).rejects.toThrow(/by erasure/);
      await expect(t.db.query('delete from audit_people')).rejects.toThrow(/by erasure/);
      await expect(t.db.query('update audit_settings set retention_days = 1')).rejects.toThrow();
      expect((await listAudit(t.db, { kind: 'sign_in' }))[0]!.actor).toBe('Dana Admin');
    },
  );

  it.skipIf(skip)('keeps entries as long as the admin says, and no less', async () => {
    // An entry from 400 days ago (written as a team upgraded from an older log would hold it).
    await t.db.query(
      "insert into audit_log (kind, actor, at) values ('sign_in', 'Old Admin', now() - interval '400 days')",
    );
    await t.db.query(
      "insert into audit_log (kind, actor, at) values ('sign_in', 'Recent Admin', now() - interval '40 days')",
    );
    expect(await auditRetentionDays(t.db)).toBe(365);
    expect(await pruneAudit(t.db)).toBe(1);
    await expect(setAuditRetention(t.db, 'Dana Admin', 7)).rejects.toThrow(/between 30 and 3650 days; got 7/);
    await setAuditRetention(t.db, 'Dana Admin', 30);
    const actors = (await listAudit(t.db, { kind: 'sign_in' })).map((e) => e.actor);
    expect(actors).not.toContain('Old Admin');
    expect(actors).not.toContain('Recent Admin');
    expect((await listAudit(t.db, { kind: 'retention_set' }))[0]!.detail).toEqual({ days: 30, before: 365 });
    // Past retention is the only deletion allowed: a 10-day-old entry still cannot go.
    await t.db.query(
      "insert into audit_log (kind, actor, at) values ('sign_in', 'Ten Days', now() - interval '10 days')",
    );
    await expect(t.db.query("delete from audit_log where actor = 'Ten Days'")).rejects.toThrow(/append-only/);
  });

  it.skipIf(skip)('gives CSV rows in plain words', async () => {
    await aliceRevealsAdaAndBobAsks();
    const rows = auditCsvRows(await listAudit(t.db, { kind: 'reveal' }));
    expect(rows[0]).toEqual(['Time (UTC)', 'Kind', 'Who', 'Member', 'Person', 'Name', 'What']);
    expect(rows.find((r) => r[2] === 'Bob Lee')).toEqual([
      expect.stringMatching(/^\d{4}-/),
      'Reveal',
      'Bob Lee',
      'Bob Lee',
      ADA,
      'Ada Lovelace',
      'nothing new for 0 credits; held by the team: email',
    ]);
  });
});

describe('schema 002 on a database in use at version 1', () => {
  it('adds the audit log and the console tables, keeping what the team holds', async () => {
    const db = await databaseAtVersion(1);
    try {
      await db.exec(`
        insert into members (name, key_hash, key_hint, daily_cap) values ('Alice Smith', 'h1', 'abcd', 50);
        insert into people (social_url, candidate_id, name) values ('${ADA}', 'cand-ada', 'Ada Lovelace');
        insert into held_items (person_id, item, found, value, member_id) values (1, 'email', true, '"ada@x.example"', 1);
        insert into flights (person_id, member_id, items, expires_at) values (1, 1, '["phone"]', now() + interval '1 minute');
        insert into ledger (member_id, action, subject, max_credits, credits, status)
          values (1, 'lookup', '${ADA}', 9, 3, 'charged'), (1, 'lookup', '${ADA}', 6, null, 'pending');
      `);
      // Schema 002 alone: later files have tests of their own from the shape before them.
      expect(await migrate(db, MIGRATIONS, 2)).toEqual([2]);
      expect(await db.query('select count(*)::int as n from held_items')).toEqual([{ n: 1 }]);
      expect(await db.query('select count(*)::int as n from ledger')).toEqual([{ n: 2 }]);
      expect(await db.query('select count(*)::int as n from flights')).toEqual([{ n: 1 }]);
      expect(await auditRetentionDays(db)).toBe(365);
      expect(await listAudit(db)).toEqual([]);
      // The new module's statements work beside the old data.
      await appendAudit(db, {
        kind: 'reveal',
        actor: 'Alice Smith',
        memberId: 1,
        person: { key: { socialUrl: ADA }, name: 'Ada Lovelace' },
        detail: { items: ['email'], held: [], credits: 3 },
      });
      expect((await listAudit(db, { memberId: 1 }))[0]).toMatchObject({ member: 'Alice Smith', person: ADA });
      await expect(db.query('update audit_log set actor = $1', ['x'])).rejects.toThrow(/append-only/);
    } finally {
      await db.dispose();
    }
  });
});

describe.each(DATABASES)('the audit log of destinations and sends on %s', (_kind, open, skip) => {
  const t = useTeam(open);
  let ats: RunningDestinations;
  beforeAll(async () => {
    if (!skip) ats = await startDestinations();
  });
  afterAll(async () => {
    await ats?.close();
  });

  it.skipIf(skip)(
    'records a destination set and removed (never its key) and each send: who, whom, where',
    async () => {
      const io = { sealer: SEALER };
      await runCommand(
        t.db,
        ['send', 'set', 'ashby', '--key-file', secretFile(ASHBY_KEY), '--url', ats.ashby.url],
        new Date(),
        io,
      );
      // A team send sends what the team holds: Ada is revealed through the gateway first.
      await t.team.post('/v1/lookup', t.alice, { social_url: ADA, reveal_personal_email: true });
      const sent = await t.team.post('/v1/team/send', t.alice, { destination: 'ashby', social_url: ADA });
      expect(sent.status).toBe(200);
      await runCommand(t.db, ['send', 'remove', 'ashby'], new Date(), io);
      // The lookup that revealed Ada has its own entry; these are the destination's and the send's.
      const entries = (await listAudit(t.db)).filter((e) => e.kind !== 'reveal');
      expect(entries.map((e) => [e.kind, e.actor, e.person, e.detail.destination])).toEqual([
        ['destination_removed', 'command line', null, 'Ashby'],
        ['send', 'Alice Smith', ADA, 'Ashby'],
        ['destination_set', 'command line', null, 'Ashby'],
      ]);
      expect(JSON.stringify(await t.db.query('select * from audit_log'))).not.toContain(ASHBY_KEY);
    },
  );
});
