/** What the popup's model tests share: a stored reveal of one profile. */
import type { RevealJob } from '../../../../src/store/items/reveal-jobs';
import { ADA } from '../sidepanel/fixtures';

/** A reveal of `socialUrl`'s email, started on 20 November 2026, as stored; `over` sets the rest. */
export function revealJob(over: Partial<RevealJob> = {}, socialUrl = ADA): RevealJob {
  return {
    id: 'j1',
    kind: 'reveal',
    vaultKey: socialUrl,
    target: { socialUrl, candidateId: null },
    requested: ['email'],
    held: [],
    status: 'done',
    startedAt: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}
