/**
 * A local Greenhouse Harvest v3 that follows the public reference (https://harvestdocs.greenhouse.io):
 * - `POST /token` (docs/authentication, "Custom integrations: OAuth 2.0 Client Credentials"): HTTP Basic with
 *   `client_id:client_secret`, a form body with `grant_type=client_credentials`; answers an access token with its
 *   lifetime (an hour, docs/harvest-partner-oauth "Key Token Lifetimes"), and for wrong credentials the OAuth 2.0
 *   error body of RFC 6749 §5.2 (`401 { error: 'invalid_client' }`), `400 unsupported_grant_type` for another grant.
 *   The real service serves it at auth.greenhouse.io; here one server answers both.
 * - Every `/v3/*` call takes `Authorization: Bearer <token>` (docs/authentication); a missing, unknown or expired
 *   token is a 401. A test expires every token with `expireTokens()`.
 * - `GET /v3/candidates?email=&per_page=` (READ migration guide: `/v1/candidates` → `/v3/candidates`; a v3 list is a
 *   JSON array, paged by a cursor `Link` header, docs/pagination), the email compared without regard to case.
 * - `POST /v3/candidates` (WRITE migration guide): `first_name` and `last_name` required, else a 422
 *   `{ message: 'Validation error', errors: [{ message, field }] }`; answers 201 with the candidate.
 * - A 429 armed by a test, with or without `Retry-After` (docs/api-rate-limiting).
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
  /** Tokens handed out, with when each expires (epoch ms). */
  const tokens = new Map<string, number>();
  let next = 4_001;
  const app = new Hono();
  app.use('*', requestLog(log));

  app.post('/token', async (c) => {
    const auth = c.req.header('authorization');
    if (basicUser(auth) !== clientId || basicPassword(auth) !== clientSecret) {
      return c.json({ error: 'invalid_client', error_description: 'Client authentication failed' }, 401);
    }
    const form = new URLSearchParams(await c.req.text());
    if (form.get('grant_type') !== 'client_credentials') {
      return c.json({ error: 'unsupported_grant_type' }, 400);
    }
    const token = `gh-token-${crypto.randomUUID()}`;
    const lifetime = options.tokenLifetimeS ?? 3600;
    tokens.set(token, Date.now() + lifetime * 1000);
    return c.json({ access_token: token, token_type: 'Bearer', expires_in: lifetime });
  });

  app.use('/v3/*', async (c, nextHandler) => {
    const token = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    const expiresAt = token ? tokens.get(token) : undefined;
    if (expiresAt === undefined || expiresAt <= Date.now()) {
      return c.json({ message: 'Invalid or expired access token' }, 401);
    }
    return nextHandler();
  });
  app.use('/v3/*', faultMiddleware(faults));

  app.get('/v3/candidates', (c) => {
    const email = c.req.query('email')?.toLowerCase();
    const perPage = Number(c.req.query('per_page') ?? 100);
    const found = candidates.filter(
      (candidate) => !email || candidate.email_addresses.some((e) => e.value.toLowerCase() === email),
    );
    return c.json(found.slice(0, perPage));
  });

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
    /** Every token handed out expires now (a token Greenhouse no longer takes). */
    expireTokens: () => {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
  };
}
