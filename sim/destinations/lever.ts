/**
 * A local Lever that follows the public reference (https://hire.lever.co/developer/documentation): Basic auth with
 * the key as user name, `GET /v1/users`, `GET /v1/opportunities?email=`, `POST /v1/opportunities?perform_as=`
 * (required: `perform_as` an active user, `name`; emails must be addresses), errors as `{ code, message }` (#errors),
 * a 429 armed by a test with or without `Retry-After` (#rate-limits promises neither), and Lever's dedupe
 * (#create-an-opportunity): a new opportunity whose email matches a contact's is added to that contact, the emails
 * compared without regard to case, as its `email` filter compares them.
 */
import { Hono } from 'hono';
import { basicUser, createFaults, faultMiddleware, requestLog } from './faults';

export const LEVER_KEY = 'lever-demo-key';

/** The reference's user example, shape for shape. */
export const LEVER_USERS = [
  {
    id: '8d49b010-cc6a-4f40-ace5-e86061c677ed',
    name: 'Chandler Bing',
    username: 'chandler',
    email: 'chandler@exampleq3.com',
    accessRole: 'super admin',
    deactivatedAt: null,
  },
  {
    id: 'ab8a3f6c-3d2a-4bd5-9e8c-1a1e5b3f0001',
    name: 'Former Recruiter',
    username: 'former',
    email: 'former@exampleq3.com',
    accessRole: 'team member',
    deactivatedAt: 1_600_000_000_000,
  },
];

interface Opportunity {
  id: string;
  name: string;
  contact: string;
  emails: string[];
  links: string[];
  headline: string;
  origin: string;
  sources: string[];
  tags: string[];
  createdAt: number;
}

export function createLeverServer(options: { key?: string } = {}) {
  const key = options.key ?? LEVER_KEY;
  const faults = createFaults();
  const opportunities: Opportunity[] = [];
  /** Every request, "GET /v1/opportunities": what each send asked. */
  const log: string[] = [];
  let next = 1;
  const app = new Hono();
  app.use('*', requestLog(log));
  const error = (status: number, code: string, message: string) =>
    new Response(JSON.stringify({ code, message }), {
      status,
      headers: { 'content-type': 'application/json' },
    });

  app.use('/v1/*', async (c, nextHandler) => {
    if (basicUser(c.req.header('authorization')) !== key) {
      return error(401, 'UnauthorizedError', 'Invalid API key');
    }
    return nextHandler();
  });
  app.use('/v1/*', faultMiddleware(faults));

  app.get('/v1/users', (c) => c.json({ data: LEVER_USERS, hasNext: false }));

  app.get('/v1/opportunities', (c) => {
    const email = c.req.query('email')?.toLowerCase();
    const data = opportunities.filter((o) => !email || o.emails.some((e) => e.toLowerCase() === email));
    return c.json({ data, hasNext: false });
  });

  app.post('/v1/opportunities', async (c) => {
    const performAs = c.req.query('perform_as');
    const user = LEVER_USERS.find((u) => u.id === performAs);
    if (!performAs) return error(400, 'BadRequestError', 'Missing perform_as parameter');
    if (!user || user.deactivatedAt)
      return error(400, 'BadRequestError', 'perform_as user is not an active user');
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || typeof body.name !== 'string' || body.name.trim() === '') {
      return error(400, 'BadRequestError', 'Opportunity name is required');
    }
    const emails = Array.isArray(body.emails) ? body.emails.map(String) : [];
    const invalid = emails.find((email) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email));
    if (invalid) return error(400, 'BadRequestError', `Invalid email address: ${invalid}`);
    const lower = emails.map((e) => e.toLowerCase());
    const existing = opportunities.find((o) => o.emails.some((e) => lower.includes(e.toLowerCase())));
    const opportunity: Opportunity = {
      id: `opp-${next}`,
      name: body.name,
      contact: existing?.contact ?? `contact-${next}`,
      emails,
      links: Array.isArray(body.links) ? body.links.map(String) : [],
      headline: typeof body.headline === 'string' ? body.headline : '',
      origin: typeof body.origin === 'string' ? body.origin : 'sourced',
      sources: Array.isArray(body.sources) ? body.sources.map(String) : [],
      tags: Array.isArray(body.tags) ? body.tags.map(String) : [],
      createdAt: Date.now(),
    };
    next++;
    opportunities.push(opportunity);
    return c.json({ data: opportunity }, 201);
  });

  app.notFound(() => error(404, 'ResourceNotFound', 'Not found'));
  return { app, faults, opportunities, log };
}
