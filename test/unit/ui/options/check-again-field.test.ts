import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { checkAgainMonths } from '../../../../src/store/database/vault/vault-age';
import { DEFAULT_SETTINGS, settings } from '../../../../src/store/items/settings';
import { readMonths } from '../../../../src/ui/options/check-again-field';

describe('"Offer to check again after (months)"', () => {
  beforeEach(() => fakeBrowser.reset());

  it('reads a whole number of months; empty is 0 (never offered); anything else is refused in words', () => {
    expect(readMonths(' 18 ')).toEqual({ ok: true, value: 18 });
    expect(readMonths('')).toEqual({ ok: true, value: 0 });
    expect(readMonths('0')).toEqual({ ok: true, value: 0 });
    for (const bad of ['1.5', '-3', 'a year', '121']) {
      expect(readMonths(bad)).toEqual({
        ok: false,
        problem: expect.stringContaining('whole number of months'),
      });
    }
  });

  it('settings stored before the field existed read unchanged, with the default of 12 months in force', async () => {
    await settings.set(DEFAULT_SETTINGS);
    const read = await settings.read();
    expect(read).toEqual({ value: DEFAULT_SETTINGS, unreadable: false });
    expect(checkAgainMonths(read.value.checkAgainAfterMonths)).toBe(12);
    await settings.set({ ...DEFAULT_SETTINGS, checkAgainAfterMonths: 0 });
    expect(checkAgainMonths((await settings.get()).checkAgainAfterMonths)).toBe(0);
  });
});
