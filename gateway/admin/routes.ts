/**
 * The console's server side, mounted at `/admin` by the gateway's app: the sign-in link's page, the session cookie,
 * the page and its bundle, and the JSON the page reads and writes (`/admin/api/…`).
 *
 * - Sign-in: `GET /admin/sign-in?token=…` shows a button; only its POST redeems the token (a link previewer that
 *   fetches the URL spends nothing). The session's token is set in a cookie: HttpOnly, SameSite=Strict, Path=/admin,
 *   Secure whenever the gateway is reached by another name than a loopback address (so only over https there).
 * - Every `/admin/api` request needs a live session; a member key opens nothing here. Every write is a POST carrying
 *   the session's CSRF token in `X-CSRF-Token` (a header no other site's form or script can set without CORS, which
 *   the gateway never grants), and an `Origin`, when sent, of this gateway.
 * - Every answer: no caching, no framing, no referrer to another site (the sign-in page's URL holds the token), a
 *   strict CSP.
 */
import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie, setCookie } from 'hono/cookie';
import { formatInvitation } from '../../src/api/invitation';
import { DEFAULT_NOTICE, NOTICE_BLANK_WORDS, NOTICE_BLANKS } from '../../src/privacy/notice';
import { toCsv } from '../../src/search/csv';
import type { SendError } from '../../src/send/errors';
import {
  AUDIT_KINDS,
  type AuditKind,
  auditCsvRows,
  auditKindWords,
  auditRetentionDays,
  auditSummary,
  listAudit,
  pruneAudit,
  RETENTION_MAX_DAYS,
  RETENTION_MIN_DAYS,
  setAuditRetention,
} from '../audit';
import { UsageError } from '../cli/command-result';
import { settingOf } from '../cli/send-commands';
import {
  DNC_REASON_WORDS,
  DNC_REASONS,
  type DncEntry,
  type DncReason,
  dncIdentifiers,
  entryOf,
  listEntries,
} from '../do-not-contact';
import { forgetPerson } from '../forget';
import { checkName, listMembers, type Member } from '../members';
import { readNotice, setNotice } from '../notice';
import { exportPerson, personExportRows } from '../person-export';
import {
  EU_DAYS_MAX,
  GENERAL_DAYS_MAX,
  readRetentionRules,
  retentionRunLine,
  runTeamRetention,
  setRetentionRules,
} from '../retention';
import { DESTINATION_NAMES, type DestinationKind, listDestinations } from '../sends';
import type { GatewayContext } from '../server/context';
import { spentBy } from '../spend';
import { readTeam } from '../team';
import {
  inviteMember,
  listAudited,
  notSetMessage,
  removeDestinationAudited,
  renameMember,
  revokeAudited,
  setCapsAudited,
  setDestinationAudited,
  unlistAudited,
} from './actions';
import { consoleBundle } from './bundle';
import { type AdminSession, endSession, readSession, SESSION_TTL_MS, signIn } from './sessions';
import { consoleUsage } from './usage';
import { WORDS } from './words';

export const SESSION_COOKIE = 'cl_admin';

/** The product's logo, as the page's icon (the extension's own, from assets/). */
const LOGO = readFileSync(join(import.meta.dirname, '..', '..', 'assets', 'logo.svg'), 'utf8');

interface AdminEnv {
  Variables: { session: AdminSession };
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/i;

const SECURITY_HEADERS = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
    "frame-ancestors 'none'; form-action 'self'; base-uri 'none'; object-src 'none'",
  // Not `no-referrer`: with it, Chromium sends `Origin: null` on the sign-in form's POST, which the origin check
  // refuses. `same-origin` still keeps the sign-in page's address (it holds the token) from any other site.
  'Referrer-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A small page of the console's own (sign-in, signed out), in the console's stylesheet. */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Team console</title><link rel="stylesheet" href="/admin/app.css"><link rel="icon" type="image/svg+xml" href="/admin/logo.svg"></head><body><main class="narrow"><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

const SHELL = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Team console</title><link rel="stylesheet" href="/admin/app.css"><link rel="icon" type="image/svg+xml" href="/admin/logo.svg"></head><body><div id="app"></div><script type="module" src="/admin/app.js"></script></body></html>`;

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The caller's address, for counting failed sign-ins (the socket's: a header could be anyone's). */
function addressOf(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Whether the request came from this gateway's own pages: an Origin, when the browser sends one, of this host. */
function sameOrigin(c: Context): boolean {
  const origin = c.req.header('origin');
  if (origin === undefined) return true;
  return origin === new URL(c.req.url).origin;
}

const capOf = (value: unknown): number | null | 'bad' => {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isInteger(n) && n >= 0 && n <= 2_000_000_000 ? n : 'bad';
};

export function createAdminApp(ctx: GatewayContext): Hono<AdminEnv> {
  const { db, log } = ctx;
  const app = new Hono<AdminEnv>();
  // Made now, so the first page waits for nothing; a failure is said when the page is asked for.
  consoleBundle().catch((error) => log.error('the console could not be bundled', error));

  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
  });

  app.get('/app.js', async (c) =>
    c.body((await consoleBundle()).js, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }),
  );
  app.get('/logo.svg', (c) => c.body(LOGO, 200, { 'Content-Type': 'image/svg+xml' }));
  app.get('/app.css', async (c) =>
    c.body((await consoleBundle()).css, 200, { 'Content-Type': 'text/css; charset=utf-8' }),
  );

  const signedOutPage = (c: Context, status: 200 | 401 | 429, title: string, text: string) =>
    c.html(
      page(title, `<p>${escapeHtml(text)}</p><p><code>npm run gateway -- admin link</code></p>`),
      status,
    );

  app.get('/sign-in', (c) => {
    const token = c.req.query('token') ?? '';
    if (token === '') return signedOutPage(c, 401, WORDS.signInTitle, WORDS.signInHow);
    return c.html(
      page(
        WORDS.signInTitle,
        `<p>${escapeHtml(WORDS.signInConfirm)}</p><form method="post" action="/admin/sign-in"><input type="hidden" name="token" value="${escapeHtml(token)}"><button class="primary" type="submit">${escapeHtml(WORDS.signInButton)}</button></form>`,
      ),
    );
  });

  app.post('/sign-in', bodyLimit({ maxSize: 4096 }), async (c) => {
    if (!sameOrigin(c)) return signedOutPage(c, 401, WORDS.signInTitle, WORDS.signInRefused);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const token = typeof form.token === 'string' ? form.token : '';
    const result = await signIn(db, token, addressOf(c));
    if (!result.ok) {
      if (result.reason === 'limited') {
        c.header('Retry-After', String(result.retryAfterS));
        return signedOutPage(c, 429, WORDS.signInTitle, WORDS.signInLimited(result.retryAfterS));
      }
      return signedOutPage(c, 401, WORDS.signInTitle, WORDS.signInRefused);
    }
    setCookie(c, SESSION_COOKIE, result.token, {
      path: '/admin',
      httpOnly: true,
      sameSite: 'Strict',
      secure: !LOOPBACK.test(new URL(c.req.url).hostname),
      maxAge: Math.floor(SESSION_TTL_MS / 1000),
    });
    return c.redirect('/admin', 303);
  });

  const sessionOf = (c: Context) => readSession(db, getCookie(c, SESSION_COOKIE) ?? '');

  app.get('/', async (c) => {
    if (!(await sessionOf(c))) return signedOutPage(c, 401, WORDS.signInTitle, WORDS.signInHow);
    return c.html(SHELL);
  });

  const api = new Hono<AdminEnv>();
  api.use('*', bodyLimit({ maxSize: 16 * 1024 }), async (c, next) => {
    // A member key opens nothing here, whatever else the request carries.
    if (c.req.header('x-api-key') !== undefined) {
      return c.json({ success: false, message: WORDS.memberKeyRefused }, 401);
    }
    const session = await sessionOf(c);
    if (!session) return c.json({ success: false, message: WORDS.sessionEnded }, 401);
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      const token = c.req.header('x-csrf-token') ?? '';
      if (!sameOrigin(c) || !sameText(token, session.csrf)) {
        return c.json({ success: false, message: WORDS.csrfRefused }, 403);
      }
    }
    c.set('session', session);
    await next();
  });

  const actor = (c: Context<AdminEnv>) => c.get('session').adminName;
  const bad = (c: Context, message: string, status: 400 | 404 | 409 = 400) =>
    c.json({ success: false, message }, status);
  const jsonOf = async (c: Context): Promise<Record<string, unknown>> => {
    const value = await c.req.json().catch(() => null);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  };

  api.get('/session', async (c) => {
    const session = c.get('session');
    const team = await readTeam(db);
    return c.json({
      admin: session.adminName,
      csrf: session.csrf,
      expires_at: session.expiresAt.toISOString(),
      team: team.name,
    });
  });

  api.post('/sign-out', async (c) => {
    await endSession(db, c.get('session'));
    setCookie(c, SESSION_COOKIE, '', { path: '/admin', maxAge: 0, httpOnly: true, sameSite: 'Strict' });
    return c.json({ success: true });
  });

  const memberView = async (member: Member) => {
    const spent = await spentBy(db, member.id);
    return {
      id: member.id,
      name: member.name,
      key_hint: member.keyHint,
      daily_cap: member.dailyCap,
      monthly_cap: member.monthlyCap,
      revoked_at: member.revokedAt?.toISOString() ?? null,
      spent_today: spent.today,
      spent_month: spent.thisMonth,
    };
  };

  api.get('/members', async (c) => {
    const members = await listMembers(db);
    return c.json({ members: await Promise.all(members.map(memberView)) });
  });

  const activeById = async (c: Context) => {
    const id = Number(c.req.param('id'));
    const member = (await listMembers(db)).find((m) => m.id === id && m.revokedAt === null);
    return member ?? null;
  };

  api.post('/members', async (c) => {
    const body = await jsonOf(c);
    const name = checkName(String(body.name ?? ''));
    if (!name.ok) return bad(c, name.message);
    const daily = capOf(body.daily_cap);
    const monthly = capOf(body.monthly_cap);
    if (daily === 'bad' || monthly === 'bad') return bad(c, WORDS.capInvalid);
    try {
      const { member, key } = await inviteMember(db, actor(c), name.name, {
        dailyCap: daily,
        monthlyCap: monthly,
      });
      const invitation = formatInvitation({ baseUrl: new URL(c.req.url).origin, key });
      return c.json({ member: await memberView(member), invitation, key });
    } catch (error) {
      if (error instanceof Error && /already a member/.test(error.message)) return bad(c, error.message, 409);
      throw error;
    }
  });

  api.post('/members/:id/caps', async (c) => {
    const member = await activeById(c);
    if (!member) return bad(c, WORDS.noSuchMember, 404);
    const body = await jsonOf(c);
    const daily = capOf(body.daily_cap);
    const monthly = capOf(body.monthly_cap);
    if (daily === 'bad' || monthly === 'bad') return bad(c, WORDS.capInvalid);
    const changed = await setCapsAudited(db, actor(c), member.name, { dailyCap: daily, monthlyCap: monthly });
    return changed ? c.json({ member: await memberView(changed) }) : bad(c, WORDS.noSuchMember, 404);
  });

  api.post('/members/:id/revoke', async (c) => {
    const member = await activeById(c);
    if (!member) return bad(c, WORDS.noSuchMember, 404);
    const revoked = await revokeAudited(db, actor(c), member.name);
    return revoked ? c.json({ member: await memberView(revoked) }) : bad(c, WORDS.noSuchMember, 404);
  });

  api.post('/members/:id/rename', async (c) => {
    const member = await activeById(c);
    if (!member) return bad(c, WORDS.noSuchMember, 404);
    const name = checkName(String((await jsonOf(c)).name ?? ''));
    if (!name.ok) return bad(c, name.message);
    try {
      const renamed = await renameMember(db, actor(c), member.name, name.name);
      return renamed ? c.json({ member: await memberView(renamed) }) : bad(c, WORDS.noSuchMember, 404);
    } catch (error) {
      if (error instanceof Error && /already a member/.test(error.message)) return bad(c, error.message, 409);
      throw error;
    }
  });

  const sinceOf = (c: Context) => {
    const days = Number(c.req.query('days') ?? '30');
    const span = Number.isInteger(days) && days >= 1 && days <= 366 ? days : 30;
    const start = new Date();
    start.setUTCHours(0, 0, 0, 0);
    return new Date(start.getTime() - (span - 1) * 86_400_000);
  };

  api.get('/usage', async (c) => c.json(await consoleUsage(db, sinceOf(c))));

  api.get('/usage.csv', async (c) => {
    const usage = await consoleUsage(db, sinceOf(c));
    const csv = toCsv(
      ['Day (UTC)', 'Member', 'Credits'],
      usage.days.map((d) => [d.day, d.member, d.credits]),
    );
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="team-usage.csv"',
    });
  });

  api.get('/destinations', async (c) => {
    const destinations = await listDestinations(db);
    return c.json({
      destinations: destinations.map((d) => ({
        kind: d.kind,
        label: d.label,
        account: d.account ?? null,
        set_at: d.setAt.toISOString(),
      })),
      kinds: Object.entries(DESTINATION_NAMES).map(([kind, label]) => ({ kind, label })),
    });
  });

  api.post('/destinations', async (c) => {
    const body = await jsonOf(c);
    const kind = String(body.kind ?? '') as DestinationKind;
    if (!(kind in DESTINATION_NAMES)) return bad(c, WORDS.destinationKind);
    // The same arguments `send set` takes, so the console and the command line check and keep a destination alike;
    // the keys (and a webhook's address, as secret) as `send set` reads them from files.
    const field = (name: string) => (typeof body[name] === 'string' ? (body[name] as string).trim() : '');
    const args: string[] = [];
    for (const [name, flag] of [
      ['perform_as', '--perform-as'],
      ['posting', '--posting'],
      ...(kind === 'webhook' ? [] : ([['url', '--url']] as const)),
    ] as const) {
      if (field(name) !== '') args.push(flag, field(name));
    }
    // Said in the console's words before `send set`'s own check, which names its command-line flags.
    if (kind === 'webhook' ? field('url') === '' : field('key') === '') {
      return bad(c, kind === 'webhook' ? WORDS.webhookUrlMissing : WORDS.keyMissing);
    }
    const given = {
      ...(field('key') ? { key: field('key') } : {}),
      ...(field('secret') ? { secret: field('secret') } : {}),
      ...(kind === 'webhook' && field('url') ? { url: field('url') } : {}),
    };
    try {
      const setting = await settingOf(kind, args, given);
      const { destination, secret } = await setDestinationAudited(db, actor(c), setting, ctx.sealer);
      return c.json({ destination, ...(secret ? { secret } : {}) });
    } catch (error) {
      // `send set`'s words, less the command-line flag its list of Lever users names (the form has the field).
      if (error instanceof UsageError) return bad(c, error.message.replace(' with --perform-as', ''));
      if (error instanceof Error && error.name === 'SendError')
        return bad(c, notSetMessage(error as SendError));
      throw error;
    }
  });

  api.post('/destinations/:kind/remove', async (c) => {
    const kind = c.req.param('kind') as DestinationKind;
    if (!(kind in DESTINATION_NAMES)) return bad(c, WORDS.destinationKind);
    const removed = await removeDestinationAudited(db, actor(c), kind);
    return removed ? c.json({ success: true }) : bad(c, WORDS.noSuchDestination, 404);
  });

  const auditFilterOf = async (c: Context) => {
    const kind = c.req.query('kind');
    const member = Number(c.req.query('member'));
    return {
      ...(kind && (AUDIT_KINDS as readonly string[]).includes(kind) ? { kind: kind as AuditKind } : {}),
      ...(Number.isInteger(member) && member > 0 ? { memberId: member } : {}),
      ...(c.req.query('person')?.trim() ? { person: c.req.query('person')!.trim() } : {}),
    };
  };

  api.get('/audit', async (c) => {
    await pruneAudit(db);
    const entries = await listAudit(db, { ...(await auditFilterOf(c)), limit: 500 });
    return c.json({
      retention_days: await auditRetentionDays(db),
      retention_min: RETENTION_MIN_DAYS,
      retention_max: RETENTION_MAX_DAYS,
      kinds: AUDIT_KINDS.map((kind) => ({ kind, label: auditKindWords(kind) })),
      entries: entries.map((e) => ({
        id: e.id,
        at: e.at.toISOString(),
        kind: e.kind,
        kind_label: auditKindWords(e.kind),
        actor: e.actor,
        member: e.member,
        person: e.person,
        person_name: e.personName,
        erased: e.erased,
        summary: auditSummary(e),
      })),
    });
  });

  api.get('/audit.csv', async (c) => {
    const [header, ...rows] = auditCsvRows(
      await listAudit(db, { ...(await auditFilterOf(c)), limit: 10_000 }),
    );
    return c.body(toCsv(header!, rows), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="audit-log.csv"',
    });
  });

  const rulesView = async () => {
    const rules = await readRetentionRules(db);
    return {
      eu_days: rules.euDays,
      general_days: rules.generalDays,
      since: rules.since.toISOString(),
      eu_max: EU_DAYS_MAX,
      general_max: GENERAL_DAYS_MAX,
    };
  };

  api.get('/retention', async (c) => c.json(await rulesView()));

  api.post('/retention', async (c) => {
    const body = await jsonOf(c);
    const generalDays = body.general_days === null ? null : Number(body.general_days);
    try {
      await setRetentionRules(db, actor(c), { euDays: Number(body.eu_days), generalDays });
    } catch (error) {
      if (error instanceof RangeError) return bad(c, error.message);
      throw error;
    }
    return c.json(await rulesView());
  });

  api.post('/retention/run', async (c) => c.json({ said: retentionRunLine(await runTeamRetention(db)) }));

  api.post('/audit/retention', async (c) => {
    const days = Number((await jsonOf(c)).days);
    try {
      await setAuditRetention(db, actor(c), days);
    } catch (error) {
      if (error instanceof RangeError) return bad(c, error.message);
      throw error;
    }
    return c.json({ retention_days: days });
  });

  const dncView = (entry: DncEntry) => ({
    id: entry.id,
    reason: entry.reason,
    reason_label: DNC_REASON_WORDS[entry.reason],
    added_by: entry.addedBy,
    added_at: entry.addedAt.toISOString(),
    kinds: entry.kinds,
  });
  /** The identifiers a console form gave (a profile address, emails one a line or comma), or the words of its fault. */
  const dncGiven = (body: Record<string, unknown>) => {
    const emails = String(body.emails ?? '')
      .split(/[\s,;]+/)
      .filter((one) => one !== '');
    try {
      return dncIdentifiers({ socialUrl: String(body.social_url ?? ''), emails });
    } catch (error) {
      if (error instanceof RangeError) return error.message;
      throw error;
    }
  };

  api.get('/do-not-contact', async (c) =>
    c.json({
      entries: (await listEntries(db)).map(dncView),
      reasons: DNC_REASONS.map((reason) => ({ reason, label: DNC_REASON_WORDS[reason] })),
    }),
  );

  api.post('/do-not-contact', async (c) => {
    const body = await jsonOf(c);
    const reason = String(body.reason ?? '') as DncReason;
    if (!(DNC_REASONS as readonly string[]).includes(reason)) return bad(c, WORDS.dncReasonMissing);
    const given = dncGiven(body);
    if (typeof given === 'string') return bad(c, given);
    const { entry, added } = await listAudited(db, actor(c), given, reason);
    return c.json({ entry: dncView(entry), added });
  });

  api.post('/do-not-contact/check', async (c) => {
    const given = dncGiven(await jsonOf(c));
    if (typeof given === 'string') return bad(c, given);
    const entry = await entryOf(db, given);
    return c.json({ entry: entry && dncView(entry) });
  });

  /** What the team holds about one person (an access request), as JSON or CSV to download. */
  const personExportOf = async (c: Context) => {
    const given = dncGiven({ social_url: c.req.query('profile') ?? '' });
    if (typeof given === 'string') return given;
    const url = given.find((one) => one.kind === 'url');
    return url ? exportPerson(db, { socialUrl: url.value }) : WORDS.forgetNeedsProfile;
  };
  api.get('/person.json', async (c) => {
    const data = await personExportOf(c);
    if (typeof data === 'string') return bad(c, data);
    return c.body(JSON.stringify(data, null, 2), 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': 'attachment; filename="what-we-hold.json"',
    });
  });
  api.get('/person.csv', async (c) => {
    const data = await personExportOf(c);
    if (typeof data === 'string') return bad(c, data);
    const [header, ...rows] = personExportRows(data);
    return c.body(toCsv(header!, rows), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="what-we-hold.csv"',
    });
  });

  /** The team's privacy notice: the text in force (the default when none is set), and whether it is the team's. */
  const noticeView = async () => {
    const notice = await readNotice(db);
    return {
      template: notice?.template ?? DEFAULT_NOTICE.template,
      contact: notice?.contact ?? DEFAULT_NOTICE.contact,
      is_default: notice === null,
      set_by: notice?.setBy ?? null,
      set_at: notice?.setAt.toISOString() ?? null,
      blanks: NOTICE_BLANKS.map((blank) => ({ blank, means: NOTICE_BLANK_WORDS[blank] })),
    };
  };
  api.get('/notice', async (c) => c.json(await noticeView()));
  api.post('/notice', async (c) => {
    const body = await jsonOf(c);
    const text =
      body.default === true
        ? null
        : {
            template: typeof body.template === 'string' ? body.template : '',
            contact: typeof body.contact === 'string' ? body.contact : '',
          };
    try {
      await setNotice(db, actor(c), text);
    } catch (error) {
      if (error instanceof RangeError) return bad(c, error.message);
      throw error;
    }
    return c.json(await noticeView());
  });

  api.post('/forget', async (c) => {
    const body = await jsonOf(c);
    const given = dncGiven(body);
    if (typeof given === 'string') return bad(c, given);
    const url = given.find((one) => one.kind === 'url');
    if (!url) return bad(c, WORDS.forgetNeedsProfile);
    const forgotten = await forgetPerson(db, actor(c), null, { socialUrl: url.value }, given);
    return c.json(forgotten);
  });

  api.post('/do-not-contact/:id/remove', async (c) => {
    const removed = await unlistAudited(db, actor(c), Number(c.req.param('id')));
    return removed ? c.json({ success: true }) : bad(c, WORDS.dncNoSuchEntry, 404);
  });

  api.all('*', (c) => c.json({ success: false, message: `Not found: ${c.req.method} ${c.req.path}` }, 404));
  app.route('/api', api);
  app.all('*', (c) => c.json({ success: false, message: `Not found: ${c.req.method} ${c.req.path}` }, 404));
  return app;
}
