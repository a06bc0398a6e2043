/**
 * The do-not-contact store's name and its change watch, apart from the store's reads and writes, so a list page that
 * only needs to know "the list changed" does not load them.
 */
import { onChange } from './changes';

export const DNC_STORE = 'doNotContact';

/** Calls back when a person is put on or taken off the list kept here, in any page or the worker. */
export function watchDoNotContact(cb: () => void): () => void {
  return onChange((change) => {
    if (change.store === DNC_STORE) cb();
  });
}
