import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { KEYS } from '../../../../src/store/items/keys';
import { peek, watchPeek } from '../../../../src/store/items/peek';

describe('a stored value read as it is', () => {
  beforeEach(() => fakeBrowser.reset());

  it('reads the value under the key in its area, unchecked', async () => {
    expect(await peek(KEYS.teamMembership)).toBeUndefined();
    await browser.storage.local.set({ 'team-membership': { any: 'shape' } });
    expect(await peek(KEYS.teamMembership)).toEqual({ any: 'shape' });
    await browser.storage.session.set({ 'page-people-intent': 7 });
    expect(await peek(KEYS.pagePeopleIntent)).toBe(7);
  });

  it('calls back with each change of that key alone, and not after it stops', async () => {
    const seen = vi.fn();
    const stop = watchPeek(KEYS.teamMembership, seen);
    await browser.storage.local.set({ 'team-membership': 1 });
    await browser.storage.local.set({ settings: 2 });
    await browser.storage.session.set({ 'team-membership': 3 });
    await browser.storage.local.remove('team-membership');
    expect(seen.mock.calls).toEqual([[1], [undefined]]);
    stop();
    await browser.storage.local.set({ 'team-membership': 4 });
    expect(seen).toHaveBeenCalledTimes(2);
  });
});
