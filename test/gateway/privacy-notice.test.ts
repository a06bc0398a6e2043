/**
 * The team's privacy notice, on PGlite and on PostgreSQL: the admin sets it in the console (refused in plain words
 * when it would leave out the source or the way to object), each change is in the audit log, and members receive
 * it with `GET /v1/team/me`; put back to the default, members are told none is set.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../../gateway/audit';
import { runCommand } from '../../gateway/cli/commands';
import { MIGRATIONS, migrate } from '../../gateway/db/migrations';
import { readNotice, setNotice } from '../../gateway/notice';
import { DEFAULT_NOTICE } from '../../src/privacy/notice';
import { ADA, DATABASES, databaseAtVersion, type Json, useTeam } from './harness';

describe.each(DATABASES)('the privacy notice on %s', (_kind, open, skip) => {
  const t = useTeam(open);
  let cookie = '';
  let csrf = '';
  beforeAll(async () => {
    if (skip) return;
    const printed = (await runCommand(t.db, ['admin', 'link', '--name', 'Dana Admin'])).lines.at(-1)!;
    const signedIn = await fetch(`${t.team.gateway.url}/admin/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: new URL(printed).searchParams.get('token')! }).toString(),
    });
    cookie = signedIn.headers.getSetCookie()[0]!.split(';')[0]!;
    csrf = (await (await fetch(`${t.team.gateway.url}/admin/api/session`, { headers: { cookie } })).json())
      .csrf;
  });
  const api = async (path: string, body?: unknown): Promise<{ status: number; body: Json }> => {
    const response = await fetch(`${t.team.gateway.url}/admin/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: await response.json() };
  };

  it.skipIf(skip)(
    'is the default until set, then the team’s for every member, audited under the admin',
    async () => {
      expect((await api('/notice')).body).toMatchObject({
        ...DEFAULT_NOTICE,
        is_default: true,
        set_by: null,
      });
      expect((await t.team.get('/v1/team/me', t.alice)).body.notice).toBeNull();

      const template = 'Hi {name}. From {source}. Held: {items}. Kept {kept}. Object: {contact}.';
      const saved = await api('/notice', { template: `  ${template}\n`, contact: ' privacy@acme.example ' });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({
        template,
        contact: 'privacy@acme.example',
        is_default: false,
        set_by: 'Dana Admin',
      });
      expect((await t.team.get('/v1/team/me', t.bob)).body.notice).toEqual({
        template,
        contact: 'privacy@acme.example',
      });

      const audit = (await api('/audit?kind=notice_set')).body.entries as Json[];
      expect(audit).toMatchObject([
        {
          kind: 'notice_set',
          kind_label: 'Privacy notice changed',
          actor: 'Dana Admin',
          summary: `${template.length} characters`,
        },
      ]);

      expect((await api('/notice', { default: true })).body).toMatchObject({
        is_default: true,
        ...DEFAULT_NOTICE,
      });
      expect((await t.team.get('/v1/team/me', t.alice)).body.notice).toBeNull();
      expect(((await api('/audit?kind=notice_set')).body.entries as Json[])[0]).toMatchObject({
        summary: 'back to the default text',
      });
    },
  );

  it.skipIf(skip)(
    'refuses a notice without the way to object, or with a blank it cannot fill, and keeps the one set',
    async () => {
      const before = (await api('/notice')).body;
      const noContact = await api('/notice', { template: 'From {source}.', contact: '' });
      expect(noContact.status).toBe(400);
      expect(JSON.stringify(noContact.body)).toContain('Keep {contact} in the notice');
      const unknown = await api('/notice', { template: '{source} {contact} {salary}', contact: '' });
      expect(unknown.status).toBe(400);
      expect(JSON.stringify(unknown.body)).toContain('{salary} is not a blank the notice fills');
      expect((await api('/notice')).body).toEqual(before);
      // The table itself refuses an empty text, whoever writes it.
      await expect(
        t.db.query("insert into notice_text (template, contact, set_by) values ('  ', '', 'x')"),
      ).rejects.toThrow();
    },
  );
});

describe('schema 006 on a database in use at version 5', () => {
  it('keeps every audit entry and flag, starts with no notice, and the notice is set and audited after', async () => {
    const db = await databaseAtVersion(5);
    try {
      await db.exec(`
        insert into members (name, key_hash, key_hint) values ('Alice Smith', 'h1', 'abcd');
        insert into people (social_url, name) values ('${ADA}', 'Ada Lovelace');
        insert into flags (person_id, target, member_id) values (1, 'person', 1);
        insert into audit_log (kind, actor) values ('flag', 'Alice Smith');
        insert into audit_log (kind, actor) values ('sign_in', 'Dana Admin');
      `);
      expect(await migrate(db, MIGRATIONS, 6)).toEqual([6]);
      expect(await db.query('select count(*)::int as n from audit_log')).toEqual([{ n: 2 }]);
      expect(await db.query('select count(*)::int as n from flags')).toEqual([{ n: 1 }]);
      expect(await readNotice(db)).toBeNull();
      await setNotice(db, 'Dana Admin', DEFAULT_NOTICE);
      expect(await readNotice(db)).toMatchObject({ ...DEFAULT_NOTICE, setBy: 'Dana Admin' });
      expect((await listAudit(db, { kind: 'notice_set', limit: 10 })).map((e) => e.actor)).toEqual([
        'Dana Admin',
      ]);
    } finally {
      await db.dispose();
    }
  });
});
