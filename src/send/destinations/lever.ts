/**
 * Lever, following its public API reference: https://hire.lever.co/developer/documentation
 * - Authentication ("Basic Auth", the API key as the user name, no password): #authentication
 * - Users, to choose whom the opportunity is created as (`perform_as`): #list-all-users (`GET /v1/users`)
 * - Finding a person: #list-all-opportunities, filtered by `email`
 * - Creating: #create-an-opportunity (`POST /v1/opportunities?perform_as=`). When a contact with one of the emails
 *   already exists, Lever adds the new opportunity to that contact; the answer's `contact` is then the existing
 *   contact's id, which is how "added to the existing candidate" is told apart from a new candidate.
 * - Errors: #errors (`{ code, message }`: 400 BadRequestError, 401 UnauthorizedError, 403 ForbiddenError, 404
 *   ResourceNotFound, 409 ConflictError, 422, 429 TooManyRequests), each said in the user's words with Lever's message
 *   quoted beside. Rate limits: #rate-limits (429; a `Retry-After` is honoured when sent, and without it the client
 *   backs off on its own).
 */
import * as z from 'zod/mini';
import { LEVER_BASE_URL } from '../addresses';
import { baseUrlOf, basicAuth, createHttp } from '../http';
import type {
  CheckResult,
  Destination,
  DestinationCard,
  FoundRecord,
  SendOutcome,
  SendPerson,
  TransportOptions,
} from '../types';

export { LEVER_BASE_URL };

const NAME = 'Lever';

export interface LeverOptions extends TransportOptions {
  apiKey: string;
  /** The Lever user the opportunity is created as (its creator and owner), chosen from {@link leverUsers}. */
  performAs: string;
  /** Optional job posting the candidate is added to. */
  postingId?: string;
  tags?: string[];
  /** Defaults to Lever's production API; a local server in tests and demos. */
  baseUrl?: string;
  /** Where records open (default Lever's web app). */
  appUrl?: string;
}

const LeverUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.optional(z.string()),
  deactivatedAt: z.optional(z.nullable(z.number())),
});
export type LeverUser = z.infer<typeof LeverUser>;

const UserList = z.object({ data: z.array(LeverUser) });
const Opportunity = z.object({ id: z.string(), contact: z.string() });
const OpportunityList = z.object({ data: z.array(Opportunity) });
const Created = z.object({ data: Opportunity });

const ErrorBody = z.object({ code: z.optional(z.string()), message: z.string() });
const vendorMessage = (body: unknown) => {
  const parsed = z.safeParse(ErrorBody, body);
  return parsed.success ? parsed.data.message : undefined;
};

function transport(options: Omit<LeverOptions, 'performAs'>) {
  const base = baseUrlOf(NAME, options.baseUrl ?? LEVER_BASE_URL);
  const http = createHttp(
    NAME,
    options,
    {
      vendorMessage,
      // Lever's API credentials are granted endpoint by endpoint (#authentication).
      permission: 'read users and create opportunities (Settings › Integrations and API › API credentials)',
    },
    [options.apiKey],
  );
  const headers = { Authorization: basicAuth(options.apiKey.trim()), Accept: 'application/json' };
  return { base, http, headers };
}

/** The account's active users, for choosing `perform_as`; also the destination's free check. */
export async function leverUsers(
  options: Omit<LeverOptions, 'performAs'>,
  signal?: AbortSignal,
): Promise<LeverUser[]> {
  const { base, http, headers } = transport(options);
  const list = await http(
    { method: 'GET', url: `${base}/v1/users`, headers, schema: UserList, retryServerErrors: true },
    signal,
  );
  return list.data.filter((user) => !user.deactivatedAt);
}

/** The body of `POST /v1/opportunities`, as the reference lists its fields. */
export function leverOpportunityBody(person: SendPerson, options: Pick<LeverOptions, 'postingId' | 'tags'>) {
  return {
    name: person.name,
    ...(person.headline ? { headline: person.headline } : {}),
    emails: person.emails,
    phones: person.phones.map((value) => ({ value })),
    links: person.profileUrl ? [person.profileUrl] : [],
    origin: 'sourced',
    sources: ['Candidate Lens'],
    tags: options.tags ?? [],
    ...(options.postingId ? { postings: [options.postingId] } : {}),
  };
}

export function createLever(options: LeverOptions): Destination {
  const { base, http, headers } = transport(options);
  const appUrl = (options.appUrl ?? 'https://hire.lever.co').replace(/\/+$/, '');
  const recordLink = (id: string) => `${appUrl}/candidates/${encodeURIComponent(id)}`;

  async function findOpportunity(email: string, signal?: AbortSignal) {
    const url = `${base}/v1/opportunities?email=${encodeURIComponent(email)}&limit=1`;
    const list = await http(
      { method: 'GET', url, headers, schema: OpportunityList, retryServerErrors: true },
      signal,
    );
    return list.data[0];
  }

  return {
    recordLink,
    async check({ signal } = {}): Promise<CheckResult> {
      const users = await leverUsers(options, signal);
      const me = users.find((user) => user.id === options.performAs);
      return me ? { account: me.name } : {};
    },
    async findByEmail(email, { signal } = {}): Promise<FoundRecord | undefined> {
      const found = await findOpportunity(email, signal);
      return found ? { id: found.id, link: recordLink(found.id), contact: found.contact } : undefined;
    },
    async send(person, { signal, found } = {}): Promise<SendOutcome> {
      const email = person.emails[0];
      const existing =
        found !== undefined ? (found ?? undefined) : email ? await findOpportunity(email, signal) : undefined;
      const url = `${base}/v1/opportunities?perform_as=${encodeURIComponent(options.performAs)}`;
      // A 5xx on a create is not retried: Lever may have made the opportunity before failing.
      const created = await http(
        {
          method: 'POST',
          url,
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify(leverOpportunityBody(person, options)),
          schema: Created,
          retryServerErrors: false,
        },
        signal,
      );
      const linked = existing !== undefined && existing.contact === created.data.contact;
      return {
        status: linked ? 'linked' : 'created',
        id: created.data.id,
        link: recordLink(created.data.id),
      };
    },
  };
}

const NoteAdded = z.object({ data: z.object({ id: z.string() }) });

/**
 * Adds a note to an opportunity (`POST /v1/opportunities/:opportunity/notes?perform_as=…`, body `{ value }`: the
 * reference's Notes › Create a note). Lever's reference updates an opportunity only by its stage, archived state,
 * links, tags and sources (its Opportunities section: "Update stage", "Update archived state", "Update links",
 * "Update tags", "Update sources"): no call changes a candidate's headline, title or employer, so a job change is told
 * as a note on the record, the closest the reference allows. Answers the note's id.
 */
export async function leverAddNote(
  options: LeverOptions,
  opportunityId: string,
  value: string,
  signal?: AbortSignal,
): Promise<string> {
  const { base, http, headers } = transport(options);
  const url = `${base}/v1/opportunities/${encodeURIComponent(opportunityId)}/notes?perform_as=${encodeURIComponent(options.performAs)}`;
  // Not retried on a 5xx: Lever may have kept the note before failing, and a second would repeat it.
  const added = await http(
    {
      method: 'POST',
      url,
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ value }),
      schema: NoteAdded,
      retryServerErrors: false,
    },
    signal,
  );
  return added.data.id;
}

export const LeverSettings = z.object({
  id: z.string(),
  label: z.string(),
  baseUrl: z.optional(z.string()),
  kind: z.literal('lever'),
  apiKey: z.string(),
  performAs: z.string(),
  postingId: z.optional(z.string()),
  tags: z.optional(z.array(z.string())),
});

export const lever: DestinationCard<'lever', z.infer<typeof LeverSettings>> = {
  kind: 'lever',
  name: NAME,
  label: NAME,
  key: {
    label: 'Lever API key',
    hint: 'In Lever: Settings › Integrations and API › API credentials. It needs to read users and add candidates.',
  },
  defaultOrigin: LEVER_BASE_URL,
  settings: LeverSettings,
  create: (settings, transport = {}) => createLever({ ...transport, ...settings }),
  shown: (settings) => ({ key: settings.apiKey }),
};
