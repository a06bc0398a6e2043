import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { markPacksBuilt, packsBuilt, readPacks, writePacks } from '../../../src/store/vault-packs';

describe('the export packs as stored', () => {
  beforeEach(() => fakeBrowser.reset());

  it('reads many packs in one storage call, a pack not stored as undefined', async () => {
    await writePacks(
      new Map([
        [3, 'v1\nthree'],
        [9, 'v1\nnine'],
      ]),
    );
    expect(await browser.storage.local.get(null)).toEqual({
      'contacts-pack:3': 'v1\nthree',
      'contacts-pack:9': 'v1\nnine',
    });
    const get = vi.spyOn(browser.storage.local, 'get');
    expect(await readPacks([3, 4, 9])).toEqual(
      new Map([
        [3, 'v1\nthree'],
        [4, undefined],
        [9, 'v1\nnine'],
      ]),
    );
    expect(get).toHaveBeenCalledOnce();
  });

  it('asks storage nothing for no packs', async () => {
    const get = vi.spyOn(browser.storage.local, 'get');
    const set = vi.spyOn(browser.storage.local, 'set');
    expect(await readPacks([])).toEqual(new Map());
    await writePacks(new Map());
    expect(get).not.toHaveBeenCalled();
    expect(set).not.toHaveBeenCalled();
  });

  it('keeps the version the packs were built in', async () => {
    expect(await packsBuilt()).toBeUndefined();
    await markPacksBuilt(1);
    expect(await packsBuilt()).toBe(1);
    expect(await browser.storage.local.get(null)).toEqual({ 'contacts-pack:built': 1 });
  });
});
