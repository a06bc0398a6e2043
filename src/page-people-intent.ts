/**
 * The side panel's "people on this page" view: which tab it was opened for, and when. The popup writes it on the
 * click that opens the panel; the panel shows the view while it is newer than anything else the panel was asked
 * to show (a context-menu contact, a search). Session storage: tab ids mean nothing after the browser restarts.
 */
import { storage } from 'wxt/utils/storage';
import * as z from 'zod/mini';

export const PagePeopleIntent = z.object({ tabId: z.int().check(z.gte(0)), at: z.string() });
export type PagePeopleIntent = z.infer<typeof PagePeopleIntent>;

const item = storage.defineItem<unknown>('session:page-people-intent', { fallback: null, version: 1 });

/** A stored value that no longer reads is no intent: the panel then shows what it would anyway. */
const read = (value: unknown): PagePeopleIntent | null => {
  const parsed = z.safeParse(PagePeopleIntent, value);
  return parsed.success ? parsed.data : null;
};

/**
 * The intent when the panel should show it: newer than every other thing the panel was asked to show since (`at`
 * of a context-menu focus or of "Back to search", the start of a search); null otherwise.
 */
export function newestIntent(
  intent: PagePeopleIntent | null,
  since: ReadonlyArray<string | undefined>,
): PagePeopleIntent | null {
  return intent && since.every((at) => !at || intent.at > at) ? intent : null;
}

export const pagePeopleIntent = {
  async get(): Promise<PagePeopleIntent | null> {
    return read(await item.getValue());
  },
  async set(value: PagePeopleIntent | null): Promise<void> {
    await item.setValue(value === null ? null : PagePeopleIntent.parse(value));
  },
  watch(cb: (value: PagePeopleIntent | null) => void) {
    return item.watch((value) => cb(read(value)));
  },
};
