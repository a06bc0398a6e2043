/**
 * The wire contract of the candidate service (`/v1/search`, `/v1/lookup`, `/v1/account`), as zod schemas.
 *
 * The simulator in `sim/` parses requests and builds responses with these same schemas, so the client and the
 * simulator cannot disagree silently. Strict where the spec is definite; tolerant exactly where the spec says
 * "not shown" or shows two variants (each such place is commented). Response objects are loose: fields the spec
 * does not list are kept, never fatal.
 *
 * Built on `zod/mini` to keep the background and popup bundles small.
 *
 * It is the one contract the client, the simulator and the gateway read, in the spec's order; the list of search
 * criteria keys (`criteria-keys.ts`) and the shared pieces with no endpoint of their own (`schema-parts.ts`,
 * `team-schema.ts`) are apart, and re-exported here.
 */
import * as z from 'zod/mini';
import { formatNumber } from '../format/numbers';
import { SEARCH_CRITERIA_KEYS } from './criteria-keys';
import { CreditsInfo, keyedRecord, LIMITS, NpiData, RETRIEVABLE } from './schema-parts';

export { SEARCH_CRITERIA_KEYS, type SearchCriteriaKey } from './criteria-keys';
export { CreditsInfo, LIMITS, NpiData, RETRIEVABLE, type Retrievable } from './schema-parts';

const int = () => z.int();
const nonNegInt = () => z.int().check(z.gte(0));

// ---------------------------------------------------------------------------------------------------------------
// Search request
// ---------------------------------------------------------------------------------------------------------------

const strings = () => z.optional(z.array(z.string()));

const criteriaShape = Object.fromEntries(SEARCH_CRITERIA_KEYS.map((key) => [key, strings()])) as Record<
  (typeof SEARCH_CRITERIA_KEYS)[number],
  ReturnType<typeof strings>
>;

/** `search_criteria`. Every value is an array of strings, except the metadata keys typed here. */
export const SearchCriteria = z.strictObject({
  ...criteriaShape,
  /** One variant only: string or null. */
  keyword: z.optional(z.nullable(z.string())),
  /** Comma-separated keywords: string or null in one variant, array of strings in the other. */
  keywords: z.optional(z.union([z.string(), z.null(), z.array(z.string())])),
  /** Only the value `True` is accepted. */
  veteran_status: z.optional(z.array(z.literal('True'))),
});
export type SearchCriteria = z.infer<typeof SearchCriteria>;

/**
 * The structured criteria the service echoes back (`free_text_searched`, `jd_searched`): arrays of strings, keyed
 * by criterion (a null-prototype record: a key is data whatever its name).
 */
export const ParsedCriteria = keyedRecord(z.array(z.string()));
export type ParsedCriteria = z.infer<typeof ParsedCriteria>;

/** Body of `POST /v1/search`, shape only. The cross-field rules live in {@link searchRequestProblem}. */
export const SearchRequest = z.strictObject({
  search_criteria: z.optional(SearchCriteria),
  free_text_search: z.optional(z.string()),
  jd_search: z.optional(z.string()),
  page_size: z.optional(int()),
  start: z.optional(int()),
  include_similar_titles: z.optional(z.boolean()),
});
export type SearchRequest = z.infer<typeof SearchRequest>;

/** True when `criteria` holds at least one non-empty value. */
export function hasAnyCriterion(criteria: SearchCriteria | undefined): boolean {
  if (!criteria) return false;
  return Object.values(criteria).some((value) =>
    Array.isArray(value)
      ? value.some((v) => v.trim() !== '')
      : typeof value === 'string' && value.trim() !== '',
  );
}

/**
 * The spec's rules for a search body, checked before any network call (client) and on arrival (simulator).
 * Returns a human message for the first rule broken, or null when the body is acceptable.
 */
export function searchRequestProblem(body: SearchRequest): string | null {
  const tooBig = searchSizeProblem(body);
  if (tooBig) return tooBig;
  const hasFree = body.free_text_search !== undefined;
  const hasJd = body.jd_search !== undefined;
  if (hasFree && hasJd) {
    return 'free_text_search and jd_search are mutually exclusive: send one or the other.';
  }
  if (!hasFree && !hasJd && body.search_criteria === undefined) {
    return 'Search criteria is required: give search_criteria, free_text_search or jd_search.';
  }
  if (hasFree && body.free_text_search!.trim() === '') return 'free_text_search is empty.';
  if (hasJd && body.jd_search!.trim() === '') return 'jd_search is empty.';
  if (!hasFree && !hasJd && !hasAnyCriterion(body.search_criteria)) {
    return 'Search criteria not provided or not formed correctly: every criterion is empty.';
  }
  if (hasFree && body.free_text_search!.length > LIMITS.freeTextMax) {
    return `free_text_search is ${body.free_text_search!.length} characters; the maximum is ${LIMITS.freeTextMax}.`;
  }
  if (hasJd && body.jd_search!.length > LIMITS.jdMax) {
    return `jd_search is ${body.jd_search!.length} characters; the maximum is ${LIMITS.jdMax}.`;
  }
  if (
    body.page_size !== undefined &&
    (body.page_size < LIMITS.pageSizeMin || body.page_size > LIMITS.pageSizeMax)
  ) {
    return `page_size must be between ${LIMITS.pageSizeMin} and ${LIMITS.pageSizeMax}; got ${body.page_size}.`;
  }
  if (body.start !== undefined && body.start < 1) {
    return `start is 1-based and must be at least 1; got ${body.start}.`;
  }
  return null;
}

const quote = (value: string) => `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;

/**
 * Our size limits for a search body ({@link LIMITS}): one value, one filter's list of values, the whole body. Checked
 * first, on any shape (the body may not have met the contract yet), so an oversized search is never sent.
 */
export function searchSizeProblem(body: unknown): string | null {
  const criteria = (body as { search_criteria?: unknown } | null)?.search_criteria;
  if (criteria && typeof criteria === 'object') {
    for (const value of Object.values(criteria)) {
      const values: unknown[] = Array.isArray(value) ? value : [value];
      if (values.length > LIMITS.searchValuesMax) {
        return `One filter has ${formatNumber(values.length)} values; a filter can hold at most ${LIMITS.searchValuesMax}. Remove some values and search again.`;
      }
      for (const one of values) {
        if (typeof one === 'string' && one.length > LIMITS.searchValueMax) {
          return `The search value ${quote(one)} is ${formatNumber(one.length)} characters long; a value can be at most ${formatNumber(LIMITS.searchValueMax)}. Shorten it and search again.`;
        }
      }
    }
  }
  const bytes = new TextEncoder().encode(JSON.stringify(body) ?? '').length;
  if (bytes > LIMITS.searchBodyMaxBytes) {
    return `This search is ${formatNumber(Math.ceil(bytes / 1024))} KB; a search can be at most ${LIMITS.searchBodyMaxBytes / 1024} KB. Remove some values and search again.`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Search response
// ---------------------------------------------------------------------------------------------------------------

/** Candidate id: a string in one variant, an integer in the other. Normalised to a string. */
export const CandidateId = z.pipe(
  z.union([z.string().check(z.minLength(1)), z.int()]),
  z.transform((id) => String(id)),
);

/** Element of `data.profiles`. */
export const ProfileSummary = z.looseObject({
  id: CandidateId,
  name: z.string(),
  current_title: z.string(),
  current_employer: z.string(),
  location: z.string(),
  /** The id is described as "only useful for profiles without a social_url", so it may be absent. */
  social_url: z.optional(z.nullable(z.string())),
  connections: z.optional(int()),
  country: z.optional(z.string()),
  country_code: z.optional(z.string()),
  current_employer_domain: z.optional(z.string()),
  current_employer_website: z.optional(z.string()),
  current_employer_social_url: z.optional(z.string()),
  region_latitude: z.optional(z.string()),
  region_longitude: z.optional(z.string()),
});
export type ProfileSummary = z.infer<typeof ProfileSummary>;

export const Pagination = z.looseObject({
  current_page: int(),
  page_size: int(),
  start: int(),
  total: nonNegInt(),
  has_next: z.boolean(),
  next_start: z.nullable(int()),
});
export type Pagination = z.infer<typeof Pagination>;

/** `credits` of a search. `used` when no profiles are returned: not shown, so it may be absent or 0. */
export const SearchCredits = z.looseObject({
  used: z.optional(nonNegInt()),
  remaining: int(),
});

export const SearchResponse = z
  .looseObject({
    success: z.literal(true),
    data: z.looseObject({
      profiles: z.array(ProfileSummary),
      pagination: Pagination,
    }),
    credits: SearchCredits,
    similar_titles: z.optional(z.nullable(z.array(z.string()))),
    free_text_searched: z.optional(ParsedCriteria),
    jd_searched: z.optional(ParsedCriteria),
  })
  .check(
    z.refine((r) => r.credits.used !== undefined || r.data.profiles.length === 0, {
      message: 'credits.used is missing although profiles were returned',
      path: ['credits', 'used'],
    }),
  );
export type SearchResponse = z.infer<typeof SearchResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Lookup request
// ---------------------------------------------------------------------------------------------------------------

export const REVEALS = [
  'reveal_personal_email',
  'reveal_phone',
  'reveal_detailed_person_enrichment',
  'reveal_healthcare_enrichment',
] as const;
export type Reveal = (typeof REVEALS)[number];

/** Body of `POST /v1/lookup`, shape only. The cross-field rules live in {@link lookupRequestProblem}. */
export const LookupRequest = z.strictObject({
  candidate_id: z.optional(z.string()),
  social_url: z.optional(z.string()),
  reveal_personal_email: z.optional(z.boolean()),
  reveal_phone: z.optional(z.boolean()),
  reveal_detailed_person_enrichment: z.optional(z.boolean()),
  reveal_healthcare_enrichment: z.optional(z.boolean()),
});
export type LookupRequest = z.infer<typeof LookupRequest>;

/** Number of identifiers present in a lookup body. */
export function identifierCount(body: Pick<LookupRequest, 'candidate_id' | 'social_url'>): number {
  return (body.candidate_id !== undefined ? 1 : 0) + (body.social_url !== undefined ? 1 : 0);
}

/**
 * The spec's rules for a lookup body. Messages follow the spec's patterns. Null when acceptable.
 */
export function lookupRequestProblem(body: LookupRequest): string | null {
  const count = identifierCount(body);
  if (count === 0) return 'Either candidate_id or social_url is required.';
  if (count > 1) {
    return `Exactly 1 identifier per request is allowed; ${count} were provided. Make concurrent calls to look up several candidates.`;
  }
  if ((body.candidate_id ?? body.social_url ?? '').trim() === '') return 'The identifier is empty.';
  if (!REVEALS.some((reveal) => body[reveal] === true))
    return 'At least one enrichment option must be enabled.';
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Lookup response
// ---------------------------------------------------------------------------------------------------------------

/** Item structure of skills, experience, education and job history: not shown. Kept as received. */
const unknownItems = () => z.optional(z.array(z.unknown()));

export const LookupProfile = z.looseObject({
  id: CandidateId,
  name: z.string(),
  current_title: z.string(),
  current_employer: z.string(),
  personal_email: z.optional(z.string()),
  phone_number: z.optional(z.string()),
  skills: unknownItems(),
  experience: unknownItems(),
  education: unknownItems(),
  job_history: unknownItems(),
  npi_data: z.optional(NpiData),
});
export type LookupProfile = z.infer<typeof LookupProfile>;

const LookupType = z.enum(['id', 'social_url']);

export const ContactSuccess = z.looseObject({
  lookup_identifier: z.string(),
  lookup_type: LookupType,
  success: z.literal(true),
  profile: LookupProfile,
  contact_data_retrieved: z.array(z.enum(RETRIEVABLE)),
  retrieved_at: z.string(),
});
export type ContactSuccess = z.infer<typeof ContactSuccess>;

/**
 * The per-contact failure sample names the identifier `candidate_id` while the field table says
 * `lookup_identifier`; either is accepted and normalised to `lookup_identifier`.
 */
export const ContactFailure = z.pipe(
  z
    .looseObject({
      lookup_identifier: z.optional(z.string()),
      candidate_id: z.optional(z.string()),
      lookup_type: z.optional(LookupType),
      success: z.literal(false),
      error: z.string(),
      status_code: int(),
    })
    .check(
      z.refine((c) => c.lookup_identifier !== undefined || c.candidate_id !== undefined, {
        message: 'a failed contact names neither lookup_identifier nor candidate_id',
      }),
    ),
  z.transform(({ candidate_id, ...rest }) => ({
    ...rest,
    lookup_identifier: (rest.lookup_identifier ?? candidate_id) as string,
  })),
);
export type ContactFailure = z.infer<typeof ContactFailure>;

export const ContactResult = z.union([ContactSuccess, ContactFailure]);
export type ContactResult = z.infer<typeof ContactResult>;

export const LookupResponse = z.looseObject({
  success: z.boolean(),
  data: z.looseObject({
    contacts: z.array(ContactResult),
    summary: z.looseObject({ total_requested: nonNegInt(), successful: nonNegInt(), failed: nonNegInt() }),
  }),
  credits: z.looseObject({
    used: nonNegInt(),
    remaining: int(),
    billing_note: z.optional(z.string()),
  }),
});
export type LookupResponse = z.infer<typeof LookupResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Account
// ---------------------------------------------------------------------------------------------------------------

export const AccountResponse = z.looseObject({
  success: z.boolean(),
  credits_remaining: int(),
  credits_purchased: int(),
  timestamp: z.string(),
});
export type AccountResponse = z.infer<typeof AccountResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------------------------

/** Every error body: `success` false and a `message`; insufficient-credit errors add `credits_info`. */
export const ErrorBody = z.looseObject({
  success: z.literal(false),
  message: z.string(),
  credits_info: z.optional(CreditsInfo),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
