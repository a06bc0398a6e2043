/**
 * Who a bulk reveal leaves out for a single reveal of theirs that got no answer: a reveal stored as running whose
 * worker is gone counts as cut off (its charge is not known), one this worker is running does not, nor one that
 * finished; and only the items it asked are held back.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { WORKER_ID } from '../../../../src/background/heartbeat';
import { heldBackNow } from '../../../../src/background/jobs/bulk-cut-off';
import { type RevealJob, revealJobs } from '../../../../src/store/items/reveal-jobs';
import { revealCutOff } from './bulk-helpers';

const KEY = 'https://www.linkedin.com/in/grace-hopper';

/** Grace's email and phone reveal, stored as running a minute ago by a worker that is gone. */
const reveal = (change: Partial<RevealJob> = {}): RevealJob =>
  revealCutOff(KEY, { requested: ['email', 'phone'], ...change });

describe('a bulk reveal and the single reveals cut off before it', () => {
  beforeEach(() => fakeBrowser.reset());

  it('leaves out a person whose reveal is still stored as running by a worker that is gone, for what it asked', async () => {
    await revealJobs.put(reveal());
    const heldBack = await heldBackNow();
    // Any one of its items is enough to hold the person back.
    expect(heldBack(KEY, ['phone'])).toBe(true);
    expect(heldBack(KEY, ['detailed_profile'])).toBe(false);
    expect(heldBack('https://www.linkedin.com/in/someone-else', ['phone'])).toBe(false);
  });

  it('does not leave out a person whose reveal this worker is running, nor one whose reveal finished', async () => {
    await revealJobs.put(reveal({ worker: WORKER_ID }));
    expect((await heldBackNow())(KEY, ['phone'])).toBe(false);
    await revealJobs.put(
      reveal({
        status: 'done',
        finishedAt: new Date().toISOString(),
        charged: 9,
        retrieved: ['email', 'phone'],
      }),
    );
    expect((await heldBackNow())(KEY, ['phone'])).toBe(false);
  });
});
