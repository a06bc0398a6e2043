import { type Signal, signal } from '@preact/signals';

/**
 * A signal that mirrors a stored value: loaded once, then kept current by the storage watcher. `loaded` tells a
 * screen when the first value has landed, so it never flashes a wrong state. A change the watcher reports while
 * the first read is still out is newer than what that read returns: the read's answer then gives way to it.
 */
export function stored<T>(
  initial: T,
  read: () => Promise<T>,
  watch: (cb: (value: T) => void) => () => void,
): { value: Signal<T>; loaded: Signal<boolean>; stop: () => void } {
  const value = signal(initial);
  const loaded = signal(false);
  let changed = false;
  const stop = watch((next) => {
    changed = true;
    value.value = next;
    loaded.value = true;
  });
  void read().then((first) => {
    if (!changed) value.value = first;
    loaded.value = true;
  });
  return { value, loaded, stop };
}
