/** Which "people on this page" the popup asked the panel to show, while it is the newest thing asked. */
import type { Signal } from '@preact/signals';
import type { SearchSession } from '../../../store/database/search';
import { newestIntent, type PagePeopleIntent, pagePeopleIntent } from '../../../store/items/panel';
import { useIntentAndFocus } from '../use-intent';

/**
 * The intent to show when it is the newest thing the panel was asked for (newer than a context-menu focus, "Back
 * to search", or a search started since); null otherwise.
 */
export function usePagePeopleIntent(session: Signal<SearchSession | null>): PagePeopleIntent | null {
  const { intent, focusAt } = useIntentAndFocus<PagePeopleIntent>(pagePeopleIntent);
  return newestIntent(intent, [focusAt, session.value?.startedAt]);
}
