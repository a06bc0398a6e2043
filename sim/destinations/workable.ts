/**
 * A local Workable, following its public reference (https://workable.readme.io/reference) as far as the project's
 * library holds it: held are "Getting started" (the API token), reference/job-candidates-index and
 * reference/whats-new-in-v3; the pages of job-candidates-create and talent-pool-candidates-create, and Workable's
 * error bodies and rate limit, are not, and each behaviour built on them says so.
 */
import { Hono } from 'hono';
import { createFaults, faultMiddleware, requestLog } from './faults';

export const WORKABLE_TOKEN = 'workable-demo-token';
export const WORKABLE_SUBDOMAIN = 'demo';
export const WORKABLE_JOBS = ['GROOV005'];

interface Candidate {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  headline: string | null;
  social_profiles: { type: string; url: string }[];
  tags: string[];
  sourced: boolean;
  /** The job's shortcode, or null in the talent pool. */
  job: string | null;
}

export function createWorkableServer(options: { token?: string; subdomain?: string } = {}) {
  const token = options.token ?? WORKABLE_TOKEN;
  const subdomain = options.subdomain ?? WORKABLE_SUBDOMAIN;
  const faults = createFaults();
  const candidates: Candidate[] = [];
  /** Every request, "GET /spi/v3/candidates": what each send asked. */
  const log: string[] = [];
  let next = 1;
  const app = new Hono();
  app.use('*', requestLog(log));
  // Getting started, "Generate an API access token" (Settings › Integrations › Apps): `Authorization: Bearer
  // <token>` against `https://<subdomain>.workable.com/spi/v3`. A wrong token: 401 `{ error }` (unverified).
  app.use('/spi/v3/*', async (c, nextHandler) => {
    if (c.req.header('authorization') !== `Bearer ${token}`) return c.json({ error: 'Not authorized' }, 401);
    return nextHandler();
  });
  // A 429 (or any status) armed by a test, with or without `Retry-After`. Workable's own rate-limit page is not held;
  // apis.io's summary (rate-limits.apis.io/rate-limits/workable) says 429 "with Retry-After", another (waymark) "10
  // requests per 10 seconds": both third-party, so the client must back off without the header too.
  app.use('/spi/v3/*', faultMiddleware(faults));

  // reference/job-candidates-index: `GET /spi/v3/candidates`, query `email` ("The email of the candidate to filter
  // by", compared here without regard to case) and `limit` (50 by default, at most 100); `{ candidates, paging }`,
  // each with `id`, `name`, `email`, `sourced`, `profile_url` among its keys.
  app.get('/spi/v3/candidates', (c) => {
    const email = c.req.query('email')?.toLowerCase();
    const limit = Number(c.req.query('limit') ?? 50);
    const found = candidates.filter((candidate) => !email || candidate.email?.toLowerCase() === email);
    return c.json({
      candidates: found.slice(0, Math.min(limit, 100)).map((x) => ({
        id: x.id,
        name: x.name,
        email: x.email,
        sourced: x.sourced,
        profile_url: `https://${subdomain}.workable.com/backend/candidates/${x.id}`,
      })),
      paging: {},
    });
  });

  // reference/job-candidates-create and talent-pool-candidates-create (not held; unverified): `{ candidate: { name |
  // firstname+lastname, email, phone, headline, social_profiles }, sourced }`, 201, 422 without a name. `sourced`
  // absent means uploaded: reference/whats-new-in-v3, "Candidates are now considered as 'uploaded' by default. You
  // have to include the sourced: false in order to consider a candidate as applied." Whether Workable refuses a
  // second candidate with the same email is not in the pages held: it is taken here, the harder case for the
  // extension, whose lookup first must keep a person from being made twice.
  const create = (job: string | null) => async (c: import('hono').Context) => {
    const body = (await c.req.json().catch(() => null)) as {
      candidate?: Record<string, unknown>;
      sourced?: boolean;
    } | null;
    const person = body?.candidate;
    const name =
      typeof person?.name === 'string' && person.name.trim()
        ? person.name
        : [person?.firstname, person?.lastname].filter((x) => typeof x === 'string' && x.trim()).join(' ');
    if (!person || !name) return c.json({ error: "Validation failed: Name can't be blank" }, 422);
    const candidate: Candidate = {
      id: `w${(next++).toString(16)}`,
      name,
      email: typeof person.email === 'string' ? person.email : null,
      phone: typeof person.phone === 'string' ? person.phone : null,
      headline: typeof person.headline === 'string' ? person.headline : null,
      social_profiles: Array.isArray(person.social_profiles)
        ? (person.social_profiles as Candidate['social_profiles'])
        : [],
      tags: Array.isArray(person.tags) ? person.tags.map(String) : [],
      sourced: body?.sourced !== false,
      job,
    };
    candidates.push(candidate);
    return c.json({ status: 'created', candidate: { id: candidate.id, name: candidate.name } }, 201);
  };

  app.post('/spi/v3/jobs/:shortcode/candidates', (c) => {
    const shortcode = c.req.param('shortcode');
    // A shortcode the account has no job for: 404 (a third-party guide, waymark: "using the numeric id in the
    // candidate POST path returns a 404"; the body unverified).
    if (!WORKABLE_JOBS.includes(shortcode)) return c.json({ error: 'Not found' }, 404);
    return create(shortcode)(c);
  });
  app.post('/spi/v3/talent_pool/candidates', (c) => create(null)(c));

  app.notFound((c) => c.json({ error: 'Not found' }, 404));
  return { app, faults, candidates, log };
}
