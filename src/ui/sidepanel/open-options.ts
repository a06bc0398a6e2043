import { browser } from 'wxt/browser';

/** Opens the options page: the next step of every "set your key" or "change the cap" message in the panel. */
export const openOptions = () => void browser.runtime.openOptionsPage();
