/**
 * A local Workable that follows the public reference (https://workable.readme.io/reference): `Authorization: Bearer`
 * with the account's API token, 401 `{ error }` for a wrong one; `GET /spi/v3/candidates?email=&limit=`
 * (job-candidates-index, `{ candidates, paging }`, the email compared without regard to case);
 * `POST /spi/v3/jobs/:shortcode/candidates` (job-candidates-create; 404 for a shortcode the account has no job for) and
 * `POST /spi/v3/talent_pool/candidates` (talent-pool-candidates-create), `{ candidate: { name | firstname+lastname,
 * email, phone, headline, social_profiles }, sourced }`, 422 without a name, `sourced` absent meaning uploaded; a second
 * candidate with the same email is taken (Workable does not refuse duplicates); a 429 armed by a test, with or without
 * `Retry-After`.
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

export function createWorkableServer(options: { token?: string } = {}) {
  const token = options.token ?? WORKABLE_TOKEN;
  const faults = createFaults();
  const candidates: Candidate[] = [];
  /** Every request, "GET /spi/v3/candidates": what each send asked. */
  const log: string[] = [];
  let next = 1;
  const app = new Hono();
  app.use('*', requestLog(log));
  app.use('/spi/v3/*', async (c, nextHandler) => {
    if (c.req.header('authorization') !== `Bearer ${token}`) return c.json({ error: 'Not authorized' }, 401);
    return nextHandler();
  });
  app.use('/spi/v3/*', faultMiddleware(faults));

  app.get('/spi/v3/candidates', (c) => {
    const email = c.req.query('email')?.toLowerCase();
    const limit = Number(c.req.query('limit') ?? 50);
    const found = candidates.filter((candidate) => !email || candidate.email?.toLowerCase() === email);
    return c.json({
      candidates: found.slice(0, limit).map((x) => ({ id: x.id, name: x.name, email: x.email })),
      paging: {},
    });
  });

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
    if (!WORKABLE_JOBS.includes(shortcode)) return c.json({ error: 'Not found' }, 404);
    return create(shortcode)(c);
  });
  app.post('/spi/v3/talent_pool/candidates', (c) => create(null)(c));

  app.notFound((c) => c.json({ error: 'Not found' }, 404));
  return { app, faults, candidates, log };
}
