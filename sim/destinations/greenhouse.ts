/**
 * A local Greenhouse Harvest v3, following https://harvestdocs.greenhouse.io as far as the project's library holds
 * it; each behaviour below cites its page, or says it is unverified. Held: docs/authentication, docs/pagination,
 * docs/list-endpoints, docs/harvest-partner-oauth (token lifetimes), the READ and WRITE migration guides' openings.
 * Not held: the API reference pages of `POST /token`, `GET /v3/candidates` and `POST /v3/candidates`, and
 * docs/api-rate-limiting, so the error bodies of the v3 endpoints and the candidate's fields are unverified.
 * The real service answers tokens at auth.greenhouse.io and the API at harvest.greenhouse.io; here one server answers
 * both (the journeys serve each host only its own part, test/e2e/send-helpers.ts).
 */
import { Hono } from 'hono';
import { basicUser, createFaults, faultMiddleware, requestLog } from './faults';

export const GREENHOUSE_CLIENT_ID = 'greenhouse-demo-client';
export const GREENHOUSE_CLIENT_SECRET = 'greenhouse-demo-secret';

interface Candidate {
  id: number;
  first_name: string;
  last_name: string;
  company: string | null;
  title: string | null;
  email_addresses: { value: string; type: string }[];
  phone_numbers: { value: string; type: string }[];
  social_media_addresses: { value: string }[];
  tags: string[];
  created_at: string;
}

function basicPassword(header: string | undefined): string | undefined {
  const match = /^Basic (.+)$/.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = atob(match[1]);
  const colon = decoded.indexOf(':');
  return colon === -1 ? undefined : decoded.slice(colon + 1);
}

export function createGreenhouseServer(
  options: { clientId?: string; clientSecret?: string; tokenLifetimeS?: number } = {},
) {
  const clientId = options.clientId ?? GREENHOUSE_CLIENT_ID;
  const clientSecret = options.clientSecret ?? GREENHOUSE_CLIENT_SECRET;
  const faults = createFaults();
  const candidates: Candidate[] = [];
  /** Every request, "POST /token", "GET /v3/candidates": what each send asked. */
  const log: string[] = [];
  /** The `sub` of each token request (null when none was sent). */
  const subs: (string | null)[] = [];
  /** Tokens handed out, with when each expires (epoch ms). */
  const tokens = new Map<string, number>();
  let next = 4_001;
  const app = new Hono();
  app.use('*', requestLog(log));

  // docs/authentication, "Custom integrations: OAuth 2.0 Client Credentials", step 2: `POST
  // https://auth.greenhouse.io/token`, HTTP Basic with `<<CLIENT_ID>>:<<CLIENT_SECRET>>`, a form body with
  // `grant_type=client_credentials` and `sub=<<USER_ID>>` ("a Greenhouse user_id to identify the authorizing user").
  // The extension sends no `sub`: Nango's guide to these credentials calls it optional ("If not set, this will default
  // to an auto-generated service account user"), so it is taken without, and kept in `subs` when given.
  // The answer's fields are RFC 6749 §5.1's (the reference page is not held); the lifetime, an hour, is
  // docs/harvest-partner-oauth's "Access Token: 1 hour". Wrong credentials: RFC 6749 §5.2's `invalid_client`, 401.
  app.post('/token', async (c) => {
    const auth = c.req.header('authorization');
    if (basicUser(auth) !== clientId || basicPassword(auth) !== clientSecret) {
      return c.json({ error: 'invalid_client', error_description: 'Client authentication failed' }, 401);
    }
    const form = new URLSearchParams(await c.req.text());
    if (form.get('grant_type') !== 'client_credentials') {
      return c.json({ error: 'unsupported_grant_type' }, 400);
    }
    subs.push(form.get('sub'));
    const token = `gh-token-${crypto.randomUUID()}`;
    const lifetime = options.tokenLifetimeS ?? 3600;
    tokens.set(token, Date.now() + lifetime * 1000);
    return c.json({ access_token: token, token_type: 'Bearer', expires_in: lifetime });
  });

  // docs/authentication: "Call Harvest v3 endpoints with Authorization: Bearer <<ACCESS_TOKEN>>". A missing, unknown
  // or expired token is a 401 here (its body unverified: the reference page is not held). A test expires every token
  // with `expireTokens()`.
  app.use('/v3/*', async (c, nextHandler) => {
    const token = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    const expiresAt = token ? tokens.get(token) : undefined;
    if (expiresAt === undefined || expiresAt <= Date.now()) {
      return c.json({ message: 'Invalid or expired access token' }, 401);
    }
    return nextHandler();
  });
  // A 429 (or any status) armed by a test, with or without `Retry-After`: docs/api-rate-limiting exists but is not
  // held, so neither the limit nor the header is verified.
  app.use('/v3/*', faultMiddleware(faults));

  // The READ migration guide maps `GET /v1/candidates` to `GET /v3/candidates`; a v3 list is a JSON array, paged by
  // a cursor in a `Link: <…>; rel="next"` header, absent on the last page (docs/pagination), `per_page` on the first
  // request only (docs/list-endpoints). The `email` filter is v1's (its v3 equivalent is not in the pages held;
  // unverified), compared here without regard to case. One page: no `Link` header.
  app.get('/v3/candidates', (c) => {
    const email = c.req.query('email')?.toLowerCase();
    const perPage = Number(c.req.query('per_page') ?? 100);
    const found = candidates.filter(
      (candidate) => !email || candidate.email_addresses.some((e) => e.value.toLowerCase() === email),
    );
    return c.json(found.slice(0, perPage));
  });

  // The WRITE migration guide maps v1's candidate create to `POST /v3/candidates` (the row itself is beyond the
  // opening held: unverified), `first_name` and `last_name` required as in v1; answered 201 with the candidate, or
  // 422 `{ message, errors: [{ message, field }] }` (v1's shape, unverified for v3).
  app.post('/v3/candidates', async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    const missing = ['first_name', 'last_name'].filter(
      (field) => typeof body?.[field] !== 'string' || (body[field] as string).trim() === '',
    );
    if (!body || missing.length > 0) {
      return c.json(
        {
          message: 'Validation error',
          errors: missing.map((field) => ({ message: 'Missing field', field })),
        },
        422,
      );
    }
    const list = <T>(value: unknown) => (Array.isArray(value) ? (value as T[]) : []);
    const candidate: Candidate = {
      id: next++,
      first_name: body.first_name as string,
      last_name: body.last_name as string,
      company: typeof body.company === 'string' ? body.company : null,
      title: typeof body.title === 'string' ? body.title : null,
      email_addresses: list(body.email_addresses),
      phone_numbers: list(body.phone_numbers),
      social_media_addresses: list(body.social_media_addresses),
      tags: list(body.tags),
      created_at: new Date().toISOString(),
    };
    candidates.push(candidate);
    return c.json(candidate, 201);
  });

  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  return {
    app,
    faults,
    candidates,
    log,
    subs,
    /** Every token handed out expires now (a token Greenhouse no longer takes). */
    expireTokens: () => {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
  };
}
