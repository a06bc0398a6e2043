/**
 * The price oracle: every price the service's reference states (shared/spec/candidate-service.md, "Credit costs" under
 * POST /v1/lookup, "Cost" under POST /v1/search, and the rule's worked example), written out here as numbers and
 * never imported, against the three things that must agree with it: the extension's prices (`src/api/pricing.ts`,
 * what the user is shown and what the caps count), the simulator's own copy (`sim/prices.ts`), and what the running
 * simulator charges. A price changed in any one of them fails here.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import {
  SIM_ITEM_CREDITS,
  SIM_ITEM_FLAG,
  SIM_SEARCH_CREDITS,
  simLookupCharge,
  simRequiredForLookup,
  simSearchCredits,
} from '../../sim/prices';
import {
  chargeForRetrieved,
  ITEM_PRICE,
  ITEM_REVEAL,
  JD_SEARCH_PRICE,
  maxCostOfItems,
  maxLookupCost,
  REVEAL_ITEM,
  REVEAL_PRICE,
  SEARCH_PRICE,
  searchCost,
} from '../../src/api/pricing';
import type { LookupRequest, Retrievable, Reveal } from '../../src/api/schema';
import { useSimulator } from './harness';

/** The reference's table, row by row: enrichment, parameter, credits. */
const REFERENCE = [
  { item: 'email', flag: 'reveal_personal_email', credits: 3 },
  { item: 'phone', flag: 'reveal_phone', credits: 6 },
  { item: 'detailed_profile', flag: 'reveal_detailed_person_enrichment', credits: 1 },
  { item: 'healthcare_profile', flag: 'reveal_healthcare_enrichment', credits: 1 },
] as const satisfies readonly { item: Retrievable; flag: Reveal; credits: number }[];

/** Spec, search: "1 credit per standard search; 2 credits when `jd_search` is used". */
const STANDARD_SEARCH_CREDITS = 1;
const JD_SEARCH_CREDITS = 2;

type Row = (typeof REFERENCE)[number];

/** Every non-empty combination of the four items: 15 of them. */
const COMBINATIONS: Row[][] = Array.from({ length: 15 }, (_, n) =>
  REFERENCE.filter((_, i) => (n + 1) & (1 << i)),
);

/** The combinations with their price summed by hand from the reference's numbers (3, 6, 1, 1). */
const PRICED: [string, Row[], number][] = COMBINATIONS.map((rows) => [
  rows.map((r) => r.item).join(' + '),
  rows,
  rows.reduce((sum, r) => sum + r.credits, 0),
]);

function requestOf(rows: readonly Row[]): Partial<Record<Reveal, boolean>> {
  return Object.fromEntries(rows.map((r) => [r.flag, true]));
}

const ALL_FLAGS = requestOf(REFERENCE);

describe('prices: the reference written out (no import from the code under test)', () => {
  it('lists 15 combinations whose prices run from 1 to 11 credits', () => {
    // Sanity of the oracle itself, by hand: 3 + 6 + 1 + 1 = 11, the reference's "up to 11 credits" per candidate.
    expect(PRICED).toHaveLength(15);
    expect(PRICED.map(([, , credits]) => credits).sort((a, b) => a - b)).toEqual([
      1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11,
    ]);
  });
});

describe('the extension prices every item as the reference does (src/api/pricing.ts)', () => {
  it.each(REFERENCE)('$item is asked for with $flag and costs $credits', ({ item, flag, credits }) => {
    expect(REVEAL_PRICE[flag]).toBe(credits);
    expect(ITEM_PRICE[item]).toBe(credits);
    expect(REVEAL_ITEM[flag]).toBe(item);
    expect(ITEM_REVEAL[item]).toBe(flag);
  });

  it('knows no item and no flag the reference does not list', () => {
    expect(Object.keys(REVEAL_PRICE).sort()).toEqual(REFERENCE.map((r) => r.flag).sort());
    expect(Object.keys(ITEM_PRICE).sort()).toEqual(REFERENCE.map((r) => r.item).sort());
  });

  it.each(PRICED)('the most a lookup of %s can cost is %i', (_, rows, credits) => {
    expect(maxLookupCost(requestOf(rows))).toBe(credits);
    expect(maxCostOfItems(rows.map((r) => r.item))).toBe(credits);
  });

  it.each(PRICED)('%s, all asked for and all found, is charged %i', (_, rows, credits) => {
    const items = rows.map((r) => r.item);
    expect(chargeForRetrieved(items, requestOf(rows) as LookupRequest)).toBe(credits);
    expect(chargeForRetrieved(items)).toBe(credits);
  });

  it.each(PRICED)(
    'all four asked for, only %s found: charged %i (per item retrieved)',
    (_, rows, credits) => {
      expect(
        chargeForRetrieved(
          rows.map((r) => r.item),
          ALL_FLAGS as LookupRequest,
        ),
      ).toBe(credits);
    },
  );

  it('an item retrieved but not asked for is not charged', () => {
    const all = REFERENCE.map((r) => r.item);
    expect(chargeForRetrieved(all, { reveal_phone: true } as LookupRequest)).toBe(6);
    expect(chargeForRetrieved(all, { reveal_healthcare_enrichment: true } as LookupRequest)).toBe(1);
  });

  it("the reference's example: email and phone asked for 5 candidates, 3 emails and 2 phones found, cost 21", () => {
    const asked = requestOf([REFERENCE[0], REFERENCE[1]]) as LookupRequest;
    const found: Retrievable[][] = [['email', 'phone'], ['email', 'phone'], ['email'], [], []];
    expect(found.reduce((sum, items) => sum + chargeForRetrieved(items, asked), 0)).toBe(21);
    // The same counts spread otherwise cost the same: the charge is per item, not per candidate.
    const spread: Retrievable[][] = [['email'], ['email'], ['email'], ['phone'], ['phone']];
    expect(spread.reduce((sum, items) => sum + chargeForRetrieved(items, asked), 0)).toBe(21);
    // And 21 is also the most those 5 lookups needed in balance each time round: 5 x 9 = 45 asked at most.
    expect(5 * maxLookupCost(asked)).toBe(45);
  });

  it('a search costs 1 credit, a job-description search 2', () => {
    expect(SEARCH_PRICE).toBe(STANDARD_SEARCH_CREDITS);
    expect(JD_SEARCH_PRICE).toBe(JD_SEARCH_CREDITS);
    expect(searchCost({})).toBe(1);
    expect(searchCost({ jd_search: 'Registered nurse in Boston' })).toBe(2);
    expect(searchCost({ jd_search: '' })).toBe(2);
  });
});

describe("the simulator's own price table matches the reference (sim/prices.ts)", () => {
  it.each(REFERENCE)('$item is asked for with $flag and costs $credits', ({ item, flag, credits }) => {
    expect(SIM_ITEM_CREDITS[item]).toBe(credits);
    expect(SIM_ITEM_FLAG[item]).toBe(flag);
  });

  it('knows no item the reference does not list', () => {
    expect(Object.keys(SIM_ITEM_CREDITS).sort()).toEqual(REFERENCE.map((r) => r.item).sort());
  });

  it.each(PRICED)('%s requires %i in balance and is charged %i when all found', (_, rows, credits) => {
    expect(simRequiredForLookup(requestOf(rows) as LookupRequest)).toBe(credits);
    expect(simLookupCharge(rows.map((r) => r.item))).toBe(credits);
  });

  it('a search costs 1 credit, a job-description search 2', () => {
    expect(SIM_SEARCH_CREDITS).toEqual({ standard: STANDARD_SEARCH_CREDITS, jd: JD_SEARCH_CREDITS });
    expect(simSearchCredits({})).toBe(1);
    expect(simSearchCredits({ jd_search: 'Registered nurse in Boston' })).toBe(2);
  });
});

describe('the running simulator charges the reference prices', () => {
  const sim = useSimulator();

  // The nurse demo profile holds every item, so each combination is found whole.
  it.each(PRICED)(
    'a lookup of %s on a profile that has everything is charged %i',
    async (_, rows, credits) => {
      const client = sim.client();
      const result = await client.lookup({
        candidate_id: String(DEMO_PROFILES.nurse.id),
        ...requestOf(rows),
      });
      expect(result.credits.used).toBe(credits);
      expect((await client.account()).credits_remaining).toBe(10_000 - credits);
    },
  );

  it.each(PRICED)(
    'a lookup of %s needs %i in balance, and one credit less is refused',
    async (_, rows, credits) => {
      await sim.setKey('short-key', credits - 1);
      const refused = await sim.raw('/v1/lookup', {
        method: 'POST',
        headers: { 'x-api-key': 'short-key', 'Content-Type': 'application/json' },
        body: JSON.stringify({ candidate_id: String(DEMO_PROFILES.nurse.id), ...requestOf(rows) }),
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ credits_info: { required: credits, available: credits - 1 } });
    },
  );

  it('a search that returns profiles is charged 1, a job-description search 2', async () => {
    const client = sim.client();
    const standard = await client.search({ search_criteria: { current_title: ['Nurse'] }, page_size: 1 });
    expect(standard.data.profiles.length).toBeGreaterThan(0);
    expect(standard.credits.used).toBe(1);
    const jd = await client.search({ jd_search: 'Hiring a Registered Nurse in Boston.', page_size: 1 });
    expect(jd.data.profiles.length).toBeGreaterThan(0);
    expect(jd.credits.used).toBe(2);
    expect((await client.account()).credits_remaining).toBe(10_000 - 3);
  });
});
