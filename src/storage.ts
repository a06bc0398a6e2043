/**
 * Every stored item, typed, validated with zod on read, and versioned from day one.
 *
 * Areas: `local` (settings, account snapshot, vault of revealed contacts, jobs) is restricted to trusted contexts on
 * Chrome at startup (see `src/background/index.ts`); `session` holds per-tab detections. The API key is not here
 * at all: it lives in the background's IndexedDB (`src/background/key-store.ts`), out of reach of content scripts on
 * both browsers.
 */
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import * as z from 'zod/mini';
import { ApiErrorJSON } from './api/errors';
import { keyedRecord, NpiData, RETRIEVABLE, type Retrievable } from './api/schema-parts';

declare const __API_BASE_URL__: string;

/** The service base URL this build targets (`WXT_API_BASE_URL` at build time; the local simulator otherwise). */
export const DEFAULT_BASE_URL: string =
  typeof __API_BASE_URL__ === 'string' ? __API_BASE_URL__ : 'http://127.0.0.1:8787';

// ---------------------------------------------------------------------------------------------------------------
// Validated items
// ---------------------------------------------------------------------------------------------------------------

const locks = new Map<string, Promise<unknown>>();

/**
 * Runs read-modify-write steps on one stored item one after another. Reveals of different contacts run in
 * parallel, and two of them updating the same list from the same snapshot would lose one update.
 */
export function serialized<T>(key: string, task: () => Promise<T>): Promise<T> {
  const next = (locks.get(key) ?? Promise.resolve()).catch(() => undefined).then(task);
  locks.set(key, next);
  const settle = () => {
    if (locks.get(key) === next) locks.delete(key);
  };
  next.then(settle, settle);
  return next;
}

/** Copies an unreadable value to `unreadable:<key>`, once (a copy already there is the original, kept). */
async function setAside(key: string, value: unknown, problem: string): Promise<void> {
  const slot = `unreadable:${key}`;
  const existing = await browser.storage.local.get(slot);
  if (existing[slot] !== undefined) return;
  await browser.storage.local.set({ [slot]: { value, problem, at: new Date().toISOString() } });
  // Retention finds a contact's copy from the register, never by reading every key.
  if (slot.startsWith(CONTACT_ASIDE)) await registerAside(slot);
}

/** True for a set-aside copy made before `cutoff`. */
function setAsideBefore(value: unknown, cutoff: Date): boolean {
  const at = (value as { at?: unknown } | null)?.at;
  return typeof at === 'string' && new Date(at) < cutoff;
}

/** What a read found: a value, nothing stored, or a stored value that no longer reads (and was set aside). */
export type Read<T> = { state: 'ok'; value: T } | { state: 'missing' } | { state: 'unreadable' };

/**
 * Reads through zod. A stored value that no longer parses is reported, copied aside to `unreadable:<key>` (so a
 * later write to the item cannot lose it: it stays there for a migration or for support to recover), and the read
 * says "unreadable", so a screen can say so instead of showing the item as never stored.
 */
function inspected<T>(schema: z.ZodMiniType<T>, label: string, fixedKey?: string) {
  return (value: unknown, key: string | undefined = fixedKey): Read<T> => {
    if (value === null || value === undefined) return { state: 'missing' };
    const parsed = z.safeParse(schema, value);
    if (parsed.success) return { state: 'ok', value: parsed.data };
    const problem = z.prettifyError(parsed.error);
    console.warn(`Stored ${label} is not readable and was set aside:\n${problem}`);
    if (key) setAside(key, value, problem).catch(() => undefined);
    return { state: 'unreadable' };
  };
}

/** {@link inspected}, with the fallback for anything that is not a readable value. */
export function validated<T>(schema: z.ZodMiniType<T>, fallback: T, label: string, fixedKey?: string) {
  const inspect = inspected(schema, label, fixedKey);
  return (value: unknown, key: string | undefined = fixedKey): T => {
    const read = inspect(value, key);
    return read.state === 'ok' ? read.value : fallback;
  };
}

export const Selection = z.array(z.enum(RETRIEVABLE));
export type Selection = Retrievable[];

export const Settings = z.object({
  baseUrl: z.string(),
  /** The reveal boxes that start checked, and what the context menu reveals. */
  defaultSelection: Selection,
  /** Revealed contacts older than this are removed from the vault. */
  retentionDays: z.int().check(z.gte(1), z.lte(3650)),
  /** A bulk reveal whose maximum is above this many credits is called out plainly before it is confirmed. */
  confirmAboveCredits: z.optional(z.int().check(z.gte(0))),
  /** No paid call is sent that could take today's spending (local day) above this many credits. */
  dailyCapCredits: z.optional(z.int().check(z.gte(0))),
  /** No paid call is sent that could take this month's spending above this many credits. */
  monthlyCapCredits: z.optional(z.int().check(z.gte(0))),
  /** The popup and side panel warn when the balance is below this many credits. */
  lowBalanceBelow: z.optional(z.int().check(z.gte(0))),
});
export type Settings = z.infer<typeof Settings>;

/** The default of `confirmAboveCredits`: a bulk reveal that may cost more is called out before it is confirmed. */
export const DEFAULT_CONFIRM_ABOVE = 100;

export const DEFAULT_SETTINGS: Settings = {
  baseUrl: DEFAULT_BASE_URL,
  defaultSelection: ['email'],
  retentionDays: 365,
};

const settingsItem = storage.defineItem<unknown>('local:settings', { fallback: null, version: 1 });
const inspectSettings = inspected(Settings, 'settings', 'settings');
const readSettings = validated(Settings, DEFAULT_SETTINGS, 'settings', 'settings');

/** The settings in force, and whether the stored ones could not be read (the defaults are in force then). */
export interface SettingsReadout {
  value: Settings;
  unreadable: boolean;
}
const settingsReadout = (value: unknown): SettingsReadout => {
  const read = inspectSettings(value);
  return read.state === 'ok'
    ? { value: read.value, unreadable: false }
    : { value: DEFAULT_SETTINGS, unreadable: read.state === 'unreadable' };
};

export const settings = {
  async get(): Promise<Settings> {
    return readSettings(await settingsItem.getValue());
  },
  /** The settings with word of a stored value that could not be read (set aside under `unreadable:settings`). */
  async read(): Promise<SettingsReadout> {
    return settingsReadout(await settingsItem.getValue());
  },
  watchRead(cb: (value: SettingsReadout) => void) {
    return settingsItem.watch((value) => cb(settingsReadout(value)));
  },
  async set(value: Settings): Promise<void> {
    await settingsItem.setValue(Settings.parse(value));
  },
  watch(cb: (value: Settings) => void) {
    return settingsItem.watch((value) => cb(readSettings(value)));
  },
};

/** Balance as of the last response that reported it. */
export const AccountSnapshot = z.object({
  remaining: z.int(),
  /** Known only from GET /v1/account; search and lookup responses report the balance alone. */
  purchased: z.nullable(z.int()),
  checkedAt: z.string(),
});
export type AccountSnapshot = z.infer<typeof AccountSnapshot>;

const accountItem = storage.defineItem<unknown>('local:account', { fallback: null, version: 1 });
const readAccount = validated(z.nullable(AccountSnapshot), null, 'account', 'account');

export const account = {
  async get(): Promise<AccountSnapshot | null> {
    return readAccount(await accountItem.getValue());
  },
  async set(value: AccountSnapshot | null): Promise<void> {
    await serialized('account', () =>
      accountItem.setValue(value === null ? null : AccountSnapshot.parse(value)),
    );
  },
  /** Read-modify-write of the snapshot, serialised with every other write to it. */
  update(change: (previous: AccountSnapshot | null) => AccountSnapshot | null): Promise<void> {
    return serialized('account', async () => {
      const next = change(readAccount(await accountItem.getValue()));
      await accountItem.setValue(next === null ? null : AccountSnapshot.parse(next));
    });
  },
  watch(cb: (value: AccountSnapshot | null) => void) {
    return accountItem.watch((value) => cb(readAccount(value)));
  },
};

/** What the UI may know of the key: whether one is set, and a masked form. The key itself never leaves the background. */
export const KeyHint = z.object({ masked: z.string() });
export type KeyHint = z.infer<typeof KeyHint>;

const keyHintItem = storage.defineItem<unknown>('local:key-hint', { fallback: null, version: 1 });
const readKeyHint = validated(z.nullable(KeyHint), null, 'key hint', 'key-hint');

export const keyHint = {
  async get(): Promise<KeyHint | null> {
    return readKeyHint(await keyHintItem.getValue());
  },
  async set(value: KeyHint | null): Promise<void> {
    await keyHintItem.setValue(value);
  },
  watch(cb: (value: KeyHint | null) => void) {
    return keyHintItem.watch((value) => cb(readKeyHint(value)));
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Vault of revealed contacts
// ---------------------------------------------------------------------------------------------------------------

/** Where a contact's set-aside copy is kept: `unreadable:contact:<vault key>`. */
const CONTACT_ASIDE = 'unreadable:contact:';

/**
 * The register of contacts' set-aside copies (version 1): their storage keys, so retention removes the old ones by
 * reading those alone, never every key in storage. None is stored until retention's first sweep lists the copies
 * already there (the upgrade from before the register, done once); from then on each copy adds its key when made.
 */
const AsideRegister = z.object({ keys: z.array(z.string()) });
type AsideRegister = z.infer<typeof AsideRegister>;
const ASIDES = 'vault-asides';
const asidesItem = storage.defineItem<unknown>(`local:${ASIDES}`, { fallback: null, version: 1 });
const readAsides = validated(z.nullable(AsideRegister), null, 'register of set-aside contacts', ASIDES);

/**
 * Adds a set-aside copy to the register. Pages make copies too, so two contexts may write the register at once:
 * the write is read back, and made again when another one overtook it. Before the first sweep there is no
 * register to add to (the sweep finds the copy).
 */
async function registerAside(slot: string): Promise<void> {
  for (let tries = 0; tries < 3; tries++) {
    const listed = await serialized(ASIDES, async () => {
      const register = readAsides(await asidesItem.getValue());
      if (register === null || register.keys.includes(slot)) return true;
      await asidesItem.setValue({ keys: [...register.keys, slot] } satisfies AsideRegister);
      return false;
    });
    if (listed) return;
  }
}

/** Every key in local storage: the keys alone where the browser can (Chrome 130, Firefox 143), else every value. */
async function storedKeys(): Promise<string[]> {
  const local = browser.storage.local as { getKeys?: () => Promise<string[]> };
  try {
    if (typeof local.getKeys === 'function') return await local.getKeys();
  } catch {
    // Declared but not there (an older browser, a test double): read the values.
  }
  return Object.keys(await browser.storage.local.get(null));
}

/**
 * The register, listing the copies already stored when there is none yet: the one read of every key, done once.
 */
async function asideRegister(): Promise<AsideRegister> {
  const register = readAsides(await asidesItem.getValue());
  if (register) return register;
  const swept = { keys: (await storedKeys()).filter((key) => key.startsWith(CONTACT_ASIDE)) };
  await serialized(ASIDES, () => asidesItem.setValue(swept));
  return swept;
}

/** What a retention pass over some contacts found: removed, still within the period, or not there to read. */
export interface PurgeResult {
  removed: string[];
  kept: ContactRecord[];
  missing: string[];
}

const foundOrNot = <T extends z.ZodMiniType>(value: T) =>
  z.union([
    z.object({ found: z.literal(true), value, at: z.string() }),
    z.object({ found: z.literal(false), at: z.string() }),
  ]);

export const DetailedProfile = z.object({
  skills: z.array(z.unknown()),
  experience: z.array(z.unknown()),
  education: z.array(z.unknown()),
  job_history: z.array(z.unknown()),
});
export type DetailedProfile = z.infer<typeof DetailedProfile>;

/** One revealed (or looked-for) contact. Keyed by canonical social_url, or `id:<candidate id>` when there is none. */
export const ContactRecord = z.object({
  v: z.literal(1),
  key: z.string(),
  socialUrl: z.nullable(z.string()),
  candidateId: z.nullable(z.string()),
  name: z.nullable(z.string()),
  currentTitle: z.nullable(z.string()),
  currentEmployer: z.nullable(z.string()),
  email: z.optional(foundOrNot(z.string())),
  phone: z.optional(foundOrNot(z.string())),
  detailed_profile: z.optional(foundOrNot(DetailedProfile)),
  healthcare_profile: z.optional(foundOrNot(NpiData)),
  /** The service did not know this candidate (per-contact 404), and when. */
  unknownAt: z.optional(z.string()),
  updatedAt: z.string(),
});
export type ContactRecord = z.infer<typeof ContactRecord>;
export type ItemState = NonNullable<ContactRecord[Retrievable]>;

/**
 * The items of a selection the service must be asked for: not held, and not known missing unless the user chose to
 * ask again. The one rule the background's reveal, the popup's cost and the side panel's row buttons all apply.
 */
export function itemsToAsk(
  record: ContactRecord | null | undefined,
  selection: readonly Retrievable[],
  retryNotFound = false,
): Retrievable[] {
  return selection.filter((item) => {
    const state = record?.[item];
    return state === undefined || (!state.found && retryNotFound);
  });
}

/** Storage key of a vault record. */
export const vaultStorageKey = (key: string) => `local:contact:${key}` as const;
/** Vault key for a target: the canonical social_url wins; an id-only contact is `id:<candidate id>`. */
export const vaultKeyFor = (target: { socialUrl?: string | null; candidateId?: string | null }): string =>
  target.socialUrl ? target.socialUrl : `id:${target.candidateId}`;

const inspectContact = inspected(ContactRecord, 'contact');
const readContact = validated(z.nullable(ContactRecord), null, 'contact');

/**
 * Candidate id -> vault key, so a contact revealed by URL is found again from a search row's id, and back. One small
 * stored string per id (`vault-id:<candidate id>`), written in the same `set` as its record: a reveal never rewrites
 * an index that grows with the vault, and a lookup reads one key. Ids are any string (`__proto__` included): they
 * are only ever part of a storage key.
 */
const idKey = (candidateId: string) => `vault-id:${candidateId}`;
/** Where ids lived before they had keys of their own: one object, read until it is moved ({@link vault.moveIdIndex}). */
const LEGACY_INDEX = 'vault-index';
const LegacyIndex = z.object({ byId: keyedRecord(z.string()) });
const inspectLegacyIndex = inspected(LegacyIndex, 'vault index', LEGACY_INDEX);

/**
 * Where a candidate id's record is (its key of its own, else the old object's entry, else `id:<candidate id>`),
 * read from `stored`: a storage read that included the id's key and {@link LEGACY_INDEX}.
 */
function keyOfIdIn(stored: Record<string, unknown>): (candidateId: string) => string {
  const legacy = stored[LEGACY_INDEX] === undefined ? null : inspectLegacyIndex(stored[LEGACY_INDEX]);
  return (candidateId) => {
    const key = stored[idKey(candidateId)];
    if (typeof key === 'string') return key;
    if (legacy?.state === 'ok' && Object.hasOwn(legacy.value.byId, candidateId)) {
      return legacy.value.byId[candidateId]!;
    }
    return `id:${candidateId}`;
  };
}

/** A vault target: a canonical social_url, a candidate id, or both. */
type VaultTarget = { socialUrl?: string | null; candidateId?: string | null };

/**
 * What the vault holds for many targets, in one storage read, or two when an id points at a record the first did
 * not bring: their records by URL, their ids' keys (and the old index), and the records an id-only contact is kept
 * under (`id:<candidate id>`, where an id points when it has no key of its own: a new contact needs no second read).
 */
async function readTargets(targets: readonly VaultTarget[]) {
  const urls = targets.flatMap((t) => (t.socialUrl ? [`contact:${t.socialUrl}`] : []));
  const ids = targets.flatMap((t) => (t.candidateId ? [t.candidateId] : []));
  const asked = [...urls, ...ids.map(idKey), ...ids.map((id) => `contact:id:${id}`), LEGACY_INDEX];
  const first = await browser.storage.local.get(asked);
  const keyOf = keyOfIdIn(first);
  const read = new Set(asked);
  const more = [...new Set(ids.map((id) => `contact:${keyOf(id)}`))].filter((key) => !read.has(key));
  const second = more.length > 0 ? await browser.storage.local.get(more) : {};
  return { stored: { ...first, ...second } as Record<string, unknown>, keyOf };
}

/** What storing one record writes: the record, and its candidate id's key pointing at it. */
function recordWrites(record: ContactRecord): Record<string, unknown> {
  const checked = ContactRecord.parse(record);
  const id = checked.candidateId;
  return { [`contact:${checked.key}`]: checked, ...(id ? { [idKey(id)]: checked.key } : {}) };
}

export const vault = {
  async get(key: string): Promise<ContactRecord | null> {
    return readContact(await storage.getItem(vaultStorageKey(key)), `contact:${key}`);
  },
  /** One record, with word of a stored record that could not be read (set aside under `unreadable:contact:…`). */
  async read(key: string): Promise<Read<ContactRecord>> {
    return inspectContact(await storage.getItem(vaultStorageKey(key)), `contact:${key}`);
  },
  /** Finds a record by social_url first, then by candidate id through the index. */
  async find(target: VaultTarget): Promise<ContactRecord | null> {
    const found = await vault.lookup(target);
    return found.state === 'ok' ? found.value : null;
  },
  /**
   * {@link vault.find}, saying when the record is there but cannot be read: a reveal must then not act as if
   * nothing were held (the user may have paid for it).
   */
  async lookup(target: VaultTarget): Promise<Read<ContactRecord>> {
    // One storage read when the URL's record is there or the id points at it, two otherwise.
    const { stored, keyOf } = await readTargets([target]);
    const read = (key?: string | null) =>
      inspectContact(key ? stored[`contact:${key}`] : null, `contact:${key}`);
    const byUrl = read(target.socialUrl);
    if (byUrl.state === 'ok' || !target.candidateId) return byUrl;
    const byId = read(keyOf(target.candidateId));
    return byId.state === 'missing' ? byUrl : byId;
  },
  async put(record: ContactRecord): Promise<void> {
    await browser.storage.local.set(recordWrites(record));
  },
  /**
   * The records of many targets (a page of search results, the people on a LinkedIn page) in two storage reads,
   * whatever the vault holds. Records that cannot be read are left out, as {@link vault.find} does.
   */
  async findMany(targets: readonly VaultTarget[]): Promise<ContactRecord[]> {
    const { stored } = await readTargets(targets);
    const found = new Map<string, ContactRecord>();
    for (const [key, value] of Object.entries(stored)) {
      if (!key.startsWith('contact:')) continue;
      const record = readContact(value, key);
      if (record) found.set(record.key, record);
    }
    return [...found.values()];
  },
  /** Every record, for the side panel and CSV export. */
  async all(): Promise<ContactRecord[]> {
    const everything = await browser.storage.local.get(null);
    return Object.entries(everything)
      .filter(([key]) => key.startsWith('contact:'))
      .map(([key, value]) => readContact(value, key))
      .filter((record): record is ContactRecord => record !== null);
  },
  async remove(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    // The ids that point at these contacts go with them (a contact's id and URL are its data too).
    const stored = await browser.storage.local.get(keys.map((key) => `contact:${key}`));
    const ids = Object.values(stored).flatMap((value) => {
      const id = (value as { candidateId?: unknown } | null)?.candidateId;
      return typeof id === 'string' ? [idKey(id)] : [];
    });
    const pointing = ids.length > 0 ? await browser.storage.local.get(ids) : {};
    const gone = new Set(keys);
    const stale = Object.entries(pointing).flatMap(([key, to]) => (gone.has(to as string) ? [key] : []));
    await browser.storage.local.remove([...keys.map((key) => `contact:${key}`), ...stale]);
    await serialized(LEGACY_INDEX, async () => {
      const { [LEGACY_INDEX]: value } = await browser.storage.local.get(LEGACY_INDEX);
      const legacy = value === undefined ? null : inspectLegacyIndex(value);
      if (legacy?.state !== 'ok') return;
      const byId = Object.create(null) as Record<string, string>;
      for (const [id, key] of Object.entries(legacy.value.byId)) if (!gone.has(key)) byId[id] = key;
      await browser.storage.local.set({ [LEGACY_INDEX]: { byId } });
    });
  },
  /**
   * Moves ids from the single object they were kept in before to keys of their own (at startup; ids already
   * written the new way win). Lookups read the old object until it is gone, so none is missed meanwhile.
   */
  async moveIdIndex(): Promise<void> {
    await serialized(LEGACY_INDEX, async () => {
      const { [LEGACY_INDEX]: value } = await browser.storage.local.get(LEGACY_INDEX);
      if (value === undefined) return;
      const legacy = inspectLegacyIndex(value);
      if (legacy.state === 'ok') {
        const ids = Object.keys(legacy.value.byId);
        const present = ids.length > 0 ? await browser.storage.local.get(ids.map(idKey)) : {};
        const moved: Record<string, string> = {};
        for (const id of ids) if (present[idKey(id)] === undefined) moved[idKey(id)] = legacy.value.byId[id]!;
        if (Object.keys(moved).length > 0) await browser.storage.local.set(moved);
      }
      await browser.storage.local.remove(LEGACY_INDEX);
    });
  },
  /**
   * Removes every contact: readable records, ones that no longer read, and their set-aside copies (contact data
   * must not outlive "Clear revealed contacts"). Returns how many contacts were removed.
   */
  async clear(): Promise<number> {
    const everything = await browser.storage.local.get(null);
    const contacts = Object.keys(everything).filter((key) => key.startsWith('contact:'));
    const asides = Object.keys(everything).filter(
      (key) => key.startsWith('unreadable:contact:') || key.startsWith('vault-id:') || key === LEGACY_INDEX,
    );
    await browser.storage.local.remove([...contacts, ...asides]);
    // Every copy is gone: the register starts again empty (this read was the sweep).
    await serialized(ASIDES, () => asidesItem.setValue({ keys: [] } satisfies AsideRegister));
    return contacts.length;
  },
  /** Full records for these keys (the library opens or exports them); unknown keys are left out. */
  async getMany(keys: readonly string[]): Promise<ContactRecord[]> {
    if (keys.length === 0) return [];
    const stored = await browser.storage.local.get(keys.map((key) => `contact:${key}`));
    return keys
      .map((key) => readContact(stored[`contact:${key}`], `contact:${key}`))
      .filter((record): record is ContactRecord => record !== null);
  },
  /** Calls back with the record whenever it changes (null when removed). */
  watch(key: string, cb: (record: ContactRecord | null) => void) {
    return storage.watch<unknown>(vaultStorageKey(key), (value) => cb(readContact(value, `contact:${key}`)));
  },
};

/**
 * The vault's retention: removing expired contacts and old set-aside copies. The background's alone (outside
 * {@link vault}, so the pages, which never purge, do not load it).
 */
export const vaultRetention = {
  /**
   * Removes, of these contacts, the ones last updated before `cutoff`, their ids' keys with them. The records are
   * read again here (one read of these keys alone): the caller's list comes from the library's index, which may
   * lag a write. Says which were removed, which are still within the period, and which are not there to read (no
   * record, or one that does not read).
   */
  async purgeOlderThan(cutoff: Date, keys: readonly string[]): Promise<PurgeResult> {
    if (keys.length === 0) return { removed: [], kept: [], missing: [] };
    const stored = await browser.storage.local.get(keys.map((key) => `contact:${key}`));
    const result: PurgeResult = { removed: [], kept: [], missing: [] };
    for (const key of new Set(keys)) {
      const record = readContact(stored[`contact:${key}`], `contact:${key}`);
      if (!record) result.missing.push(key);
      else if (new Date(record.updatedAt) < cutoff) result.removed.push(key);
      else result.kept.push(record);
    }
    await vault.remove(result.removed);
    return result;
  },
  /**
   * Removes the set-aside copies of unreadable contacts made before `cutoff` (kept for the retention period, no
   * longer), found from their register: it reads the copies listed, not every key. Returns how many.
   */
  async purgeSetAsidesBefore(cutoff: Date): Promise<number> {
    const { keys } = await asideRegister();
    if (keys.length === 0) return 0;
    const stored = await browser.storage.local.get(keys);
    const old = keys.filter((key) => setAsideBefore(stored[key], cutoff));
    const gone = new Set([...old, ...keys.filter((key) => stored[key] === undefined)]);
    if (old.length > 0) await browser.storage.local.remove(old);
    if (gone.size > 0) {
      await serialized(ASIDES, async () => {
        const now = readAsides(await asidesItem.getValue());
        if (now) await asidesItem.setValue({ keys: now.keys.filter((key) => !gone.has(key)) });
      });
    }
    return old.length;
  },
};

/**
 * Several records in one storage call (a bulk reveal's answers that come together): one change for every reader
 * of storage, rather than one each. Outside {@link vault} so the pages, which never write, do not load it.
 */
export async function putContacts(records: readonly ContactRecord[]): Promise<void> {
  await browser.storage.local.set(Object.assign({}, ...records.map(recordWrites)));
}

/**
 * {@link vault.find} for each of many targets (a bulk reveal's quote), in the same two storage reads as
 * {@link vault.findMany}: the record each target answers to, in order (null when none, or it cannot be read).
 * Outside {@link vault} so the pages, which never need it, do not load it.
 */
export async function findContacts(targets: readonly VaultTarget[]): Promise<Array<ContactRecord | null>> {
  const { stored, keyOf } = await readTargets(targets);
  const records = new Map<string, ContactRecord | null>();
  const at = (key: string) => {
    if (!records.has(key)) records.set(key, stored[key] === undefined ? null : readContact(stored[key], key));
    return records.get(key)!;
  };
  return targets.map(
    (t) =>
      (t.socialUrl ? at(`contact:${t.socialUrl}`) : null) ??
      (t.candidateId ? at(`contact:${keyOf(t.candidateId)}`) : null),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Worker heartbeat: whether the worker that owns a running job is still alive
// ---------------------------------------------------------------------------------------------------------------

/**
 * The live worker's id and its last beat, written every {@link HEARTBEAT_MS} while it has paid work under way. A
 * stopped worker leaves no word behind (Chrome stops it without an event), so readers judge by the beat's age.
 */
export const WorkerBeat = z.object({ worker: z.string(), at: z.string() });
export type WorkerBeat = z.infer<typeof WorkerBeat>;

export const HEARTBEAT_MS = 1000;
/** A beat older than this means its worker is gone: a few missed beats, for a busy machine's timer delays. */
export const HEARTBEAT_STALE_MS = 4 * HEARTBEAT_MS;

const beatItem = storage.defineItem<unknown>('local:worker-beat', { fallback: null, version: 1 });
const readBeat = validated(z.nullable(WorkerBeat), null, 'worker heartbeat', 'worker-beat');

export const workerBeat = {
  async get(): Promise<WorkerBeat | null> {
    return readBeat(await beatItem.getValue());
  },
  async set(value: WorkerBeat): Promise<void> {
    await beatItem.setValue(WorkerBeat.parse(value));
  },
  watch(cb: (value: WorkerBeat | null) => void) {
    return beatItem.watch((value) => cb(readBeat(value)));
  },
};

/**
 * True when a "running" job or search is really running: it names its worker, and that worker beat recently. Any
 * other "running" one was cut off (its worker stopped) and must be shown as interrupted.
 */
export function ownedNow(owner: string | undefined, beat: WorkerBeat | null, now: number): boolean {
  return (
    owner !== undefined &&
    beat !== null &&
    beat.worker === owner &&
    now - new Date(beat.at).getTime() < HEARTBEAT_STALE_MS
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Jobs: paid calls the background owns, written before the request and after the response
// ---------------------------------------------------------------------------------------------------------------

export const RevealJob = z.object({
  id: z.string(),
  kind: z.literal('reveal'),
  vaultKey: z.string(),
  target: z.object({ socialUrl: z.nullable(z.string()), candidateId: z.nullable(z.string()) }),
  /** Items asked of the service. */
  requested: Selection,
  /** Items the user chose that the vault already held: not asked for, not paid for. */
  held: Selection,
  status: z.enum(['running', 'done', 'failed', 'interrupted']),
  /** The worker that runs it (see {@link ownedNow}). */
  worker: z.optional(z.string()),
  /**
   * After an interruption: the balance checked (free), what the cut-off call was charged as the ledger settled it
   * (null: cannot tell), and whether that is final (not while the service may still be finishing the call: "not
   * charged" may change). `unexplained`: the balance fell by more than this call can cost and the extension's other
   * calls explain, so the key was used elsewhere too. `shared`: it was settled with other calls that got no answer,
   * `credits` in all over `calls` calls, and which of them were charged cannot be told.
   */
  check: z.optional(
    z.object({
      remaining: z.int(),
      charged: z.nullable(z.int()),
      final: z.boolean(),
      at: z.string(),
      unexplained: z.optional(z.int()),
      shared: z.optional(z.object({ calls: z.int(), credits: z.int() })),
    }),
  ),
  startedAt: z.string(),
  finishedAt: z.optional(z.string()),
  /** Credits the service charged (`credits.used`). */
  charged: z.optional(z.int()),
  billingNote: z.optional(z.string()),
  retrieved: z.optional(Selection),
  error: z.optional(ApiErrorJSON),
});
export type RevealJob = z.infer<typeof RevealJob>;

/**
 * A reveal whose outcome is not known, so it may have been charged: its worker stopped during it, or the call
 * failed with no readable answer (a timeout, a dropped connection). Asking again is a separate choice made after
 * its charge is checked.
 */
export const outcomeUnknown = (job: RevealJob | null): boolean =>
  job !== null &&
  (job.status === 'interrupted' || (job.status === 'failed' && job.error?.outcomeUnknown === true));

const JOBS_KEPT = 50;
const jobsItem = storage.defineItem<unknown>('local:jobs', { fallback: null, version: 1 });
const Jobs = z.array(RevealJob);
const readJobs = validated(Jobs, [], 'jobs', 'jobs');

export const jobs = {
  async all(): Promise<RevealJob[]> {
    return readJobs(await jobsItem.getValue());
  },
  /**
   * Inserts a job first, or replaces it where it stands (an older job updated later must not pass for the newest),
   * keeping the newest {@link JOBS_KEPT}.
   */
  put(job: RevealJob): Promise<void> {
    const checked = RevealJob.parse(job);
    return serialized('jobs', async () => {
      const all = await jobs.all();
      const at = all.findIndex((j) => j.id === checked.id);
      const next = at === -1 ? [checked, ...all] : all.with(at, checked);
      await jobsItem.setValue(next.slice(0, JOBS_KEPT));
    });
  },
  /**
   * Read-modify-write of one job, serialised with every other write to the list (two writers updating the same job
   * from their own earlier reads would lose one update). `change` returns null to leave it as it is.
   */
  update(id: string, change: (job: RevealJob) => RevealJob | null): Promise<RevealJob | null> {
    return serialized('jobs', async () => {
      const all = await jobs.all();
      const at = all.findIndex((j) => j.id === id);
      const next = at === -1 ? null : change(all[at]!);
      if (next === null) return at === -1 ? null : all[at]!;
      await jobsItem.setValue(all.with(at, RevealJob.parse(next)));
      return next;
    });
  },
  /** The newest job for a vault key. */
  async latestFor(vaultKey: string): Promise<RevealJob | null> {
    return (await jobs.all()).find((job) => job.vaultKey === vaultKey) ?? null;
  },
  watch(cb: (value: RevealJob[]) => void) {
    return jobsItem.watch((value) => cb(readJobs(value)));
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Per-tab detections (session storage: gone when the browser closes)
// ---------------------------------------------------------------------------------------------------------------

export const TabProfile = z.object({
  socialUrl: z.string(),
  nameHint: z.optional(z.string()),
  headlineHint: z.optional(z.string()),
  seenAt: z.string(),
});
export type TabProfile = z.infer<typeof TabProfile>;

const tabKey = (tabId: number) => `session:tab:${tabId}` as const;
const readTab = validated(z.nullable(TabProfile), null, 'tab profile');

export const tabProfiles = {
  async get(tabId: number): Promise<TabProfile | null> {
    return readTab(await storage.getItem(tabKey(tabId)));
  },
  async set(tabId: number, value: TabProfile | null): Promise<void> {
    if (value === null) await storage.removeItem(tabKey(tabId));
    else await storage.setItem(tabKey(tabId), TabProfile.parse(value));
  },
  watch(tabId: number, cb: (value: TabProfile | null) => void) {
    return storage.watch<unknown>(tabKey(tabId), (value) => cb(readTab(value)));
  },
};

// ---------------------------------------------------------------------------------------------------------------
// What the side panel shows
// ---------------------------------------------------------------------------------------------------------------

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

const panelFocusItem = storage.defineItem<unknown>('local:panel-focus', { fallback: null, version: 1 });
const readPanelFocus = validated(z.nullable(PanelFocus), null, 'panel focus', 'panel-focus');

export const panelFocus = {
  async get(): Promise<PanelFocus | null> {
    return readPanelFocus(await panelFocusItem.getValue());
  },
  async set(value: PanelFocus | null): Promise<void> {
    await panelFocusItem.setValue(value === null ? null : PanelFocus.parse(value));
  },
  watch(cb: (value: PanelFocus | null) => void) {
    return panelFocusItem.watch((value) => cb(readPanelFocus(value)));
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Search: the current search and its paid pages, and saved searches
// ---------------------------------------------------------------------------------------------------------------

/** A search body as stored (already checked against the contract by the client when it was sent). */
const StoredRequest = z.looseObject({
  search_criteria: z.optional(keyedRecord(z.unknown())),
  free_text_search: z.optional(z.string()),
  jd_search: z.optional(z.string()),
  page_size: z.optional(z.int()),
  include_similar_titles: z.optional(z.boolean()),
});

/** A result row as stored: the profile summary fields (ids normalised to strings by the contract). */
export const StoredProfile = z.looseObject({
  id: z.string(),
  name: z.string(),
  current_title: z.string(),
  current_employer: z.string(),
  location: z.string(),
  social_url: z.optional(z.nullable(z.string())),
});
export type StoredProfile = z.infer<typeof StoredProfile>;

export const SearchPage = z.object({
  start: z.int(),
  profiles: z.array(StoredProfile),
  total: z.int(),
  hasNext: z.boolean(),
  nextStart: z.nullable(z.int()),
  /** Credits this page cost when it was fetched (`credits.used`; 0 when the service returned no profiles). */
  charged: z.int(),
  at: z.string(),
});
export type SearchPage = z.infer<typeof SearchPage>;

export const SEARCH_MODES = ['filters', 'free_text', 'jd'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

const searchSessionShape = {
  v: z.literal(1),
  id: z.string(),
  mode: z.enum(SEARCH_MODES),
  /** The body of page 1, as sent. */
  first: StoredRequest,
  /** The body of every later page (rules 7 and 8), known once page 1 has answered. */
  frozen: z.nullable(StoredRequest),
  /** What the service understood: parsed free text or job description, and the titles searched. */
  understood: z.object({
    parsed: z.optional(keyedRecord(z.array(z.string()))),
    similarTitles: z.optional(z.array(z.string())),
  }),
  pageSize: z.int(),
  /** Pages already paid for, kept so revisiting them is free. */
  pages: z.array(SearchPage),
  /** The page the panel shows. */
  currentStart: z.int(),
  status: z.enum(['running', 'done', 'failed', 'interrupted']),
  /** The worker fetching a page while running (see {@link ownedNow}). */
  worker: z.optional(z.string()),
  /** The start of the page being fetched while running, and since when. */
  pendingStart: z.optional(z.int()),
  pendingAt: z.optional(z.string()),
  error: z.optional(ApiErrorJSON),
  startedAt: z.string(),
  savedSearchId: z.optional(z.string()),
};

/**
 * The current search. `earlier`: the search with paid pages it replaced, kept until its own first page has come,
 * so a new search that fails (or is cut off) before any result does not take away the results already paid for.
 */
export const SearchSession = z.object({
  ...searchSessionShape,
  earlier: z.optional(z.object(searchSessionShape)),
});
export type SearchSession = z.infer<typeof SearchSession>;

const searchItem = storage.defineItem<unknown>('local:search', { fallback: null, version: 1 });
const readSearch = validated(z.nullable(SearchSession), null, 'search', 'search');

export const currentSearch = {
  async get(): Promise<SearchSession | null> {
    return readSearch(await searchItem.getValue());
  },
  async set(value: SearchSession | null): Promise<void> {
    await searchItem.setValue(value === null ? null : SearchSession.parse(value));
  },
  watch(cb: (value: SearchSession | null) => void) {
    return searchItem.watch((value) => cb(readSearch(value)));
  },
};

export const SavedSearch = z.object({
  id: z.string(),
  name: z.string(),
  mode: z.enum(SEARCH_MODES),
  /** Frozen criteria: re-running never re-parses, so a saved job-description search costs 1 credit. */
  request: StoredRequest,
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof SavedSearch>;

const savedItem = storage.defineItem<unknown>('local:saved-searches', { fallback: null, version: 1 });
const readSaved = validated(z.array(SavedSearch), [], 'saved searches', 'saved-searches');

export const savedSearches = {
  async all(): Promise<SavedSearch[]> {
    return readSaved(await savedItem.getValue());
  },
  async set(value: SavedSearch[]): Promise<void> {
    await savedItem.setValue(z.array(SavedSearch).parse(value));
  },
  watch(cb: (value: SavedSearch[]) => void) {
    return savedItem.watch((value) => cb(readSaved(value)));
  },
};
