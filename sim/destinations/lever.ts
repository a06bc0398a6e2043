/**
 * A local Lever that follows its public reference, https://hire.lever.co/developer/documentation (cited below as
 * "the reference", by section), as far as the project's library holds it. The library keeps that page's opening
 * (Introduction, Authentication) and its table of contents; its "Responses and Errors" and "Rate Limits" sections
 * are not in it, so the error bodies here (`{ code, message }`) and their codes are NOT verified against Lever: they
 * are the shape the extension's Lever file reads, kept as they were. Each behaviour says where it comes from.
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
  /** Notes added since (Notes › Create a note). */
  notes?: { id: string; value: string; user: string; createdAt: number }[];
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

  // The reference, Authentication › Basic Auth: "providing an API key as the username and leaving the password
  // blank". Its answer to a wrong key is not in the library (see the file's comment): 401 with this body is assumed.
  app.use('/v1/*', async (c, nextHandler) => {
    if (basicUser(c.req.header('authorization')) !== key) {
      return error(401, 'UnauthorizedError', 'Invalid API key');
    }
    return nextHandler();
  });
  // A 429 (or any status) armed by a test, with or without `Retry-After`. Lever's own Rate Limits section is not in
  // the library; apis.io's summary of it (https://rate-limits.apis.io/rate-limits/lever/lever-rate-limits/): 10
  // requests a second per key, bursts to 20, 429 above, "honor any Retry-After header" — a header it does not promise.
  app.use('/v1/*', faultMiddleware(faults));

  // The reference, Users › List all users (named in the library's table of contents, its text not held): `{ data,
  // hasNext }`, each user with `deactivatedAt` (null while active), as the extension reads them.
  app.get('/v1/users', (c) => c.json({ data: LEVER_USERS, hasNext: false }));

  // The reference, Opportunities › List all opportunities (named in the table of contents, its text not held): its
  // `email` filter, compared here without regard to case (unverified).
  app.get('/v1/opportunities', (c) => {
    const email = c.req.query('email')?.toLowerCase();
    const data = opportunities.filter((o) => !email || o.emails.some((e) => e.toLowerCase() === email));
    return c.json({ data, hasNext: false });
  });

  // The reference, Opportunities › Create an opportunity (named in the table of contents, its text not held):
  // `perform_as` (an active user) and `name` required; a new opportunity whose email matches an existing contact's
  // is added to that contact (Lever's dedupe). Unverified in the library; the wording of each refusal is this
  // stand-in's.
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

  // The reference, Notes › Create a note (named in the table of contents, its text not held): `POST
  // /opportunities/:opportunity/notes` with `perform_as` and a `value`, answering the note under `data`. Lever's
  // Opportunities section offers updates of stage, archived state, links, tags and sources only: no update of the
  // headline, so this stand-in has none. The refusals' wording is this stand-in's (unverified).
  app.post('/v1/opportunities/:id/notes', async (c) => {
    const performAs = c.req.query('perform_as');
    const user = LEVER_USERS.find((u) => u.id === performAs);
    if (!performAs) return error(400, 'BadRequestError', 'Missing perform_as parameter');
    if (!user || user.deactivatedAt)
      return error(400, 'BadRequestError', 'perform_as user is not an active user');
    const opportunity = opportunities.find((o) => o.id === c.req.param('id'));
    if (!opportunity) return error(404, 'ResourceNotFound', 'Opportunity not found');
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || typeof body.value !== 'string' || body.value.trim() === '') {
      return error(400, 'BadRequestError', 'Note value is required');
    }
    const note = { id: `note-${next++}`, value: body.value, user: user.id, createdAt: Date.now() };
    opportunity.notes = [...(opportunity.notes ?? []), note];
    return c.json({ data: note }, 201);
  });

  app.notFound(() => error(404, 'ResourceNotFound', 'Not found'));
  return { app, faults, opportunities, log };
}
