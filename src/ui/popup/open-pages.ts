/**
 * The popup's ways out: the side panel (search) and the extension's own pages. Opening the side panel needs the
 * user's gesture, so its window is looked up before any click and nothing is awaited inside the click.
 */
import { browser } from 'wxt/browser';
import { openSidePanel } from '../../side-panel';

/** Known before any click: awaiting it inside the click handler could lose the user gesture. */
let windowId: number | undefined;

/**
 * Looks up the popup's window, once its first asks are out (`main.tsx`, after the first render): asked as the
 * script loads, it went to the browser's process ahead of the reads the first screen waits on.
 */
export function findWindow(): void {
  void browser.windows?.getCurrent().then((w) => (windowId = w.id));
}

/** Opens the side panel on this window (synchronously in the click); a panel that cannot open is ignored. */
export function openSearch(): void {
  openSidePanel({ windowId }).catch(() => undefined);
}

/** Opens an extension page (`contacts.html`) in a new tab, or Options where the browser keeps it. */
export function openPage(page: 'contacts.html' | 'options'): void {
  if (page === 'options') void browser.runtime.openOptionsPage();
  else void browser.tabs.create({ url: browser.runtime.getURL(`/${page}`) });
}
