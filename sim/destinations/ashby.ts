/**
 * A local Ashby that follows its public reference (https://developers.ashbyhq.com/reference), each behaviour below
 * citing its page: Basic auth with the key as user name, POST-only endpoints `apiKey.info`, `candidate.search` (by
 * email or name), `candidate.create` (required: `name`; `linkedInUrl` must be a URL), `source.list`.
 */
import { Hono } from 'hono';
import { basicUser, createFaults, faultMiddleware, requestLog } from './faults';

export const ASHBY_KEY = 'ashby-demo-key';

interface Candidate {
  id: string;
  name: string;
  primaryEmailAddress?: { value: string; type: 'Personal'; isPrimary: true };
  phoneNumbers: { value: string; type: 'Personal'; isPrimary: boolean }[];
  socialLinks: { type: 'LinkedIn'; url: string }[];
  source?: { id: string };
}

/**
 * The permission each endpoint needs, by the reference's "Table of Permissions" (/reference/authentication). The
 * library holds that page's modules (Jobs, Candidates, Interviews, Hiring Process, Organization, Offers, API Keys,
 * Approvals; read or write each), not the endpoints each covers: this mapping of endpoint to module is unverified.
 */
const PERMISSION_OF: Record<string, string> = {
  'apiKey.info': 'apiKeysRead',
  'candidate.search': 'candidatesRead',
  'candidate.create': 'candidatesWrite',
  'source.list': 'hiringProcessMetadataRead',
};

/** The sources an admin set up (`source.list`), the one the extension's candidates are given among them. */
export const ASHBY_SOURCES = [
  { id: 'src-linkedin', title: 'LinkedIn', isArchived: false },
  { id: 'src-lens', title: 'Candidate Lens', isArchived: false },
  { id: 'src-old', title: 'Job fair 2019', isArchived: true },
];

export function createAshbyServer(options: { key?: string } = {}) {
  const key = options.key ?? ASHBY_KEY;
  const faults = createFaults();
  const candidates: Candidate[] = [];
  /** Every request, "POST /candidate.search": what each send asked. */
  const log: string[] = [];
  /** The `Accept` header of each request. */
  const accepts: string[] = [];
  /** The permissions the key lacks ("candidatesWrite"): those endpoints answer 403 missing_endpoint_permission. */
  const denied = new Set<string>();
  let next = 1;
  const app = new Hono();
  // /reference/responses ("Responses & Errors"): "What would be 4XX errors will return 200 with success being
  // false", with "an array of error strings", its example `{ success: false, errors: ["requested_job_not_found"] }`.
  // `errorInfo` (the code again, with a sentence) is not on the pages the library holds; it is kept because the
  // extension reads it first, and falls back to `errors` without it.
  const refused = (code: string, message: string) =>
    Response.json({ success: false, errors: [code], errorInfo: { code, message } });

  app.use('*', requestLog(log));
  // /reference/authentication: "If your API key is missing, the API will respond with a 401 status code. When the
  // provided key is wrong or deactivated, the API will respond with a 403 status code." The wording of each body is
  // this stand-in's; the reference says only that it is "human-readable ... specific to the situation". The same
  // page's examples send `Accept: application/json; version=1`: each request's is kept in `accepts`.
  app.use('*', async (c, nextHandler) => {
    accepts.push(c.req.header('accept') ?? '');
    const user = basicUser(c.req.header('authorization'));
    if (!user) {
      return Response.json(
        {
          success: false,
          errors: ['Missing API key'],
          errorInfo: { code: 'missing_api_key', message: 'Missing API key' },
        },
        { status: 401 },
      );
    }
    if (user !== key) {
      return Response.json(
        {
          success: false,
          errors: ['The API key is invalid or has been deactivated'],
          errorInfo: { code: 'invalid_api_key', message: 'The API key is invalid or has been deactivated' },
        },
        { status: 403 },
      );
    }
    return nextHandler();
  });
  // Same page: a key without the endpoint's permission is refused with 403 and the error missing_endpoint_permission.
  app.use('*', async (c, nextHandler) => {
    const permission = PERMISSION_OF[new URL(c.req.url).pathname.slice(1)];
    if (permission && denied.has(permission)) {
      return Response.json(
        {
          success: false,
          errors: ['missing_endpoint_permission'],
          errorInfo: {
            code: 'missing_endpoint_permission',
            message: `This API key is missing the ${permission} permission`,
          },
        },
        { status: 403 },
      );
    }
    return nextHandler();
  });
  // A 429 (or any status) armed by a test, with or without `Retry-After`: no page the library holds states Ashby's
  // rate limit or its answer to one.
  app.use('*', faultMiddleware(faults));

  // /reference/sourcelist (not in the library; unverified): the sources, archived ones left out unless
  // `includeArchived`.
  app.post('/source.list', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { includeArchived?: boolean };
    return c.json({
      success: true,
      results: ASHBY_SOURCES.filter((source) => body.includeArchived || !source.isArchived),
    });
  });

  // /reference/apikeyinfo (not in the library; unverified): the key's own details, the free call that checks it.
  app.post('/apiKey.info', (c) =>
    c.json({ success: true, results: { title: 'Candidate Lens', createdAt: '2026-11-01T00:00:00Z' } }),
  );

  // /reference/candidatesearch (not in the library; unverified): by `email` or `name`, one of them required; the
  // email compared here without regard to case.
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

  // /reference/candidatecreate (not in the library; unverified): `name` required; `email`, `phoneNumber`,
  // `linkedInUrl`, `sourceId` optional.
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
  return { app, faults, candidates, log, accepts, denied };
}
