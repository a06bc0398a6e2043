/**
 * The secrets' custody: IndexedDB of the extension's own origin, out of reach of content scripts on Chrome and on
 * Firefox (unlike `storage.local`, which Firefox exposes to content scripts and which has no `setAccessLevel` there).
 * One key-value store, each secret under its own name; only the background imports this module.
 */
import { SECRETS } from '../items/keys';

const { database: DB_NAME, objectStore: STORE } = SECRETS;

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

/** The value kept under `name`, unchecked (each caller validates its own). */
export const readSecret = (name: string): Promise<unknown> => run('readonly', (store) => store.get(name));

export async function writeSecret(name: string, value: unknown): Promise<void> {
  await run('readwrite', (store) => store.put(value, name));
}

export async function deleteSecret(name: string): Promise<void> {
  await run('readwrite', (store) => store.delete(name));
}
