import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { account, keyHint } from '../../../../src/store/items/account';
import { type RevealJob, revealJobs } from '../../../../src/store/items/reveal-jobs';
import { createPopupModel } from '../../../../src/ui/popup/model';
import { revealJob } from './fixtures';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/ui/rpc', () => ({ call }));

const URL = 'https://www.linkedin.com/in/grace-hopper';
const DOWN = {
  ok: false,
  error: {
    name: 'ApiError',
    kind: 'network',
    message: 'Could not reach the service.',
    outcomeUnknown: false,
  },
};
const BALANCE = { remaining: 100, purchased: 100, checkedAt: new Date().toISOString() };
const OUT_OF_REACH = "Can't reach the candidate service right now";

/** The answers the background gives, by message; `refreshAccount` as the test sets it. */
function answer(refresh: () => unknown, check: () => unknown = () => DOWN) {
  call.mockImplementation(async (type: string) => {
    if (type === 'refreshAccount') return refresh();
    if (type === 'checkCutOffReveal') return check();
    return { ok: true, value: [{ items: [] }] };
  });
}

async function openPopup() {
  const m = createPopupModel();
  // What opening does once the key is known (the tab is the test's URL, typed below).
  void m.refreshBalance();
  m.chooseSelection(['phone']);
  m.manualUrl.value = URL;
  return m;
}

describe('the popup meets the service out of reach before any paid click', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    call.mockReset();
    await keyHint.set({ masked: 'demo…key' });
    await account.set(BALANCE);
  });

  it('says so, offers nothing paid, and offers it again once Retry gets an answer', async () => {
    answer(() => DOWN);
    const m = await openPopup();
    await vi.waitFor(() => expect(m.balanceCheck.value).toBe('unreachable'));
    await vi.waitFor(() => expect(m.disabledReason.value).toBe(OUT_OF_REACH));

    answer(() => ({ ok: true, value: BALANCE }));
    await m.service.check();
    expect(m.balanceCheck.value).toBe('fresh');
    await vi.waitFor(() => expect(m.disabledReason.value).toBeNull());
    m.service.stop();
  });

  it('a refusal of the balance call is not an outage: the stored figure stays usable, with its age', async () => {
    answer(() => ({ ...DOWN, error: { ...DOWN.error, kind: 'rate-limited' } }));
    const m = await openPopup();
    await vi.waitFor(() => expect(m.balanceCheck.value).toBe('failed'));
    await vi.waitFor(() => expect(m.disabledReason.value).toBeNull());
  });
});

describe('a reveal cut off by the outage, once the service is back', () => {
  const cutOff = revealJob(
    {
      requested: ['phone'],
      status: 'failed',
      startedAt: new Date().toISOString(),
      error: { name: 'ApiError', kind: 'network', message: 'dropped', outcomeUnknown: true },
    },
    URL,
  );
  const settled = (charged: number): RevealJob => ({
    ...cutOff,
    check: { remaining: 100 - charged, charged, final: true, at: new Date().toISOString() },
  });

  beforeEach(async () => {
    fakeBrowser.reset();
    call.mockReset();
    await keyHint.set({ masked: 'demo…key' });
    await account.set(BALANCE);
    await revealJobs.put(cutOff);
  });

  it('is checked again when the service answers, and once settled the note says so and Reveal is back', async () => {
    answer(() => DOWN);
    const m = await openPopup();
    await vi.waitFor(() => expect(m.checkProblem.value).toBe(OUT_OF_REACH));
    expect(m.cutOff.value?.id).toBe('j1');
    const checks = () => call.mock.calls.filter(([type]) => type === 'checkCutOffReveal').length;
    expect(checks()).toBe(1);

    answer(
      () => ({ ok: true, value: BALANCE }),
      async () => {
        await revealJobs.put(settled(0));
        return { ok: true, value: settled(0) };
      },
    );
    await m.service.check();
    await vi.waitFor(() => expect(checks()).toBe(2));
    await vi.waitFor(() => expect(m.settledCutOff.value?.check?.charged).toBe(0));
    expect(m.cutOff.value).toBeNull();
    // Once the room under the caps is read too (after the first screen).
    await vi.waitFor(() => expect(m.disabledReason.value).toBeNull());
    m.service.stop();
  });

  it('charged: said once, and the contact is revealed like any other (at its price)', async () => {
    await revealJobs.put(settled(6));
    answer(() => ({ ok: true, value: BALANCE }));
    const m = await openPopup();
    await vi.waitFor(() => expect(m.settledCutOff.value?.check?.charged).toBe(6));
    await vi.waitFor(() => expect(m.disabledReason.value).toBeNull());
    expect(m.cutOff.value).toBeNull();
  });
});
