import { describe, expect, it } from 'vitest';
import { roomUnderCaps } from '../../../src/ledger/caps';

describe('the room the spending caps leave', () => {
  it('when both caps leave the same room, the daily one is named', () => {
    expect(roomUnderCaps({ dailyCapCredits: 10, monthlyCapCredits: 40 }, { today: 0, month: 30 })).toEqual({
      left: 10,
      cap: 'daily',
    });
  });

  it('a cap of 0 is a cap: no room at all', () => {
    expect(roomUnderCaps({ monthlyCapCredits: 0 }, { today: 0, month: 0 })).toEqual({
      left: 0,
      cap: 'monthly',
    });
  });
});
