/**
 * The export packs as stored (what a pack holds, and why packs exist: `src/vault/packs.ts`). A family of keys read
 * and written by number, many in one storage call, as strings the packs' own code reads and writes: a pack is a
 * copy beside the vault, checked line by line where it is read (a pack that does not read is passed over and the
 * vault read instead), so no schema is run here.
 */
import { browser } from 'wxt/browser';
import { PREFIXES } from './keys';

const name = (n: number | 'built') => PREFIXES.contactsPack.name(n);

// Each its own export, not one object's methods: the library page reads packs and loads nothing else of these.

/** The stored values of packs `numbers`, in one storage call (a pack not stored maps to undefined). */
export async function readPacks(numbers: readonly number[]): Promise<Map<number, unknown>> {
  const stored = numbers.length > 0 ? await browser.storage.local.get(numbers.map(name)) : {};
  return new Map(numbers.map((n) => [n, stored[name(n)]]));
}

/** Writes packs, each already in its stored form, in one storage call. */
export async function writePacks(packs: ReadonlyMap<number, string>): Promise<void> {
  if (packs.size === 0) return;
  await browser.storage.local.set(Object.fromEntries([...packs].map(([n, text]) => [name(n), text])));
}

/** The version the packs were last built in from the vault (undefined while never built). */
export async function packsBuilt(): Promise<unknown> {
  return (await browser.storage.local.get(name('built')))[name('built')];
}

/** Marks every pack built from the vault, in `version`. */
export async function markPacksBuilt(version: number): Promise<void> {
  await browser.storage.local.set({ [name('built')]: version });
}
