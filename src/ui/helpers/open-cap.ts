/**
 * The way to a spending cap's own field: the options page opened at it (`options.html#dailyCapCredits`), where the
 * field takes the focus. Used by every screen that says a cap stands in the way.
 */
import { browser } from 'wxt/browser';

/** The field of each cap on the options page (its input's id). */
export const CAP_FIELD = { daily: 'dailyCapCredits', monthly: 'monthlyCapCredits' } as const;

/** Opens the options page in a tab, at the field of `cap`. */
export function openCapSetting(cap: keyof typeof CAP_FIELD): void {
  void browser.tabs.create({ url: browser.runtime.getURL(`/options.html#${CAP_FIELD[cap]}`) });
}
