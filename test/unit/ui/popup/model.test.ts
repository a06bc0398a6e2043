import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { account, keyHint } from '../../../../src/store/items/account';
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

describe('the first render waits for the reads its screen shows', () => {
  beforeEach(() => fakeBrowser.reset());

  it('the key and the stored balance are in place when the first reads have answered', async () => {
    const balance = { remaining: 42, purchased: 100, checkedAt: new Date().toISOString() };
    await keyHint.set({ masked: 'demo…key' });
    await account.set(balance);
    const m = createPopupModel();
    expect(m.keyLoaded.value).toBe(false);
    await m.firstReads;
    expect(m.keyLoaded.value).toBe(true);
    expect(m.key.value).toEqual({ masked: 'demo…key' });
    expect(m.balance.value).toEqual(balance);
  });

  it('with nothing stored, it still lets the screen draw, saying no key', async () => {
    const m = createPopupModel();
    await m.firstReads;
    expect(m.keyLoaded.value).toBe(true);
    expect(m.key.value).toBeNull();
    expect(m.balance.value).toBeNull();
  });
});
