/**
 * A local HubSpot that follows the public reference (https://developers.hubspot.com/docs/api/crm/contacts and
 * /crm/search): Bearer private app tokens, `GET /account-info/v3/details`, contacts search with `filterGroups`,
 * create (email unique, compared without regard to case: 409 CONFLICT "Contact already exists. Existing ID: <id>",
 * the body HubSpot's clients report, https://github.com/HubSpot/hubspot-api-nodejs/issues/545), read by id, PATCH,
 * errors `{ status: 'error', message, correlationId, category }` (/docs/api-reference/error-handling), 401
 * INVALID_AUTHENTICATION; a 429 or a 403 MISSING_SCOPES armed by a test, a 429 with or without `Retry-After`.
 *
 * Search lags behind writes, as HubSpot's does (its search index is eventually consistent: a contact just created is
 * not found for a few seconds, https://github.com/HubSpot/hubspot-api-php/issues/59): a contact made through the API
 * is found by search only `searchLagMs` after it was made. One a test puts in `contacts` directly is found at once.
 */
import { Hono } from 'hono';
import { createFaults, faultMiddleware, requestLog } from './faults';

export const HUBSPOT_TOKEN = 'pat-na1-demo-token';
export const HUBSPOT_PORTAL = 12_345_678;

/** The properties a contact may have here; any other is refused as HubSpot refuses an unknown property. */
const KNOWN = new Set(['firstname', 'lastname', 'email', 'phone', 'jobtitle', 'company', 'hs_linkedin_url']);

interface Contact {
  id: string;
  properties: Record<string, string | null>;
  createdAt: string;
  updatedAt: string;
  archived: false;
}

export function createHubSpotServer(options: { token?: string; searchLagMs?: number } = {}) {
  const token = options.token ?? HUBSPOT_TOKEN;
  const faults = createFaults();
  const contacts: Contact[] = [];
  /** When each contact made through the API becomes searchable (epoch ms), by id. */
  const searchableAt = new Map<string, number>();
  /** Every request, "POST /crm/v3/objects/contacts/search": what each send asked. */
  const log: string[] = [];
  const lag = { searchLagMs: options.searchLagMs ?? 5_000 };
  let next = 101;
  const app = new Hono();
  app.use('*', requestLog(log));
  const error = (status: number, category: string, message: string) =>
    Response.json({ status: 'error', message, correlationId: crypto.randomUUID(), category }, { status });

  app.use('*', async (c, nextHandler) => {
    if (c.req.header('authorization') !== `Bearer ${token}`) {
      return error(401, 'INVALID_AUTHENTICATION', 'Authentication credentials not found.');
    }
    return nextHandler();
  });
  app.use('*', faultMiddleware(faults));

  app.get('/account-info/v3/details', (c) =>
    c.json({
      portalId: HUBSPOT_PORTAL,
      accountType: 'STANDARD',
      timeZone: 'Europe/London',
      companyCurrency: 'GBP',
    }),
  );

  const unknownProperty = (properties: Record<string, unknown>) =>
    Object.keys(properties).find((p) => !KNOWN.has(p));

  app.post('/crm/v3/objects/contacts/search', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as {
      filterGroups?: { filters?: { propertyName: string; operator: string; value?: string }[] }[];
    };
    const filters = body.filterGroups?.flatMap((group) => group.filters ?? []) ?? [];
    const results = contacts.filter(
      (contact) =>
        (searchableAt.get(contact.id) ?? 0) <= Date.now() &&
        filters.every(
          (f) =>
            f.operator !== 'EQ' ||
            (contact.properties[f.propertyName] ?? '').toLowerCase() === f.value?.toLowerCase(),
        ),
    );
    return c.json({ total: results.length, results });
  });

  app.post('/crm/v3/objects/contacts', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { properties?: Record<string, string> };
    const properties = body.properties ?? {};
    const unknown = unknownProperty(properties);
    if (unknown) return error(400, 'VALIDATION_ERROR', `Property "${unknown}" does not exist`);
    const email = properties.email?.toLowerCase();
    const taken = email && contacts.find((contact) => contact.properties.email?.toLowerCase() === email);
    if (taken) return error(409, 'CONFLICT', `Contact already exists. Existing ID: ${taken.id}`);
    const now = new Date().toISOString();
    const contact: Contact = {
      id: String(next++),
      properties,
      createdAt: now,
      updatedAt: now,
      archived: false,
    };
    contacts.push(contact);
    searchableAt.set(contact.id, Date.now() + lag.searchLagMs);
    return c.json(contact, 201);
  });

  // Read by id: from the record itself, never behind.
  app.get('/crm/v3/objects/contacts/:id', (c) => {
    const contact = contacts.find((candidate) => candidate.id === c.req.param('id'));
    if (!contact) return error(404, 'OBJECT_NOT_FOUND', 'resource not found');
    return c.json(contact);
  });

  app.patch('/crm/v3/objects/contacts/:id', async (c) => {
    const contact = contacts.find((candidate) => candidate.id === c.req.param('id'));
    if (!contact) return error(404, 'OBJECT_NOT_FOUND', 'resource not found');
    const body = (await c.req.json().catch(() => ({}))) as { properties?: Record<string, string> };
    const unknown = unknownProperty(body.properties ?? {});
    if (unknown) return error(400, 'VALIDATION_ERROR', `Property "${unknown}" does not exist`);
    Object.assign(contact.properties, body.properties);
    contact.updatedAt = new Date().toISOString();
    return c.json(contact);
  });

  app.notFound(() => error(404, 'OBJECT_NOT_FOUND', 'resource not found'));
  return { app, faults, contacts, log, lag };
}
