/**
 * Workable, following its public API reference (https://workable.readme.io/reference):
 * - Authentication ("Generate an API access token", Settings › Integrations › Apps): `Authorization: Bearer <token>`
 *   against the account's own `https://<subdomain>.workable.com/spi/v3`; scopes `r_candidates` and `w_candidates`.
 * - Finding a person: `GET /spi/v3/candidates?email=` (job-candidates-index, its `email` filter), `{ candidates: [] }`.
 * - Creating: `POST /spi/v3/jobs/:shortcode/candidates` (job-candidates-create) or, without a job, the account's talent
 *   pool, `POST /spi/v3/talent_pool/candidates` (talent-pool-candidates-create): `{ candidate: { name, email, phone,
 *   headline, summary, social_profiles }, sourced: true }` — sourced (uploaded by a recruiter), so the person gets no
 *   "thank you for applying" email. Workable does not refuse a second candidate with the same email: the lookup first
 *   is what keeps it from being made twice.
 * - Errors `{ error }`; 401 a wrong token, 403 a missing scope, 404 an unknown shortcode, 422 a refused field, 429 the
 *   rate limit (`Retry-After` honoured when sent, backoff otherwise).
 */
import * as z from 'zod/mini';
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

const NAME = 'Workable';

/** The account's API: its subdomain on workable.com. */
export function workableBaseUrl(subdomain: string): string {
  return `https://${subdomain.trim().toLowerCase()}.workable.com`;
}

export interface WorkableOptions extends TransportOptions {
  token: string;
  /** The account's subdomain ("acme" for acme.workable.com). */
  subdomain: string;
  /** The job candidates are added to; absent: the account's talent pool. */
  shortcode?: string;
  /** A different address (the local stand-in); else the account's own. */
  baseUrl?: string;
}

const Candidate = z.object({ id: z.string(), profile_url: z.optional(z.string()) });
const CandidateList = z.object({ candidates: z.array(Candidate) });
const Created = z.object({ candidate: Candidate });

const ErrorBody = z.object({ error: z.string() });
const vendorMessage = (body: unknown) => {
  const parsed = z.safeParse(ErrorBody, body);
  return parsed.success ? parsed.data.error : undefined;
};

/** The body of a create, as the reference lists its fields. */
export function workableCandidateBody(person: SendPerson) {
  return {
    candidate: {
      name: person.name,
      ...(person.emails[0] ? { email: person.emails[0] } : {}),
      ...(person.phones[0] ? { phone: person.phones[0] } : {}),
      ...(person.headline ? { headline: person.headline } : {}),
      social_profiles: person.profileUrl ? [{ type: 'linkedin', url: person.profileUrl }] : [],
      tags: ['Candidate Lens'],
    },
    sourced: true,
  };
}

export function createWorkable(options: WorkableOptions): Destination {
  const base = baseUrlOf(NAME, options.baseUrl?.trim() || workableBaseUrl(options.subdomain));
  const http = createHttp(
    NAME,
    options,
    { vendorMessage, permission: 'read and write candidates (r_candidates, w_candidates)' },
    [options.token],
  );
  const headers = { Authorization: `Bearer ${options.token.trim()}`, Accept: 'application/json' };
  const appUrl = workableBaseUrl(options.subdomain);
  const recordLink = (id: string) => `${appUrl}/backend/candidates/${encodeURIComponent(id)}`;

  async function find(email: string, signal?: AbortSignal) {
    const url = `${base}/spi/v3/candidates?email=${encodeURIComponent(email)}&limit=1`;
    const list = await http(
      { method: 'GET', url, headers, schema: CandidateList, retryServerErrors: true },
      signal,
    );
    return list.candidates[0];
  }

  return {
    recordLink,
    async check({ signal } = {}): Promise<CheckResult> {
      await http(
        {
          method: 'GET',
          url: `${base}/spi/v3/candidates?limit=1`,
          headers,
          schema: CandidateList,
          retryServerErrors: true,
        },
        signal,
      );
      return { account: options.shortcode ? `job ${options.shortcode}` : 'talent pool' };
    },
    async findByEmail(email, { signal } = {}): Promise<FoundRecord | undefined> {
      const found = await find(email, signal);
      return found ? { id: found.id, link: recordLink(found.id) } : undefined;
    },
    async send(person, { signal, found } = {}): Promise<SendOutcome> {
      const email = person.emails[0];
      const existing =
        found !== undefined ? (found ?? undefined) : email ? await find(email, signal) : undefined;
      // Workable takes a second candidate with the same email: one it already holds is linked as it is.
      if (existing) return { status: 'already-there', id: existing.id, link: recordLink(existing.id) };
      const path = options.shortcode
        ? `/spi/v3/jobs/${encodeURIComponent(options.shortcode)}/candidates`
        : '/spi/v3/talent_pool/candidates';
      // A 5xx on a create is not retried: Workable may have made the candidate before failing.
      const created = await http(
        {
          method: 'POST',
          url: `${base}${path}`,
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify(workableCandidateBody(person)),
          schema: Created,
          retryServerErrors: false,
        },
        signal,
      );
      return { status: 'created', id: created.candidate.id, link: recordLink(created.candidate.id) };
    },
  };
}

export const WorkableSettings = z.object({
  id: z.string(),
  label: z.string(),
  baseUrl: z.optional(z.string()),
  kind: z.literal('workable'),
  token: z.string(),
  subdomain: z.string(),
  shortcode: z.optional(z.string()),
});

export const workable: DestinationCard<'workable', z.infer<typeof WorkableSettings>> = {
  kind: 'workable',
  name: NAME,
  label: NAME,
  key: {
    label: 'Workable access token',
    hint: 'In Workable: Settings › Integrations › Apps › Generate API token. Allow it to read and write candidates.',
  },
  settings: WorkableSettings,
  create: (settings, transport = {}) => createWorkable({ ...transport, ...settings }),
  shown: (settings) => ({ key: settings.token }),
};
