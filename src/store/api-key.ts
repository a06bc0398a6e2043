/**
 * Custody of the API key: IndexedDB of the extension's own origin. Content scripts run in the page's origin, so
 * they cannot open this database on Chrome or on Firefox (unlike `storage.local`, which Firefox exposes to content
 * scripts and which has no `setAccessLevel` there). Only the background imports this module (its API client is the
 * key's one reader). Its names are in `keys.ts` with every other stored name.
 */
import { SECRETS } from './keys';

const { database: DB_NAME, objectStore: STORE, apiKey: KEY } = SECRETS;

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(
  mode: IDBTransactionMode,
  action: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = action(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

/** The stored key, or null when none is set. */
export async function getApiKey(): Promise<string | null> {
  const value = await run('readonly', (store) => store.get(KEY));
  return typeof value === 'string' && value !== '' ? value : null;
}

export async function setApiKey(apiKey: string): Promise<void> {
  await run('readwrite', (store) => store.put(apiKey, KEY));
}

export async function removeApiKey(): Promise<void> {
  await run('readwrite', (store) => store.delete(KEY));
}

/** A form of the key safe to show: its last four characters. */
export function maskKey(apiKey: string): string {
  const tail = apiKey.length > 8 ? apiKey.slice(-4) : '';
  return `••••••••${tail}`;
}
