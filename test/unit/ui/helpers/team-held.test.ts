import { describe, expect, it } from 'vitest';
import { chargeableItems, heldByItem, maxCostWithTeam } from '../../../../src/ui/helpers/team-held';

const at = '2026-11-24T14:03:00.000Z';
const ada = {
  socialUrl: 'https://www.linkedin.com/in/ada-lovelace-demo',
  candidateId: null,
  items: [
    { item: 'email' as const, found: true, revealedBy: 'Alice Smith', revealedAt: at },
    { item: 'healthcare_profile' as const, found: false, revealedBy: 'Alice Smith', revealedAt: at },
  ],
};

describe('pricing with what the team holds', () => {
  it('counts items the team holds, or knows missing, at 0 and the rest at their price', () => {
    const held = heldByItem(ada);
    expect(chargeableItems(['email', 'phone', 'healthcare_profile'], held)).toEqual(['phone']);
    expect(maxCostWithTeam(['email', 'phone', 'healthcare_profile'], held)).toBe(6);
    expect(maxCostWithTeam(['email'], held)).toBe(0);
  });

  it('prices everything in full when the team holds nothing or there is no answer', () => {
    expect(maxCostWithTeam(['email', 'phone'], heldByItem(undefined))).toBe(9);
    expect(maxCostWithTeam(['email', 'phone'], heldByItem({ ...ada, items: [] }))).toBe(9);
  });
});
