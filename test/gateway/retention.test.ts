/**
 * Retention by region in the team vault: the team's rules (schema 005) applied by `runTeamRetention`, on PGlite and
 * on PostgreSQL. People are looked up and searched through the gateway as members do; their age is set in the database
 * (the held items' times and when the rules took effect), never by faking the clock.
 */
import { describe, expect, it } from 'vitest';
import { listAudit } from '../../gateway/audit';
import { runCommand } from '../../gateway/cli/commands';
import { migrate } from '../../gateway/db/migrations';
import {
  keepTeamRetention,
  readRetentionRules,
  runTeamRetention,
  setRetentionRules,
} from '../../gateway/retention';
import { ADA, DATABASES, databaseAtVersion, JOSE, KWAME, useFreshTeam } from './harness';

describe.each(DATABASES)('retention by region in the team vault on %s', (_name, open, skip) => {
  // The team put back before each test (an empty vault, the rules as a new team has them): each test reveals and
  // ages the people it reads, so it passes alone and in any order.
  const t = useFreshTeam(open);

  /** Every person the team vault holds, by profile URL, with the location it goes by. */
  const held = async () =>
    (
      await t.db.query<{ social_url: string; location: string | null }>(
        'select social_url, location from people where social_url is not null order by social_url',
      )
    ).map((p) => `${p.social_url.replace('https://www.linkedin.com/in/', '')} @ ${p.location ?? '(none)'}`);

  /** Everything held of every person bought `days` ago, and the rules in force since before. */
  const age = async (days: number) => {
    await t.db.query(`update held_items set at = now() - make_interval(days => $1)`, [days]);
    await t.db.query(`update people set created_at = now() - make_interval(days => $1)`, [days]);
    await t.db.query(`update retention_rules set since = now() - interval '400 days'`);
  };

  /** Alice reveals `url`'s email. */
  const reveal = async (url: string) => {
    const lookup = await t.team.post('/v1/lookup', t.alice, { social_url: url, reveal_personal_email: true });
    expect(lookup.status).toBe(200);
  };

  /** Bob's search naming José (Austin, United States): where he is, from then on. */
  const searchNamingJose = async () => {
    const search = await t.team.post('/v1/search', t.bob, {
      search_criteria: { current_title: ['Senior Product Manager'] },
      page_size: 10,
    });
    expect(search.status).toBe(200);
  };

  /** A send of Kwame to Lever under way: its mark, as a member's send writes it before calling the destination. */
  const sendKwame = async () => {
    await t.db.query(
      `insert into sends (person_id, destination, member_id, state)
       select p.id, 'lever', (select min(id) from members), 'sending' from people p where p.social_url = $1`,
      [KWAME],
    );
  };

  it.skipIf(skip)(
    'removes an EU person revealed 31 days ago and never sent, keeps a US one, and says so in the audit log',
    async () => {
      // Alice reveals Ada (London) and José (Austin); Bob's searches name them with where they are.
      for (const url of [ADA, JOSE]) await reveal(url);
      for (const title of ['Principal Software Engineer', 'Senior Product Manager']) {
        const search = await t.team.post('/v1/search', t.bob, {
          search_criteria: { current_title: [title] },
          page_size: 10,
        });
        expect(search.status).toBe(200);
      }
      expect(await held()).toEqual([
        expect.stringMatching(/^ada-lovelace-demo @ London\b.*(United Kingdom|England)/),
        expect.stringMatching(/^jose-alvarez-demo @ Austin\b.*(United States|Texas)/),
      ]);

      // Bought 29 days ago: nobody is past a rule yet.
      await age(29);
      expect(await runTeamRetention(t.db)).toEqual({ removed: { eu: 0, general: 0 }, items: 0 });
      expect(await held()).toHaveLength(2);

      await age(31);
      expect(await runTeamRetention(t.db)).toEqual({ removed: { eu: 1, general: 0 }, items: 1 });
      expect(await held()).toEqual([expect.stringMatching(/^jose-alvarez-demo @/)]);
      // Gone with everything held of her and the search links naming her.
      expect(await t.db.query('select count(*)::int as n from held_items')).toEqual([{ n: 1 }]);
      expect(
        await t.db.query('select count(*)::int as n from search_links where social_url = $1', [ADA]),
      ).toEqual([{ n: 0 }]);
      // The audit log: who is the rule, when, how much; never whom, and the reveal no longer names her.
      const entries = await listAudit(t.db, { kind: 'retention_removed' });
      expect(entries).toMatchObject([
        { actor: 'Retention: EU rule', person: null, personName: null, detail: { items: 1 } },
      ]);
      expect(JSON.stringify(entries)).not.toContain('ada');
      const reveals = await listAudit(t.db, { kind: 'reveal' });
      expect(reveals.find((e) => e.erased)).toBeDefined();
      expect(reveals.map((e) => e.person)).not.toContain(ADA);

      // A second run removes nobody.
      expect(await runTeamRetention(t.db)).toMatchObject({ removed: { eu: 0, general: 0 } });
    },
  );

  it.skipIf(skip)(
    'keeps a sent person and one counted from when the rules took effect; gives an unknown location the EU rule',
    async () => {
      // José revealed and named by a search (in the United States: no rule removes him at 31 days).
      await reveal(JOSE);
      await searchNamingJose();
      // Kwame revealed with no search naming him: no location, the strictest rule.
      const lookup = await t.team.post('/v1/lookup', t.alice, { social_url: KWAME, reveal_phone: true });
      expect(lookup.status).toBe(200);
      await age(31);
      // The rules took effect a day ago (an upgrade): counted from then, nobody is removed yet.
      await t.db.query(`update retention_rules set since = now() - interval '1 day'`);
      expect(await runTeamRetention(t.db)).toMatchObject({ removed: { eu: 0, general: 0 } });
      await age(31);
      // Sent to a destination (a send mark, even one under way): kept past the EU rule.
      await sendKwame();
      expect(await runTeamRetention(t.db)).toMatchObject({ removed: { eu: 0, general: 0 } });
      await t.db.query('delete from sends');
      expect(await runTeamRetention(t.db)).toEqual({ removed: { eu: 1, general: 0 }, items: 1 });
      expect(await held()).toEqual([expect.stringMatching(/^jose-alvarez-demo @/)]);
    },
  );

  it.skipIf(skip)(
    'keeps a person whose send began after the run read them as unsent and before it erased them',
    async () => {
      const lookup = await t.team.post('/v1/lookup', t.alice, { social_url: KWAME, reveal_phone: true });
      expect(lookup.status).toBe(200);
      await age(31);
      const audited = (await listAudit(t.db, { kind: 'retention_removed' })).length;
      // A member's send commits its mark between the run's read (unsent, past the EU rule) and the erasure's
      // transaction: the database as the run sees it, with the send slipped in just before the erasure begins.
      let slipped = false;
      const racing = Object.create(t.db, {
        transaction: {
          value: async <T>(fn: (tx: Parameters<Parameters<typeof t.db.transaction>[0]>[0]) => Promise<T>) => {
            if (!slipped) {
              slipped = true;
              await sendKwame();
            }
            return t.db.transaction(fn);
          },
        },
      }) as typeof t.db;
      expect(await runTeamRetention(racing)).toEqual({ removed: { eu: 0, general: 0 }, items: 0 });
      expect(slipped).toBe(true);
      expect(
        await t.db.query('select count(*)::int as n from people where social_url = $1', [KWAME]),
      ).toEqual([{ n: 1 }]);
      expect(await t.db.query('select count(*)::int as n from sends')).toEqual([{ n: 1 }]);
      expect(await listAudit(t.db, { kind: 'retention_removed' })).toHaveLength(audited);
      // Once the send mark is gone, the next run removes him.
      await t.db.query('delete from sends');
      expect(await runTeamRetention(t.db)).toEqual({ removed: { eu: 1, general: 0 }, items: 1 });
    },
  );

  it.skipIf(skip)(
    'removes anyone, sent or not, after the general period, and the rules are set within bounds',
    async () => {
      // José revealed and named by a search (in the United States: past the EU rule's days, kept by it).
      await reveal(JOSE);
      await searchNamingJose();
      expect(await readRetentionRules(t.db)).toMatchObject({ euDays: 30, generalDays: null });
      await expect(setRetentionRules(t.db, 'Admin', { euDays: 31, generalDays: null })).rejects.toThrow(
        'Keep people under the EU rule 1 to 30 days; got 31.',
      );
      await expect(setRetentionRules(t.db, 'Admin', { euDays: 30, generalDays: 0 })).rejects.toThrow(
        'Keep everyone 1 to 3650 days, or until erased; got 0.',
      );
      await setRetentionRules(t.db, 'Admin', { euDays: 30, generalDays: 90 });
      await age(91);
      expect(await runTeamRetention(t.db)).toEqual({ removed: { eu: 0, general: 1 }, items: 1 });
      expect(await held()).toEqual([]);
      expect(await listAudit(t.db, { kind: 'retention_removed' })).toMatchObject([
        { actor: 'Retention: general rule', person: null, detail: { items: 1 } },
      ]);
      expect(await listAudit(t.db, { kind: 'retention_rules_set' })).toMatchObject([
        {
          actor: 'Admin',
          detail: { eu_days: 30, general_days: 90, before: { eu_days: 30, general_days: null } },
        },
      ]);
    },
  );

  it.skipIf(skip)(
    'runs on a schedule in the server, and now at the command line, each run said',
    async () => {
      for (const url of [ADA, JOSE]) await reveal(url);
      await age(31);
      const lines: string[] = [];
      const stop = keepTeamRetention(
        t.db,
        { info: (line) => lines.push(line), error: (line) => lines.push(`error: ${line}`) },
        { first: 10, every: 50 },
      );
      try {
        // Neither was named by a search: both have no location, so the EU rule.
        await expect
          .poll(() => lines, { timeout: 10_000 })
          .toEqual([
            'Retention: removed 2 people from the team vault (EU rule: 2, general rule: 0; 2 item(s)).',
          ]);
      } finally {
        stop();
      }
      expect(await runCommand(t.db, ['retention', 'run'])).toEqual({
        lines: ['Retention: nobody in the team vault is past a rule.'],
      });
      const shown = await runCommand(t.db, ['retention']);
      expect(shown.lines[0]).toContain(
        'removed 30 days after the team last bought something of them, unless sent',
      );
      expect((await runCommand(t.db, ['retention', 'set', '--general-days', '365'])).lines[0]).toBe(
        'EU rule: 30 days unless sent. Everyone: removed 365 days after the team last bought something of them. The next run applies them (or: npm run gateway -- retention run).',
      );
    },
  );
});

describe('schema 005 on a team vault made by version 4', () => {
  it('keeps every person, with no location, and counts them from the upgrade', async () => {
    const db = await databaseAtVersion(4);
    try {
      await db.query(
        `insert into people (social_url, name, created_at) values ($1, 'Ada', now() - interval '400 days')`,
        [ADA],
      );
      await migrate(db);
      expect(await db.query('select social_url, location from people')).toEqual([
        { social_url: ADA, location: null },
      ]);
      const rules = await readRetentionRules(db);
      expect(rules).toMatchObject({ euDays: 30, generalDays: null });
      expect(Date.now() - rules.since.getTime()).toBeLessThan(60_000);
      // Held 400 days, but the rules took effect now: nobody is removed at the upgrade.
      expect(await runTeamRetention(db)).toEqual({ removed: { eu: 0, general: 0 }, items: 0 });
    } finally {
      await db.dispose();
    }
  });
});
