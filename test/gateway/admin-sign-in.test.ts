/**
 * The console's sign-in, sessions and CSRF, by requests a browser would not make, on PGlite and on PostgreSQL: a
 * write without the CSRF token, a replayed sign-in link, an expired session and a member key on /admin are each
 * refused; the cookie's attributes; sign-out; sign-in attempts limited per address; every sign-in in the audit log.
 */
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../gateway/admin/routes';
import { MAX_FAILED_ATTEMPTS } from '../../gateway/admin/sessions';
import { listAudit } from '../../gateway/audit';
import { runCommand } from '../../gateway/cli/commands';
import { createGatewayApp } from '../../gateway/server/app';
import { DATABASES, useFreshTeam } from './harness';

describe.each(DATABASES)('signing in to the console on %s', (_kind, open, skip) => {
  // The team put back before each test (no sign-in link, session or failed attempt of an earlier test left): each
  // test passes alone and in any order; a test's failed attempts never limit the next test's address.
  const t = useFreshTeam(open);
  const url = (path: string) => `${t.team.gateway.url}${path}`;

  /** A sign-in link as `admin link` prints it (the last line). */
  const link = async (name = 'Dana Admin') =>
    (await runCommand(t.db, ['admin', 'link', '--name', name, '--url', t.team.gateway.url])).lines.at(-1)!;
  const tokenOf = (printed: string) => new URL(printed).searchParams.get('token')!;
  const postSignIn = (token: string, headers: Record<string, string> = {}) =>
    fetch(url('/admin/sign-in'), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({ token }).toString(),
    });
  /** Signs in with a new link; the session cookie and the CSRF token. */
  const session = async () => {
    const answer = await postSignIn(tokenOf(await link()));
    expect(answer.status).toBe(303);
    const cookie = answer.headers.getSetCookie()[0]!.split(';')[0]!;
    const me = await fetch(url('/admin/api/session'), { headers: { cookie } });
    return { cookie, csrf: ((await me.json()) as { csrf: string }).csrf };
  };
  const invite = (headers: Record<string, string>, name = 'Erin Park') =>
    fetch(url('/admin/api/members'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ name, daily_cap: 20 }),
    });

  it.skipIf(skip)(
    'prints a link that opens a page, signs in once with its button, and refuses it replayed',
    async () => {
      const printed = await link();
      expect(printed).toMatch(/\/admin\/sign-in\?token=[\w-]{43}$/);
      // Opening the link spends nothing (a link previewer may fetch it first): only the button's POST signs in.
      const opened = await fetch(printed);
      expect(opened.status).toBe(200);
      expect(opened.headers.get('referrer-policy')).toBe('same-origin');
      expect(await opened.text()).toContain('<form method="post" action="/admin/sign-in">');

      const first = await postSignIn(tokenOf(printed));
      expect(first.status).toBe(303);
      expect(first.headers.get('location')).toBe('/admin');
      const cookie = first.headers.getSetCookie()[0]!;
      expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[\\w-]{43}; `));
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Strict');
      expect(cookie).toContain('Path=/admin');
      // Loopback: no Secure, or the browser would drop the cookie over http://127.0.0.1.
      expect(cookie).not.toContain('Secure');

      const replayed = await postSignIn(tokenOf(printed));
      expect(replayed.status).toBe(401);
      expect(replayed.headers.getSetCookie()).toEqual([]);
      expect(await replayed.text()).toContain('This sign-in link has been used already or has expired');

      const page = await fetch(url('/admin'), { headers: { cookie: cookie.split(';')[0]! } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<script type="module" src="/admin/app.js"></script>');
      expect((await fetch(url('/admin'))).status).toBe(401);
      // The page's script, bundled by the gateway itself.
      const script = await fetch(url('/admin/app.js'));
      expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect((await script.text()).length).toBeGreaterThan(1000);
      const signIns = await listAudit(t.db, { kind: 'sign_in' });
      expect(signIns[0]!.actor).toBe('Dana Admin');
    },
  );

  it.skipIf(skip)('sets the cookie Secure when reached by a name other than loopback', async () => {
    const app = createGatewayApp(t.team.gateway.context);
    const answer = await app.request('https://console.acme.example/admin/sign-in', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://console.acme.example',
      },
      body: new URLSearchParams({ token: tokenOf(await link()) }).toString(),
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('set-cookie')).toMatch(/; Secure/);
  });

  it.skipIf(skip)(
    'refuses a write without the CSRF token, with a wrong one, or from another origin',
    async () => {
      const { cookie, csrf } = await session();
      const none = await invite({ cookie });
      expect(none.status).toBe(403);
      expect(((await none.json()) as { message: string }).message).toMatch(/did not come from the console/);
      expect((await invite({ cookie, 'x-csrf-token': `${csrf.slice(0, -1)}x` })).status).toBe(403);
      // Another session's token does not do either.
      const other = await session();
      expect((await invite({ cookie, 'x-csrf-token': other.csrf })).status).toBe(403);
      expect((await invite({ cookie, 'x-csrf-token': csrf, origin: 'https://evil.example' })).status).toBe(
        403,
      );
      expect(await t.db.query("select 1 from members where name = 'Erin Park'")).toEqual([]);
      // The same write with its token is done.
      const done = await invite({ cookie, 'x-csrf-token': csrf, origin: t.team.gateway.url });
      expect(done.status).toBe(200);
      const body = (await done.json()) as { invitation: string; member: { name: string; daily_cap: number } };
      expect(body.member).toMatchObject({ name: 'Erin Park', daily_cap: 20 });
      expect(body.invitation).toMatch(/^cl-invite-1\./);
    },
  );

  it.skipIf(skip)('refuses a member key on /admin, as a header, a cookie or a sign-in token', async () => {
    const { cookie } = await session();
    const withKey = await fetch(url('/admin/api/members'), { headers: { 'x-api-key': t.alice } });
    expect(withKey.status).toBe(401);
    expect(((await withKey.json()) as { message: string }).message).toMatch(/member key does not open/);
    // Even beside a live session: a member's client has no business here.
    expect(
      (await fetch(url('/admin/api/members'), { headers: { 'x-api-key': t.alice, cookie } })).status,
    ).toBe(401);
    expect(
      (await fetch(url('/admin/api/members'), { headers: { cookie: `${SESSION_COOKIE}=${t.alice}` } }))
        .status,
    ).toBe(401);
    expect((await postSignIn(t.alice)).status).toBe(401);
    expect((await fetch(url('/admin'), { headers: { 'x-api-key': t.alice } })).status).toBe(401);
  });

  it.skipIf(skip)('refuses an expired session, an expired link, and a session signed out', async () => {
    const { cookie, csrf } = await session();
    expect((await fetch(url('/admin/api/members'), { headers: { cookie } })).status).toBe(200);
    await t.db.query(
      "update admin_sessions set expires_at = now() - interval '1 second' where csrf_token = $1",
      [csrf],
    );
    const expired = await fetch(url('/admin/api/members'), { headers: { cookie } });
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { message: string }).message).toMatch(/session has ended/);

    const printed = await link();
    await t.db.query("update admin_links set expires_at = now() - interval '1 second' where used_at is null");
    expect((await postSignIn(tokenOf(printed))).status).toBe(401);

    const other = await session();
    const out = await fetch(url('/admin/api/sign-out'), {
      method: 'POST',
      headers: { cookie: other.cookie, 'x-csrf-token': other.csrf },
    });
    expect(out.status).toBe(200);
    expect((await fetch(url('/admin/api/members'), { headers: { cookie: other.cookie } })).status).toBe(401);
    expect((await listAudit(t.db, { kind: 'sign_out' }))[0]!.actor).toBe('Dana Admin');

    const last = await session();
    expect((await runCommand(t.db, ['admin', 'sign-out-all'])).lines[0]).toMatch(
      /^Ended [1-9]\d* console session/,
    );
    expect((await fetch(url('/admin/api/members'), { headers: { cookie: last.cookie } })).status).toBe(401);
  });

  it.skipIf(skip)(
    'limits failed sign-ins from one address, without spending a good link tried meanwhile',
    async () => {
      // From none: the team is put back before each test (the failures of other tests do not count here).
      expect(await t.db.query('select 1 from admin_sign_in_attempts')).toEqual([]);
      for (let i = 0; i < MAX_FAILED_ATTEMPTS; i++) expect((await postSignIn(`wrong-${i}`)).status).toBe(401);
      const printed = await link();
      const limited = await postSignIn(tokenOf(printed));
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await limited.text()).toContain('Too many sign-in links that did not work came from here');
      expect(
        await t.db.query('select 1 from admin_links where used_at is null and expires_at > now()'),
      ).toHaveLength(1);
    },
  );
});
