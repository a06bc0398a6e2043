/**
 * The vault of revealed contacts: one record a person in the database's `contacts` store (`db.ts`), keyed by the
 * vault key, found by URL (the key) or by candidate id (an index). Records are read through zod: one that no longer
 * reads is said to be there and unreadable, so a reveal never takes a paid contact for one never bought. The
 * background alone writes (`vault-write.ts`); every context reads, and hears of writes on the changes channel.
 */
import type { IDBPTransaction } from 'idb';
import * as z from 'zod/mini';
import type { Read } from '../../read';
import { onChange } from '../changes';
import { db, type LensSchema } from '../db';
import { ContactRecord, type VaultTarget } from './vault-record';

/** The store's name, as announced on the changes channel. */
export const CONTACTS = 'contacts';

/** A stored value read through zod: a record, nothing, or a record that no longer reads (warned of). */
export function inspectRecord(value: unknown, key: string): Read<ContactRecord> {
  if (value === undefined || value === null) return { state: 'missing' };
  const parsed = z.safeParse(ContactRecord, value);
  if (parsed.success) return { state: 'ok', value: parsed.data };
  console.warn(`Stored contact ${key} is not readable:\n${z.prettifyError(parsed.error)}`);
  return { state: 'unreadable' };
}

type Tx = IDBPTransaction<LensSchema, 'contacts'[], 'readonly'>;

/**
 * The record a target answers to, in a transaction open on `contacts`: by URL first, then the newest record its
 * candidate id names (a contact revealed by id alone, then with its URL, has both).
 */
async function targetIn(tx: Tx, target: VaultTarget): Promise<Read<ContactRecord>> {
  const store = tx.objectStore('contacts');
  const byUrl: Read<ContactRecord> = target.socialUrl
    ? inspectRecord(await store.get(target.socialUrl), target.socialUrl)
    : { state: 'missing' };
  if (byUrl.state === 'ok' || !target.candidateId) return byUrl;
  const named = (await store.index('candidateId').getAll(target.candidateId))
    .map((value) => inspectRecord(value, target.candidateId!))
    .flatMap((read) => (read.state === 'ok' ? [read.value] : []))
    .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
  if (named[0]) return { state: 'ok', value: named[0] };
  const key = `id:${target.candidateId}`;
  const byId = inspectRecord(await store.get(key), key);
  return byId.state === 'missing' ? byUrl : byId;
}

/** The reads of many targets in one transaction, in order. */
async function readTargets(targets: readonly VaultTarget[]): Promise<Array<Read<ContactRecord>>> {
  if (targets.length === 0) return [];
  const tx = (await db()).transaction(['contacts']);
  return Promise.all(targets.map((target) => targetIn(tx, target)));
}

/** What changed in the vault in one write: records written, and vault keys removed (or unreadable). */
export interface VaultChange {
  put: ContactRecord[];
  gone: string[];
  /** Every contact was removed ("Clear revealed contacts"): a reader holding any drops them all. */
  cleared?: boolean;
}

export const vault = {
  async get(key: string): Promise<ContactRecord | null> {
    const read = await vault.read(key);
    return read.state === 'ok' ? read.value : null;
  },
  /** One record, with word of a stored record that could not be read. */
  async read(key: string): Promise<Read<ContactRecord>> {
    return inspectRecord(await (await db()).get('contacts', key), key);
  },
  /** Finds a record by social_url first, then by candidate id. */
  async find(target: VaultTarget): Promise<ContactRecord | null> {
    const found = await vault.lookup(target);
    return found.state === 'ok' ? found.value : null;
  },
  /**
   * {@link vault.find}, saying when the record is there but cannot be read: a reveal must then not act as if
   * nothing were held (the user may have paid for it).
   */
  async lookup(target: VaultTarget): Promise<Read<ContactRecord>> {
    return (await readTargets([target]))[0]!;
  },
  /**
   * The records of many targets (a page of search results, the people on a LinkedIn page) in one transaction.
   * Records that cannot be read are left out, as {@link vault.find} does.
   */
  async findMany(targets: readonly VaultTarget[]): Promise<ContactRecord[]> {
    const found = new Map<string, ContactRecord>();
    for (const read of await readTargets(targets))
      if (read.state === 'ok') found.set(read.value.key, read.value);
    return [...found.values()];
  },
  /** Full records for these keys, in order (the library opens or exports them); unknown keys are left out. */
  async getMany(keys: readonly string[]): Promise<ContactRecord[]> {
    return (await readMany(keys)).flatMap(([, read]) => (read.state === 'ok' ? [read.value] : []));
  },
  /**
   * Calls back with what changed whenever records are written or removed, in another context (a reveal, a bulk
   * reveal, retention, "Delete"), reading the records the change names. A record that does not read counts as gone.
   */
  watchChanges(cb: (change: VaultChange) => void): () => void {
    return watchVaultKeys((keys) => {
      if (keys === null) return cb({ put: [], gone: [], cleared: true });
      void readMany(keys).then((reads) => {
        const change: VaultChange = { put: [], gone: [] };
        for (const [key, read] of reads) {
          if (read.state === 'ok') change.put.push(read.value);
          else change.gone.push(key);
        }
        cb(change);
      });
    });
  },
  /** Calls back with the record whenever it changes (null when removed). */
  watch(key: string, cb: (record: ContactRecord | null) => void) {
    return watchVaultKeys((keys) => {
      if (keys === null) cb(null);
      else if (keys.includes(key)) void vault.get(key).then(cb);
    });
  },
};

/** Reads of these vault keys, in one transaction, in order. */
export async function readMany(keys: readonly string[]): Promise<Array<[string, Read<ContactRecord>]>> {
  if (keys.length === 0) return [];
  const store = (await db()).transaction('contacts').store;
  const values = await Promise.all(keys.map((key) => store.get(key)));
  return keys.map((key, i) => [key, inspectRecord(values[i], key)]);
}

/** The keys of the `limit` contacts revealed or changed most recently, newest first. */
export async function recentKeys(limit: number): Promise<string[]> {
  const keys: string[] = [];
  let cursor = await (await db())
    .transaction('contacts')
    .store.index('updatedAt')
    .openKeyCursor(null, 'prev');
  while (cursor && keys.length < limit) {
    keys.push(String(cursor.primaryKey));
    cursor = await cursor.continue();
  }
  return keys;
}

/**
 * {@link vault.find} for each of many targets (a bulk reveal's quote), in one transaction: the record each target
 * answers to, in order (null when none, or it cannot be read).
 */
export async function findContacts(targets: readonly VaultTarget[]): Promise<Array<ContactRecord | null>> {
  return (await readTargets(targets)).map((read) => (read.state === 'ok' ? read.value : null));
}

/**
 * Calls back with the vault keys written or removed by each write another context announces, without reading them
 * (a reader holding a few records reads again only those it holds); null when every contact was removed.
 */
export function watchVaultKeys(cb: (keys: string[] | null) => void): () => void {
  return onChange((change) => {
    if (change.store === CONTACTS) cb(change.keys.length === 0 ? null : change.keys);
  });
}
