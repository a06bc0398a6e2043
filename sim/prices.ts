/**
 * The service's prices, as its reference states them (spec: "Credit costs (charged per item actually retrieved)"
 * under POST /v1/lookup, and "Cost" under POST /v1/search).
 *
 * The simulator keeps its own copy rather than importing the extension's `src/api/pricing.ts`: the simulator stands
 * for the service, so a wrong price in the extension must show as a disagreement with it (the conformance tests,
 * test/conformance/prices.test.ts), never be repeated by it.
 */
import type { LookupRequest, Retrievable, Reveal, SearchRequest } from '../src/api/schema';

/** Spec table: personal email 3, mobile phone 6, detailed profile 1, healthcare data 1. */
export const SIM_ITEM_CREDITS: Readonly<Record<Retrievable, number>> = {
  email: 3,
  phone: 6,
  detailed_profile: 1,
  healthcare_profile: 1,
};

/** The request flag (spec column "Parameter") that asks for each item. */
export const SIM_ITEM_FLAG: Readonly<Record<Retrievable, Reveal>> = {
  email: 'reveal_personal_email',
  phone: 'reveal_phone',
  detailed_profile: 'reveal_detailed_person_enrichment',
  healthcare_profile: 'reveal_healthcare_enrichment',
};

/** Spec: "1 credit per standard search; 2 credits when `jd_search` is used". */
export const SIM_SEARCH_CREDITS = { standard: 1, jd: 2 } as const;

/**
 * The balance a lookup requires: "the maximum charge if all requested data is found" (spec, errors, 403
 * insufficient credits).
 */
export function simRequiredForLookup(request: LookupRequest): number {
  let total = 0;
  for (const [item, flag] of Object.entries(SIM_ITEM_FLAG) as [Retrievable, Reveal][]) {
    if (request[flag] === true) total += SIM_ITEM_CREDITS[item];
  }
  return total;
}

/** What a lookup charges: each item actually retrieved, once (spec: "charged per item actually retrieved"). */
export function simLookupCharge(retrieved: readonly Retrievable[]): number {
  let total = 0;
  for (const item of new Set(retrieved)) total += SIM_ITEM_CREDITS[item];
  return total;
}

/** What a search charges when profiles are returned. */
export function simSearchCredits(request: Pick<SearchRequest, 'jd_search'>): number {
  return request.jd_search !== undefined ? SIM_SEARCH_CREDITS.jd : SIM_SEARCH_CREDITS.standard;
}
