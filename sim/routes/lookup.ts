/**
 * POST /v1/lookup: one candidate, by candidate_id or social_url.
 *
 * The balance is checked first against the most the lookup can cost (every requested item found: 3/6/1/1); then
 * the candidate is looked up and only the items actually found are charged. Check, lookup and charge happen in one
 * synchronous step, so any number of concurrent lookups can never overdraw a key: each sees the balance the
 * previous one left. An unknown candidate is a per-contact 404 inside a 200, and costs nothing.
 */
import type * as z from 'zod/mini';
import {
  type ContactFailure,
  type ContactSuccess,
  LookupRequest,
  type LookupResponse,
  lookupRequestProblem,
  type Retrievable,
} from '../../src/api/schema';
import type { SimProfile } from '../dataset/types';
import { SIM_ITEM_CREDITS, simLookupCharge, simRequiredForLookup } from '../prices';
import { socialUrlKey } from '../social-url';
import type { SimState } from '../state';
import { describeIssues, errorResponse, MESSAGES, readJsonBody, type V1Context } from './http';
import { detailedProfile, lookupProfileBase } from './profile-views';

/** "Charged 9 credits: email 3 + phone 6. …" — what the charge was and why. */
function billingNote(
  used: number,
  retrieved: readonly Retrievable[],
  missing: readonly Retrievable[],
  found: boolean,
): string {
  const rule = 'Only successful retrievals are charged';
  if (!found) return `No credits charged: the candidate was not found. ${rule}.`;
  const charged = retrieved.map((item) => `${item} ${SIM_ITEM_CREDITS[item]}`).join(' + ');
  const notFound = missing.length > 0 ? ` Not found, not charged: ${missing.join(', ')}.` : '';
  if (used === 0) return `No credits charged: none of the requested data was found. ${rule}.${notFound}`;
  return `Charged ${used} credit${used === 1 ? '' : 's'}: ${charged}. ${rule}.${notFound}`;
}

function find(state: SimState, request: LookupRequest): SimProfile | undefined {
  if (request.candidate_id !== undefined) return state.dataset.byId.get(request.candidate_id.trim());
  const key = socialUrlKey(request.social_url ?? '');
  return key === null ? undefined : state.dataset.bySlug.get(key);
}

export function lookupRoute(state: SimState) {
  return (c: V1Context) => {
    const json = readJsonBody(c);
    if (!json.ok) return json.response;
    if (typeof json.value !== 'object' || json.value === null || Array.isArray(json.value)) {
      return errorResponse(c, 400, 'The body must be a JSON object.');
    }
    const parsed = LookupRequest.safeParse(json.value);
    if (!parsed.success)
      return errorResponse(c, 400, `Invalid lookup request: ${describeIssues(parsed.error.issues)}`);
    const request = parsed.data;
    const problem = lookupRequestProblem(request);
    if (problem) return errorResponse(c, 400, problem);

    const apiKey = c.get('apiKey');
    const required = simRequiredForLookup(request);
    const available = state.key(apiKey)?.remaining ?? 0;
    if (available < required) {
      return errorResponse(c, 403, MESSAGES.insufficient, {
        credits_info: { required, available, breakdown: `1 contact x ${required} credits` },
      });
    }

    const identifier = (request.candidate_id ?? request.social_url) as string;
    const lookupType = request.candidate_id !== undefined ? 'id' : 'social_url';
    const profile = find(state, request);

    if (!profile) {
      const contact: z.input<typeof ContactFailure> = {
        lookup_identifier: identifier,
        lookup_type: lookupType,
        success: false,
        error:
          lookupType === 'id'
            ? `Candidate not found: ${identifier}`
            : `No candidate found for profile URL: ${identifier}`,
        status_code: 404,
      };
      const body: z.input<typeof LookupResponse> = {
        success: true,
        data: { contacts: [contact], summary: { total_requested: 1, successful: 0, failed: 1 } },
        credits: { used: 0, remaining: available, billing_note: billingNote(0, [], [], false) },
      };
      return c.json(body, 200);
    }

    // What each requested item finds. The email comes from the primary source or, failing that, the secondary one
    // (lookup rule 3), at the same price.
    const retrieved: Retrievable[] = [];
    const missing: Retrievable[] = [];
    const result: z.input<typeof ContactSuccess>['profile'] = lookupProfileBase(profile);
    const want = (flag: boolean | undefined, item: Retrievable, available: boolean, fill: () => void) => {
      if (flag !== true) return;
      if (available) {
        retrieved.push(item);
        fill();
      } else missing.push(item);
    };
    want(request.reveal_personal_email, 'email', profile.personal_email !== null, () => {
      result.personal_email = profile.personal_email as string;
    });
    want(request.reveal_phone, 'phone', profile.phone_number !== null, () => {
      result.phone_number = profile.phone_number as string;
    });
    want(request.reveal_detailed_person_enrichment, 'detailed_profile', profile.detailed, () => {
      Object.assign(result, detailedProfile(profile));
    });
    want(request.reveal_healthcare_enrichment, 'healthcare_profile', profile.npi_data !== null, () => {
      result.npi_data = { ...(profile.npi_data as NonNullable<SimProfile['npi_data']>) };
    });

    const used = simLookupCharge(retrieved);
    const remaining = used > 0 ? state.charge(apiKey, used) : available;
    c.get('logEntry').charged = used;

    const contact: z.input<typeof ContactSuccess> = {
      lookup_identifier: identifier,
      lookup_type: lookupType,
      success: true,
      profile: result,
      contact_data_retrieved: retrieved,
      retrieved_at: new Date().toISOString(),
    };
    const body: z.input<typeof LookupResponse> = {
      success: true,
      data: { contacts: [contact], summary: { total_requested: 1, successful: 1, failed: 0 } },
      credits: { used, remaining, billing_note: billingNote(used, retrieved, missing, true) },
    };
    return c.json(body, 200);
  };
}
