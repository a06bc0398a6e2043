/**
 * What the side panel shows: its focus (a context-menu contact, the current search, a selection waiting for the
 * user's word), and the "people on this page" intent.
 */
import * as z from 'zod/mini';
import { defineStored } from './item';
import { KEYS } from './keys';

/**
 * The side panel's subject: a contact revealed from a context menu, the current search, or a selected text that
 * needs the user's word before it is searched (too long for free text) or that cannot be searched at all.
 */
export const PanelFocus = z.union([
  z.object({
    kind: z.literal('contact'),
    vaultKey: z.string(),
    at: z.string(),
    /** Why the reveal was refused before anything was asked (no default options, no key…). */
    problem: z.optional(z.string()),
  }),
  z.object({ kind: z.literal('search'), at: z.string() }),
  z.object({
    kind: z.literal('selection'),
    mode: z.enum(['free_text', 'jd']),
    text: z.string(),
    problem: z.string(),
    at: z.string(),
  }),
]);
export type PanelFocus = z.infer<typeof PanelFocus>;

const panelFocusItem = defineStored({
  key: KEYS.panelFocus,
  schema: z.nullable(PanelFocus),
  fallback: null,
  label: 'panel focus',
  version: 1,
});

export const panelFocus = {
  get: (): Promise<PanelFocus | null> => panelFocusItem.get(),
  set: (value: PanelFocus | null): Promise<void> => panelFocusItem.set(value),
  watch: (cb: (value: PanelFocus | null) => void) => panelFocusItem.watch(cb),
};

/**
 * The side panel's "people on this page" view: which tab it was opened for, and when. The popup writes it on the
 * click that opens the panel; the panel shows the view while it is newer than anything else the panel was asked
 * to show (a context-menu contact, a search). Session storage: tab ids mean nothing after the browser restarts.
 */
export const PagePeopleIntent = z.object({ tabId: z.int().check(z.gte(0)), at: z.string() });
export type PagePeopleIntent = z.infer<typeof PagePeopleIntent>;

/** A stored value that no longer reads is no intent: the panel then shows what it would anyway. */
const intentItem = defineStored({
  key: KEYS.pagePeopleIntent,
  schema: z.nullable(PagePeopleIntent),
  fallback: null,
  label: 'page people intent',
  version: 1,
  unreadable: 'ignore',
});

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
  get: (): Promise<PagePeopleIntent | null> => intentItem.get(),
  set: (value: PagePeopleIntent | null): Promise<void> => intentItem.set(value),
  watch: (cb: (value: PagePeopleIntent | null) => void) => intentItem.watch(cb),
};
