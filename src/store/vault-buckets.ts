/**
 * The vault's layout (version 2): records in a fixed number of buckets, `vault-bucket:<n>` where n is a hash of the
 * vault key, and candidate ids (which vault key an id names) in buckets of their own, `vault-ids:<n>` where n is a
 * hash of the id. Why buckets: in Chrome every `storage.local.set`, however small, costs time that grows with the
 * number of keys stored, whatever they hold, and one key per record and per id made a 50,000-contact vault 100,000
 * keys, so every write anywhere (a reveal's ledger entry, a search's page) paid for the vault's size. With buckets
 * the key count has a ceiling whatever the vault holds.
 *
 * Why {@link VAULT_BUCKETS} (in `keys.ts`) is 16,384 for records and 4,096 for ids: a read costs time by the bytes it
 * brings, and a reader wants a few records (a page of 100 search results reads 100 record buckets and 100 id
 * buckets). Measured in Chromium at 50,000 contacts, load ~4-5 (one small write / a read of 100 records and their
 * ids): a key per record and id 106 ms / 6 ms; 2,048 shared buckets 1.6 / 512 ms; 8,192 and 1,024 for ids 2.5 /
 * 108 ms; 16,384 and 1,024 9.7 / 56 ms; 16,384 and 4,096 6.3 / 28 ms. Ids are kept apart because an id entry is
 * ~60 bytes and a record ~700: sharing buckets made every id read bring records. At 50,000 contacts a record bucket
 * holds ~3 records and an id bucket ~12 ids.
 *
 * Version 1 (`contact:<vault key>`, `vault-id:<candidate id>`, and before that one `vault-index` object) is read
 * beside the buckets, a bucket's entry first, until store migration 6 has moved every key: every read asks for both
 * layouts' keys in the same storage call, so no record is missed at any point of the move.
 *
 * This module reads; `vault-write.ts` writes (the background alone).
 */
import * as z from 'zod/mini';
import { keyedRecord } from '../api/schema-parts';
import { hashOf } from '../hash';
import { KEYS, LEGACY_KEYS, nameOf, PREFIXES, VAULT_BUCKETS } from './keys';
import { inspector, type Read } from './read';
import { registerAside } from './vault-asides';
import { ContactRecord } from './vault-record';

/** The bucket a vault key's record is kept in. */
export const bucketName = (vaultKey: string): string =>
  PREFIXES.vaultBucket.name(hashOf(vaultKey) % VAULT_BUCKETS.records);
/** The bucket a candidate id's entry (which vault key it names) is kept in. */
export const idBucketName = (candidateId: string): string =>
  PREFIXES.vaultIds.name(hashOf(candidateId) % VAULT_BUCKETS.ids);

/**
 * A bucket (version 1 of the bucket; the vault's layout version 2), of either family: a record bucket keeps records
 * by vault key (each read through zod on its own: one that does not read is set aside alone, and carried untouched
 * by writes of its neighbours) and no ids; an id bucket keeps candidate ids by id and no records.
 */
export const Bucket = z.object({
  v: z.literal(1),
  records: keyedRecord(z.unknown()),
  ids: keyedRecord(z.string()),
});
export type Bucket = z.infer<typeof Bucket>;

/** A bucket with nothing in it (one not stored). */
export const emptyBucket = (): Bucket => ({
  v: 1,
  records: Object.create(null) as Record<string, unknown>,
  ids: Object.create(null) as Record<string, string>,
});

export const contactName = (key: string): string => PREFIXES.contact.name(key);
export const idKey = (candidateId: string): string => PREFIXES.vaultId.name(candidateId);

const inspectContact = inspector(ContactRecord, 'contact', { afterSetAside: registerAside });
/** A record read through zod (set aside when it no longer reads, under its version 1 name), or null. */
export const readContact = (value: unknown, name: string): ContactRecord | null => {
  const read = inspectContact(value, name);
  return read.state === 'ok' ? read.value : null;
};
/** {@link readContact}, saying when there is a record that does not read. */
export const inspectRecord = (value: unknown, key: string): Read<ContactRecord> =>
  inspectContact(value, contactName(key));

// A bucket's copy holds contact data: listed with the records' copies, so retention removes it in its time.
const inspectBucket = inspector(Bucket, 'vault bucket', { afterSetAside: registerAside });

/**
 * Where ids lived in version 1 of the id index, before they had keys of their own: one object, read until store
 * migration 1 has moved it (`migrations/1-vault-id-keys.ts`), so no id is missed meanwhile.
 */
export const LEGACY_INDEX = nameOf(LEGACY_KEYS.vaultIndex);
export const LegacyIdIndex = z.object({ byId: keyedRecord(z.string()) });
const inspectLegacy = inspector(LegacyIdIndex, 'vault index');
export const inspectLegacyIndex = (value: unknown) => inspectLegacy(value, LEGACY_INDEX);

/** The storage keys a read of these vault keys asks for: their buckets and their version 1 keys. */
export const namesOfKeys = (keys: readonly string[]): string[] => [
  ...new Set([...keys.map(bucketName), ...keys.map(contactName)]),
];

/** The storage keys that say which vault key a candidate id names, in every layout. */
export const namesOfIds = (ids: readonly string[]): string[] => [
  ...new Set([...ids.map(idBucketName), ...ids.map(idKey), LEGACY_INDEX]),
];

/** What a stored bucket value reads as: a bucket (empty when none is stored), or unreadable (and set aside). */
export function readBucket(value: unknown, name: string): Read<Bucket> {
  if (value === undefined || value === null) return { state: 'ok', value: emptyBucket() };
  return inspectBucket(value, name);
}

/** The vault as one storage read brought it: records and ids, buckets first, version 1 keys after. */
export interface VaultView {
  /** A record by vault key: ok, missing, or there and unreadable (in an unreadable bucket, or itself). */
  read(key: string): Read<ContactRecord>;
  /** The vault key a candidate id names: its entry, else the id-only record's key `id:<candidate id>`. */
  keyOf(candidateId: string): string;
  /**
   * The vault key an entry names for a candidate id, in either layout; null when the id's bucket was read and no
   * entry names it, so no record is kept under `id:<candidate id>` either (every writer stores a record's id entry
   * in the same storage call as the record); undefined when its bucket could not be read, so nothing is known.
   */
  named(candidateId: string): string | null | undefined;
  /** Whether the read brought this storage key (a key it did not ask for must be read before it is answered). */
  has(name: string): boolean;
}

/** A {@link VaultView} of `stored`, a storage read that asked for {@link namesOfKeys} and {@link namesOfIds}. */
export function vaultView(stored: Record<string, unknown>, asked: Iterable<string>): VaultView {
  const names = new Set(asked);
  const buckets = new Map<string, Read<Bucket>>();
  const bucket = (name: string) => {
    if (!buckets.has(name)) buckets.set(name, readBucket(stored[name], name));
    return buckets.get(name)!;
  };
  let legacy: ReturnType<typeof inspectLegacyIndex> | null | undefined;
  return {
    read(key) {
      const inBucket = bucket(bucketName(key));
      if (inBucket.state === 'unreadable') return inBucket;
      if (inBucket.state === 'ok' && Object.hasOwn(inBucket.value.records, key)) {
        return inspectRecord(inBucket.value.records[key], key);
      }
      return inspectRecord(stored[contactName(key)], key);
    },
    keyOf: (candidateId) => named(candidateId) ?? `id:${candidateId}`,
    named,
    has: (name) => names.has(name),
  };
  function named(candidateId: string): string | null | undefined {
    const inBucket = bucket(idBucketName(candidateId));
    if (inBucket.state === 'ok' && Object.hasOwn(inBucket.value.ids, candidateId)) {
      return inBucket.value.ids[candidateId]!;
    }
    const own = stored[idKey(candidateId)];
    if (typeof own === 'string') return own;
    legacy ??= stored[LEGACY_INDEX] === undefined ? null : inspectLegacyIndex(stored[LEGACY_INDEX]);
    if (legacy?.state === 'ok' && Object.hasOwn(legacy.value.byId, candidateId)) {
      return legacy.value.byId[candidateId]!;
    }
    return inBucket.state === 'ok' ? null : undefined;
  }
}

/** The records a vault change wrote and removed, by vault key, as {@link vaultChanges} reports them. */
export interface VaultKeysChanged {
  /** Vault keys whose record was written (with the new value as stored, not yet read through zod). */
  put: Map<string, unknown>;
  /** Vault keys whose record was removed. */
  gone: Set<string>;
}

/** The part of a storage change a vault watcher reads. */
type Changes = Record<string, { oldValue?: unknown; newValue?: unknown }>;

const recordsOf = (value: unknown): Record<string, unknown> => {
  const records = (value as { records?: unknown } | null | undefined)?.records;
  return typeof records === 'object' && records !== null ? (records as Record<string, unknown>) : {};
};

/** The key the move to buckets names each step's keys under. */
export const MOVING = nameOf(KEYS.vaultMoving);

/** True when two stored values are the same (values read back from storage are copies: compared as JSON). */
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * A reader of the vault's storage changes: which records one change wrote and removed, in either layout. The move
 * to buckets (store migration 6) is not a change of any record: the step's write of buckets carries
 * {@link KEYS.vaultMoving}, naming what it moved, and is passed over, and so is the removal of those version 1 keys
 * that follows it. Each watcher keeps its own reader (a reader remembers the step it last saw).
 */
export function vaultChangeReader(): (changes: Changes) => VaultKeysChanged | null {
  let moved = new Set<string>();
  return (changes) => {
    const step = changes[MOVING]?.newValue as { keys?: unknown } | null | undefined;
    if (step !== undefined && step !== null) {
      const keys = step.keys;
      moved = new Set(Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string') : []);
      return null;
    }
    const put = new Map<string, unknown>();
    const gone = new Set<string>();
    for (const [name, { oldValue, newValue }] of Object.entries(changes)) {
      if (PREFIXES.vaultBucket.idOf(name) !== null) {
        const before = recordsOf(oldValue);
        const after = recordsOf(newValue);
        for (const key of Object.keys(after)) if (!same(before[key], after[key])) put.set(key, after[key]);
        for (const key of Object.keys(before)) if (!Object.hasOwn(after, key)) gone.add(key);
        continue;
      }
      const key = PREFIXES.contact.idOf(name);
      if (key === null) continue;
      // A removal has no new value (null in some browsers' events).
      if (newValue !== undefined && newValue !== null) put.set(key, newValue);
      else if (!moved.has(key)) gone.add(key);
    }
    return put.size > 0 || gone.size > 0 ? { put, gone } : null;
  };
}
