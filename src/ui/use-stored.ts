import { type Signal, signal } from '@preact/signals';

/**
 * A signal that mirrors a stored value: loaded once, then kept current by the storage watcher. `loaded` tells a
 * screen when the first read has landed, so it never flashes a wrong state.
 */
export function stored<T>(
  initial: T,
  read: () => Promise<T>,
  watch: (cb: (value: T) => void) => () => void,
): { value: Signal<T>; loaded: Signal<boolean>; stop: () => void } {
  const value = signal(initial);
  const loaded = signal(false);
  const stop = watch((next) => {
    value.value = next;
  });
  void read().then((first) => {
    value.value = first;
    loaded.value = true;
  });
  return { value, loaded, stop };
}
