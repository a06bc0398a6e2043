import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { revealJobs } from '../../../../src/store/items/reveal-jobs';
import { workerBeat } from '../../../../src/store/items/worker-beat';
import { CUT_OFF } from '../../../../src/store/work-status';
import { createPopupModel } from '../../../../src/ui/popup/model';
import { revealJob } from './fixtures';

const URL = 'https://www.linkedin.com/in/grace-hopper';
const JOB = revealJob(
  { requested: ['phone'], status: 'running', worker: 'w1', startedAt: new Date().toISOString() },
  URL,
);

describe('the popup shows a job running only while its worker beats', () => {
  beforeEach(() => fakeBrowser.reset());

  async function popupFor(beatAgeMs: number) {
    await workerBeat.set({ worker: 'w1', at: new Date(Date.now() - beatAgeMs).toISOString() });
    await revealJobs.put(JOB);
    const m = createPopupModel();
    m.chooseSelection(['phone']);
    m.manualUrl.value = URL;
    await vi.waitFor(() => expect(m.job.value).not.toBeNull());
    return m;
  }

  it('a fresh beat: running, and Reveal waits for it', async () => {
    const m = await popupFor(0);
    expect(m.job.value?.status).toBe('running');
    expect(m.cutOff.value).toBeNull();
    expect(m.disabledReason.value).toBe('A reveal is in progress.');
  });

  it('a stale beat (the worker was stopped): cut off, and Reveal points to the priced choice', async () => {
    const m = await popupFor(10_000);
    await vi.waitFor(() => expect(m.job.value?.status).toBe(CUT_OFF));
    expect(m.cutOff.value?.id).toBe('j1');
    expect(m.disabledReason.value).toMatch(/^The last reveal was cut off/);
  });
});

describe('the popup points to what is on screen', () => {
  beforeEach(() => fakeBrowser.reset());

  it('a cut-off reveal: Reveal points up, to the charge shown above the form', async () => {
    await workerBeat.set({ worker: 'w1', at: new Date(Date.now() - 10_000).toISOString() });
    await revealJobs.put(JOB);
    const m = createPopupModel();
    m.chooseSelection(['phone']);
    m.manualUrl.value = URL;
    await vi.waitFor(() => expect(m.cutOff.value?.id).toBe('j1'));
    expect(m.disabledReason.value).toBe('The last reveal was cut off: reveal again from the note above.');
  });
});
