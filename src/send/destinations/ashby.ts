/**
 * Ashby, following its public API reference: https://developers.ashbyhq.com/reference
 * - Authentication: Basic, the API key as the user name and an empty password (/reference/authentication); the key
 *   needs the candidates read and write permission. The same page: a missing key is 401, a wrong or deactivated key
 *   is **403**, and a key without the endpoint's permission is 403 with the error `missing_endpoint_permission`;
 *   permissions are granted by module, read or write (its "Table of Permissions": `candidate.search` is Candidates
 *   read, `candidate.create` Candidates write, `apiKey.info` API Keys read, `source.list` Hiring Process read).
 * - Its examples send `Accept: application/json; version=1` (/reference/authentication), and so does this client.
 * - Every endpoint is a POST of JSON to `https://api.ashbyhq.com/<endpoint>`; an answer is
 *   `{ success: true, results }` or `{ success: false, errors, errorInfo: { code, message } }`, the latter often
 *   with HTTP 200, so success is read from the body, not the status.
 * - The free check: `apiKey.info` (/reference/apikeyinfo).
 * - Finding: `candidate.search` by `email` (/reference/candidatesearch).
 * - Creating: `candidate.create` with name, email, phoneNumber, linkedInUrl, sourceId (/reference/candidatecreate).
 * - Sources: `source.list` (/reference/sourcelist: `{ id, title, isArchived }`, archived ones left out unless
 *   `includeArchived`), for the user to choose, on the options page, the source candidates are created with.
 */
import * as z from 'zod/mini';
import { ASHBY_BASE_URL } from '../addresses';
import { type Described, refusal, SendError, vendorSaid } from '../errors';
import { baseUrlOf, basicAuth, createHttp, type VendorErrors } from '../http';
import type {
  Destination,
  DestinationCard,
  FoundRecord,
  SendOutcome,
  SendPerson,
  TransportOptions,
} from '../types';

export { ASHBY_BASE_URL };

const NAME = 'Ashby';

export interface AshbyOptions extends TransportOptions {
  apiKey: string;
  /** An Ashby source id ("Candidate Lens", made once by an admin), set on candidates created. */
  sourceId?: string;
  baseUrl?: string;
  appUrl?: string;
}

const Failure = z.object({
  success: z.literal(false),
  errors: z.optional(z.array(z.string())),
  errorInfo: z.optional(z.object({ code: z.optional(z.string()), message: z.optional(z.string()) })),
});
const Candidate = z.object({ id: z.string(), name: z.string() });
const KeyInfo = z.object({ title: z.optional(z.string()) });
const Source = z.object({ id: z.string(), title: z.string(), isArchived: z.optional(z.boolean()) });
export type AshbySource = { id: string; title: string };

function failureMessage(body: unknown): string | undefined {
  const parsed = z.safeParse(Failure, body);
  if (!parsed.success) return undefined;
  return parsed.data.errorInfo?.message ?? parsed.data.errors?.join('; ');
}

/** What each endpoint's permission lets a key do, in the words of Ashby's admin screen (Admin › API keys). */
const PERMISSIONS: Record<string, string> = {
  'candidate.search': 'read candidates (Candidates: Read)',
  'candidate.create': 'add candidates (Candidates: Write)',
  'apiKey.info': 'read its own details (API Keys: Read)',
  'source.list': 'read the sources (Hiring Process: Read)',
};

/** Ashby's 401 and 403 as its authentication reference defines them. */
export function describeAshby(status: number, body: unknown, url: string): Described | undefined {
  const said = vendorSaid(NAME, failureMessage(body));
  if (status === 401) {
    return { kind: 'bad-key', message: `${NAME} got no key. Paste it in Send to.${said}` };
  }
  if (status !== 403) return undefined;
  const parsed = z.safeParse(Failure, body);
  const code = parsed.success ? parsed.data.errorInfo?.code : undefined;
  const missingPermission =
    code === 'missing_endpoint_permission' ||
    (parsed.success && parsed.data.errors?.includes('missing_endpoint_permission'));
  if (!missingPermission) {
    return {
      kind: 'bad-key',
      message: `The key was not accepted: ${NAME} says it is wrong or deactivated. Check it in Send to.${said}`,
    };
  }
  const endpoint = url.slice(url.lastIndexOf('/') + 1);
  const permission = PERMISSIONS[endpoint] ?? 'read and add candidates (Candidates: Read and Write)';
  return {
    kind: 'forbidden',
    message: `The key works, but it needs the permission to ${permission}: give it that in ${NAME}, Admin › API keys.${said}`,
  };
}

const ASHBY_ERRORS: VendorErrors = { vendorMessage: failureMessage, describe: describeAshby };

/** The body of `candidate.create`. */
export function ashbyCandidateBody(person: SendPerson, sourceId: string | undefined) {
  return {
    name: person.name,
    ...(person.emails[0] ? { email: person.emails[0] } : {}),
    ...(person.phones[0] ? { phoneNumber: person.phones[0] } : {}),
    ...(person.profileUrl ? { linkedInUrl: person.profileUrl } : {}),
    ...(sourceId ? { sourceId } : {}),
  };
}

/** The sources candidates can be created with (active ones), for the options page: needs Hiring Process read. */
export async function ashbySources(
  options: Omit<AshbyOptions, 'sourceId'>,
  signal?: AbortSignal,
): Promise<AshbySource[]> {
  const base = baseUrlOf(NAME, options.baseUrl ?? ASHBY_BASE_URL);
  const http = createHttp(NAME, options, ASHBY_ERRORS, [options.apiKey]);
  const answer = await http(
    {
      method: 'POST',
      url: `${base}/source.list`,
      headers: headersOf(options.apiKey),
      body: JSON.stringify({ includeArchived: false }),
      schema: z.union([z.object({ success: z.literal(true), results: z.array(Source) }), Failure]),
      retryServerErrors: true,
    },
    signal,
  );
  if (answer.success !== true) {
    const reason = failureMessage(answer);
    throw new SendError({ kind: 'refused', destination: NAME, message: refusal(NAME, reason) });
  }
  return (answer as { results: z.output<typeof Source>[] }).results
    .filter((source) => !source.isArchived)
    .map(({ id, title }) => ({ id, title }));
}

/** The headers of every call: Basic auth, and the `Accept` its examples send. */
function headersOf(apiKey: string) {
  return {
    Authorization: basicAuth(apiKey.trim()),
    Accept: 'application/json; version=1',
    'Content-Type': 'application/json',
  };
}

export function createAshby(options: AshbyOptions): Destination {
  const base = baseUrlOf(NAME, options.baseUrl ?? ASHBY_BASE_URL);
  const http = createHttp(NAME, options, ASHBY_ERRORS, [options.apiKey]);
  const headers = headersOf(options.apiKey);
  const appUrl = (options.appUrl ?? 'https://app.ashbyhq.com').replace(/\/+$/, '');
  const recordLink = (id: string) => `${appUrl}/candidates/${encodeURIComponent(id)}`;

  /** Calls one endpoint and returns its `results`; a `success: false` answer becomes the vendor's refusal. */
  async function call<S extends z.ZodMiniType>(
    endpoint: string,
    body: unknown,
    results: S,
    read: boolean,
    signal?: AbortSignal,
  ): Promise<z.output<S>> {
    const schema = z.union([z.object({ success: z.literal(true), results }), Failure]);
    const answer = await http(
      {
        method: 'POST',
        url: `${base}/${endpoint}`,
        headers,
        body: JSON.stringify(body),
        schema,
        retryServerErrors: read,
      },
      signal,
    );
    if (answer.success === true) return (answer as { results: z.output<S> }).results;
    const reason = failureMessage(answer);
    throw new SendError({
      kind: 'refused',
      destination: NAME,
      message: refusal(NAME, reason),
      ...(reason ? { reason } : {}),
    });
  }

  async function find(email: string, signal?: AbortSignal): Promise<FoundRecord | undefined> {
    const first = (await call('candidate.search', { email }, z.array(Candidate), true, signal))[0];
    return first ? { id: first.id, link: recordLink(first.id) } : undefined;
  }

  return {
    recordLink,
    async check({ signal } = {}) {
      const info = await call('apiKey.info', {}, KeyInfo, true, signal);
      return info.title ? { account: info.title } : {};
    },
    findByEmail: (email, { signal } = {}) => find(email, signal),
    async send(person, { signal, found } = {}): Promise<SendOutcome> {
      const email = person.emails[0];
      const existing = found !== undefined ? found : email ? await find(email, signal) : undefined;
      if (existing) return { status: 'already-there', ...existing };
      const created = await call(
        'candidate.create',
        ashbyCandidateBody(person, options.sourceId),
        Candidate,
        false,
        signal,
      );
      return { status: 'created', id: created.id, link: recordLink(created.id) };
    },
  };
}

export const AshbySettings = z.object({
  id: z.string(),
  label: z.string(),
  baseUrl: z.optional(z.string()),
  kind: z.literal('ashby'),
  apiKey: z.string(),
  sourceId: z.optional(z.string()),
});

export const ashby: DestinationCard<'ashby', z.infer<typeof AshbySettings>> = {
  kind: 'ashby',
  name: NAME,
  label: NAME,
  key: { label: 'Ashby API key', hint: 'In Ashby: Admin › API keys. Allow it to read and write candidates.' },
  defaultOrigin: ASHBY_BASE_URL,
  settings: AshbySettings,
  create: (settings, transport = {}) => createAshby({ ...transport, ...settings }),
  shown: (settings) => ({ key: settings.apiKey }),
};
