/**
 * What an action may cost before it runs, and what it did cost after. Credits are the user's money: every figure the
 * UI shows comes from here.
 */

import { countOf } from '../format/numbers';
import type { LookupRequest, Retrievable, Reveal, SearchRequest } from './schema';

/** Credits per item actually retrieved (spec: lookup credit costs). */
export const REVEAL_PRICE: Readonly<Record<Reveal, number>> = {
  reveal_personal_email: 3,
  reveal_phone: 6,
  reveal_detailed_person_enrichment: 1,
  reveal_healthcare_enrichment: 1,
};

/** Which reveal flag retrieves which item of `contact_data_retrieved`. */
export const REVEAL_ITEM: Readonly<Record<Reveal, Retrievable>> = {
  reveal_personal_email: 'email',
  reveal_phone: 'phone',
  reveal_detailed_person_enrichment: 'detailed_profile',
  reveal_healthcare_enrichment: 'healthcare_profile',
};

/** Which reveal flag asks for which item (the inverse of {@link REVEAL_ITEM}). */
export const ITEM_REVEAL: Readonly<Record<Retrievable, Reveal>> = {
  email: 'reveal_personal_email',
  phone: 'reveal_phone',
  detailed_profile: 'reveal_detailed_person_enrichment',
  healthcare_profile: 'reveal_healthcare_enrichment',
};

/** Credits for a retrieved item. */
export const ITEM_PRICE: Readonly<Record<Retrievable, number>> = {
  email: REVEAL_PRICE.reveal_personal_email,
  phone: REVEAL_PRICE.reveal_phone,
  detailed_profile: REVEAL_PRICE.reveal_detailed_person_enrichment,
  healthcare_profile: REVEAL_PRICE.reveal_healthcare_enrichment,
};

export const SEARCH_PRICE = 1;
export const JD_SEARCH_PRICE = 2;

/** The most one lookup can cost: every requested item found (this is also what the service requires in balance). */
export function maxLookupCost(reveals: Partial<Record<Reveal, boolean>>): number {
  let total = 0;
  for (const [reveal, price] of Object.entries(REVEAL_PRICE) as [Reveal, number][]) {
    if (reveals[reveal] === true) total += price;
  }
  return total;
}

/** The most a lookup of these items can cost (every one found). */
export function maxCostOfItems(items: readonly Retrievable[]): number {
  return [...new Set(items)].reduce((sum, item) => sum + ITEM_PRICE[item], 0);
}

/** What a search costs when profiles are returned (nothing when none are). */
export function searchCost(body: Pick<SearchRequest, 'jd_search'>): number {
  return body.jd_search !== undefined ? JD_SEARCH_PRICE : SEARCH_PRICE;
}

/** What a lookup actually charges given the items the service retrieved: success-based, per item. */
export function chargeForRetrieved(retrieved: readonly Retrievable[], requested?: LookupRequest): number {
  let total = 0;
  for (const item of new Set(retrieved)) {
    if (requested) {
      const reveal = (Object.keys(REVEAL_ITEM) as Reveal[]).find((r) => REVEAL_ITEM[r] === item);
      if (reveal && requested[reveal] !== true) continue;
    }
    total += ITEM_PRICE[item];
  }
  return total;
}

/** "1 credit", "11 credits". */
export function formatCredits(n: number): string {
  return `${countOf(n, 'credit')}`;
}
