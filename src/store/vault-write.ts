/**
 * The vault's writes, in its buckets (`vault-bucket:<n>` and `vault-ids:<n>`, see `vault-buckets.ts`). The background is the only
 * writer of the vault (pages read it), so one lock in the background orders every read-modify-write of buckets:
 * two writes of neighbours in one bucket never lose one another. Each write reads the buckets it touches and writes
 * them back in ONE storage call, so a reader sees a write whole.
 *
 * A record in a bucket that does not read is carried untouched by its neighbours' writes (only its own contact's
 * write, or its removal, replaces it); a bucket that does not read at all is copied aside, and the copy stored,
 * before it is written anew.
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { PREFIXES } from './keys';
import { serialized } from './lock';
import { setAside } from './read';
import { emptyAsideRegister, isContactAside, registerAside } from './vault-asides';
import {
  Bucket,
  bucketName,
  contactName,
  emptyBucket,
  idBucketName,
  idKey,
  inspectLegacyIndex,
  LEGACY_INDEX,
  MOVING,
  namesOfIds,
  namesOfKeys,
} from './vault-buckets';
import { ContactRecord } from './vault-record';

/** The lock every write of the vault's buckets takes. */
const VAULT_LOCK = 'vault-buckets';

const unique = <T>(list: Iterable<T>) => [...new Set(list)];

/**
 * Copies a bucket that does not read aside before a write replaces it, and waits for the copy: its records (paid
 * data) are kept for a migration or support to recover, never overwritten before the copy is stored. A bucket
 * already copied once gets a copy of its own, named by the time and a random tag (two copies in one millisecond
 * must not share a name: the second would not be made). Listed in the register of contact copies, so retention
 * removes it in its time.
 */
async function setBucketAside(name: string, value: unknown, problem: string): Promise<void> {
  if (await setAside(name, value, problem)) return registerAside(PREFIXES.unreadable.name(name));
  const copyName = `${name}@${new Date().toISOString()}~${crypto.randomUUID().slice(0, 8)}`;
  if (await setAside(copyName, value, problem)) await registerAside(PREFIXES.unreadable.name(copyName));
}

/** The buckets `names` as stored, ready to change (one not stored, or unreadable and copied aside, starts empty). */
async function bucketsToEdit(names: readonly string[]): Promise<Map<string, Bucket>> {
  return bucketsFrom(names, names.length > 0 ? await browser.storage.local.get([...names]) : {});
}

/** {@link bucketsToEdit} from `stored`, a storage read that asked for every one of `names`. */
async function bucketsFrom(
  names: readonly string[],
  stored: Record<string, unknown>,
): Promise<Map<string, Bucket>> {
  const buckets = new Map<string, Bucket>();
  for (const name of names) {
    const value = stored[name];
    if (value === undefined || value === null) {
      buckets.set(name, emptyBucket());
      continue;
    }
    const parsed = z.safeParse(Bucket, value);
    if (parsed.success) {
      buckets.set(name, parsed.data);
      continue;
    }
    console.warn(`Stored vault bucket ${name} is not readable and was set aside before it was written anew.`);
    await setBucketAside(name, value, z.prettifyError(parsed.error));
    buckets.set(name, emptyBucket());
  }
  return buckets;
}

const isEmpty = (bucket: Bucket) =>
  Object.keys(bucket.records).length === 0 && Object.keys(bucket.ids).length === 0;

/** Writes changed buckets back: the ones left empty are removed (after `alsoRemove`), the others set in one call. */
async function writeBuckets(buckets: Map<string, Bucket>, alsoRemove: readonly string[] = []): Promise<void> {
  const empty = [...buckets].filter(([, bucket]) => isEmpty(bucket)).map(([name]) => name);
  const kept = [...buckets].filter(([, bucket]) => !isEmpty(bucket));
  if (alsoRemove.length + empty.length > 0) await browser.storage.local.remove([...alsoRemove, ...empty]);
  if (kept.length > 0) await browser.storage.local.set(Object.fromEntries(kept));
}

/** Stores records (each checked), and their candidate ids naming them, in one storage write. */
export async function writeRecords(records: readonly ContactRecord[]): Promise<void> {
  if (records.length === 0) return;
  const checked = records.map((record) => ContactRecord.parse(record));
  await serialized(VAULT_LOCK, async () => {
    const names = unique(
      checked.flatMap((r) => [bucketName(r.key), ...(r.candidateId ? [idBucketName(r.candidateId)] : [])]),
    );
    const buckets = await bucketsToEdit(names);
    for (const record of checked) {
      buckets.get(bucketName(record.key))!.records[record.key] = record;
      if (record.candidateId)
        buckets.get(idBucketName(record.candidateId))!.ids[record.candidateId] = record.key;
    }
    await browser.storage.local.set(Object.fromEntries(buckets));
  });
}

/** The candidate ids a stored record names, read loosely (a record that does not read still names its id). */
const idOf = (value: unknown): string[] => {
  const id = (value as { candidateId?: unknown } | null | undefined)?.candidateId;
  return typeof id === 'string' ? [id] : [];
};

/**
 * Removes these contacts, in both layouts, with the ids that name them (a contact's id and URL are its data too).
 * The version 1 keys go first and the buckets after, so a watcher hears of each removal, and a reader in between
 * still finds the record in its bucket rather than an older copy.
 */
export async function removeRecords(keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const gone = new Set(keys);
  await serialized(VAULT_LOCK, async () => {
    const asked = namesOfKeys(keys);
    const stored = await browser.storage.local.get(asked);
    const ids = unique(
      keys.flatMap((key) => {
        // Read loosely: a record in a bucket that does not read still names its id.
        const record = (stored[bucketName(key)] as { records?: Record<string, unknown> } | undefined)
          ?.records?.[key];
        return [...idOf(record), ...idOf(stored[contactName(key)])];
      }),
    );
    const idNames = namesOfIds(ids).filter((name) => name !== LEGACY_INDEX);
    const pointing = idNames.length > 0 ? await browser.storage.local.get(idNames) : {};
    // The two reads asked for every bucket the removal changes (its records' and its ids'): none is read again.
    const buckets = await bucketsFrom(unique([...keys.map(bucketName), ...ids.map(idBucketName)]), {
      ...stored,
      ...pointing,
    });
    for (const key of keys) delete buckets.get(bucketName(key))!.records[key];
    for (const id of ids) {
      const bucket = buckets.get(idBucketName(id))!;
      if (Object.hasOwn(bucket.ids, id) && gone.has(bucket.ids[id]!)) delete bucket.ids[id];
    }
    const legacy = [
      ...keys.map(contactName).filter((name) => stored[name] !== undefined),
      ...ids.map(idKey).filter((name) => gone.has(pointing[name] as string)),
    ];
    await writeBuckets(buckets, legacy);
  });
  await serialized(LEGACY_INDEX, async () => {
    const { [LEGACY_INDEX]: value } = await browser.storage.local.get(LEGACY_INDEX);
    const legacy = value === undefined ? null : inspectLegacyIndex(value);
    if (legacy?.state !== 'ok') return;
    const byId = Object.create(null) as Record<string, string>;
    for (const [id, key] of Object.entries(legacy.value.byId)) if (!gone.has(key)) byId[id] = key;
    await browser.storage.local.set({ [LEGACY_INDEX]: { byId } });
  });
}

/**
 * Removes every contact, in both layouts: readable records, ones that no longer read, and their set-aside copies
 * (contact data must not outlive "Clear revealed contacts"). Returns how many contacts were removed.
 */
export async function clearRecords(): Promise<number> {
  return serialized(VAULT_LOCK, async () => {
    const everything = await browser.storage.local.get(null);
    const contacts = new Set<string>();
    const names: string[] = [];
    for (const [name, value] of Object.entries(everything)) {
      if (PREFIXES.vaultIds.idOf(name) !== null) {
        names.push(name);
      } else if (PREFIXES.vaultBucket.idOf(name) !== null) {
        names.push(name);
        for (const key of Object.keys((value as { records?: object } | null)?.records ?? {}))
          contacts.add(key);
      } else if (PREFIXES.contact.idOf(name) !== null) {
        names.push(name);
        contacts.add(PREFIXES.contact.idOf(name)!);
      } else if (
        isContactAside(name) ||
        PREFIXES.vaultId.idOf(name) !== null ||
        name === LEGACY_INDEX ||
        name === MOVING
      ) {
        names.push(name);
      }
    }
    await browser.storage.local.remove(names);
    // Every copy is gone: the register starts again empty (this read was the sweep).
    await emptyAsideRegister();
    return contacts.size;
  });
}

/**
 * One step of the move to buckets (store migration 6): the version 1 keys `names` (records and ids) are merged into
 * their buckets, where an entry already there wins (it was written after the version 1 copy: every write since the
 * upgrade goes to buckets), then removed. The buckets' write names what it moves ({@link MOVING}), so watchers pass
 * it over, and the removal after it, as no change of any record. Cut off between the two, the next run merges again
 * (nothing new) and removes them. Returns how many keys it moved.
 */
export async function moveToBuckets(names: readonly string[]): Promise<number> {
  return serialized(VAULT_LOCK, async () => {
    const stored = names.length > 0 ? await browser.storage.local.get([...names]) : {};
    const records = new Map<string, unknown>();
    const ids = new Map<string, string>();
    for (const [name, value] of Object.entries(stored)) {
      const key = PREFIXES.contact.idOf(name);
      if (key !== null) records.set(key, value);
      const id = PREFIXES.vaultId.idOf(name);
      if (id !== null && typeof value === 'string') ids.set(id, value);
    }
    const buckets = await bucketsToEdit(
      unique([...[...records.keys()].map(bucketName), ...[...ids.keys()].map(idBucketName)]),
    );
    for (const [key, value] of records) {
      const bucket = buckets.get(bucketName(key))!;
      if (!Object.hasOwn(bucket.records, key)) bucket.records[key] = value;
    }
    for (const [id, key] of ids) {
      const bucket = buckets.get(idBucketName(id))!;
      if (!Object.hasOwn(bucket.ids, id)) bucket.ids[id] = key;
    }
    const moving = { keys: [...records.keys()], at: new Date().toISOString() };
    if (buckets.size > 0)
      await browser.storage.local.set({ ...Object.fromEntries(buckets), [MOVING]: moving });
    const present = Object.keys(stored);
    if (present.length > 0) await browser.storage.local.remove(present);
    return present.length;
  });
}

/**
 * The vault's writes, for the background (outside `vault` in `vault.ts`, so the pages, which never write, do not
 * load them).
 */
export const vaultWrite = {
  /** Stores a record. */
  put: (record: ContactRecord): Promise<void> => writeRecords([record]),
  /**
   * Several records in one storage call (a bulk reveal's answers that come together): one change for every reader
   * of storage, rather than one each.
   */
  putMany: writeRecords,
  /** Removes these contacts and the ids that name them. */
  remove: removeRecords,
  /** Removes every contact and every copy of one; returns how many contacts were removed. */
  clear: clearRecords,
};
