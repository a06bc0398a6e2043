/**
 * A view loaded when first shown, so the panel's first load carries only what its common states need (a bulk
 * reveal's progress and receipt, the people of a LinkedIn page). Loaded from the extension's own files: a moment.
 */
import { signal } from '@preact/signals';
import type { ComponentType, FunctionComponent } from 'preact';

/** What every lazily loaded view waits for before it starts loading: nothing, unless a page says otherwise. */
let held: Promise<unknown> | null = null;

/**
 * Holds every lazily loaded view's load until `until` settles: a page whose first screen is measured in
 * milliseconds (the popup) starts no file, style sheet or module evaluation of a later part while that screen is
 * being drawn. The views still show as soon as they are loaded after it.
 */
export function holdLazyLoads(until: Promise<unknown>): void {
  held = until;
}

export function lazy<P extends object>(load: () => Promise<ComponentType<P>>): FunctionComponent<P> {
  const loaded = signal<ComponentType<P> | null>(null);
  let asked = false;
  return (props: P) => {
    if (!asked) {
      asked = true;
      const loading = held ? held.then(load, load) : load();
      void loading.then((view) => {
        loaded.value = view;
      });
    }
    const View = loaded.value;
    return View ? <View {...props} /> : null;
  };
}
