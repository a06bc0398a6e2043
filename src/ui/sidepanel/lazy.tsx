/**
 * A view loaded when first shown, so the panel's first load carries only what its common states need (a bulk
 * reveal's progress and receipt, the people of a LinkedIn page). Loaded from the extension's own files: a moment.
 */
import { signal } from '@preact/signals';
import type { ComponentType, FunctionComponent } from 'preact';

export function lazy<P extends object>(load: () => Promise<ComponentType<P>>): FunctionComponent<P> {
  const loaded = signal<ComponentType<P> | null>(null);
  let asked = false;
  return (props: P) => {
    if (!asked) {
      asked = true;
      void load().then((view) => {
        loaded.value = view;
      });
    }
    const View = loaded.value;
    return View ? <View {...props} /> : null;
  };
}
