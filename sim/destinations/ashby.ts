/**
 * A local Ashby that follows the public reference (https://developers.ashbyhq.com/reference): Basic auth with the
 * key as user name, POST-only endpoints `apiKey.info`, `candidate.search` (by email or name), `candidate.create`
 * (required: `name`; `linkedInUrl` must be a URL), answers `{ success, results }` or, with HTTP 200,
 * `{ success: false, errors, errorInfo }`, 401 for a bad key, 429 with `Retry-After`.
 */
import { Hono } from 'hono';
import { basicUser, createFaults, faultMiddleware } from './faults';

export const ASHBY_KEY = 'ashby-demo-key';

interface Candidate {
  id: string;
  name: string;
  primaryEmailAddress?: { value: string; type: 'Personal'; isPrimary: true };
  phoneNumbers: { value: string; type: 'Personal'; isPrimary: boolean }[];
  socialLinks: { type: 'LinkedIn'; url: string }[];
  source?: { id: string };
}

export function createAshbyServer(options: { key?: string } = {}) {
  const key = options.key ?? ASHBY_KEY;
  const faults = createFaults();
  const candidates: Candidate[] = [];
  let next = 1;
  const app = new Hono();
  const refused = (code: string, message: string) =>
    Response.json({ success: false, errors: [message], errorInfo: { code, message } });

  app.use('*', async (c, nextHandler) => {
    if (basicUser(c.req.header('authorization')) !== key) {
      return Response.json(
        { success: false, errorInfo: { code: 'invalid_api_key', message: 'The API key is invalid' } },
        { status: 401 },
      );
    }
    return nextHandler();
  });
  app.use('*', faultMiddleware(faults));

  app.post('/apiKey.info', (c) =>
    c.json({ success: true, results: { title: 'Candidate Lens', createdAt: '2026-11-01T00:00:00Z' } }),
  );

  app.post('/candidate.search', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { email?: string; name?: string };
    if (!body.email && !body.name) return refused('invalid_input', 'Either email or name must be provided');
    const email = body.email?.toLowerCase();
    const results = candidates.filter(
      (candidate) =>
        (email && candidate.primaryEmailAddress?.value.toLowerCase() === email) ||
        (body.name && candidate.name === body.name),
    );
    return c.json({ success: true, results });
  });

  app.post('/candidate.create', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    if (typeof body.name !== 'string' || body.name.trim() === '') {
      return refused('invalid_input', 'Missing required field: name');
    }
    if (body.linkedInUrl !== undefined && !URL.canParse(String(body.linkedInUrl))) {
      return refused('invalid_input', 'linkedInUrl must be a valid URL');
    }
    const candidate: Candidate = {
      id: `cand-${next++}`,
      name: body.name,
      ...(typeof body.email === 'string'
        ? { primaryEmailAddress: { value: body.email, type: 'Personal', isPrimary: true } as const }
        : {}),
      phoneNumbers:
        typeof body.phoneNumber === 'string'
          ? [{ value: body.phoneNumber, type: 'Personal', isPrimary: true }]
          : [],
      socialLinks: typeof body.linkedInUrl === 'string' ? [{ type: 'LinkedIn', url: body.linkedInUrl }] : [],
      ...(typeof body.sourceId === 'string' ? { source: { id: body.sourceId } } : {}),
    };
    candidates.push(candidate);
    return c.json({ success: true, results: candidate });
  });

  app.notFound(() => refused('endpoint_not_found', 'Not found'));
  return { app, faults, candidates };
}
