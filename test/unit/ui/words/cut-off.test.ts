import { describe, expect, it } from 'vitest';
import type { RevealJob } from '../../../../src/store/items/reveal-jobs';
import { CUT_OFF } from '../../../../src/store/work-status';
import { cutOffMessage } from '../../../../src/ui/words/cut-off';

const job = (more: Partial<RevealJob> = {}): RevealJob => ({
  id: 'j',
  kind: 'reveal',
  vaultKey: 'https://www.linkedin.com/in/ada',
  target: { socialUrl: 'https://www.linkedin.com/in/ada', candidateId: null },
  requested: ['email', 'phone'],
  held: [],
  status: CUT_OFF,
  startedAt: '2026-11-01T10:00:00.000Z',
  ...more,
});
const check = (charged: number | null, remaining: number, final = true) => ({
  check: { charged, remaining, final, at: '2026-11-01T10:00:20.000Z' },
});
const charge = (j: RevealJob, problem: string | null = null) => cutOffMessage(j, problem).charge;

describe('a cut-off reveal in words: two short lines', () => {
  it('says what happened in the title: a stopped extension, or no answer', () => {
    expect(cutOffMessage(job(), null)).toEqual({
      title: 'The last reveal was cut off',
      charge: 'Checking whether the reveal of personal email and mobile phone was charged…',
    });
    const failed = job({
      status: 'failed',
      error: { name: 'ApiError', kind: 'timeout', message: 'No answer', outcomeUnknown: true },
    });
    expect(cutOffMessage(failed, null).title).toBe('The last reveal got no answer');
  });

  it('tells what the balance check found in one sentence, without quoting a balance that goes stale', () => {
    expect(charge(job(check(9, 91)))).toBe(
      'The reveal of personal email and mobile phone was charged 9 credits.',
    );
    expect(charge(job(check(0, 100)))).toBe('The reveal of personal email and mobile phone was not charged.');
    expect(charge(job(check(0, 100, false)))).toBe(
      'The reveal of personal email and mobile phone is not charged so far; checking again shortly.',
    );
    expect(charge(job(check(null, 80)))).toMatch(
      /cannot be told: no balance was known before it, or credits were added since\.$/,
    );
    const shared = { ...check(null, 80).check, shared: { calls: 3, credits: 12 } };
    expect(charge(job({ check: shared }))).toBe(
      '12 credits were charged for the reveal of personal email and mobile phone and 2 other unanswered calls together.',
    );
    // The check's own failure is not nested in the sentence: what matters is that the charge is not known.
    expect(charge(job(), 'the service did not answer')).toBe(
      'Whether the reveal of personal email and mobile phone was charged is not known: your balance could not be checked.',
    );
    for (const c of [check(9, 91), check(0, 100), check(0, 100, false)]) {
      expect(charge(job(c))).not.toMatch(/\b(91|100) credits/);
    }
  });

  it('a charge whose items are still not held is an answer lost, said with the price of asking again', () => {
    expect(cutOffMessage(job(check(3, 97)), null, 3).charge).toBe(
      'Paid 3 credits; the answer never arrived. Asking again costs up to 3 more.',
    );
    expect(cutOffMessage(job(check(1, 99)), null, 1_200).charge).toBe(
      'Paid 1 credit; the answer never arrived. Asking again costs up to 1,200 more.',
    );
    // Nothing left to ask (the answer was kept after all), or not known to the screen: the charge alone.
    expect(cutOffMessage(job(check(3, 97)), null, 0).charge).toBe(
      'The reveal of personal email and mobile phone was charged 3 credits.',
    );
    // Not charged: nothing was lost, whatever asking again costs.
    expect(cutOffMessage(job(check(0, 100)), null, 3).charge).toBe(
      'The reveal of personal email and mobile phone was not charged.',
    );
  });

  it('a fall in the balance larger than the reveal can cost is not put on the reveal', () => {
    const elsewhere = job({
      check: { charged: null, remaining: 81, final: true, at: '2026-11-01T10:00:20.000Z', unexplained: 19 },
    });
    expect(charge(elsewhere)).toBe(
      'Whether the reveal of personal email and mobile phone was charged cannot be told: your balance fell 19 credits more than this extension spent, so the key may be in use elsewhere.',
    );
  });
});
