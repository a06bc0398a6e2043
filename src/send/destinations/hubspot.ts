/**
 * HubSpot, following its public reference:
 * - Private app tokens, sent as `Authorization: Bearer`:
 *   https://developers.hubspot.com/docs/api/private-apps (scopes `crm.objects.contacts.read` and `.write`)
 * - The free check, which also gives the account id the record links need: `GET /account-info/v3/details`
 *   https://developers.hubspot.com/docs/api/settings/account-information-api
 * - Finding: `POST /crm/v3/objects/contacts/search` with `filterGroups: [{ filters: [{ propertyName: 'email',
 *   operator: 'EQ', value }] }]`: https://developers.hubspot.com/docs/api/crm/search
 * - Creating and updating: `POST /crm/v3/objects/contacts`, `PATCH /crm/v3/objects/contacts/{id}`:
 *   https://developers.hubspot.com/docs/api/crm/contacts
 * - Errors `{ status: 'error', message, errors, category, correlationId }`, every field optional
 *   (https://developers.hubspot.com/docs/api-reference/error-handling): 401 when the token is not accepted, 403 when
 *   it lacks a scope (`category: 'MISSING_SCOPES'`, the scopes wanted in `errors[].context`), 429 over the rate
 *   limits (https://developers.hubspot.com/docs/api/usage-details), with or without `Retry-After`: without it the
 *   client backs off on its own.
 * - Search is eventually consistent: a contact created seconds ago is not found yet, and creating it again answers
 *   409 `{ category: 'CONFLICT', message: 'Contact already exists. Existing ID: <id>' }` (the body HubSpot's own
 *   clients report: https://github.com/HubSpot/hubspot-api-nodejs/issues/545,
 *   https://github.com/HubSpot/hubspot-api-php/issues/59). That contact is read by id
 *   (`GET /crm/v3/objects/contacts/{id}`, read from the record, not the search index) and linked: a person HubSpot
 *   already holds is never reported refused. HubSpot's batch upsert by email would overwrite what a user typed, so
 *   it is not used.
 *
 * The LinkedIn URL goes to `hs_linkedin_url`, the "LinkedIn URL" property HubSpot itself defines on contacts, so it
 * shows where HubSpot users already look and no admin has to create a custom property. An account that keeps it
 * elsewhere names its property in `linkedInProperty`.
 *
 * Sending again never overwrites what a HubSpot user typed: an existing contact gets only the properties it lacks.
 */
import * as z from 'zod/mini';
import { HUBSPOT_BASE_URL } from '../addresses';
import { SendError } from '../errors';
import { baseUrlOf, createHttp, type VendorErrors } from '../http';
import type {
  Destination,
  DestinationCard,
  FoundRecord,
  SendOutcome,
  SendPerson,
  TransportOptions,
} from '../types';

export { HUBSPOT_BASE_URL };

const NAME = 'HubSpot';

export interface HubSpotOptions extends TransportOptions {
  token: string;
  /** The account id (from {@link createHubSpot}'s check), for record links. */
  portalId?: number;
  linkedInProperty?: string;
  baseUrl?: string;
  appUrl?: string;
}

const ErrorBody = z.object({
  message: z.string(),
  category: z.optional(z.string()),
  errors: z.optional(
    z.array(
      z.object({ message: z.optional(z.string()), context: z.optional(z.record(z.string(), z.unknown())) }),
    ),
  ),
});
const vendorMessage = (body: unknown) => {
  const parsed = z.safeParse(ErrorBody, body);
  return parsed.success ? parsed.data.message : undefined;
};

/** The scopes a 403 names (`errors[].context.requiredGranularScopes` or `requiredScopes`), in plain words. */
function wantedScopes(body: unknown): string | undefined {
  const parsed = z.safeParse(ErrorBody, body);
  if (!parsed.success) return undefined;
  const scopes = (parsed.data.errors ?? []).flatMap((error) =>
    ['requiredGranularScopes', 'requiredScopes'].flatMap((name) => {
      const value = error.context?.[name];
      return Array.isArray(value) ? value.map(String) : [];
    }),
  );
  const words = [
    ...new Set(
      scopes.map((scope) =>
        scope.endsWith('.write') ? 'write contacts' : scope.endsWith('.read') ? 'read contacts' : scope,
      ),
    ),
  ];
  return words.length > 0 ? words.join(' and ') : undefined;
}

const HUBSPOT_ERRORS: VendorErrors = {
  vendorMessage,
  permission: "read and write contacts (the private app's contacts read and write scopes)",
  describe(status, body) {
    const wanted = status === 403 ? wantedScopes(body) : undefined;
    if (!wanted) return undefined;
    const reason = vendorMessage(body);
    return {
      kind: 'forbidden',
      message: `The access token works, but HubSpot does not let it ${wanted}: add that scope to the private app in HubSpot, Settings › Integrations › Private apps.${reason ? ` HubSpot said: "${reason}"` : ''}`,
    };
  },
};

/** The id in a 409 CONFLICT's "Contact already exists. Existing ID: 123". */
export function existingIdOf(error: unknown): string | undefined {
  if (!(error instanceof SendError) || error.status !== 409) return undefined;
  return /Existing ID: *(\d+)/.exec(error.reason ?? '')?.[1];
}

const Properties = z.record(z.string(), z.nullable(z.string()));
const Contact = z.object({ id: z.string(), properties: Properties });
const SearchAnswer = z.object({ total: z.number(), results: z.array(Contact) });
const AccountDetails = z.object({ portalId: z.number() });

/** First and last name from a full name: the last word is the last name, as most CRMs split it. */
export function splitName(name: string): { firstname: string; lastname: string } {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return { firstname: words[0] ?? '', lastname: '' };
  return { firstname: words.slice(0, -1).join(' '), lastname: words.at(-1) ?? '' };
}

/** The contact properties a person fills; empty values are left out. */
export function hubSpotProperties(person: SendPerson, linkedInProperty: string): Record<string, string> {
  const all: Record<string, string | undefined> = {
    ...splitName(person.name),
    email: person.emails[0],
    phone: person.phones[0],
    jobtitle: person.jobTitle,
    company: person.company,
    [linkedInProperty]: person.profileUrl,
  };
  return Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => !!entry[1]));
}

/** The check of a HubSpot token: its account id, which the destination keeps for record links. */
export async function hubSpotAccount(options: HubSpotOptions, signal?: AbortSignal): Promise<number> {
  const base = baseUrlOf(NAME, options.baseUrl ?? HUBSPOT_BASE_URL);
  const http = createHttp(NAME, options, HUBSPOT_ERRORS, [options.token]);
  const details = await http(
    {
      method: 'GET',
      url: `${base}/account-info/v3/details`,
      headers: { Authorization: `Bearer ${options.token.trim()}`, Accept: 'application/json' },
      schema: AccountDetails,
      retryServerErrors: true,
    },
    signal,
  );
  return details.portalId;
}

export function createHubSpot(options: HubSpotOptions): Destination {
  const base = baseUrlOf(NAME, options.baseUrl ?? HUBSPOT_BASE_URL);
  const http = createHttp(NAME, options, HUBSPOT_ERRORS, [options.token]);
  const headers = {
    Authorization: `Bearer ${options.token.trim()}`,
    Accept: 'application/json',
    'Content-Type': 'application/json',
  };
  const linkedInProperty = options.linkedInProperty ?? 'hs_linkedin_url';
  const appUrl = (options.appUrl ?? 'https://app.hubspot.com').replace(/\/+$/, '');
  const recordLink = (id: string) =>
    `${appUrl}/contacts/${options.portalId ?? 0}/record/0-1/${encodeURIComponent(id)}`;
  const wanted = ['firstname', 'lastname', 'email', 'phone', 'jobtitle', 'company', linkedInProperty];

  async function search(email: string, signal?: AbortSignal) {
    const body = {
      filterGroups: [{ filters: [{ propertyName: 'email', operator: 'EQ', value: email }] }],
      properties: wanted,
      limit: 1,
    };
    const answer = await http(
      {
        method: 'POST',
        url: `${base}/crm/v3/objects/contacts/search`,
        headers,
        body: JSON.stringify(body),
        schema: SearchAnswer,
        retryServerErrors: true,
      },
      signal,
    );
    return answer.results[0];
  }

  /** The contact by id, read from the record itself (not the search index, which lags behind writes). */
  async function read(id: string, signal?: AbortSignal) {
    return http(
      {
        method: 'GET',
        url: `${base}/crm/v3/objects/contacts/${encodeURIComponent(id)}?properties=${wanted.join(',')}`,
        headers,
        schema: Contact,
        retryServerErrors: true,
      },
      signal,
    );
  }

  /** Fills in what an existing contact lacks, never overwriting what a HubSpot user typed. */
  async function fill(
    existing: { id: string; properties: Record<string, string | null> },
    properties: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<SendOutcome> {
    const missing = Object.fromEntries(
      Object.entries(properties).filter(([key]) => !existing.properties[key]),
    );
    if (Object.keys(missing).length === 0) {
      return { status: 'already-there', id: existing.id, link: recordLink(existing.id) };
    }
    await http(
      {
        method: 'PATCH',
        url: `${base}/crm/v3/objects/contacts/${encodeURIComponent(existing.id)}`,
        headers,
        body: JSON.stringify({ properties: missing }),
        schema: Contact,
        // Setting the same properties twice gives the same record.
        retryServerErrors: true,
      },
      signal,
    );
    return { status: 'updated', id: existing.id, link: recordLink(existing.id) };
  }

  return {
    recordLink,
    async check({ signal } = {}) {
      return { account: String(await hubSpotAccount(options, signal)) };
    },
    async findByEmail(email, { signal } = {}): Promise<FoundRecord | undefined> {
      const found = await search(email, signal);
      return found ? { id: found.id, link: recordLink(found.id), properties: found.properties } : undefined;
    },
    async send(person, { signal, found } = {}): Promise<SendOutcome> {
      const properties = hubSpotProperties(person, linkedInProperty);
      const email = person.emails[0];
      const existing = found !== undefined ? found : email ? ((await search(email, signal)) ?? null) : null;
      if (existing)
        return fill({ id: existing.id, properties: existing.properties ?? {} }, properties, signal);
      let created: z.output<typeof Contact>;
      try {
        created = await http(
          {
            method: 'POST',
            url: `${base}/crm/v3/objects/contacts`,
            headers,
            body: JSON.stringify({ properties }),
            schema: Contact,
            retryServerErrors: false,
          },
          signal,
        );
      } catch (error) {
        // HubSpot holds the person already; its search had not caught up with the write that made them.
        const id = existingIdOf(error);
        if (id === undefined) throw error;
        return fill(await read(id, signal), properties, signal);
      }
      return { status: 'created', id: created.id, link: recordLink(created.id) };
    },
  };
}

export const HubSpotSettings = z.object({
  id: z.string(),
  label: z.string(),
  baseUrl: z.optional(z.string()),
  kind: z.literal('hubspot'),
  token: z.string(),
  portalId: z.optional(z.number()),
  linkedInProperty: z.optional(z.string()),
});

export const hubspot: DestinationCard<'hubspot', z.infer<typeof HubSpotSettings>> = {
  kind: 'hubspot',
  name: NAME,
  label: NAME,
  key: {
    label: 'HubSpot access token',
    hint: 'From a private app in HubSpot (Settings › Integrations › Private apps) allowed to read and write contacts.',
  },
  defaultOrigin: HUBSPOT_BASE_URL,
  settings: HubSpotSettings,
  create: (settings, transport = {}) => createHubSpot({ ...transport, ...settings }),
  // The account id makes the record links.
  async settle(settings, transport = {}) {
    const portalId = await hubSpotAccount({ ...transport, ...settings });
    return { settings: { ...settings, portalId }, account: `account ${portalId}` };
  },
  shown: (settings) => ({ key: settings.token }),
};
