/**
 * Greenhouse, through Harvest v3 (v1/v2 were removed on 31 Aug 2026), following its public reference:
 * - Authentication, custom integrations (https://harvestdocs.greenhouse.io/docs/authentication): the customer makes
 *   "Harvest V3 (OAuth)" credentials (a client id and secret) under API Credentials; an access token comes from
 *   `POST https://auth.greenhouse.io/token` (HTTP Basic with `client_id:client_secret`, a form body with
 *   `grant_type=client_credentials`, optionally `sub` = the user acted as) and is sent as `Authorization: Bearer`.
 *   Access tokens live an hour (docs/harvest-partner-oauth, "Key Token Lifetimes"): the token is kept in the
 *   background's memory only, fetched again before it expires and once on a 401 (a token that expired early), never
 *   stored and never shown.
 * - READ and WRITE endpoint migration guides (docs/step-by-step-migration-instructions,
 *   docs/write-endpoint-migration-guide): `/v1/candidates` becomes `/v3/candidates`; a person is found by
 *   `GET /v3/candidates?email=` and created by `POST /v3/candidates` with the v1 body's fields (`first_name`,
 *   `last_name`, `company`, `title`, `email_addresses`, `phone_numbers`, `social_media_addresses`), a v3 list being a
 *   bare JSON array paged by a cursor `Link` header (docs/pagination) — one page of one is all a lookup needs.
 * - Rate limiting (docs/api-rate-limiting): a 429; `Retry-After` honoured when sent, backoff otherwise.
 * Errors are `{ message, errors: [{ message, field }] }` as Harvest words them; the reason is quoted beside ours.
 */
import * as z from 'zod/mini';
import { GREENHOUSE_AUTH_URL, GREENHOUSE_BASE_URL } from '../addresses';
import { baseUrlOf, createHttp } from '../http';
import type {
  CheckResult,
  Destination,
  DestinationCard,
  FoundRecord,
  SendOutcome,
  SendPerson,
  TransportOptions,
} from '../types';

export { GREENHOUSE_AUTH_URL, GREENHOUSE_BASE_URL };

const NAME = 'Greenhouse';

export interface GreenhouseOptions extends TransportOptions {
  clientId: string;
  clientSecret: string;
  /** Harvest's address; a different one (a local stand-in) also answers the token request at `<address>/token`. */
  baseUrl?: string;
  /** Where records open (default Greenhouse's web app). */
  appUrl?: string;
}

const Token = z.object({ access_token: z.string(), expires_in: z.optional(z.number()) });
const Candidate = z.object({ id: z.number() });
const CandidateList = z.array(Candidate);

const ErrorBody = z.object({
  message: z.optional(z.string()),
  error: z.optional(z.string()),
  error_description: z.optional(z.string()),
  errors: z.optional(z.array(z.object({ message: z.optional(z.string()), field: z.optional(z.string()) }))),
});
const vendorMessage = (body: unknown) => {
  const parsed = z.safeParse(ErrorBody, body);
  if (!parsed.success) return undefined;
  const { message, error, error_description, errors } = parsed.data;
  const detail = errors
    ?.map((e) => [e.field, e.message].filter(Boolean).join(': '))
    .filter(Boolean)
    .join('; ');
  return [message ?? error_description ?? error, detail].filter(Boolean).join(' — ') || undefined;
};

interface Held {
  token: string;
  expiresAt: number;
}
/** Access tokens by credentials and address, in the background's memory only (never stored, never shown). */
const tokens = new Map<string, Held>();

/** A token is fetched again this long before Greenhouse says it expires. */
const EARLY_MS = 60_000;

function transport(options: GreenhouseOptions) {
  const custom = options.baseUrl?.trim();
  const base = baseUrlOf(NAME, custom || GREENHOUSE_BASE_URL);
  const auth = custom ? base : GREENHOUSE_AUTH_URL;
  const http = createHttp(
    NAME,
    options,
    {
      vendorMessage,
      // Harvest v3 credentials are granted scope by scope (docs/authentication, "configure the scopes").
      permission: 'list and create candidates (API Credentials › your credentials › Manage scopes)',
    },
    [options.clientSecret, options.clientId],
  );
  const now = options.now ?? Date.now;
  const slot = `${auth}|${options.clientId}|${options.clientSecret}`;

  async function token(signal: AbortSignal | undefined, fresh: boolean): Promise<string> {
    const held = tokens.get(slot);
    if (!fresh && held && held.expiresAt > now()) return held.token;
    const answer = await http(
      {
        method: 'POST',
        url: `${auth}/token`,
        headers: {
          Authorization: `Basic ${btoa(`${options.clientId.trim()}:${options.clientSecret.trim()}`)}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
        schema: Token,
        // A token request makes no record: safe to repeat.
        retryServerErrors: true,
      },
      signal,
    );
    const lifetimeMs = (answer.expires_in ?? 3600) * 1000;
    tokens.set(slot, { token: answer.access_token, expiresAt: now() + Math.max(0, lifetimeMs - EARLY_MS) });
    return answer.access_token;
  }

  /** A Harvest call with a bearer token; a 401 (a token expired early, or revoked) fetches one new token once. */
  async function harvest<S extends z.ZodMiniType>(
    request: { method: 'GET' | 'POST'; path: string; body?: string; schema: S; retryServerErrors: boolean },
    signal?: AbortSignal,
  ): Promise<z.output<S>> {
    const once = async (fresh: boolean) =>
      http(
        {
          method: request.method,
          url: `${base}${request.path}`,
          headers: {
            Authorization: `Bearer ${await token(signal, fresh)}`,
            Accept: 'application/json',
            ...(request.body ? { 'Content-Type': 'application/json' } : {}),
          },
          ...(request.body ? { body: request.body } : {}),
          schema: request.schema,
          retryServerErrors: request.retryServerErrors,
        },
        signal,
      );
    try {
      return await once(false);
    } catch (error) {
      if ((error as { status?: number }).status !== 401) throw error;
      tokens.delete(slot);
      return once(true);
    }
  }
  return { harvest, token };
}

function nameParts(name: string): { first_name: string; last_name: string } {
  const words = name.trim().split(/\s+/);
  // Harvest asks for both; a one-word name is given as the first name and repeated nowhere.
  const last = words.length > 1 ? (words.pop() as string) : '';
  return { first_name: words.join(' '), last_name: last };
}

/** The body of `POST /v3/candidates`, the fields the reference lists. */
export function greenhouseCandidateBody(person: SendPerson) {
  return {
    ...nameParts(person.name),
    ...(person.company ? { company: person.company } : {}),
    ...(person.jobTitle ? { title: person.jobTitle } : {}),
    email_addresses: person.emails.map((value, i) => ({ value, type: i === 0 ? 'work' : 'other' })),
    phone_numbers: person.phones.map((value) => ({ value, type: 'mobile' })),
    social_media_addresses: person.profileUrl ? [{ value: person.profileUrl }] : [],
    tags: ['Candidate Lens'],
  };
}

export function createGreenhouse(options: GreenhouseOptions): Destination {
  const { harvest, token } = transport(options);
  const appUrl = (options.appUrl ?? 'https://app.greenhouse.io').replace(/\/+$/, '');
  const recordLink = (id: string) => `${appUrl}/people/${encodeURIComponent(id)}`;

  async function find(email: string, signal?: AbortSignal) {
    const list = await harvest(
      {
        method: 'GET',
        path: `/v3/candidates?email=${encodeURIComponent(email)}&per_page=1`,
        schema: CandidateList,
        retryServerErrors: true,
      },
      signal,
    );
    return list[0];
  }

  return {
    recordLink,
    async check({ signal } = {}): Promise<CheckResult> {
      // Proves the credentials (a token) and the candidates scope (a read of one), both free.
      await token(signal, true);
      await harvest(
        { method: 'GET', path: '/v3/candidates?per_page=1', schema: CandidateList, retryServerErrors: true },
        signal,
      );
      return {};
    },
    async findByEmail(email, { signal } = {}): Promise<FoundRecord | undefined> {
      const found = await find(email, signal);
      return found ? { id: String(found.id), link: recordLink(String(found.id)) } : undefined;
    },
    async send(person, { signal, found } = {}): Promise<SendOutcome> {
      const email = person.emails[0];
      const existing =
        found !== undefined
          ? (found ?? undefined)
          : email
            ? await find(email, signal).then((c) => (c ? { id: String(c.id) } : undefined))
            : undefined;
      // A person Greenhouse already holds is linked as they are, never created twice.
      if (existing) return { status: 'already-there', id: existing.id, link: recordLink(existing.id) };
      // A 5xx on a create is not retried: Greenhouse may have made the candidate before failing.
      const created = await harvest(
        {
          method: 'POST',
          path: '/v3/candidates',
          body: JSON.stringify(greenhouseCandidateBody(person)),
          schema: Candidate,
          retryServerErrors: false,
        },
        signal,
      );
      return { status: 'created', id: String(created.id), link: recordLink(String(created.id)) };
    },
  };
}

export const GreenhouseSettings = z.object({
  id: z.string(),
  label: z.string(),
  baseUrl: z.optional(z.string()),
  kind: z.literal('greenhouse'),
  clientId: z.string(),
  clientSecret: z.string(),
});

export const greenhouse: DestinationCard<'greenhouse', z.infer<typeof GreenhouseSettings>> = {
  kind: 'greenhouse',
  name: NAME,
  label: NAME,
  key: {
    label: 'Greenhouse client secret',
    hint: 'In Greenhouse: Configure › Dev Center › API Credentials › Create new API credentials › Harvest V3 (OAuth). Allow it to list and create candidates.',
  },
  defaultOrigin: GREENHOUSE_BASE_URL,
  settings: GreenhouseSettings,
  create: (settings, transport = {}) => createGreenhouse({ ...transport, ...settings }),
  shown: (settings) => ({ key: settings.clientSecret }),
};
