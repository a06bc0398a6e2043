import { beforeEach, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { panelOffer } from '@/src/store/items/panel-offer';

beforeEach(() => fakeBrowser.reset());

describe("the popup's one offer of the side panel", () => {
  it('is not made until stored as made, and reads back when it was made', async () => {
    expect(await panelOffer.get()).toBeNull();
    await panelOffer.set({ offeredAt: '2026-12-06T10:00:00.000Z' });
    expect(await panelOffer.get()).toEqual({ offeredAt: '2026-12-06T10:00:00.000Z' });
    const stored = await browser.storage.local.get('panel-offer');
    expect(stored['panel-offer']).toEqual({ offeredAt: '2026-12-06T10:00:00.000Z' });
  });

  it('a stored value that no longer reads is set aside, not taken for an offer made', async () => {
    await browser.storage.local.set({ 'panel-offer': { offeredAt: 42 } });
    expect(await panelOffer.get()).toBeNull();
  });
});
