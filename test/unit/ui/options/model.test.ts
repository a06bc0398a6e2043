import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { settings } from '../../../../src/store/items/settings';
import { createOptionsModel } from '../../../../src/ui/options/model';

describe('the options fields before the stored settings arrive', () => {
  beforeEach(() => fakeBrowser.reset());

  it('are read-only until the stored settings are in them, so typing cannot mix with the value arriving', async () => {
    let arrive!: () => void;
    const read = settings.read.bind(settings);
    vi.spyOn(settings, 'read').mockImplementation(
      () => new Promise((resolve) => (arrive = () => void read().then(resolve))),
    );
    const m = createOptionsModel();
    const init = m.init();
    expect(m.loaded.value).toBe(false);
    arrive();
    await init;
    expect(m.loaded.value).toBe(true);
    expect(m.baseUrl.value).not.toBe('');
  });

  it('become editable even when the settings cannot be read', async () => {
    vi.spyOn(settings, 'read').mockRejectedValue(new Error('storage is gone'));
    const m = createOptionsModel();
    await expect(m.init()).rejects.toThrow('storage is gone');
    expect(m.loaded.value).toBe(true);
  });
});
