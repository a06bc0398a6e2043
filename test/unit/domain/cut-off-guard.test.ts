import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import { heldBackBy } from '../../../src/domain/cut-off-guard';
import type { RevealJob } from '../../../src/store/items/reveal-jobs';
import { CUT_OFF } from '../../../src/store/work-status';

const job = (id: string, requested: RevealJob['requested'], extra: Partial<RevealJob> = {}): RevealJob => ({
  id,
  kind: 'reveal',
  vaultKey: 'https://www.linkedin.com/in/grace-hopper',
  target: { socialUrl: 'https://www.linkedin.com/in/grace-hopper', candidateId: null },
  requested,
  held: [],
  status: CUT_OFF,
  startedAt: '2026-05-01T12:00:00.000Z',
  ...extra,
});
const check = (charged: number | null, final: boolean) => ({
  check: { remaining: 100, charged, final, at: '' },
});
const error = (kind: 'timeout' | 'http', outcomeUnknown: boolean) =>
  new ApiError({ kind, operation: 'lookup', message: 'x', outcomeUnknown }).toJSON();
const noAnswer: Partial<RevealJob> = { status: 'failed', error: error('timeout', true) };

describe('which cut-off reveals of a contact hold back asking again', () => {
  it('an unsettled one holds its items back, whatever was revealed of other items since', () => {
    const jobs = [job('email', ['email'], { status: 'done' }), job('phone', ['phone'])];
    expect(heldBackBy(jobs)).toEqual([{ job: jobs[1], items: ['phone'] }]);
  });

  it.each([
    ['not checked yet', {} as Partial<RevealJob>],
    ['its check is not final', check(0, false)],
    ['its charge cannot be told', check(null, true)],
    ['no answer came (a timeout)', noAnswer],
  ])('unsettled when %s', (_label, extra) => {
    expect(heldBackBy([job('phone', ['phone'], extra)])).toHaveLength(1);
  });

  it.each([
    ['not charged', check(0, true)],
    ['charged', check(6, true)],
  ])('settled (%s): holds nothing back', (_label, extra) => {
    expect(heldBackBy([job('phone', ['phone'], extra)])).toEqual([]);
  });

  it('a later reveal that went out takes over the items it asked; a refused one does not', () => {
    const cut = job('phone', ['phone', 'email']);
    const retried = job('retry', ['phone'], { status: 'done' });
    const refused = job('refused', ['email'], { status: 'failed', error: error('http', false) });
    expect(heldBackBy([retried, cut])).toEqual([{ job: cut, items: ['email'] }]);
    expect(heldBackBy([refused, cut])).toEqual([{ job: cut, items: ['phone', 'email'] }]);
    // A later one cut off too holds its own items back, and the earlier keeps the rest.
    const cutAgain = job('again', ['phone']);
    expect(heldBackBy([cutAgain, cut])).toEqual([
      { job: cutAgain, items: ['phone'] },
      { job: cut, items: ['email'] },
    ]);
  });

  it('once later reveals went on to ask every item of a cut-off one, it holds nothing back (the popup shows none)', () => {
    const cut = job('phone', ['phone', 'email']);
    const phoneAgain = job('phone-again', ['phone'], { status: 'done' });
    const emailAgain = job('email-again', ['email'], check(6, true));
    expect(heldBackBy([emailAgain, phoneAgain, cut])).toEqual([]);
    expect(heldBackBy([job('both', ['email', 'phone'], { status: 'done' }), cut])).toEqual([]);
  });
});
