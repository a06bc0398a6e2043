/**
 * Data flagged wrong, once for the team (schema 004, `gateway/flags.ts`): a member flags and unflags through
 * `POST /v1/team/flag`, a teammate learns of it through `POST /v1/team/flags` (only about the people asked), the
 * team's price and lookup no longer count a flagged item as held (bought again, once), a team send leaves it out,
 * each change is in the audit log, and `report flagged` lists the charges for it. On PGlite and PostgreSQL; the
 * migration from the shape before on PGlite.
 */
import { describe, expect, it } from 'vitest';
import { listAudit } from '../../gateway/audit';
import { runCommand } from '../../gateway/cli/commands';
import { MIGRATIONS, migrate } from '../../gateway/db/migrations';
import { flaggedCharges, setTeamFlag } from '../../gateway/flags';
import { findPeople } from '../../gateway/vault';
import { DISPUTE_COLUMNS, DISPUTE_ITEM_WORDS } from '../../src/api/dispute-columns';
import { TeamFlagResponse, TeamFlagsResponse, TeamHeldResponse } from '../../src/api/team-schema';
import { ITEM_LABEL } from '../../src/ui/words/items';
import { ADA, DATABASES, databaseAtVersion, JOSE, useTeam } from './harness';

const EMAIL = 'ada.lovelace@example.com';

describe.each(DATABASES)('team flags on %s', (_kind, open, skip) => {
  const t = useTeam(open);

  it.skipIf(skip)(
    "Alice flags Ada's email: Bob learns who and when, the price counts it unheld, and a lookup buys it once more",
    async () => {
      const paid = await t.team.post('/v1/lookup', t.alice, { social_url: ADA, reveal_personal_email: true });
      expect(paid.body.credits.used).toBe(3);
      await t.team.post('/v1/lookup', t.bob, { social_url: ADA, reveal_personal_email: true });

      const flagged = await t.team.post('/v1/team/flag', t.alice, {
        social_url: `${ADA}/`,
        target: 'email',
        wrong: true,
        note: 'bounced',
      });
      expect(flagged.status).toBe(200);
      const { flag } = TeamFlagResponse.parse(flagged.body);
      expect(flag).toMatchObject({
        target: 'email',
        value: EMAIL,
        note: 'bounced',
        flagged_by: 'Alice Smith',
      });
      expect(flag.unflagged_by).toBeUndefined();

      // Bob asks about the people he holds: Ada's flag, nothing for Jose (nobody flagged him).
      const asked = await t.team.post('/v1/team/flags', t.bob, {
        people: [{ social_url: ADA }, { social_url: JOSE }],
      });
      const flags = TeamFlagsResponse.parse(asked.body);
      expect(flags.people.map((p) => p.flags.map((f) => [f.target, f.flagged_by, f.value]))).toEqual([
        [['email', 'Alice Smith', EMAIL]],
        [],
      ]);
      // Asked again since the answer's as_of: nothing changed, nothing told.
      const since = await t.team.post('/v1/team/flags', t.bob, {
        people: [{ social_url: ADA }],
        since: new Date(Date.parse(flags.as_of) + 10_000).toISOString(),
      });
      expect(TeamFlagsResponse.parse(since.body).people[0]!.flags).toEqual([]);

      // The team no longer holds the email: priced, and a lookup asks the service for it, charged once.
      const held = TeamHeldResponse.parse(
        (await t.team.post('/v1/team/held', t.bob, { people: [{ social_url: ADA }] })).body,
      );
      expect(held.people[0]!.items.map((i) => i.item)).toEqual([]);
      const again = await t.team.post('/v1/lookup', t.bob, { social_url: ADA, reveal_personal_email: true });
      expect(again.body.credits.used).toBe(3);
      expect(t.team.upstreamLookups()).toHaveLength(2);
      // Bought again after the flag: held once more (the service gave the same address, still flagged wrong).
      const third = await t.team.post('/v1/lookup', t.alice, {
        social_url: ADA,
        reveal_personal_email: true,
      });
      expect(third.body.credits.used).toBe(0);
      expect(t.team.upstreamLookups()).toHaveLength(2);
      const [ada] = await findPeople(t.db, [{ socialUrl: ADA }]);
      expect(ada!.items.get('email')).toMatchObject({ wrong: true, askAgain: false });

      // The dispute report lists Alice's charge (before the flag), not Bob's (after it).
      const charges = await flaggedCharges(
        t.db,
        new Date(Date.now() - 3_600_000),
        new Date(Date.now() + 60_000),
      );
      expect(charges.map((c) => [c.item, c.credits, c.flaggedBy, c.note])).toEqual([
        ['email', 3, 'Alice Smith', 'bounced'],
      ]);
      const today = new Date().toISOString().slice(0, 10);
      const report = await runCommand(t.db, ['report', 'flagged', '--from', today]);
      expect(report.lines[0]).toBe(`\uFEFF${DISPUTE_COLUMNS.join(',')}`);
      expect(report.lines.slice(1)).toEqual([
        `${today},Ada Lovelace,${ADA},Personal email,3,${charges[0]!.entryId},Wrong email: bounced,Alice Smith,${today}`,
      ]);

      // Bob takes the flag back: Alice learns who did, and the audit log has both.
      const taken = await t.team.post('/v1/team/flag', t.bob, {
        social_url: ADA,
        target: 'email',
        wrong: false,
      });
      expect(TeamFlagResponse.parse(taken.body).flag).toMatchObject({ unflagged_by: 'Bob Lee' });
      const seen = TeamFlagsResponse.parse(
        (await t.team.post('/v1/team/flags', t.alice, { people: [{ social_url: ADA }] })).body,
      );
      expect(seen.people[0]!.flags[0]).toMatchObject({ flagged_by: 'Alice Smith', unflagged_by: 'Bob Lee' });
      const audit = await listAudit(t.db, { person: 'ada-lovelace' });
      expect(
        audit.filter((e) => e.kind === 'flag' || e.kind === 'unflag').map((e) => [e.kind, e.actor, e.detail]),
      ).toEqual([
        ['unflag', 'Bob Lee', { target: 'email' }],
        ['flag', 'Alice Smith', { target: 'email', note: 'bounced' }],
      ]);
      expect((await runCommand(t.db, ['report', 'flagged', '--from', today])).lines.slice(1)).toEqual([]);
    },
  );

  it.skipIf(skip)(
    'refuses a flag of what the team does not hold, and a bad body, before writing',
    async () => {
      const nobody = await t.team.post('/v1/team/flag', t.alice, {
        social_url: 'https://www.linkedin.com/in/nobody-asked-demo',
        target: 'person',
        wrong: true,
      });
      expect(nobody.status).toBe(404);
      expect(nobody.body.message).toMatch(/holds nothing of this person/);
      const both = await t.team.post('/v1/team/flag', t.alice, {
        social_url: ADA,
        candidate_id: 'x',
        target: 'email',
        wrong: true,
      });
      expect(both.status).toBe(400);
      const tooMany = await t.team.post('/v1/team/flags', t.alice, {
        people: Array.from({ length: 101 }, (_, i) => ({ candidate_id: `c${i}` })),
      });
      expect(tooMany.status).toBe(400);
      expect(
        await t.db.query(
          'select count(*)::int as n from flags where person_id not in (select id from people)',
        ),
      ).toEqual([{ n: 0 }]);
      await expect(runCommand(t.db, ['report', 'flagged', '--from', '2026-13-01'])).rejects.toThrow(
        /--from takes a day written YYYY-MM-DD/,
      );
      await expect(
        runCommand(t.db, ['report', 'flagged', '--from', '2026-12-02', '--to', '2026-12-01']),
      ).rejects.toThrow(/before --from/);
    },
  );
});

describe('schema 004 on a database in use at version 3', () => {
  it('adds the flags, keeping what the team holds; the gateway reads and flags it after', async () => {
    const db = await databaseAtVersion(3);
    try {
      await db.exec(`
        insert into members (name, key_hash, key_hint) values ('Alice Smith', 'h1', 'abcd');
        insert into people (social_url, candidate_id, name) values ('${ADA}', 'cand-ada', 'Ada Lovelace');
        insert into held_items (person_id, item, found, value, member_id, at)
          values (1, 'email', true, '"${EMAIL}"', 1, now() - interval '1 day');
        insert into flights (person_id, member_id, items, expires_at) values (1, 1, '["phone"]', now() + interval '1 minute');
        insert into ledger (member_id, action, subject, max_credits, credits, items, status, created_at)
          values (1, 'lookup', '${ADA}', 3, 3, '{"email": 3}', 'charged', now() - interval '1 day');
        insert into audit_log (kind, actor) values ('sign_in', 'Dana Admin');
      `);
      expect(await migrate(db, MIGRATIONS, 4)).toEqual([4]);
      for (const table of ['held_items', 'flights', 'ledger', 'audit_log']) {
        expect(await db.query(`select count(*)::int as n from ${table}`)).toEqual([{ n: 1 }]);
      }
      const [before] = await findPeople(db, [{ socialUrl: ADA }]);
      expect(before!.items.get('email')).toMatchObject({ found: true, wrong: false, askAgain: false });
      const [alice] = await db.query<{ id: number; name: string }>('select id, name from members');
      await setTeamFlag(
        db,
        {
          ...alice!,
          dailyCap: null,
          monthlyCap: null,
          keyHint: 'abcd',
          createdAt: new Date(),
          revokedAt: null,
        },
        { socialUrl: ADA },
        { target: 'email', wrong: true },
      );
      const [after] = await findPeople(db, [{ socialUrl: ADA }]);
      expect(after!.items.get('email')).toMatchObject({ wrong: true, askAgain: true });
      expect(
        (await flaggedCharges(db, new Date(0), new Date(Date.now() + 60_000))).map((c) => c.credits),
      ).toEqual([3]);
      // The audit log's new kinds are accepted; its old rule still holds.
      expect((await listAudit(db, { kind: 'flag' })).map((e) => e.actor)).toEqual(['Alice Smith']);
      await expect(db.query("update audit_log set actor = 'x'")).rejects.toThrow(/append-only/);
    } finally {
      await db.dispose();
    }
  });
});

describe("the report's words", () => {
  it("name each item as the extension's screens do", () => {
    expect(DISPUTE_ITEM_WORDS).toEqual(ITEM_LABEL);
  });
});
