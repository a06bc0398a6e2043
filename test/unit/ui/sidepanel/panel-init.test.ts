/**
 * Nothing local waits on the network: with a service that does not answer, the side panel's reveal items and
 * confirmation limit come from the stored settings at once; only the paid buttons wait for the service.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { keyHint } from '../../../../src/store/items/account';
import { DEFAULT_SETTINGS, settings } from '../../../../src/store/items/settings';
import { createSidePanelModel } from '../../../../src/ui/sidepanel/model';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/ui/rpc', () => ({ call }));

describe('the side panel as it opens', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    call.mockReset();
  });

  it('shows the stored reveal items and limit while the service has not answered, and waits only the paid buttons', async () => {
    await keyHint.set({ masked: '…3456' });
    await settings.set({
      ...DEFAULT_SETTINGS,
      defaultSelection: ['email', 'phone'],
      confirmAboveCredits: 40,
    });
    // The service never answers the balance call the panel asks as it opens.
    let asked = false;
    call.mockImplementation((name: string) => {
      if (name === 'refreshAccount') {
        asked = true;
        return new Promise(() => undefined);
      }
      return Promise.resolve({ ok: true, value: null });
    });
    const m = createSidePanelModel();
    const opening = m.init();
    await vi.waitFor(() => expect(m.selection.value).toEqual(['email', 'phone']));
    expect(m.bulk.confirmAbove.value).toBe(40);
    expect(asked).toBe(true);
    // Still waiting for the service: the init has not finished, and the paid buttons know it is not known yet.
    let done = false;
    void opening.then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(done).toBe(false);
    expect(m.account.service.checking.value).toBe(true);
    m.stop();
  });
});
