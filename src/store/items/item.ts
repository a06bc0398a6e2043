/**
 * The one way to make a stored item: a key with its area, a zod schema every read goes through, a fallback, a
 * version with numbered migrations, and what happens to a stored value that no longer reads (it is set aside, not
 * lost). Single items are WXT's `storage.defineItem`: it keeps the item's version beside it (`<key>$`) and runs
 * the item's numbered migrations before the first read or write in any context.
 *
 * Where WXT's item does not fit (a family of keys: a tab's detection), the same read (`inspector` in `read.ts`) is
 * used by hand. What grows with use is not an item at all: it is in the database (`db.ts`).
 *
 * WXT's item reads its value once as soon as it is defined (to give an `init` a value it does not use here), so
 * every item a bundle defines was read when its module loaded, used or not: a page or a waking worker began with a
 * dozen reads its first screen or first message queued behind. An item without migrations is therefore the plain
 * key (WXT's `storage.getItem` and the rest, which is what its item does then), and an item with migrations is
 * defined on its first use, its migrations still run before its first read or write.
 */
import { storage } from 'wxt/utils/storage';
import * as z from 'zod/mini';
import { serialized } from '../lock';
import { inspector, type Read, type WhenUnreadable } from '../read';
import { type AreaKey, nameOf } from './keys';

export type { Read, WhenUnreadable } from '../read';

/** A step from the stored shape of the version before to this version's (WXT runs them in order). */
export type Migration = (previous: unknown) => unknown;

export interface ItemSpec<T> {
  key: AreaKey;
  schema: z.ZodMiniType<T>;
  /** What a read gives when nothing readable is stored. */
  fallback: T;
  /** Its name in a log line ("settings", "bulk reveal history"). */
  label: string;
  /** The stored shape's version: 1 until a migration is needed. */
  version: number;
  /** `migrations[n]` turns version n-1's value into version n's, each from its own numbered file. */
  migrations?: Record<number, Migration>;
  unreadable?: WhenUnreadable;
}

/** A stored item: every read validated, every write checked, read-modify-writes taken in turn. */
export interface StoredItem<T> {
  readonly key: AreaKey;
  /** The value, or the fallback when nothing readable is stored. */
  get(): Promise<T>;
  /** The value, or word of why there is none. */
  read(): Promise<Read<T>>;
  /**
   * Writes the value (checked against the schema; a null or undefined value removes the key). Not taken in turn:
   * a caller that reads, decides and writes takes the item's turn itself (`update`, or `serialized` with the
   * item's name around its own steps), so a `set` inside that turn does not wait for itself.
   */
  set(value: T): Promise<void>;
  /**
   * Read-modify-write, taken in turn with every other `update` of the item (and any step taken under its name with
   * `serialized`) in this context. `change` returns `undefined` to leave the value as it is. Resolves to the value
   * in force afterwards.
   */
  update(change: (previous: T) => T | undefined): Promise<T>;
  watch(cb: (value: T) => void): () => void;
  watchRead(cb: (read: Read<T>) => void): () => void;
}

/** What of WXT's item {@link defineStored} uses. */
interface Underlying {
  getValue(): Promise<unknown>;
  setValue(value: unknown): Promise<void>;
  watch(cb: (value: unknown) => void): () => void;
}

/** The stored key as WXT keeps it: the plain key without migrations, else WXT's item, defined on first use. */
function itemOf(spec: ItemSpec<unknown>): Underlying {
  const { key } = spec;
  const migrations = spec.migrations && Object.keys(spec.migrations).length > 0 ? spec.migrations : null;
  if (!migrations)
    // What WXT's item does without migrations: no version is kept beside the value (a missing version reads as 1).
    return {
      getValue: () => storage.getItem<unknown>(key),
      setValue: (value) => storage.setItem(key, value),
      watch: (cb) => storage.watch<unknown>(key, (value) => cb(value ?? null)),
    };
  let defined: Underlying | null = null;
  const item = () =>
    (defined ??= storage.defineItem<unknown>(key, { fallback: null, version: spec.version, migrations }));
  return {
    getValue: () => item().getValue(),
    setValue: (value) => item().setValue(value),
    watch: (cb) => item().watch((value) => cb(value)),
  };
}

/** Makes a {@link StoredItem}. */
export function defineStored<T>(spec: ItemSpec<T>): StoredItem<T> {
  const name = nameOf(spec.key);
  const item = itemOf(spec as ItemSpec<unknown>);
  const inspect = inspector(spec.schema, spec.label, { unreadable: spec.unreadable ?? 'set-aside' });
  const read = (value: unknown) => inspect(value, name);
  const valueIn = (value: unknown): T => {
    const found = read(value);
    return found.state === 'ok' ? found.value : spec.fallback;
  };
  const write = (value: T) =>
    item.setValue(value === null || value === undefined ? null : z.parse(spec.schema, value));
  return {
    key: spec.key,
    get: async () => valueIn(await item.getValue()),
    read: async () => read(await item.getValue()),
    set: async (value) => {
      await write(value);
    },
    update: (change) =>
      serialized(name, async () => {
        const previous = valueIn(await item.getValue());
        const next = change(previous);
        if (next === undefined) return previous;
        await write(next);
        return next;
      }),
    watch: (cb) => item.watch((value) => cb(valueIn(value))),
    watchRead: (cb) => item.watch((value) => cb(read(value))),
  };
}
