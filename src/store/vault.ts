/**
 * The vault of revealed contacts: one key per contact (`contact:<vault key>`), and one small key per candidate id
 * pointing at it (`vault-id:<candidate id>`). A family of keys rather than one item (see `item.ts`): a record and
 * its id are written in one `storage.set`, and a bulk reveal writes many at once. Records carry their version
 * (`v`). Readers find a record by URL or by id in at most two storage reads, whatever the vault holds.
 */
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import * as z from 'zod/mini';
import { keyedRecord } from '../api/schema-parts';
import { LEGACY_KEYS, nameOf, PREFIXES } from './keys';
import { serialized } from './lock';
import { inspector, type Read } from './read';
import { emptyAsideRegister, registerAside } from './vault-asides';
import { ContactRecord, type VaultTarget } from './vault-record';

const contactName = (key: string) => PREFIXES.contact.name(key);
const idKey = (candidateId: string) => PREFIXES.vaultId.name(candidateId);

const inspectContact = inspector(ContactRecord, 'contact', { afterSetAside: registerAside });
/** A record read through zod (set aside when it no longer reads), or null. */
export const readContact = (value: unknown, name: string): ContactRecord | null => {
  const read = inspectContact(value, name);
  return read.state === 'ok' ? read.value : null;
};

/**
 * Where ids lived in version 1, before they had keys of their own: one object, read until the store's first
 * migration has moved it (`migrations/1-vault-id-keys.ts`), so no id is missed meanwhile.
 */
export const LEGACY_INDEX = nameOf(LEGACY_KEYS.vaultIndex);
export const LegacyIdIndex = z.object({ byId: keyedRecord(z.string()) });
const inspectLegacy = inspector(LegacyIdIndex, 'vault index');
export const inspectLegacyIndex = (value: unknown) => inspectLegacy(value, LEGACY_INDEX);

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

/**
 * What the vault holds for many targets, in one storage read, or two when an id points at a record the first did
 * not bring: their records by URL, their ids' keys (and the old index), and the records an id-only contact is kept
 * under (`id:<candidate id>`, where an id points when it has no key of its own: a new contact needs no second read).
 */
async function readTargets(targets: readonly VaultTarget[]) {
  const urls = targets.flatMap((t) => (t.socialUrl ? [contactName(t.socialUrl)] : []));
  const ids = targets.flatMap((t) => (t.candidateId ? [t.candidateId] : []));
  const asked = [...urls, ...ids.map(idKey), ...ids.map((id) => contactName(`id:${id}`)), LEGACY_INDEX];
  const first = await browser.storage.local.get(asked);
  const keyOf = keyOfIdIn(first);
  const read = new Set(asked);
  const more = [...new Set(ids.map((id) => contactName(keyOf(id))))].filter((key) => !read.has(key));
  const second = more.length > 0 ? await browser.storage.local.get(more) : {};
  return { stored: { ...first, ...second } as Record<string, unknown>, keyOf };
}

/** What {@link readTargets} brings. */
type TargetsRead = Awaited<ReturnType<typeof readTargets>>;
/** The lookups asked for in this turn of the event loop, read together at its end. */
let together: { targets: VaultTarget[]; read: Promise<TargetsRead> } | null = null;

/** {@link readTargets} of `target` with every other asked for in the same turn: one storage read for all. */
function readTogether(target: VaultTarget): Promise<TargetsRead> {
  if (!together) {
    const batch: VaultTarget[] = [];
    // Read once the turn's synchronous work is done: each lookup was asked inside its own contact's turn, so the
    // read is still after every one of them.
    const read = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => {
      together = null;
      return readTargets(batch);
    });
    together = { targets: batch, read };
  }
  together.targets.push(target);
  return together.read;
}

/** What storing one record writes: the record, and its candidate id's key pointing at it. */
function recordWrites(record: ContactRecord): Record<string, unknown> {
  const checked = ContactRecord.parse(record);
  const id = checked.candidateId;
  return { [contactName(checked.key)]: checked, ...(id ? { [idKey(id)]: checked.key } : {}) };
}

/** What changed in the vault in one storage change: records written, and vault keys removed (or unreadable). */
export interface VaultChange {
  put: ContactRecord[];
  gone: string[];
}

export const vault = {
  async get(key: string): Promise<ContactRecord | null> {
    return readContact(await storage.getItem(PREFIXES.contact.key(key)), contactName(key));
  },
  /** One record, with word of a stored record that could not be read (set aside under `unreadable:contact:…`). */
  async read(key: string): Promise<Read<ContactRecord>> {
    return inspectContact(await storage.getItem(PREFIXES.contact.key(key)), contactName(key));
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
    // One storage read when the URL's record is there or the id points at it, two otherwise; shared by the lookups
    // asked for in the same turn of the event loop (a bulk reveal's contacts get ready fifteen at a time).
    const { stored, keyOf } = await readTogether(target);
    const read = (key?: string | null) =>
      inspectContact(key ? stored[contactName(key)] : null, contactName(String(key)));
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
      if (PREFIXES.contact.idOf(key) === null) continue;
      const record = readContact(value, key);
      if (record) found.set(record.key, record);
    }
    return [...found.values()];
  },
  /** Every record, for the side panel and CSV export. */
  async all(): Promise<ContactRecord[]> {
    const everything = await browser.storage.local.get(null);
    return Object.entries(everything)
      .filter(([key]) => PREFIXES.contact.idOf(key) !== null)
      .map(([key, value]) => readContact(value, key))
      .filter((record): record is ContactRecord => record !== null);
  },
  async remove(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    // The ids that point at these contacts go with them (a contact's id and URL are its data too).
    const stored = await browser.storage.local.get(keys.map((key) => contactName(key)));
    const ids = Object.values(stored).flatMap((value) => {
      const id = (value as { candidateId?: unknown } | null)?.candidateId;
      return typeof id === 'string' ? [idKey(id)] : [];
    });
    const pointing = ids.length > 0 ? await browser.storage.local.get(ids) : {};
    const gone = new Set(keys);
    const stale = Object.entries(pointing).flatMap(([key, to]) => (gone.has(to as string) ? [key] : []));
    await browser.storage.local.remove([...keys.map((key) => contactName(key)), ...stale]);
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
   * Removes every contact: readable records, ones that no longer read, and their set-aside copies (contact data
   * must not outlive "Clear revealed contacts"). Returns how many contacts were removed.
   */
  async clear(): Promise<number> {
    const everything = await browser.storage.local.get(null);
    const contacts = Object.keys(everything).filter((key) => PREFIXES.contact.idOf(key) !== null);
    const asides = Object.keys(everything).filter(
      (key) =>
        PREFIXES.unreadableContact.idOf(key) !== null ||
        PREFIXES.vaultId.idOf(key) !== null ||
        key === LEGACY_INDEX,
    );
    await browser.storage.local.remove([...contacts, ...asides]);
    // Every copy is gone: the register starts again empty (this read was the sweep).
    await emptyAsideRegister();
    return contacts.length;
  },
  /** Full records for these keys (the library opens or exports them); unknown keys are left out. */
  async getMany(keys: readonly string[]): Promise<ContactRecord[]> {
    if (keys.length === 0) return [];
    const stored = await browser.storage.local.get(keys.map((key) => contactName(key)));
    return keys
      .map((key) => readContact(stored[contactName(key)], contactName(key)))
      .filter((record): record is ContactRecord => record !== null);
  },
  /**
   * Calls back with what changed whenever records are written or removed, in any context (a reveal, a bulk
   * reveal, retention, "Delete"). A written value that does not read counts as gone.
   */
  watchChanges(cb: (change: VaultChange) => void): () => void {
    const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
      if (area !== PREFIXES.contact.area) return;
      const change: VaultChange = { put: [], gone: [] };
      for (const [name, { newValue }] of Object.entries(changes)) {
        const key = PREFIXES.contact.idOf(name);
        if (key === null) continue;
        const parsed = newValue === undefined ? null : z.safeParse(ContactRecord, newValue);
        if (parsed?.success) change.put.push(parsed.data);
        else change.gone.push(key);
      }
      if (change.put.length > 0 || change.gone.length > 0) cb(change);
    };
    browser.storage.onChanged.addListener(listener);
    return () => browser.storage.onChanged.removeListener(listener);
  },
  /** Calls back with the record whenever it changes (null when removed). */
  watch(key: string, cb: (record: ContactRecord | null) => void) {
    return storage.watch<unknown>(PREFIXES.contact.key(key), (value) =>
      cb(readContact(value, contactName(key))),
    );
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
      (t.socialUrl ? at(contactName(t.socialUrl)) : null) ??
      (t.candidateId ? at(contactName(keyOf(t.candidateId))) : null),
  );
}

/**
 * Calls back with the vault keys of the records written or removed in one storage change, without reading them:
 * for a reader holding a few records (the side panel), which reads again only those it holds ({@link vault.watchChanges} reads
 * every record a bulk reveal writes). Outside {@link vault} so the pages that do not watch do not load it.
 */
export function watchVaultKeys(cb: (keys: string[]) => void): () => void {
  const listener = (changes: Record<string, unknown>, area: string) => {
    if (area !== PREFIXES.contact.area) return;
    const keys = Object.keys(changes).flatMap((name) => PREFIXES.contact.idOf(name) ?? []);
    if (keys.length > 0) cb(keys);
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
