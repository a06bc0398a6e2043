/**
 * What one balance settles of the calls with no answer, by whose balance it is: this connection's own settles them;
 * a team's settles nothing of a member's and is recorded all the same; a membership that cannot be read counts as a
 * team's (settling nothing is never wrong, settling from a team's balance is).
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { recordAccountBalance } from '../../../src/background/balance-settlement';
import { dayOf } from '../../../src/ledger/entry';
import { readLedgerDays } from '../../../src/store/database/ledger/ledger';
import { teamMembership } from '../../../src/store/items/team-membership';
import { lost, lostCall } from './lost-call';
import { A_MEMBERSHIP, freshConnection } from './service-stub';

async function balancesToday(): Promise<number[]> {
  const day = dayOf(new Date());
  return ((await readLedgerDays([day])).get(day) ?? []).flatMap((entry) =>
    entry.kind === 'balance' ? [entry.remaining] : [],
  );
}

describe('a balance of the account call', () => {
  beforeEach(async () => {
    await freshConnection();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('of this connection settles a call with no answer: the fall is its charge', async () => {
    await lostCall(100);
    await recordAccountBalance(94, new Date().toISOString());
    expect(await lost()).toMatchObject([{ state: 'confirmed', credits: 6 }]);
  });

  it("of a team settles nothing of a member's call, and is recorded", async () => {
    await teamMembership.set(A_MEMBERSHIP);
    await lostCall(100);
    await recordAccountBalance(94, new Date().toISOString());
    expect(await lost()).toMatchObject([{ state: 'uncertain', credits: 0, maxCredits: 6 }]);
    expect(await balancesToday()).toEqual([100, 94]);
  });

  it('counts as a team’s when the membership cannot be read', async () => {
    await lostCall(100);
    vi.spyOn(teamMembership, 'get').mockRejectedValue(new Error('unreadable'));
    await recordAccountBalance(94, new Date().toISOString());
    expect(await lost()).toMatchObject([{ state: 'uncertain', credits: 0, maxCredits: 6 }]);
    expect(await balancesToday()).toEqual([100, 94]);
  });
});
