/**
 * What the popup or a menu last asked the panel to show (an intent), read and watched beside the context-menu focus
 * it must be newer than: the one mechanism behind "which page's people" and "which find" the panel shows.
 */
import { useEffect, useMemo } from 'preact/hooks';
import { type PanelFocus, panelFocus } from '../../store/items/panel';
import { stored } from '../helpers/use-stored';

/** A stored intent: read once, then watched. */
export interface IntentItem<T> {
  get: () => Promise<T | null>;
  watch: (cb: (value: T | null) => void) => () => void;
}

/** The stored intent and when the context-menu focus was last set (both watched while the component lives). */
export function useIntentAndFocus<T>(item: IntentItem<T>): { intent: T | null; focusAt: string | undefined } {
  const sources = useMemo(
    () => ({
      intent: stored<T | null>(null, item.get, item.watch),
      focus: stored<PanelFocus | null>(null, panelFocus.get, panelFocus.watch),
    }),
    [item],
  );
  useEffect(
    () => () => {
      sources.intent.stop();
      sources.focus.stop();
    },
    [sources],
  );
  return { intent: sources.intent.value.value, focusAt: sources.focus.value.value?.at };
}
