/** Which "people on this page" the popup asked the panel to show, while it is the newest thing asked. */
import type { Signal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import {
  newestIntent,
  type PagePeopleIntent,
  type PanelFocus,
  pagePeopleIntent,
  panelFocus,
} from '../../store/panel';
import type { SearchSession } from '../../store/search';
import { stored } from '../use-stored';

/**
 * The intent to show when it is the newest thing the panel was asked for (newer than a context-menu focus, "Back
 * to search", or a search started since); null otherwise.
 */
export function usePagePeopleIntent(session: Signal<SearchSession | null>): PagePeopleIntent | null {
  const sources = useMemo(
    () => ({
      intent: stored<PagePeopleIntent | null>(null, pagePeopleIntent.get, pagePeopleIntent.watch),
      focus: stored<PanelFocus | null>(null, panelFocus.get, panelFocus.watch),
    }),
    [],
  );
  useEffect(
    () => () => {
      sources.intent.stop();
      sources.focus.stop();
    },
    [sources],
  );
  return newestIntent(sources.intent.value.value, [sources.focus.value.value?.at, session.value?.startedAt]);
}
