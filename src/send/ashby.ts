/**
 * Ashby, following its public API reference: https://developers.ashbyhq.com/reference
 * - Authentication: Basic, the API key as the user name and an empty password (/reference/authentication); the key
 *   needs the candidates read and write permission.
 * - Every endpoint is a POST of JSON to `https://api.ashbyhq.com/<endpoint>`; an answer is
 *   `{ success: true, results }` or `{ success: false, errors, errorInfo: { code, message } }`, the latter often
 *   with HTTP 200, so success is read from the body, not the status.
 * - The free check: `apiKey.info` (/reference/apikeyinfo).
 * - Finding: `candidate.search` by `email` (/reference/candidatesearch).
 * - Creating: `candidate.create` with name, email, phoneNumber, linkedInUrl, sourceId (/reference/candidatecreate).
 */
import * as z from 'zod/mini';
import { ASHBY_BASE_URL } from './addresses';
import { SendError } from './errors';
import { baseUrlOf, basicAuth, createHttp } from './http';
import type { Destination, FoundRecord, SendOutcome, SendPerson, TransportOptions } from './types';

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

function failureMessage(body: unknown): string | undefined {
  const parsed = z.safeParse(Failure, body);
  if (!parsed.success) return undefined;
  return parsed.data.errorInfo?.message ?? parsed.data.errors?.join('; ');
}

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

export function createAshby(options: AshbyOptions): Destination {
  const base = baseUrlOf(NAME, options.baseUrl ?? ASHBY_BASE_URL);
  const http = createHttp(NAME, options, failureMessage, [options.apiKey]);
  const headers = {
    Authorization: basicAuth(options.apiKey.trim()),
    Accept: 'application/json',
    'Content-Type': 'application/json',
  };
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
      message: reason ? `${NAME} refused it: ${reason}` : `${NAME} refused it.`,
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
    async send(person, { signal } = {}): Promise<SendOutcome> {
      const email = person.emails[0];
      const existing = email ? await find(email, signal) : undefined;
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
