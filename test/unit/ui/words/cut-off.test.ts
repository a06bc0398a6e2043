import { describe, expect, it } from 'vitest';
import type { RevealJob } from '../../../../src/store/jobs';
import { cutOffMessage } from '../../../../src/ui/words/cut-off';

const job = (more: Partial<RevealJob> = {}): RevealJob => ({
  id: 'j',
  kind: 'reveal',
  vaultKey: 'https://www.linkedin.com/in/ada',
  target: { socialUrl: 'https://www.linkedin.com/in/ada', candidateId: null },
  requested: ['email', 'phone'],
  held: [],
  status: 'interrupted',
  startedAt: '2026-11-01T10:00:00.000Z',
  ...more,
});
const check = (charged: number | null, remaining: number, final = true) => ({
  check: { charged, remaining, final, at: '2026-11-01T10:00:20.000Z' },
});

describe('a cut-off reveal in words', () => {
  it('says why its result is unknown: a stopped extension, or no answer', () => {
    expect(cutOffMessage(job(), null)).toMatch(
      /^The extension stopped during the reveal of personal email and mobile phone, and its result was lost\. Checking your balance/,
    );
    const failed = job({
      status: 'failed',
      error: { name: 'ApiError', kind: 'timeout', message: 'No answer', outcomeUnknown: true },
    });
    expect(cutOffMessage(failed, null)).toMatch(
      /^No answer came back for the reveal of personal email and mobile phone/,
    );
  });

  it('tells what the balance check found, or why it could not be done, without quoting a balance that goes stale', () => {
    expect(cutOffMessage(job(check(9, 91)), null)).toMatch(/\. It was charged 9 credits\.$/);
    expect(cutOffMessage(job(check(0, 100)), null)).toMatch(/\. It was not charged\.$/);
    expect(cutOffMessage(job(check(0, 100, false)), null)).toContain(
      'It has not been charged so far; the service may still be finishing it',
    );
    expect(cutOffMessage(job(check(null, 80)), null)).toMatch(
      /Your balance cannot tell whether it was charged \(no balance was known before it, or credits were added since\)\.$/,
    );
    const shared = { ...check(null, 80).check, shared: { calls: 3, credits: 12 } };
    expect(cutOffMessage(job({ check: shared }), null)).toMatch(
      /Your balance shows 12 credits charged for it and 2 other calls that got no answer, together; which of them were charged cannot be told\.$/,
    );
    expect(cutOffMessage(job(), 'the service did not answer')).toContain(
      'Your balance could not be checked (the service did not answer), so whether it was charged is not known.',
    );
    for (const c of [check(9, 91), check(0, 100), check(0, 100, false)]) {
      expect(cutOffMessage(job(c), null)).not.toMatch(/\b(91|100) credits/);
    }
  });

  it('a fall in the balance larger than the reveal can cost is not put on the reveal', () => {
    const elsewhere = job({
      check: { charged: null, remaining: 81, final: true, at: '2026-11-01T10:00:20.000Z', unexplained: 19 },
    });
    expect(cutOffMessage(elsewhere, null)).toContain(
      "Your balance fell by 19 credits more than the extension's other spending explains, which is more than this reveal can cost: the key may be in use elsewhere, so whether this reveal was charged cannot be told.",
    );
    expect(cutOffMessage(elsewhere, null)).not.toContain('It was charged');
  });
});
