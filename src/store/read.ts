/**
 * Every stored value is read through zod, and one that no longer reads is set aside rather than lost. Apart from
 * `item.ts` so that a reader of families of keys (the ledger's days) does not load WXT's
 * storage items. The set-aside copy is written with a plain storage call rather than through an item: it goes under
 * the name of whatever key held the value (`unreadable:<name>`, for any item or any key of a family), and must be
 * written once, before anything else may write over the original.
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { PREFIXES } from './items/keys';

/** What a read found: a value, nothing stored, or a stored value that no longer reads (and was set aside). */
export type Read<T> = { state: 'ok'; value: T } | { state: 'missing' } | { state: 'unreadable' };

/**
 * Copies an unreadable value to `unreadable:<name>` in local storage, once (a copy already there is the original,
 * kept). Says whether it made the copy.
 */
export async function setAside(name: string, value: unknown, problem: string): Promise<boolean> {
  const slot = PREFIXES.unreadable.name(name);
  const existing = await browser.storage.local.get(slot);
  if (existing[slot] !== undefined) return false;
  await browser.storage.local.set({ [slot]: { value, problem, at: new Date().toISOString() } });
  return true;
}

/** What is done with a stored value that no longer reads. */
export type WhenUnreadable =
  /** Warned of, and copied aside so a later write cannot lose it (for a migration, or support, to recover). */
  | 'set-aside'
  /** Warned of only (the value means nothing past the session: a tab's detection). */
  | 'warn'
  /** Read as nothing, quietly (a passing intent: the panel then shows what it would anyway). */
  | 'ignore';

export interface InspectorOptions {
  /** Default `set-aside`. */
  unreadable?: WhenUnreadable;
}

/**
 * A read through zod for values of one schema, under any key (`name`: the key's name in its area). A value that
 * no longer parses is reported, handled as `unreadable` says, and the read says "unreadable", so a screen can say
 * so instead of showing the item as never stored.
 */
export function inspector<T>(schema: z.ZodMiniType<T>, label: string, options: InspectorOptions = {}) {
  const when = options.unreadable ?? 'set-aside';
  return (value: unknown, name: string): Read<T> => {
    if (value === null || value === undefined) return { state: 'missing' };
    const parsed = z.safeParse(schema, value);
    if (parsed.success) return { state: 'ok', value: parsed.data };
    if (when === 'ignore') return { state: 'unreadable' };
    const problem = z.prettifyError(parsed.error);
    if (when === 'warn') {
      console.warn(`Stored ${label} is not readable:\n${problem}`);
      return { state: 'unreadable' };
    }
    console.warn(`Stored ${label} is not readable and was set aside:\n${problem}`);
    setAside(name, value, problem).catch(() => undefined);
    return { state: 'unreadable' };
  };
}
