/**
 * What is known of the extension's database outside it, in `storage.local`: that one was made, its layout and when.
 * A database that opens empty while the marker says one was made was lost (Chromium drops an origin's IndexedDB store
 * whole when a write meets a full disk): that is recorded and said, never taken for a first install.
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { DB_MARKERS, nameOf } from '../items/keys';

const Made = z.object({ layout: z.int(), madeAt: z.string() });
/** A database found lost: when, and when the one lost was made. */
export const Lost = z.object({ at: z.string(), madeAt: z.string() });
export type Lost = z.infer<typeof Lost>;

const MADE = nameOf(DB_MARKERS.made);
const LOST = nameOf(DB_MARKERS.lost);

/**
 * Notes the database just opened: `created` when this open made it (there was none). Made again while the marker
 * says one was made before: recorded as lost. Returns what was lost, if this open found it so.
 */
export async function noteDatabase(created: boolean, layout: number, now = new Date()): Promise<Lost | null> {
  const stored = await browser.storage.local.get(MADE);
  const made = z.safeParse(Made, stored[MADE]);
  const fresh = { layout, madeAt: now.toISOString() };
  if (created && made.success) {
    const lost: Lost = { at: now.toISOString(), madeAt: made.data.madeAt };
    await browser.storage.local.set({ [LOST]: lost, [MADE]: fresh });
    return lost;
  }
  if (!made.success || made.data.layout !== layout) {
    await browser.storage.local.set({ [MADE]: made.success ? { ...made.data, layout } : fresh });
  }
  return null;
}

/** The database found lost, if one was and the user has not dismissed it. */
export async function lostDatabase(): Promise<Lost | null> {
  const parsed = z.safeParse(Lost, (await browser.storage.local.get(LOST))[LOST]);
  return parsed.success ? parsed.data : null;
}

/** Calls back whenever the lost-database notice changes (null once dismissed). */
export function watchLostDatabase(cb: (lost: Lost | null) => void): () => void {
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area !== 'local' || !(LOST in changes)) return;
    const parsed = z.safeParse(Lost, changes[LOST]?.newValue);
    cb(parsed.success ? parsed.data : null);
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}

/** The user has read the notice. */
export const dismissLostDatabase = (): Promise<void> => browser.storage.local.remove(LOST);
