import { describe, expect, it } from 'vitest';
import type { TeamMembership } from '../../../../src/store/items/team-membership';
import { allowanceInWords, memberAndTeam, resetsInWords } from '../../../../src/ui/words/team';

const alice: TeamMembership = {
  member: 'Alice Smith',
  team: 'Acme Recruiting',
  dailyCap: 200,
  monthlyCap: null,
  spentToday: 13,
  spentThisMonth: 1400,
  dailyResets: '2026-11-26T00:00:00.000Z',
  monthlyResets: '2026-12-01T00:00:00.000Z',
  checkedAt: '2026-11-25T10:00:00.000Z',
};

describe('team words', () => {
  it('names the member and the team', () => {
    expect(memberAndTeam(alice)).toBe('Alice Smith · Acme Recruiting');
  });

  it('says each allowance with its spend, and that there is none when there is no cap', () => {
    expect(allowanceInWords(alice)).toEqual([
      '200 credits a day, 13 credits used today',
      'No monthly allowance, 1,400 credits used this month',
    ]);
    expect(
      allowanceInWords({ ...alice, dailyCap: null, monthlyCap: 1, spentToday: 1, spentThisMonth: 0 }),
    ).toEqual(['No daily allowance, 1 credit used today', '1 credit a month, 0 credits used this month']);
  });

  it('says when each allowance starts afresh, only for the caps there are', () => {
    const lines = resetsInWords(alice);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Daily allowance starts afresh \d+ Nov, \d\d:\d\d$/);
    expect(resetsInWords({ ...alice, dailyCap: null })).toEqual([]);
  });
});

describe('the usage page reading the stored membership', () => {
  it('takes a stored membership and refuses anything else', async () => {
    const { asMembership } = await import('../../../../src/ui/usage/team-allowance');
    expect(asMembership(alice)).toEqual(alice);
    expect(asMembership(null)).toBeNull();
    expect(asMembership({ ...alice, spentToday: '13' })).toBeNull();
    expect(asMembership({ ...alice, dailyCap: 1.5 })).toBeNull();
    expect(asMembership({ ...alice, member: undefined })).toBeNull();
  });
});
