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

  // /docs/api-reference/error-handling: "401 Unauthorized: Returned when the authentication provided is invalid";
  // every error body `{ status: 'error', message, correlationId, category, errors? }`, each field optional to a
  // parser. The message is HubSpot's as quoted for a missing token (skills.sh hubspot-common-errors, "Real
  // response"), shortened.
  app.use('*', async (c, nextHandler) => {
    if (c.req.header('authorization') !== `Bearer ${token}`) {
      return error(401, 'INVALID_AUTHENTICATION', 'Authentication credentials not found.');
    }
    return nextHandler();
  });
  // Armed by a test: a 403 with MISSING_SCOPES (error-handling: "403 Forbidden: ... does not have the proper
  // permissions", e.g. a missing `crm.objects...` scope), or a 429 with or without `Retry-After`. The CRM search's own
  // limit is 4 requests a second per token (HubSpot changelog, "CRM Search API Rate Limit Increase"; 5 by
  // PipedreamHQ/pipedream#18215); no page the library holds promises `Retry-After` on a 429.
  app.use('*', faultMiddleware(faults));

  // /docs/api/settings/account-information-api (not in the library; unverified): the portal's id and settings.
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

  // https://developers.hubspot.com/docs-beta/crm/search: `POST /crm/v3/objects/contacts/search` with `filterGroups`
  // of `filters` (`EQ` on a property; the email compared here without regard to case), answered `{ total, results }`.
  // Lagging behind writes: a contact made a moment ago is not found yet (HubSpot/hubspot-api-php#59 "Search API
  // delay after insert"; Okta's HubSpot connector: "Search results may exclude newly created ... wait 10 seconds
  // after using a Create card").
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

  // /docs/api/crm/contacts, create: 201 with the contact; an email HubSpot already holds is 409
  // `{ status: 'error', message: 'Contact already exists. Existing ID: <id>', correlationId, category: 'CONFLICT' }`
  // (the body as HubSpot answers it in HubSpot/hubspot-api-nodejs#545 and hubspot-api-php#59); an unknown property
  // is a 400 VALIDATION_ERROR (error-handling's example category; this wording is the stand-in's).
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

  // /docs/api/crm/contacts, read by id: from the record itself, never behind the search (hubspot-api-php#59); 404
  // OBJECT_NOT_FOUND "resource not found" (the message as segment-docs#6244 quotes HubSpot's 404).
  app.get('/crm/v3/objects/contacts/:id', (c) => {
    const contact = contacts.find((candidate) => candidate.id === c.req.param('id'));
    if (!contact) return error(404, 'OBJECT_NOT_FOUND', 'resource not found');
    return c.json(contact);
  });

  // /docs/api/crm/contacts, update: PATCH the given properties only.
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
