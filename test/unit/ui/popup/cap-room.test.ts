import { describe, expect, it } from 'vitest';
import { roomUnderCaps } from '../../../../src/ledger/caps';
import { capProblem } from '../../../../src/ui/popup/cap-room';

describe('what the spending caps still allow, as the popup sees it before the click', () => {
  it('no cap set: no room to count and no problem', () => {
    expect(roomUnderCaps({}, { today: 500, month: 5000 })).toBeNull();
    expect(capProblem(null, 9)).toBeNull();
  });

  it('the tighter cap counts: daily or monthly, whichever leaves less', () => {
    const caps = { dailyCapCredits: 24, monthlyCapCredits: 100 };
    expect(roomUnderCaps(caps, { today: 19, month: 40 })).toEqual({ left: 5, cap: 'daily' });
    expect(roomUnderCaps(caps, { today: 2, month: 97 })).toEqual({ left: 3, cap: 'monthly' });
  });

  it('a reveal whose most is within the room passes; one above it is refused with the room and the next step', () => {
    const room = roomUnderCaps({ dailyCapCredits: 24 }, { today: 19, month: 19 });
    expect(capProblem(room, 5)).toBeNull();
    expect(capProblem(room, 6)).toBe(
      'Your daily spending cap leaves 5 credits today, less than this may cost.',
    );
    const monthly = roomUnderCaps({ monthlyCapCredits: 50 }, { today: 0, month: 49 });
    expect(capProblem(monthly, 3)).toMatch(/^Your monthly spending cap leaves 1 credit this month/);
  });

  it('at or past the cap: the warning above says the figures, the reason points to it', () => {
    const room = roomUnderCaps({ dailyCapCredits: 24 }, { today: 24, month: 24 });
    expect(capProblem(room, 1)).toBe('Your daily spending cap is reached (see above).');
    // A cap of 0 is a cap (the background refuses every paid call under it).
    expect(capProblem(roomUnderCaps({ dailyCapCredits: 0 }, { today: 0, month: 0 }), 1)).toBe(
      'Your daily spending cap is reached (see above).',
    );
  });
});
