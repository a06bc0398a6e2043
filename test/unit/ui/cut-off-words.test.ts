import { describe, expect, it } from 'vitest';
import type { RevealJob } from '../../../src/storage';
import { cutOffMessage } from '../../../src/ui/words/cut-off';

const job = (more: Partial<RevealJob> = {}): RevealJob => ({
  id: 'j',
  kind: 'reveal',
  vaultKey: 'https://www.linkedin.com/in/ada',
  target: { socialUrl: 'https://www.linkedin.com/in/ada', candidateId: null },
  requested: ['email', 'phone'],
  held: [],
  status: 'interrupted',
  balanceBefore: 100,
  startedAt: '2026-11-01T10:00:00.000Z',
  ...more,
});
const check = (charged: number | null, remaining: number, final = true) => ({
  check: { charged, remaining, final, at: '2026-11-01T10:00:20.000Z' },
});

describe('a cut-off reveal in words', () => {
  it('says why its result is unknown: a stopped extension, or no answer', () => {
    expect(cutOffMessage(job(), null)).toMatch(
      /^The extension stopped during the reveal of personal email, mobile phone, and its result was lost\. Checking your balance/,
    );
    const failed = job({
      status: 'failed',
      error: { name: 'ApiError', kind: 'timeout', message: 'No answer', outcomeUnknown: true },
    });
    expect(cutOffMessage(failed, null)).toMatch(
      /^No answer came back for the reveal of personal email, mobile phone/,
    );
  });

  it('tells what the balance check found, or why it could not be done', () => {
    expect(cutOffMessage(job(check(9, 91)), null)).toContain(
      'It was charged 9 credits: your balance was 100 credits before it and is 91 credits now.',
    );
    expect(cutOffMessage(job(check(0, 100)), null)).toContain(
      'It was not charged: your balance is still 100 credits.',
    );
    expect(cutOffMessage(job(check(0, 100, false)), null)).toContain(
      'It has not been charged so far (your balance is still 100 credits); the service may still be finishing it',
    );
    expect(cutOffMessage(job({ balanceBefore: null, ...check(null, 80) }), null)).toContain(
      'The balance before it is not known, so whether it was charged cannot be told. Your balance is 80 credits.',
    );
    expect(cutOffMessage(job(), 'the service did not answer')).toContain(
      'Your balance could not be checked (the service did not answer), so whether it was charged is not known.',
    );
  });
});
