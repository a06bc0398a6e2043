/**
 * Where the "find a person" view enters the side panel: which find to show (when it is the newest thing the panel
 * was asked to show) and the view itself, loaded on demand so panels that never find anyone do not carry it.
 */
import { type Signal, signal } from '@preact/signals';
import type { FunctionComponent } from 'preact';
import { useEffect, useMemo } from 'preact/hooks';
import { type FindIntent, findIntent, findShown } from '../../../find/intent';
import type { SearchSession } from '../../../store/database/search';
import type { PagePeopleIntent } from '../../../store/items/panel';
import type { FindPanel } from '../model';
import { useIntentAndFocus } from '../use-intent';

/** The find to show, or null: newer than a context-menu focus or "Back to search", the page's people, other searches. */
export function useFindIntent(
  session: Signal<SearchSession | null>,
  pagePeople: PagePeopleIntent | null,
): FindIntent | null {
  const { intent, focusAt } = useIntentAndFocus<FindIntent>(findIntent);
  return findShown(intent, [focusAt, pagePeople?.at], session.value) ? intent : null;
}

type View = FunctionComponent<{ m: FindPanel; intent: FindIntent }>;

/** The find view, once its code has loaded (a moment, from the extension's own files). */
export function FindSlot({ m, intent }: { m: FindPanel; intent: FindIntent }) {
  // A signal rather than component state: the hooks the pages already share (no extra code for the other pages).
  const loaded = useMemo(() => signal<View | null>(null), []);
  useEffect(() => {
    void import('./find-view').then((module) => {
      loaded.value = module.FindView;
    });
  }, [loaded]);
  const View = loaded.value;
  return View ? <View m={m} intent={intent} /> : <p role="status">Opening the find…</p>;
}
