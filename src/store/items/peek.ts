/**
 * One stored item's value as it is stored, unchecked, and its changes: for a page that checks a small value by
 * hand rather than load the schema library (about 9 KB) and WXT's storage items for it (the usage page's team
 * allowance). The item's own module, with its schema and version, is its writer; a reader here must treat any
 * value it does not recognise as none.
 */
import { browser } from 'wxt/browser';
import { type AreaKey, nameOf } from './keys';

const areaOf = (key: AreaKey) => key.slice(0, key.indexOf(':')) as 'local' | 'session';

/** The value stored under `key` (undefined when none). */
export async function peek(key: AreaKey): Promise<unknown> {
  const name = nameOf(key);
  return (await browser.storage[areaOf(key)].get(name))[name];
}

/** Calls back with the value stored under `key` whenever it changes (undefined when removed). */
export function watchPeek(key: AreaKey, cb: (value: unknown) => void): () => void {
  const name = nameOf(key);
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    // A removed value comes as no newValue, or as null (WXT's test browser): both are none.
    if (area === areaOf(key) && name in changes) cb(changes[name]?.newValue ?? undefined);
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
