/**
 * The register of contacts' set-aside copies (version 1; a record's, or a vault bucket's): their storage keys, so retention removes the old ones by
 * reading those alone, never every key in storage. None is stored until retention's first sweep lists the copies
 * already there (the upgrade from before the register, done once); from then on each copy adds its key when made.
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { defineStored } from './item';
import { KEYS, nameOf, PREFIXES } from './keys';
import { serialized } from './lock';
import { storedKeys } from './read';

const AsideRegister = z.object({ keys: z.array(z.string()) });
type AsideRegister = z.infer<typeof AsideRegister>;

const ASIDES = nameOf(KEYS.vaultAsides);
const asidesItem = defineStored({
  key: KEYS.vaultAsides,
  schema: z.nullable(AsideRegister),
  fallback: null,
  label: 'register of set-aside contacts',
  version: 1,
});

/**
 * Adds a set-aside copy to the register. Pages make copies too, so two contexts may write the register at once:
 * the write is read back, and made again when another one overtook it. Before the first sweep there is no
 * register to add to (the sweep finds the copy).
 */
export async function registerAside(slot: string): Promise<void> {
  for (let tries = 0; tries < 3; tries++) {
    let listed = true;
    await asidesItem.update((register) => {
      if (register === null || register.keys.includes(slot)) return undefined;
      listed = false;
      return { keys: [...register.keys, slot] };
    });
    if (listed) return;
  }
}

/**
 * True for the set-aside copy of anything holding contact data: a record (`unreadable:contact:…`), or one of the
 * vault's buckets of records or of ids (`unreadable:vault-bucket:…`, `unreadable:vault-ids:…`).
 */
export function isContactAside(name: string): boolean {
  const of = PREFIXES.unreadable.idOf(name);
  return (
    of !== null &&
    (PREFIXES.contact.idOf(of) !== null ||
      PREFIXES.vaultBucket.idOf(of) !== null ||
      PREFIXES.vaultIds.idOf(of) !== null)
  );
}

/** The register, listing the copies already stored when there is none yet: the one read of every key, done once. */
async function asideRegister(): Promise<AsideRegister> {
  const register = await asidesItem.get();
  if (register) return register;
  const swept = { keys: (await storedKeys()).filter(isContactAside) };
  await serialized(ASIDES, () => asidesItem.set(swept));
  return swept;
}

/** Every copy is gone ("Clear revealed contacts" read every key): the register starts again empty. */
export function emptyAsideRegister(): Promise<void> {
  return serialized(ASIDES, () => asidesItem.set({ keys: [] }));
}

/** True for a set-aside copy made before `cutoff`. */
function setAsideBefore(value: unknown, cutoff: Date): boolean {
  const at = (value as { at?: unknown } | null)?.at;
  return typeof at === 'string' && new Date(at) < cutoff;
}

/**
 * Removes the set-aside copies of unreadable contacts made before `cutoff` (kept for the retention period, no
 * longer), found from their register: it reads the copies listed, not every key. Returns how many.
 */
export async function purgeSetAsidesBefore(cutoff: Date): Promise<number> {
  const { keys } = await asideRegister();
  if (keys.length === 0) return 0;
  const stored = await browser.storage.local.get(keys);
  const old = keys.filter((key) => setAsideBefore(stored[key], cutoff));
  const gone = new Set([...old, ...keys.filter((key) => stored[key] === undefined)]);
  if (old.length > 0) await browser.storage.local.remove(old);
  if (gone.size > 0) {
    await asidesItem.update((now) => (now ? { keys: now.keys.filter((key) => !gone.has(key)) } : undefined));
  }
  return old.length;
}
