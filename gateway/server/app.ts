/**
 * The gateway's HTTP interface: the service's own `/v1` (search, lookup, account: same bodies, same errors), the
 * team's free endpoints (`/v1/team/me`, `/v1/team/held`, `/v1/team/send`, `/v1/team/sent`, `/v1/team/flag`,
 * `/v1/team/flags`), and `/healthz` for a
 * load balancer.
 *
 * Every `/v1` request meets, in order: the member key (401), the body limit (413), for the team endpoints the
 * member's rate (429), the body's JSON and shape (400), then its route; nothing reaches the service before all of these pass. Every answer is JSON in the service's
 * error shape when it fails, and passes through the scrub that removes the service key.
 */
import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { searchCost } from '../../src/api/pricing';
import {
  LookupRequest,
  lookupRequestProblem,
  SearchRequest,
  type SearchResponse,
  searchRequestProblem,
} from '../../src/api/schema';
import {
  TeamDncRequest,
  type TeamDncResponse,
  TeamFlagRequest,
  type TeamFlagResponse,
  TeamFlagsRequest,
  type TeamFlagsResponse,
  TeamForgetRequest,
  type TeamForgetResponse,
  TeamHeldRequest,
  type TeamHeldResponse,
  type TeamMeResponse,
  TeamSendRequest,
  type TeamSendResponse,
  TeamSentRequest,
  type TeamSentResponse,
} from '../../src/api/team-schema';
import { listAudited } from '../admin/actions';
import { createAdminApp } from '../admin/routes';
import { auditReveal, auditSend } from '../audit';
import { type DncEntry, dncIdentifiers, entryOf, isListed, listedOf } from '../do-not-contact';
import { flagsOf, setTeamFlag, TeamFlagRefusal } from '../flags';
import { forgetPerson } from '../forget';
import { type Member, readMember } from '../members';
import { readNotice } from '../notice';
import { listDestinations, sentOf, TeamSendRefusal, teamSend } from '../sends';
import { reserve, settle, spentBy } from '../spend';
import { readTeam, recordBalance } from '../team';
import { upstreamFailure } from '../upstream';
import { findPeople, keepSearchLinks, personKeyOf } from '../vault';
import { MESSAGES } from '../words';
import { type BodyVariables, limitBody } from './body-limit';
import { capAnswer } from './caps-answer';
import type { Answer, GatewayContext } from './context';
import { teamLookup } from './lookup';
import { Timing } from './timing';

interface Env {
  Variables: {
    member: Member | null;
    /**
     * The key, when its member was taken from this instance's memory past its time (a lookup, which checks the
     * member in its own first statement): a request answered before that statement reads the key again.
     */
    keyToCheck: string | null;
    credits: number;
    timing: Timing;
  } & BodyVariables;
}

const english = { error: en().localeError };

/** A failure in the service's shape. */
const failure = (status: number, message: string, extra: Record<string, unknown> = {}): Answer => ({
  status,
  body: { success: false, message, ...extra },
});

/** The zod issues of a body, as one line: "people.0: give exactly one of social_url or candidate_id". */
function issues(error: z.core.$ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || 'body'}: ${issue.message}`)
    .join('; ');
}

export function createGatewayApp(ctx: GatewayContext): Hono<Env> {
  const app = new Hono<Env>();
  const { db, log, scrub, settings } = ctx;
  const { authenticate } = ctx;

  /**
   * Writes an answer: JSON, scrubbed of the service key, with the credits noted for the log line and where its time
   * went in `Server-Timing`.
   */
  const send = (c: Context<Env>, answer: Answer) => {
    c.set('credits', answer.credits ?? 0);
    const timing = c.get('timing').header();
    return c.body(scrub(JSON.stringify(answer.body)), answer.status as ContentfulStatusCode, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...(timing ? { 'Server-Timing': timing } : {}),
      ...answer.headers,
    });
  };

  app.use('*', async (c, next) => {
    const started = performance.now();
    const timing = new Timing();
    c.set('member', null);
    c.set('keyToCheck', null);
    c.set('credits', 0);
    c.set('timing', timing);
    await next();
    log.request({
      method: c.req.method,
      path: c.req.path,
      member: c.get('member')?.name ?? null,
      status: c.res.status,
      ms: performance.now() - started,
      db: timing.of('db'),
      service: timing.of('service'),
      credits: c.get('credits'),
    });
  });

  app.onError((error, c) => {
    log.error(`${c.req.method} ${c.req.path} failed`, error);
    return send(c, failure(500, MESSAGES.internal));
  });

  app.get('/healthz', async (c) => {
    await db.query('select 1');
    return send(c, { status: 200, body: { success: true } });
  });

  const v1 = new Hono<Env>();
  v1.use('*', async (c, next) => {
    const key = c.req.header('x-api-key')?.trim() ?? '';
    // A lookup's first statement checks that its member is still active, so a key this instance has
    // read before is taken from memory, without a round trip of its own; any other request reads it as usual.
    const remembered =
      key !== '' && c.req.method === 'POST' && c.req.path === '/v1/lookup'
        ? authenticate.remembered(key)
        : null;
    const member = remembered?.member ?? (key === '' ? null : await authenticate(db, key));
    if (!member) return send(c, failure(401, MESSAGES.invalidKey));
    c.set('member', member);
    if (remembered && !remembered.fresh) c.set('keyToCheck', key);
    await next();
  });
  // The body is read only once the key is known: a caller without one cannot make the gateway read (and hold) it.
  v1.use(
    '*',
    limitBody(settings.maxBodyBytes, (c) =>
      send(c as Context<Env>, failure(413, MESSAGES.tooLarge(settings.maxBodyBytes))),
    ),
  );
  // The free team endpoints, per member (see rate-limit.ts).
  v1.use('/team/*', async (c, next) => {
    const wait = ctx.teamLimit.take(c.get('member')!.id);
    if (wait === null) return next();
    const seconds = Math.ceil(wait / 1000);
    return send(c, {
      ...failure(429, MESSAGES.teamRateLimited(seconds)),
      headers: { 'Retry-After': String(seconds) },
    });
  });

  /**
   * An answer given before the lookup's first statement (a bad body): a key taken from memory past its time is
   * read again first, so a revoked key is still refused 401 before its body is judged.
   */
  const checkedKey = async (c: Context<Env>, answer: Answer): Promise<Answer> => {
    const key = c.get('keyToCheck');
    if (key !== null && !(await c.get('timing').time('db', () => authenticate(db, key)))) {
      c.set('member', null);
      return failure(401, MESSAGES.invalidKey);
    }
    return answer;
  };

  /** The body as JSON, or the 400 a service gives for it (wrong Content-Type, empty, not JSON, not an object). */
  function jsonBody(c: Context<Env>) {
    const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') {
      return failure(400, `Content-Type must be application/json (got ${type ? `"${type}"` : 'none'}).`);
    }
    // Read once by the body limit.
    const text = c.get('body');
    if (text.trim() === '') return failure(400, 'Request body is empty; a JSON object is required.');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return failure(400, 'Request body is not valid JSON.');
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return failure(400, 'The body must be a JSON object.');
    }
    return { ok: true as const, value };
  }
  const isFailure = (value: unknown): value is Answer =>
    typeof value === 'object' && value !== null && 'status' in value;

  v1.post('/lookup', async (c) => {
    const json = jsonBody(c);
    if (isFailure(json)) return send(c, await checkedKey(c, json));
    const parsed = LookupRequest.safeParse(json.value, english);
    if (!parsed.success)
      return send(c, await checkedKey(c, failure(400, `Invalid lookup request: ${issues(parsed.error)}`)));
    const problem = lookupRequestProblem(parsed.data);
    if (problem) return send(c, await checkedKey(c, failure(400, problem)));
    const answer = await teamLookup(ctx, c.get('member')!, parsed.data, c.get('timing'));
    await c
      .get('timing')
      .time('db', () => auditReveal(db, log, c.get('member')!, personKeyOf(parsed.data), answer));
    return send(c, answer);
  });

  v1.post('/search', async (c) => {
    const json = jsonBody(c);
    if (isFailure(json)) return send(c, json);
    const parsed = SearchRequest.safeParse(json.value, english);
    if (!parsed.success) return send(c, failure(400, `Invalid search request: ${issues(parsed.error)}`));
    const problem = searchRequestProblem(parsed.data);
    if (problem) return send(c, failure(400, problem));
    const member = c.get('member')!;
    const timing = c.get('timing');
    const body = parsed.data;
    const action = body.jd_search !== undefined ? 'jd_search' : 'search';
    const reservation = await timing.time('db', () => reserve(db, member, action, searchCost(body), null));
    if (!reservation.ok) {
      if ('revoked' in reservation) return send(c, failure(401, MESSAGES.invalidKey));
      return send(c, await timing.time('db', () => capAnswer(ctx, 'search', reservation.refusal)));
    }
    let response: SearchResponse;
    try {
      response = await timing.time('service', () => ctx.upstream.search(body));
    } catch (error) {
      const failed = upstreamFailure(error, 'search');
      await timing.time('db', () =>
        settle(db, reservation.entryId, {
          status: failed.outcomeUnknown ? 'unknown' : 'not_charged',
          credits: failed.outcomeUnknown ? null : 0,
        }),
      );
      return send(c, {
        status: failed.status,
        body: failed.body,
        ...(failed.headers ? { headers: failed.headers } : {}),
      });
    }
    const used = response.credits.used ?? 0;
    // The search's URL and id pairs, so a lookup by either names one person (one flight), before the members' next
    // click; with the settlement, at once.
    await timing.time('db', () =>
      Promise.all([
        keepSearchLinks(db, response.data.profiles),
        settle(db, reservation.entryId, {
          status: used > 0 ? 'charged' : 'not_charged',
          credits: used,
          items: used > 0 ? { search: used } : {},
          remaining: response.credits.remaining,
        }),
      ]),
    );
    return send(c, { status: 200, body: response, credits: used });
  });

  v1.get('/account', async (c) => {
    const timing = c.get('timing');
    try {
      const account = await timing.time('service', () => ctx.upstream.account());
      await timing.time('db', () => recordBalance(db, account.credits_remaining, account.credits_purchased));
      return send(c, { status: 200, body: account });
    } catch (error) {
      const failed = upstreamFailure(error, 'balance check');
      return send(c, {
        status: failed.status,
        body: failed.body,
        ...(failed.headers ? { headers: failed.headers } : {}),
      });
    }
  });

  v1.get('/team/me', async (c) => {
    const timing = c.get('timing');
    // Read afresh (not from the short key cache): the caps may have changed a moment ago.
    const member = (await timing.time('db', () => readMember(db, c.get('member')!.id))) ?? c.get('member')!;
    // The balance from the service (free), or the last one known when it cannot be reached.
    try {
      const account = await timing.time('service', () => ctx.upstream.account());
      await timing.time('db', () => recordBalance(db, account.credits_remaining, account.credits_purchased));
    } catch (error) {
      log.error('balance check for /v1/team/me failed', error);
    }
    const [team, spent, destinations, notice] = await timing.time('db', () =>
      Promise.all([readTeam(db), spentBy(db, member.id), listDestinations(db), readNotice(db)]),
    );
    const body: TeamMeResponse = {
      success: true,
      member: { name: member.name },
      team: { name: team.name },
      caps: { daily: member.dailyCap, monthly: member.monthlyCap },
      spent: { today: spent.today, this_month: spent.thisMonth },
      resets: { daily: spent.dayResetsAt.toISOString(), monthly: spent.monthResetsAt.toISOString() },
      balance:
        team.creditsRemaining !== null && team.balanceAt !== null
          ? {
              credits_remaining: team.creditsRemaining,
              credits_purchased: team.creditsPurchased,
              as_of: team.balanceAt.toISOString(),
            }
          : null,
      destinations: destinations.map(({ setAt: _, ...destination }) => destination),
      notice: notice && { template: notice.template, contact: notice.contact },
    };
    return send(c, { status: 200, body });
  });

  v1.post('/team/send', async (c) => {
    const json = jsonBody(c);
    if (isFailure(json)) return send(c, json);
    const parsed = TeamSendRequest.safeParse(json.value, english);
    if (!parsed.success) return send(c, failure(400, `Invalid send: ${issues(parsed.error)}`));
    const { destination } = parsed.data;
    if (await c.get('timing').time('db', () => isListed(db, personKeyOf(parsed.data)))) {
      return send(c, failure(422, MESSAGES.doNotContactSend));
    }
    try {
      const { sent, person, thisSend } = await teamSend(
        { db, sealer: ctx.sealer },
        c.get('member')!,
        destination,
        personKeyOf(parsed.data),
      );
      await auditSend(db, log, c.get('member')!, personKeyOf(parsed.data), person, sent);
      const body: TeamSendResponse = { success: true, sent, this_send: thisSend };
      return send(c, { status: 200, body });
    } catch (error) {
      if (!(error instanceof TeamSendRefusal)) throw error;
      const retry: Record<string, string> =
        error.retryAfterMs === undefined
          ? {}
          : { 'Retry-After': String(Math.ceil(error.retryAfterMs / 1000)) };
      return send(c, { ...failure(error.status, error.message), headers: retry });
    }
  });

  v1.post('/team/sent', async (c) => {
    const json = jsonBody(c);
    if (isFailure(json)) return send(c, json);
    const parsed = TeamSentRequest.safeParse(json.value, english);
    if (!parsed.success) return send(c, failure(400, `Invalid question: ${issues(parsed.error)}`));
    // Only about the people named: a member learns nothing of sends of people it does not hold.
    const asked = parsed.data.people;
    const since = parsed.data.since === undefined ? null : new Date(parsed.data.since);
    if (since && Number.isNaN(since.getTime())) {
      return send(
        c,
        failure(400, `Invalid question: since must be an ISO time; got "${parsed.data.since}".`),
      );
    }
    const [found, listed] = await c.get('timing').time('db', () =>
      Promise.all([
        findPeople(db, asked.map(personKeyOf)).then((people) =>
          sentOf(
            db,
            people.map((person) => person?.id ?? null),
            since,
          ),
        ),
        listedOf(db, asked.map(personKeyOf)),
      ]),
    );
    const body: TeamSentResponse = {
      success: true,
      as_of: found.asOf.toISOString(),
      // A listed person: the member's extension forgets them too (a teammate forgot them, or the admin listed them).
      people: asked.map((one, i) => ({
        ...one,
        sends: found.sends[i] ?? [],
        ...(listed[i] ? { do_not_contact: true } : {}),
      })),
    };
    return send(c, { status: 200, body });
  });

  v1.post('/team/flag', async (c) => {
    const json = jsonBody(c);
    if (isFailure(json)) return send(c, json);
    const parsed = TeamFlagRequest.safeParse(json.value, english);
    if (!parsed.success) return send(c, failure(400, `Invalid flag: ${issues(parsed.error)}`));
    const { target, wrong, note } = parsed.data;
    try {
      const flag = await c
        .get('timing')
        .time('db', () =>
          setTeamFlag(db, c.get('member')!, personKeyOf(parsed.data), { target, wrong, note }),
        );
      const body: TeamFlagResponse = { success: true, flag };
      return send(c, { status: 200, body });
    } catch (error) {
      if (!(error instanceof TeamFlagRefusal)) throw error;
      return send(c, failure(error.status, error.message));
    }
  });

  v1.post('/team/flags', async (c) => {
    const json = jsonBody(c);
    if (isFailure(json)) return send(c, json);
    const parsed = TeamFlagsRequest.safeParse(json.value, english);
    if (!parsed.success) return send(c, failure(400, `Invalid question: ${issues(parsed.error)}`));
    // Only about the people named: a member learns nothing of flags on people it does not hold.
    const asked = parsed.data.people;
    const since = parsed.data.since === undefined ? null : new Date(parsed.data.since);
    if (since && Number.isNaN(since.getTime())) {
      return send(
        c,
        failure(400, `Invalid question: since must be an ISO time; got "${parsed.data.since}".`),
      );
    }
    const found = await c.get('timing').time('db', async () => {
      const people = await findPeople(db, asked.map(personKeyOf));
      return flagsOf(
        db,
        people.map((person) => person?.id ?? null),
        since,
      );
    });
    const body: TeamFlagsResponse = {
      success: true,
      as_of: found.asOf.toISOString(),
      people: asked.map((one, i) => ({ ...one, flags: found.flags[i] ?? [] })),
    };
    return send(c, { status: 200, body });
  });

  v1.post('/team/held', async (c) => {
    const json = jsonBody(c);
    if (isFailure(json)) return send(c, json);
    const parsed = TeamHeldRequest.safeParse(json.value, english);
    if (!parsed.success) return send(c, failure(400, `Invalid question: ${issues(parsed.error)}`));
    const asked = parsed.data.people;
    const [people, listed] = await c
      .get('timing')
      .time('db', () =>
        Promise.all([findPeople(db, asked.map(personKeyOf)), listedOf(db, asked.map(personKeyOf))]),
      );
    const now = Date.now();
    const body: TeamHeldResponse = {
      success: true,
      people: asked.map((one, i) => {
        // A listed person: the team will neither look them up nor send them, and says nothing of what it holds.
        if (listed[i]) return { ...one, items: [], do_not_contact: true };
        const person = people[i];
        const items = person
          ? [...person.items.values()]
              // An item flagged wrong since it was bought is not held: a lookup buys it again, so it is priced.
              .filter((held) => !held.askAgain)
              .filter((held) => held.found || now - held.at.getTime() < settings.notFoundTtlMs)
              .map((held) => ({
                item: held.item,
                found: held.found,
                revealed_by: held.by,
                revealed_at: held.at.toISOString(),
              }))
          : [];
        const notFound =
          person?.notFoundAt && now - person.notFoundAt.getTime() < settings.notFoundTtlMs
            ? { not_found_at: person.notFoundAt.toISOString() }
            : {};
        return { ...one, items, ...notFound };
      }),
    };
    return send(c, { status: 200, body });
  });

  /** The do-not-contact body, checked: its identifiers, or the 400 that says what is wrong. */
  const dncBody = (c: Context<Env>) => {
    const json = jsonBody(c);
    if (isFailure(json)) return json;
    const parsed = TeamDncRequest.safeParse(json.value, english);
    if (!parsed.success) return failure(400, `Invalid do-not-contact request: ${issues(parsed.error)}`);
    try {
      const identifiers = dncIdentifiers({
        socialUrl: parsed.data.social_url,
        candidateId: parsed.data.candidate_id,
        emails: parsed.data.emails,
      });
      return { ok: true as const, identifiers, reason: parsed.data.reason };
    } catch (error) {
      if (error instanceof RangeError) return failure(400, error.message);
      throw error;
    }
  };
  const entryBody = (entry: DncEntry | null): TeamDncResponse['entry'] =>
    entry && { reason: entry.reason, added_by: entry.addedBy, added_at: entry.addedAt.toISOString() };

  // Any member may list a person (who and why go in the audit log); only the admin takes one off, in the console.
  v1.post('/team/do-not-contact', async (c) => {
    const given = dncBody(c);
    if (isFailure(given)) return send(c, given);
    if (!given.reason) return send(c, failure(400, 'Invalid do-not-contact request: reason: say why.'));
    const member = c.get('member')!;
    const { entry, added } = await c
      .get('timing')
      .time('db', () => listAudited(db, member.name, given.identifiers, given.reason!, member.id));
    const body: TeamDncResponse = { success: true, entry: entryBody(entry), added };
    return send(c, { status: 200, body });
  });

  v1.post('/team/do-not-contact/check', async (c) => {
    const given = dncBody(c);
    if (isFailure(given)) return send(c, given);
    const entry = await c.get('timing').time('db', () => entryOf(db, given.identifiers));
    const body: TeamDncResponse = { success: true, entry: entryBody(entry) };
    return send(c, { status: 200, body });
  });

  // "Forget this person": any member may (it only takes data away); who did it goes in the audit log, never whom.
  v1.post('/team/forget', async (c) => {
    const json = jsonBody(c);
    if (isFailure(json)) return send(c, json);
    const parsed = TeamForgetRequest.safeParse(json.value, english);
    if (!parsed.success) return send(c, failure(400, `Invalid request: ${issues(parsed.error)}`));
    const member = c.get('member')!;
    let given: ReturnType<typeof dncIdentifiers> = [];
    try {
      given = parsed.data.emails?.length ? dncIdentifiers({ emails: parsed.data.emails }) : [];
    } catch (error) {
      if (error instanceof RangeError) return send(c, failure(400, error.message));
      throw error;
    }
    const forgotten = await c
      .get('timing')
      .time('db', () => forgetPerson(db, member.name, member.id, personKeyOf(parsed.data), given));
    const body: TeamForgetResponse = { success: true, ...forgotten };
    return send(c, { status: 200, body });
  });

  for (const [path, method] of [
    ['/search', 'POST'],
    ['/lookup', 'POST'],
    ['/account', 'GET'],
    ['/team/me', 'GET'],
    ['/team/held', 'POST'],
    ['/team/send', 'POST'],
    ['/team/do-not-contact', 'POST'],
    ['/team/do-not-contact/check', 'POST'],
    ['/team/flag', 'POST'],
    ['/team/flags', 'POST'],
    ['/team/forget', 'POST'],
  ] as const) {
    v1.all(path, (c) =>
      send(c, {
        ...failure(405, `Method ${c.req.method} not allowed on /v1${path}; use ${method}.`),
        headers: { Allow: method },
      }),
    );
  }
  v1.all('*', (c) => send(c, failure(404, `Not found: ${c.req.method} ${c.req.path}`)));
  app.route('/v1', v1);
  app.route('/admin', createAdminApp(ctx));
  app.notFound((c) => send(c, failure(404, `Not found: ${c.req.method} ${c.req.path}`)));
  return app;
}
