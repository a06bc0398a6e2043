import { describe, expect, it } from 'vitest';
import { chargeForRetrieved, formatCredits, maxLookupCost, searchCost } from '../../../src/api/pricing';

describe('pricing', () => {
  it.each([
    [{ reveal_personal_email: true }, 3],
    [{ reveal_phone: true }, 6],
    [{ reveal_detailed_person_enrichment: true }, 1],
    [{ reveal_healthcare_enrichment: true }, 1],
    [{ reveal_personal_email: true, reveal_phone: true }, 9],
    [
      {
        reveal_personal_email: true,
        reveal_phone: true,
        reveal_detailed_person_enrichment: true,
        reveal_healthcare_enrichment: true,
      },
      11,
    ],
    [{}, 0],
    [{ reveal_phone: false, reveal_personal_email: true }, 3],
  ])('the most a lookup of %j can cost is %i', (reveals, expected) => {
    expect(maxLookupCost(reveals)).toBe(expected);
  });

  it('a search costs 1, a job-description search 2', () => {
    expect(searchCost({})).toBe(1);
    expect(searchCost({ jd_search: 'Senior nurse in Boston' })).toBe(2);
  });

  it('charges per item actually retrieved (spec example: 3 emails and 2 phones cost 21)', () => {
    const charges = [
      chargeForRetrieved(['email', 'phone']),
      chargeForRetrieved(['email', 'phone']),
      chargeForRetrieved(['email']),
      chargeForRetrieved([]),
      chargeForRetrieved([]),
    ];
    expect(charges.reduce((a, b) => a + b, 0)).toBe(21);
  });

  it('never counts an item that was not requested', () => {
    expect(chargeForRetrieved(['email', 'phone'], { reveal_phone: true })).toBe(6);
  });

  it('formats credit amounts', () => {
    expect(formatCredits(1)).toBe('1 credit');
    expect(formatCredits(11)).toBe('11 credits');
    expect(formatCredits(10000)).toBe('10,000 credits');
  });
});
