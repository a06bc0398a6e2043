/**
 * What the side panel's "find a person" view is about: the query a right-click menu or the popup prepared (nothing
 * is sent until the user clicks Find in the panel), when it was asked for, and, once Find was clicked, the query as
 * sent and the id of the search it started (the background writes that part). The panel shows the view while it is
 * the newest thing it was asked to show. Session storage: a looked-up address or name is not kept past the
 * browser session.
 */
import * as z from 'zod/mini';
import { defineStored } from '../store/items/item';
import { KEYS } from '../store/items/keys';

export const FindQuerySchema = z.union([
  z.object({ kind: z.literal('email'), email: z.string() }),
  z.object({ kind: z.literal('github'), url: z.string() }),
  z.object({ kind: z.literal('name'), name: z.string(), companyDomain: z.string() }),
]);

export const FindIntent = z.object({
  at: z.string(),
  query: FindQuerySchema,
  /** For a name: the domain offered from the page (shown as where it came from); null when none was offered. */
  offeredDomain: z.optional(z.nullable(z.string())),
  sent: z.optional(z.object({ searchId: z.string(), query: FindQuerySchema, at: z.string() })),
});
export type FindIntent = z.infer<typeof FindIntent>;

/** A stored value that no longer reads is no intent: the panel then shows what it would anyway. */
const item = defineStored({
  key: KEYS.findIntent,
  schema: z.nullable(FindIntent),
  fallback: null,
  label: 'find intent',
  version: 1,
  unreadable: 'ignore',
});

export const findIntent = {
  get: (): Promise<FindIntent | null> => item.get(),
  set: (value: FindIntent | null): Promise<void> => item.set(value),
  watch: (cb: (value: FindIntent | null) => void) => item.watch(cb),
};

/**
 * Whether the panel shows the find view: the intent is newer than everything else it was asked to show since
 * (`others`: a context-menu focus or "Back to search", the people of a page), and than the current search unless
 * that search is the find's own.
 */
export function findShown(
  intent: FindIntent | null,
  others: ReadonlyArray<string | undefined>,
  session: { id: string; startedAt: string } | null,
): boolean {
  if (!intent) return false;
  if (!others.every((at) => !at || intent.at > at)) return false;
  return !session || session.id === intent.sent?.searchId || intent.at > session.startedAt;
}
